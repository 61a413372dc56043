package org.hhfr.benchmarks.session;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.hhfr.benchmarks.session.network.Traffic;

/**
 * What crossed an emulated link, read inside the client's network namespace, whose only device is the link's:
 * the bytes the device sent (up, into the link) and received (down, out of the link), whole IP packets with their
 * IP, TCP and UDP headers, from {@code /proc/net/dev}; and the TCP connections the namespace opened
 * ({@code ActiveOpens} of {@code /proc/net/snmp}). Both files show the reading process's namespace.
 */
final class NamespaceCounters {
    /** The link's device in the client's namespace (link-emulator's {@code netns} names it so). */
    static final String DEVICE = "hhfr0";
    private static final Path DEVICES = Path.of("/proc/net/dev");
    private static final Path SNMP = Path.of("/proc/net/snmp");
    private static final int MAX_QUIET_TRIES = 40;

    /** One reading. */
    record Reading(Traffic.Counts bytes, Traffic.Counts packets, long connections) {
        Reading minus(Reading earlier) {
            return new Reading(bytes.minus(earlier.bytes), packets.minus(earlier.packets),
                    connections - earlier.connections);
        }
    }

    private final long quietMillis;
    /** The last quiet reading: when nothing has moved since, the link is still quiet. */
    private Reading lastQuiet;

    /** @param quietMillis how long the counters must stand still for a reading to be quiet */
    NamespaceCounters(long quietMillis) {
        this.quietMillis = quietMillis;
    }

    /**
     * A reading once nothing has crossed the link for {@code quietMillis} (the tail of a session, its closing
     * segments and acknowledgements, counted with it); gives up waiting after 40 periods. At once when nothing
     * has moved since the last quiet reading.
     */
    synchronized Reading quiet() throws IOException {
        Reading last = now();
        if (last.equals(lastQuiet)) {
            return last;
        }
        for (int i = 0; i < MAX_QUIET_TRIES; i++) {
            try {
                Thread.sleep(quietMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for the link to fall quiet");
            }
            Reading next = now();
            if (next.equals(last)) {
                lastQuiet = next;
                return next;
            }
            last = next;
        }
        return last;
    }

    static Reading now() throws IOException {
        String[] device = deviceFields(Files.readAllLines(DEVICES, StandardCharsets.US_ASCII));
        return new Reading(new Traffic.Counts(Long.parseLong(device[8]), Long.parseLong(device[0])),
                new Traffic.Counts(Long.parseLong(device[9]), Long.parseLong(device[1])),
                activeOpens(Files.readAllLines(SNMP, StandardCharsets.US_ASCII)));
    }

    /**
     * The device's figures in /proc/net/dev: received bytes, packets, errors..., then from the ninth transmitted
     * bytes, packets...
     */
    static String[] deviceFields(List<String> lines) throws IOException {
        for (String line : lines) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().equals(DEVICE)) {
                return line.substring(colon + 1).trim().split("\\s+");
            }
        }
        throw new IOException("no device " + DEVICE + " in " + DEVICES + ": not inside hhfr-link's namespace");
    }

    /** ActiveOpens of the Tcp lines of /proc/net/snmp (a header line of names, then one of values). */
    static long activeOpens(List<String> lines) throws IOException {
        String[] names = null;
        for (String line : lines) {
            if (!line.startsWith("Tcp:")) {
                continue;
            }
            String[] fields = line.substring(4).trim().split("\\s+");
            if (names == null) {
                names = fields;
            } else {
                for (int i = 0; i < names.length; i++) {
                    if (names[i].equals("ActiveOpens")) {
                        return Long.parseLong(fields[i]);
                    }
                }
            }
        }
        throw new IOException("no Tcp ActiveOpens in " + SNMP);
    }
}
