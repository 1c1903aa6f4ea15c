package dev.tpm.server;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The connection policy of servers/README.md: one write connection, writes serialized by a lock,
 * and a pool of read connections, one per available core. Each connection prepares its
 * statements once, when it is opened, and reuses them; every connection is opened with the same
 * six pragmas.
 */
final class Database implements AutoCloseable {
    static final String COLUMNS = "id, name, description, price, quantity";
    static final String SCHEMA = "CREATE TABLE IF NOT EXISTS items (id INTEGER PRIMARY KEY, name TEXT NOT NULL,"
            + " description TEXT NOT NULL, price REAL NOT NULL, quantity INTEGER NOT NULL)";
    static final List<String> PRAGMAS = List.of("journal_mode = WAL", "synchronous = NORMAL", "busy_timeout = 5000",
            "cache_size = -2000", "temp_store = MEMORY", "mmap_size = 0");
    static final List<String> PRAGMA_NAMES = List.of("journal_mode", "synchronous", "busy_timeout", "cache_size",
            "temp_store", "mmap_size");

    record Item(long id, String name, String description, double price, long quantity) {}

    @FunctionalInterface
    interface Work<T> {
        T run(Conn c) throws SQLException;
    }

    /** One connection and its prepared statements; used by one thread at a time. */
    static final class Conn implements AutoCloseable {
        final Connection connection;
        final PreparedStatement insert;
        final PreparedStatement get;
        final PreparedStatement list;
        final PreparedStatement update;
        final PreparedStatement delete;

        Conn(String url, boolean createSchema) throws SQLException {
            connection = DriverManager.getConnection(url);
            try (Statement s = connection.createStatement()) {
                for (String p : PRAGMAS) s.execute("PRAGMA " + p);
                if (createSchema) s.executeUpdate(SCHEMA);
            }
            insert = connection.prepareStatement(
                    "INSERT INTO items (name, description, price, quantity) VALUES (?, ?, ?, ?) RETURNING id");
            get = connection.prepareStatement("SELECT " + COLUMNS + " FROM items WHERE id = ?");
            list = connection.prepareStatement("SELECT " + COLUMNS + " FROM items ORDER BY id LIMIT ? OFFSET ?");
            update = connection.prepareStatement(
                    "UPDATE items SET name = ?, description = ?, price = ?, quantity = ? WHERE id = ?");
            delete = connection.prepareStatement("DELETE FROM items WHERE id = ?");
        }

        @Override
        public void close() throws SQLException {
            connection.close();
        }
    }

    private final Conn writer;
    private final ReentrantLock writeLock = new ReentrantLock();
    private final BlockingQueue<Conn> readers;
    private final int readConnections;

    Database(String path, int readConnections) throws SQLException {
        String url = "jdbc:sqlite:" + path;
        this.writer = new Conn(url, true);
        this.readConnections = readConnections;
        this.readers = new ArrayBlockingQueue<>(readConnections);
        for (int i = 0; i < readConnections; i++) readers.add(new Conn(url, false));
    }

    int readConnections() {
        return readConnections;
    }

    /** Runs {@code work} on a read connection, waiting for one to be free. */
    <T> T read(Work<T> work) throws SQLException {
        Conn c;
        try {
            c = readers.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while waiting for a read connection", e);
        }
        try {
            return work.run(c);
        } finally {
            readers.add(c);
        }
    }

    /** Runs {@code work} on the write connection, one writer at a time. */
    <T> T write(Work<T> work) throws SQLException {
        writeLock.lock();
        try {
            return work.run(writer);
        } finally {
            writeLock.unlock();
        }
    }

    static Item item(ResultSet rs) throws SQLException {
        return new Item(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getDouble(4), rs.getLong(5));
    }

    List<Item> list(long limit, long offset) throws SQLException {
        return read(c -> {
            c.list.setLong(1, limit);
            c.list.setLong(2, offset);
            List<Item> out = new ArrayList<>();
            try (ResultSet rs = c.list.executeQuery()) {
                while (rs.next()) out.add(item(rs));
            }
            return out;
        });
    }

    /** The item, or null when there is none with this id. */
    Item get(long id) throws SQLException {
        return read(c -> {
            c.get.setLong(1, id);
            try (ResultSet rs = c.get.executeQuery()) {
                return rs.next() ? item(rs) : null;
            }
        });
    }

    Item create(Item in) throws SQLException {
        return write(c -> {
            bind(c.insert, in);
            try (ResultSet rs = c.insert.executeQuery()) {
                rs.next();
                return new Item(rs.getLong(1), in.name(), in.description(), in.price(), in.quantity());
            }
        });
    }

    /** The updated item, or null when there is none with this id. */
    Item update(long id, Item in) throws SQLException {
        return write(c -> {
            bind(c.update, in);
            c.update.setLong(5, id);
            return c.update.executeUpdate() == 0 ? null
                    : new Item(id, in.name(), in.description(), in.price(), in.quantity());
        });
    }

    /** True when a row was deleted. */
    boolean delete(long id) throws SQLException {
        return write(c -> {
            c.delete.setLong(1, id);
            return c.delete.executeUpdate() > 0;
        });
    }

    /** The SQLite version and the pragmas in effect, read back with PRAGMA queries on a read connection. */
    Map<String, Object> sqlite() throws SQLException {
        return read(c -> {
            Map<String, Object> out = new LinkedHashMap<>();
            Map<String, Object> pragmas = new LinkedHashMap<>();
            try (Statement s = c.connection.createStatement()) {
                try (ResultSet rs = s.executeQuery("SELECT sqlite_version()")) {
                    rs.next();
                    out.put("sqlite_version", rs.getString(1));
                }
                for (String name : PRAGMA_NAMES) {
                    try (ResultSet rs = s.executeQuery("PRAGMA " + name)) {
                        rs.next();
                        Object v = rs.getObject(1);
                        pragmas.put(name, v instanceof String text ? text.toLowerCase(java.util.Locale.ROOT) : v);
                    }
                }
            }
            out.put("pragmas", pragmas);
            return out;
        });
    }

    private static void bind(PreparedStatement st, Item in) throws SQLException {
        st.setString(1, in.name());
        st.setString(2, in.description());
        st.setDouble(3, in.price());
        st.setLong(4, in.quantity());
    }

    @Override
    public void close() throws SQLException {
        writer.close();
        for (Conn c : readers) c.close();
    }
}
