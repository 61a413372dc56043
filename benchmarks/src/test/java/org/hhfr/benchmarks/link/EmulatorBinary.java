package org.hhfr.benchmarks.link;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The emulator for a test that runs clients behind it: skips the test, with the reason, where this machine cannot
 * make a network namespace (not Linux, not root, no TUN) or has neither the binary nor Go to build it.
 */
public final class EmulatorBinary {
    private EmulatorBinary() {
    }

    /**
     * The link: the binary {@value EmulatedLink#BINARY_PROPERTY} names, as it is, or else link-emulator's, built
     * with Go first when missing or older than a file of link-emulator (the reactor builds link-emulator after this
     * module); or the calling test is skipped.
     */
    public static EmulatedLink availableOrSkip() throws Exception {
        Optional<String> unavailable = EmulatedLink.unavailableBecause();
        assumeTrue(unavailable.isEmpty(), () -> "SKIPPED: " + unavailable.get());
        Path binary = EmulatedLink.defaultBinary();
        if (System.getProperty(EmulatedLink.BINARY_PROPERTY) != null) {
            assumeTrue(Files.isExecutable(binary), () -> "SKIPPED: " + binary + " (-D"
                    + EmulatedLink.BINARY_PROPERTY + ") is not an executable file");
        } else if (!Files.isExecutable(binary) || olderThanItsSources(binary)) {
            buildWithGo(binary);
        }
        return new EmulatedLink(binary);
    }

    private static boolean olderThanItsSources(Path binary) throws IOException {
        Path module = binary.getParent().getParent();
        FileTime built = Files.getLastModifiedTime(binary);
        try (Stream<Path> files = Files.walk(module)) {
            return files.filter(file -> !file.startsWith(module.resolve("target")) && Files.isRegularFile(file))
                    .anyMatch(file -> {
                        try {
                            return Files.getLastModifiedTime(file).compareTo(built) > 0;
                        } catch (IOException e) {
                            return true;
                        }
                    });
        }
    }

    /** Builds hhfr-link as the link-emulator module does, or skips when Go is not installed. */
    private static void buildWithGo(Path binary) throws Exception {
        Path module = binary.getParent().getParent();
        Process go;
        try {
            go = new ProcessBuilder("go", "build", "-o", binary.toString(), "./cmd/hhfr-link")
                    .directory(module.toFile()).redirectErrorStream(true).start();
        } catch (IOException e) {
            assumeTrue(false, "SKIPPED: " + binary + " is not built and Go is not installed to build it "
                    + "(mvn -pl link-emulator install does, with Go)");
            return;
        }
        String output = new String(go.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(go.waitFor(120, TimeUnit.SECONDS) && go.exitValue() == 0, "go build hhfr-link: " + output);
    }
}
