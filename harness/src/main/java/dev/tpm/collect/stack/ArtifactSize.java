package dev.tpm.collect.stack;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The size column: the bytes of every regular file under a stack's artifact paths. Symbolic links
 * are not followed, so a virtualenv's link to the system interpreter counts as nothing: the
 * toolchain's runtime (interpreter, JVM, Node) is not part of any stack's artifact. A file with
 * several hard links (node-gyp links its outputs) counts once, as it does on disk.
 */
public final class ArtifactSize {
    private ArtifactSize() {}

    /** Sum of file sizes under every artifact path; an error names a missing artifact. */
    public static long bytes(StackSpec spec) throws IOException {
        List<Path> paths = new ArrayList<>();
        for (String a : spec.artifacts()) {
            Path p = spec.dir().resolve(a);
            if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                throw new IOException("stack '" + spec.id() + "': artifact " + p + " does not exist (not built?)");
            }
            paths.add(p);
        }
        return bytes(paths);
    }

    /** Sum of the sizes of the regular files at or under {@code paths}, links not followed. */
    public static long bytes(List<Path> paths) throws IOException {
        long[] total = {0};
        Set<Object> seen = new HashSet<>();
        for (Path path : paths) {
            Files.walkFileTree(path, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    Object key = attrs.fileKey() != null ? attrs.fileKey() : file.toAbsolutePath().normalize();
                    if (attrs.isRegularFile() && seen.add(key)) total[0] += attrs.size();
                    return FileVisitResult.CONTINUE;
                }
            });
        }
        return total[0];
    }
}
