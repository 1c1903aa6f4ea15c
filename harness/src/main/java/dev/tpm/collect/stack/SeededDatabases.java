package dev.tpm.collect.stack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The seeded databases of one campaign (servers.md "The collection stage", step 1): each size a
 * campaign needs ({@code seed_rows}, and {@code seed_rows_delete} before delete runs) is built once
 * by {@link ItemsDatabase} (schema, then the deterministic rows) into {@code items-<rows>.db} in
 * this folder, and copied over the run's database before every run, so that every run of every
 * stack starts from the same bytes and no run pays for seeding.
 *
 * <p>A copy is a plain file: SQLite folds its write-ahead log into the file when the building
 * connection closes, and the build fails if a -wal or -shm is left beside it; before the copy the
 * run's path and its stale -wal and -shm are deleted, so no page of the previous run's log is
 * replayed into the new one. The folder belongs to the campaign's work folder (beside the lock and
 * the server logs, outside data/): a resumed campaign copies the files it built before; a size
 * is built into a temporary name and renamed, so an interrupted build leaves no file that looks
 * complete. The build is deterministic (same rows, same SQLite library, same bytes; a test checks
 * two builds), so a work folder lost between two sessions of a campaign rebuilds the same files.
 */
public final class SeededDatabases {
    private final Path dir;

    /** @param dir the folder the seeded files live in (created on first use) */
    public SeededDatabases(Path dir) {
        this.dir = dir;
    }

    /** The seeded databases kept beside a run's database {@code db}: {@code <db's folder>/seeded/}. */
    public static SeededDatabases beside(Path db) {
        Path parent = db.toAbsolutePath().getParent();
        return new SeededDatabases(parent.resolve("seeded"));
    }

    public Path dir() {
        return dir;
    }

    /** The file of {@code rows} rows in this folder, built now unless it already exists. */
    public Path seeded(int rows) throws IOException {
        Path file = file(rows);
        if (!Files.isRegularFile(file)) build(file, rows);
        return file;
    }

    /** Where the file of {@code rows} rows is (or will be) kept. */
    public Path file(int rows) {
        if (rows < 0) throw new IllegalArgumentException("rows must be >= 0, found " + rows);
        return dir.resolve("items-" + rows + ".db");
    }

    /**
     * Deletes {@code db} and its -wal and -shm, then copies the seeded file of {@code rows} rows
     * (built first if needed) to {@code db}.
     */
    public void copyTo(int rows, Path db) throws IOException {
        Path source = seeded(rows);
        for (Path p : ItemsDatabase.files(db)) Files.deleteIfExists(p);
        Path parent = db.toAbsolutePath().getParent();
        if (parent != null) Files.createDirectories(parent);
        Files.copy(source, db, StandardCopyOption.REPLACE_EXISTING);
    }

    private static void build(Path file, int rows) throws IOException {
        Files.createDirectories(file.getParent());
        Path tmp = file.resolveSibling("." + file.getFileName() + ".building");
        ItemsDatabase.reset(tmp); // deletes a stale temporary file and its -wal/-shm first
        ItemsDatabase.seed(tmp, rows);
        for (Path p : ItemsDatabase.files(tmp)) {
            if (!p.equals(tmp) && Files.exists(p)) {
                throw new IOException(p + ": left beside the seeded database after its last connection closed;"
                        + " SQLite did not fold its write-ahead log into " + tmp);
            }
        }
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE);
    }
}
