package org.hhfr.webapp;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * A user's Axis2 service archive ({@code .aar}) made the way a user makes one: the service's Java sources
 * compiled on their own (nothing of the test's class path is in the archive or visible to the compiler), and
 * packed with {@code META-INF/services.xml}. The sources live outside the test's sources, so the service's
 * classes can only reach the container through the archive.
 */
final class ServiceArchive {
    private final Path root;

    /** @param root the service's {@code .java} files (in package directories) and {@code META-INF/services.xml} */
    ServiceArchive(Path root) {
        this.root = root;
    }

    /**
     * Compiles and packs the archive, then moves it into {@code servicesDirectory} as {@code fileName} in one
     * step, so Axis2's hot deployment never sees a half-written file.
     */
    Path deployInto(Path servicesDirectory, String fileName, Path workDirectory) throws IOException {
        Path classes = Files.createDirectories(workDirectory.resolve("classes"));
        compile(classes);
        Path archive = workDirectory.resolve(fileName);
        try (OutputStream out = Files.newOutputStream(archive); JarOutputStream jar = new JarOutputStream(out)) {
            add(jar, root.resolve("META-INF/services.xml"), "META-INF/services.xml");
            try (Stream<Path> files = Files.walk(classes)) {
                for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
                    add(jar, file, classes.relativize(file).toString().replace('\\', '/'));
                }
            }
        }
        return Files.move(archive, servicesDirectory.resolve(fileName), StandardCopyOption.ATOMIC_MOVE);
    }

    private void compile(Path classes) throws IOException {
        // The class path is the output alone: the service compiles against the JDK and its own sources only.
        List<String> arguments = new ArrayList<>(List.of("--release", "17", "-g", "-parameters",
                "-classpath", classes.toString(), "-d", classes.toString()));
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(file -> file.toString().endsWith(".java")).sorted().forEach(f -> arguments.add(f.toString()));
        }
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        int status = compiler.run(null, null, null, arguments.toArray(new String[0]));
        if (status != 0) {
            throw new IOException("the service sources under " + root + " do not compile (javac's messages are above)");
        }
    }

    private static void add(JarOutputStream jar, Path file, String name) throws IOException {
        jar.putNextEntry(new JarEntry(name));
        Files.copy(file, jar);
        jar.closeEntry();
    }
}
