package dev.tpm.collect.stack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The servers' SQLite file (servers.md): reset before each run, seeded with deterministic rows,
 * counted by the conformance check. Row i (1-based) is
 * {@code (id i, "item-i", "description of item-i", price ((37 i) mod 10000) / 100, quantity (13 i) mod 100)}.
 */
public final class ItemsDatabase {
    public static final String SCHEMA = "CREATE TABLE IF NOT EXISTS items (id INTEGER PRIMARY KEY,"
            + " name TEXT NOT NULL, description TEXT NOT NULL, price REAL NOT NULL, quantity INTEGER NOT NULL)";

    private ItemsDatabase() {}

    /** Deletes the file and its -wal and -shm, then creates the empty table (in WAL mode). */
    public static void reset(Path db) throws IOException {
        for (Path p : files(db)) Files.deleteIfExists(p);
        if (db.toAbsolutePath().getParent() != null) Files.createDirectories(db.toAbsolutePath().getParent());
        try (Connection c = open(db); Statement s = c.createStatement()) {
            s.execute("PRAGMA journal_mode=WAL");
            s.executeUpdate(SCHEMA);
        } catch (SQLException e) {
            throw new IOException(db + ": cannot create the items table: " + e.getMessage(), e);
        }
    }

    /** The database file and the -wal and -shm files SQLite keeps beside it. */
    public static Path[] files(Path db) {
        return new Path[] {db, Path.of(db + "-wal"), Path.of(db + "-shm")};
    }

    /** Inserts rows 1..{@code rows} (see the class comment) in one transaction. */
    public static void seed(Path db, int rows) throws IOException {
        if (rows < 0) throw new IllegalArgumentException("rows must be >= 0, found " + rows);
        try (Connection c = open(db)) {
            c.setAutoCommit(false);
            try (PreparedStatement st = c.prepareStatement(
                    "INSERT INTO items (id, name, description, price, quantity) VALUES (?, ?, ?, ?, ?)")) {
                for (int i = 1; i <= rows; i++) {
                    st.setLong(1, i);
                    st.setString(2, name(i));
                    st.setString(3, description(i));
                    st.setDouble(4, price(i));
                    st.setLong(5, quantity(i));
                    st.addBatch();
                }
                st.executeBatch();
            }
            c.commit();
        } catch (SQLException e) {
            throw new IOException(db + ": cannot seed " + rows + " rows: " + e.getMessage(), e);
        }
    }

    /** The number of rows in {@code items}. */
    public static long count(Path db) throws IOException {
        try (Connection c = open(db);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM items")) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw new IOException(db + ": cannot count items: " + e.getMessage(), e);
        }
    }

    public static String name(long i) {
        return "item-" + i;
    }

    public static String description(long i) {
        return "description of item-" + i;
    }

    public static double price(long i) {
        return ((37 * i) % 10000) / 100.0;
    }

    public static long quantity(long i) {
        return (13 * i) % 100;
    }

    private static Connection open(Path db) throws SQLException {
        Connection c = DriverManager.getConnection("jdbc:sqlite:" + db.toAbsolutePath());
        try (Statement s = c.createStatement()) {
            s.execute("PRAGMA busy_timeout=5000");
        }
        return c;
    }
}
