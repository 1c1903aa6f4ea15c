package dev.tpm.collect.stack;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * The size column: the bytes of every regular file under a stack's artifact paths. Symbolic links
 * are not followed, so a virtualenv's link to the system interpreter counts as nothing: the
 * toolchain's runtime (interpreter, JVM, Node) is not part of any stack's artifact.
 */
public final class ArtifactSize {
    private ArtifactSize() {}

    /** Sum of file sizes under every artifact path; an error names a missing artifact. */
    public static long bytes(StackSpec spec) throws IOException {
        long total = 0;
        for (String a : spec.artifacts()) {
            Path p = spec.dir().resolve(a);
            if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                throw new IOException("stack '" + spec.id() + "': artifact " + p + " does not exist (not built?)");
            }
            total += bytes(p);
        }
        return total;
    }

    /** Sum of the sizes of the regular files at or under {@code path}, links not followed. */
    public static long bytes(Path path) throws IOException {
        long[] total = {0};
        Files.walkFileTree(path, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                if (attrs.isRegularFile()) total[0] += attrs.size();
                return FileVisitResult.CONTINUE;
            }
        });
        return total[0];
    }
}
