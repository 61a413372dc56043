package org.hhfr.benchmarks.capacity;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Datagrams the host's kernel dropped because a UDP socket's receive buffer was full ({@code RcvbufErrors} of
 * {@code /proc/net/snmp}): on loopback, the only way a datagram is lost. Host-wide, so other programs' sockets
 * count too; -1 where the file is not there (not Linux).
 */
final class UdpDrops {
    private static final Path SNMP = Path.of("/proc/net/snmp");

    private UdpDrops() {
    }

    static long sinceBoot() {
        try {
            List<String> lines = Files.readAllLines(SNMP, StandardCharsets.US_ASCII);
            for (int i = 0; i + 1 < lines.size(); i++) {
                if (lines.get(i).startsWith("Udp:") && lines.get(i + 1).startsWith("Udp:")) {
                    List<String> names = List.of(lines.get(i).trim().split("\\s+"));
                    String[] values = lines.get(i + 1).trim().split("\\s+");
                    int column = names.indexOf("RcvbufErrors");
                    return column < 0 ? -1 : Long.parseLong(values[column]);
                }
            }
            return -1;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
