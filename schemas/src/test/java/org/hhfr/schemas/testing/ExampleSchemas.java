package org.hhfr.schemas.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The schema documents of the project's {@code examples/} directory, for tests that feed real schemas. */
public final class ExampleSchemas {
    private ExampleSchemas() {
    }

    /** Every {@code .xsd} and {@code .wsdl} file of {@code examples/}, in name order. */
    public static List<Path> documents() {
        List<Path> documents = new ArrayList<>();
        try (Stream<Path> files = Files.list(directory())) {
            files.sorted().filter(file -> file.toString().endsWith(".xsd") || file.toString().endsWith(".wsdl"))
                    .forEach(documents::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return documents;
    }

    /** {@code examples/}, found upwards from the module's directory (Maven's {@code basedir}) or else from here. */
    private static Path directory() {
        for (Path dir = Paths.get(System.getProperty("basedir", "")).toAbsolutePath(); dir != null;
             dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("examples").resolve("README.md"))) {
                return dir.resolve("examples");
            }
        }
        throw new IllegalStateException("no examples/ directory above " + System.getProperty("basedir", "."));
    }
}
