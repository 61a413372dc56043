package org.hhfr.benchmarks.link;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code hhfr-link} (module link-emulator): runs one command, such as a client JVM, in a network namespace whose
 * only way out is an emulated mobile link to this host. The servers stay on this host and listen on the
 * wildcard address; the command finds them at {@link #SERVER_ADDRESS_ENV}. Every transport of the client
 * crosses the same link, the kernel's TCP included.
 */
public final class EmulatedLink {
    /** The environment variable that holds, inside the namespace, this host's address across the link. */
    public static final String SERVER_ADDRESS_ENV = "HHFR_LINK_SERVER_ADDRESS";
    /** The system property that names the binary when it is not at {@code link-emulator/target/hhfr-link}. */
    public static final String BINARY_PROPERTY = "hhfr.link.binary";

    private final Path binary;

    public EmulatedLink(Path binary) {
        this.binary = binary;
    }

    /**
     * The binary named by {@value #BINARY_PROPERTY}, else {@code link-emulator/target/hhfr-link} under the
     * repository root (this directory or its parent); it may not be built yet.
     */
    public static Path defaultBinary() {
        String named = System.getProperty(BINARY_PROPERTY);
        if (named != null) {
            return Paths.get(named);
        }
        Path here = Paths.get("").toAbsolutePath();
        Path root = Files.isDirectory(here.resolve("link-emulator")) ? here : here.getParent();
        return root.resolve("link-emulator").resolve("target").resolve("hhfr-link");
    }

    /** Why this machine cannot run an emulated link (not Linux, not root, no TUN), or empty if it can. */
    public static Optional<String> unavailableBecause() {
        if (!System.getProperty("os.name").equals("Linux")) {
            return Optional.of("hhfr-link needs Linux (network namespaces and TUN devices)");
        }
        if (!Files.exists(Paths.get("/dev/net/tun"))) {
            return Optional.of("hhfr-link needs /dev/net/tun");
        }
        try {
            for (String line : Files.readAllLines(Paths.get("/proc/self/status"), StandardCharsets.UTF_8)) {
                if (line.startsWith("Uid:") && !line.split("\\s+")[2].equals("0")) {
                    return Optional.of("hhfr-link needs root (or CAP_NET_ADMIN) to make a network namespace");
                }
            }
        } catch (IOException e) {
            return Optional.of("cannot tell whether this process is root: " + e.getMessage());
        }
        return Optional.empty();
    }

    public Path binary() {
        return binary;
    }

    /**
     * The command line that runs {@code command} behind the link: {@code linkArguments} are hhfr-link's
     * ({@code --profile 3g}, {@code --down-loss 0.03}, {@code --stats}...).
     */
    public List<String> wrap(List<String> linkArguments, List<String> command) {
        List<String> wrapped = new ArrayList<>();
        wrapped.add(binary.toString());
        wrapped.addAll(linkArguments);
        wrapped.add("--");
        wrapped.addAll(command);
        return wrapped;
    }
}
