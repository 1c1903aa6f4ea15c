package dev.tpm.pipeline;

import dev.tpm.output.Outputs;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Writes {@link Outputs} under an output root atomically: the new {@code tables/} and
 * {@code figures/} are written completely into {@code tmp-new-tables/} and
 * {@code tmp-new-figures/} beside the targets, then swapped in by rename (the old folders are
 * renamed aside first and deleted last). Until the swap, the previous outputs are untouched; a
 * failure during the swap puts the old folders back.
 *
 * <p>Some file systems refuse to rename a folder: an overlay file system (a container's) cannot
 * rename one that comes from a lower layer (EXDEV). There the old folder is copied aside and its
 * contents replaced by copies of the new files, which were all written before anything is
 * touched; a failure puts the copy back.
 */
public final class OutputWriter {
    /** The folders the pipeline owns under the output root; each is replaced whole. */
    public static final List<String> FOLDERS = List.of("tables", "figures");
    static final String NEW_PREFIX = "tmp-new-";
    static final String OLD_PREFIX = "tmp-old-";

    private OutputWriter() {}

    /** Renames a folder atomically; a file system that cannot throws AtomicMoveNotSupportedException. */
    @FunctionalInterface
    interface FolderRename {
        void move(Path from, Path to) throws IOException;
    }

    private static final FolderRename ATOMIC = (from, to) -> Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);

    /** Writes every artifact; returns the number of files written per folder, in {@link #FOLDERS} order. */
    public static int[] write(Outputs outputs, Path root) throws IOException {
        return write(outputs, root, ATOMIC);
    }

    /** As {@link #write(Outputs, Path)}, with the rename of an existing output folder given (tests). */
    static int[] write(Outputs outputs, Path root, FolderRename renameExisting) throws IOException {
        Files.createDirectories(root);
        int[] counts = new int[FOLDERS.size()];
        for (String f : FOLDERS) {
            deleteTree(root.resolve(NEW_PREFIX + f));
            deleteTree(root.resolve(OLD_PREFIX + f));
        }
        try {
            for (String f : FOLDERS) Files.createDirectory(root.resolve(NEW_PREFIX + f));
            for (Map.Entry<String, byte[]> e : outputs.files().entrySet()) {
                String path = e.getKey();
                int slash = path.indexOf('/');
                String top = path.substring(0, slash);
                int i = FOLDERS.indexOf(top);
                if (i < 0) throw new IOException("not an output folder: " + path);
                Path target = root.resolve(NEW_PREFIX + top).resolve(path.substring(slash + 1));
                Files.createDirectories(target.getParent());
                Files.write(target, e.getValue());
                counts[i]++;
            }
            swap(root, renameExisting);
        } finally {
            for (String f : FOLDERS) deleteTree(root.resolve(NEW_PREFIX + f));
        }
        for (String f : FOLDERS) deleteTree(root.resolve(OLD_PREFIX + f));
        return counts;
    }

    /** Old aside, new in; on any failure, every folder already moved goes back. */
    private static void swap(Path root, FolderRename renameExisting) throws IOException {
        List<Runnable> undo = new ArrayList<>();
        try {
            for (String f : FOLDERS) {
                Path target = root.resolve(f);
                Path old = root.resolve(OLD_PREFIX + f);
                Path fresh = root.resolve(NEW_PREFIX + f);
                if (Files.exists(target)) {
                    try {
                        renameExisting.move(target, old);
                    } catch (AtomicMoveNotSupportedException exdev) {
                        replaceContents(target, fresh, old, undo);
                        continue;
                    }
                    undo.add(0, () -> moveQuietly(old, target));
                }
                Files.move(fresh, target, StandardCopyOption.ATOMIC_MOVE);
                undo.add(0, () -> moveQuietly(target, fresh));
            }
        } catch (IOException | RuntimeException e) {
            for (Runnable u : undo) u.run();
            throw e;
        }
    }

    /** The fallback where {@code target} cannot be renamed: back it up to {@code old}, then copy. */
    private static void replaceContents(Path target, Path fresh, Path old, List<Runnable> undo) throws IOException {
        copyTree(target, old);
        undo.add(0, () -> {
            try {
                deleteContents(target);
                copyTree(old, target);
            } catch (IOException ignored) {
                // best effort while undoing a failed swap; the original error is rethrown
            }
        });
        deleteContents(target);
        copyTree(fresh, target);
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path p : (Iterable<Path>) paths::iterator) {
                Path dest = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(dest);
                } else {
                    Files.copy(p, dest, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    private static void deleteContents(Path dir) throws IOException {
        try (Stream<Path> children = Files.list(dir)) {
            for (Path c : children.toList()) deleteTree(c);
        }
    }

    private static void moveQuietly(Path from, Path to) {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException ignored) {
            // best effort while undoing a failed swap; the original error is rethrown
        }
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        if (!Files.isDirectory(dir)) {
            Files.delete(dir);
            return;
        }
        Files.walkFileTree(dir, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path d, IOException exc) throws IOException {
                if (exc != null) throw exc;
                Files.delete(d);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
