package dev.tpm.collect.stack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ItemsDatabaseTest {
    @Test
    void resetDeletesTheFileAndItsWalAndShmAndCreatesAnEmptyTable(@TempDir Path dir) throws IOException {
        Path db = dir.resolve("items.db");
        ItemsDatabase.reset(db);
        ItemsDatabase.seed(db, 10);
        Files.writeString(Path.of(db + "-wal"), "stale");
        Files.writeString(Path.of(db + "-shm"), "stale");
        ItemsDatabase.reset(db);
        assertEquals(0, ItemsDatabase.count(db));
        for (String suffix : new String[] {"-wal", "-shm"}) {
            Path p = Path.of(db + suffix);
            assertFalse(Files.exists(p) && new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1).equals("stale"),
                    "stale " + p + " left");
        }
    }

    @Test
    void seedWritesRowsOneToNDeterministically(@TempDir Path dir) throws IOException, SQLException {
        Path a = dir.resolve("a.db");
        Path b = dir.resolve("b.db");
        for (Path db : new Path[] {a, b}) {
            ItemsDatabase.reset(db);
            ItemsDatabase.seed(db, 250);
            assertEquals(250, ItemsDatabase.count(db));
        }
        assertEquals(dump(a), dump(b));
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + a);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT id, name, description, price, quantity FROM items WHERE id = 3")) {
            assertTrue(rs.next());
            assertEquals("item-3", rs.getString(2));
            assertEquals("description of item-3", rs.getString(3));
            assertEquals(1.11, rs.getDouble(4), 0.0);
            assertEquals(39, rs.getLong(5));
        }
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + a);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT MIN(id), MAX(id), COUNT(DISTINCT name) FROM items")) {
            assertEquals(1, rs.getLong(1));
            assertEquals(250, rs.getLong(2));
            assertEquals(250, rs.getLong(3));
        }
    }

    @Test
    void theSchemaIsTheOneOfTheSpec(@TempDir Path dir) throws IOException, SQLException {
        Path db = dir.resolve("items.db");
        ItemsDatabase.reset(db);
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT name, type, \"notnull\", pk FROM pragma_table_info('items') ORDER BY cid")) {
            StringBuilder cols = new StringBuilder();
            while (rs.next()) {
                cols.append(rs.getString(1)).append(' ').append(rs.getString(2)).append(' ')
                        .append(rs.getInt(3)).append(rs.getInt(4)).append(';');
            }
            assertEquals("id INTEGER 01;name TEXT 10;description TEXT 10;price REAL 10;quantity INTEGER 10;",
                    cols.toString());
        }
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("PRAGMA journal_mode")) {
            assertEquals("wal", rs.getString(1));
        }
    }

    private static String dump(Path db) throws SQLException {
        StringBuilder b = new StringBuilder();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT * FROM items ORDER BY id")) {
            while (rs.next()) {
                for (int i = 1; i <= 5; i++) b.append(rs.getString(i)).append('|');
                b.append('\n');
            }
        }
        return b.toString();
    }
}
