package dev.tpm.collect.stack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The campaign's seeded databases with the harness's real SQLite library: built once, copied as plain files. */
class SeededDatabasesTest {
    @TempDir
    Path dir;

    @Test
    void aSizeIsBuiltOnceAndEveryCopyHasItsBytes() throws IOException, SQLException {
        SeededDatabases seeded = new SeededDatabases(dir.resolve("seeded"));
        Path file = seeded.seeded(1000);
        assertEquals(dir.resolve("seeded/items-1000.db"), file);
        for (Path p : ItemsDatabase.files(file)) {
            if (!p.equals(file)) assertFalse(Files.exists(p), p + ": the seeded file is one file, its log folded in");
        }
        FileTime built = FileTime.fromMillis(1_000_000L);
        Files.setLastModifiedTime(file, built);
        assertEquals(file, seeded.seeded(1000));
        assertEquals(built, Files.getLastModifiedTime(file), "a second request builds nothing");
        assertEquals(file, SeededDatabases.beside(dir.resolve("items.db")).seeded(1000), "the work folder's seeded/");

        Path a = dir.resolve("run-a/items.db");
        Path b = dir.resolve("run-b/items.db");
        seeded.copyTo(1000, a);
        seeded.copyTo(1000, b);
        byte[] bytes = Files.readAllBytes(file);
        assertArrayEquals(bytes, Files.readAllBytes(a));
        assertArrayEquals(bytes, Files.readAllBytes(b));
        assertEquals(1000, ItemsDatabase.count(a));
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + a);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT name, price, quantity FROM items WHERE id = 777")) {
            assertTrue(rs.next());
            assertEquals(ItemsDatabase.name(777), rs.getString(1));
            assertEquals(ItemsDatabase.price(777), rs.getDouble(2));
            assertEquals(ItemsDatabase.quantity(777), rs.getLong(3));
        }
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + b);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("PRAGMA journal_mode")) {
            assertEquals("wal", rs.getString(1), "the copy is in WAL mode, as ItemsDatabase.reset made it");
        }
    }

    @Test
    void twoBuildsGiveTheSameBytes() throws IOException {
        // the guarantee a campaign whose work folder was lost relies on: a rebuild is the same file
        Path one = new SeededDatabases(dir.resolve("one")).seeded(5000);
        Path two = new SeededDatabases(dir.resolve("two")).seeded(5000);
        assertArrayEquals(Files.readAllBytes(one), Files.readAllBytes(two));
        assertFalse(java.util.Arrays.equals(Files.readAllBytes(one),
                Files.readAllBytes(new SeededDatabases(dir.resolve("one")).seeded(5001))), "another size, another file");
    }

    @Test
    void aCopyReplacesTheLastRunsFileAndDeletesItsStaleWalAndShm() throws IOException, SQLException {
        SeededDatabases seeded = new SeededDatabases(dir.resolve("seeded"));
        Path db = dir.resolve("items.db");
        seeded.copyTo(100, db);
        // the previous run: a server deleted rows and left its log beside the file, as a killed server would
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
            s.execute("PRAGMA wal_autocheckpoint=0");
            s.executeUpdate("DELETE FROM items WHERE id <= 60");
            Files.copy(Path.of(db + "-wal"), dir.resolve("kept-wal"));
            Files.copy(Path.of(db + "-shm"), dir.resolve("kept-shm"));
        }
        Files.copy(dir.resolve("kept-wal"), Path.of(db + "-wal"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.copy(dir.resolve("kept-shm"), Path.of(db + "-shm"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertTrue(Files.size(Path.of(db + "-wal")) > 0);

        seeded.copyTo(100, db);
        assertFalse(Files.exists(Path.of(db + "-wal")), "the stale -wal is gone: its deletes are not replayed");
        assertFalse(Files.exists(Path.of(db + "-shm")));
        assertArrayEquals(Files.readAllBytes(seeded.seeded(100)), Files.readAllBytes(db));
        assertEquals(100, ItemsDatabase.count(db));
    }

    @Test
    void anInterruptedBuildLeavesNoFileThatLooksComplete() throws IOException {
        Path folder = dir.resolve("seeded");
        Files.createDirectories(folder);
        Files.writeString(folder.resolve(".items-200.db.building"), "torn by a kill");
        SeededDatabases seeded = new SeededDatabases(folder);
        assertFalse(Files.exists(seeded.file(200)));
        Path file = seeded.seeded(200);
        assertEquals(200, ItemsDatabase.count(file));
        assertFalse(Files.exists(folder.resolve(".items-200.db.building")));
    }
}
