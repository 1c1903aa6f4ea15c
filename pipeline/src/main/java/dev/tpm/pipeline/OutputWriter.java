package dev.tpm.pipeline;

import dev.tpm.output.Outputs;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes {@link Outputs} under an output root atomically: the new {@code tables/} and
 * {@code figures/} are written completely into {@code tmp-new-tables/} and
 * {@code tmp-new-figures/} beside the targets, then swapped in by rename (the old folders are
 * renamed aside first and deleted last). Until the swap, the previous outputs are untouched; a
 * failure during the swap puts the old folders back.
 */
public final class OutputWriter {
    /** The folders the pipeline owns under the output root; each is replaced whole. */
    public static final List<String> FOLDERS = List.of("tables", "figures");
    static final String NEW_PREFIX = "tmp-new-";
    static final String OLD_PREFIX = "tmp-old-";

    private OutputWriter() {}

    /** Writes every artifact; returns the number of files written per folder, in {@link #FOLDERS} order. */
    public static int[] write(Outputs outputs, Path root) throws IOException {
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
            swap(root);
        } finally {
            for (String f : FOLDERS) deleteTree(root.resolve(NEW_PREFIX + f));
        }
        for (String f : FOLDERS) deleteTree(root.resolve(OLD_PREFIX + f));
        return counts;
    }

    /** Old aside, new in; on any failure, every folder already moved goes back. */
    private static void swap(Path root) throws IOException {
        List<Runnable> undo = new ArrayList<>();
        try {
            for (String f : FOLDERS) {
                Path target = root.resolve(f);
                Path old = root.resolve(OLD_PREFIX + f);
                Path fresh = root.resolve(NEW_PREFIX + f);
                if (Files.exists(target)) {
                    Files.move(target, old, StandardCopyOption.ATOMIC_MOVE);
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

    private static void moveQuietly(Path from, Path to) {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException ignored) {
            // best effort while undoing a failed swap; the original error is rethrown
        }
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
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
