package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.Test;

/**
 * The footprint budget: this module's classes plus every runtime dependency (the classpath Maven resolved,
 * written to {@code target/runtime-classpath.txt} in generate-test-resources) take at most 1.5 MB, and none
 * of them is Netty or Axis2. The module's own classes are counted as the jar would hold them: deflated.
 */
class FootprintTest {
    private static final long BUDGET_BYTES = 1_500_000;

    @Test
    void theClientAndItsRuntimeDependenciesFitTheBudget() throws IOException {
        String classpath = new String(Files.readAllBytes(Paths.get("target", "runtime-classpath.txt")),
                StandardCharsets.UTF_8).trim();
        long total = jarSize(Paths.get("target", "classes"));
        StringBuilder report = new StringBuilder("classes " + total);
        for (String entry : classpath.split(File.pathSeparator)) {
            if (entry.isEmpty()) {
                continue;
            }
            Path path = Paths.get(entry);
            String name = path.getFileName().toString();
            assertTrue(!name.contains("netty") && !name.contains("axis2"), "server library on the client: " + name);
            long size = Files.isDirectory(path) ? directorySize(path) : Files.size(path);
            total += size;
            report.append(", ").append(name).append(' ').append(size);
        }
        assertTrue(total <= BUDGET_BYTES, "footprint " + total + " bytes exceeds " + BUDGET_BYTES + ": " + report);
    }

    /** Bytes of a jar of the directory's files, compressed as the jar plugin does. */
    private static long jarSize(Path directory) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream jar = new ZipOutputStream(bytes); Stream<Path> files = Files.walk(directory)) {
            for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                jar.putNextEntry(new ZipEntry(directory.relativize(file).toString()));
                jar.write(Files.readAllBytes(file));
                jar.closeEntry();
            }
        }
        return bytes.size();
    }

    private static long directorySize(Path directory) throws IOException {
        try (Stream<Path> files = Files.walk(directory)) {
            return files.filter(Files::isRegularFile).mapToLong(file -> file.toFile().length()).sum();
        }
    }
}
