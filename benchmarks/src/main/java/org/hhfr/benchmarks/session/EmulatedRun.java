package org.hhfr.benchmarks.session;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.hhfr.benchmarks.link.EmulatedLink;

/**
 * What {@code hhfr bench --links emulated} checks and sets up before its first session: that this machine can run
 * {@code hhfr-link} (with the reason when it cannot), the binary, the client JVMs' log, and the grids without the
 * encrypted modes (whose HTTPS server and certificate exist on the relays' loopback addresses only).
 */
final class EmulatedRun {
    private EmulatedRun() {
    }

    /**
     * @throws IllegalArgumentException this machine cannot run the link, its binary is not built, or
     *         {@code tcpLinks} asks for Toxiproxy, which shapes relayed paths only
     * @param captures where the link writes each profile's packets (PROFILE.pcap), or null
     * @throws IOException the log file or the captures' directory could not be made
     */
    static ProfileSessions.Links links(String tcpLinks, long seed, Path captures, PrintWriter err)
            throws IOException {
        if (!tcpLinks.equals("relay")) {
            throw new IllegalArgumentException("--tcp-links " + tcpLinks + " shapes the relays' paths; with --links "
                    + "emulated hhfr-link shapes every path");
        }
        Optional<String> unavailable = EmulatedLink.unavailableBecause();
        if (unavailable.isPresent()) {
            throw new IllegalArgumentException("--links emulated cannot run here: " + unavailable.get()
                    + "; --links relay (the default) runs anywhere");
        }
        Path binary = EmulatedLink.defaultBinary();
        if (!Files.isExecutable(binary)) {
            throw new IllegalArgumentException("--links emulated needs " + binary + ", which is not built: "
                    + "mvn -q -pl link-emulator install (needs Go), or -D" + EmulatedLink.BINARY_PROPERTY + "=PATH");
        }
        Path log = Files.createTempFile("hhfr-bench-link-", ".log");
        err.println("hhfr bench: clients behind " + binary + "; their log and the link's: " + log);
        if (captures != null) {
            Files.createDirectories(captures);
            err.println("hhfr bench: every packet of each profile's sessions to " + captures + "/PROFILE.pcap");
        }
        err.flush();
        return EmulatedSessions.across(new EmulatedLink(binary), seed, log, captures);
    }

    /**
     * The grids without the encrypted modes; a grid left without modes goes.
     *
     * @param asked whether the modes were named on the command line: then an encrypted one is an error
     */
    static List<BenchGrid> cleartextOnly(List<BenchGrid> grids, boolean asked) {
        List<BenchGrid> kept = new ArrayList<>();
        for (BenchGrid grid : grids) {
            List<BenchMode> modes = grid.modes().stream().filter(mode -> !mode.isEncrypted()).toList();
            if (asked && modes.size() < grid.modes().size()) {
                throw new IllegalArgumentException("the encrypted modes run over the relays only, not with --links "
                        + "emulated");
            }
            if (!modes.isEmpty()) {
                kept.add(grid.withModes(modes));
            }
        }
        if (kept.isEmpty()) {
            throw new IllegalArgumentException("nothing to run across the emulated link");
        }
        return kept;
    }
}
