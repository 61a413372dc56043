package org.hhfr.benchmarks.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.List;

import org.junit.jupiter.api.Test;

class NamespaceCountersTest {
    private static final List<String> DEVICES = List.of(
            "Inter-|   Receive                                                |  Transmit",
            " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls "
                    + "carrier compressed",
            "    lo:       0       0    0    0    0     0          0         0        0       0    0    0    0     0 "
                    + "      0          0",
            " hhfr0:  123456     789    0    0    0     0          0         0    65432     321    0    0    0     0 "
                    + "      0          0");
    private static final List<String> SNMP = List.of(
            "Ip: Forwarding DefaultTTL InReceives",
            "Ip: 1 64 1000",
            "Tcp: RtoAlgorithm RtoMin RtoMax MaxConn ActiveOpens PassiveOpens AttemptFails",
            "Tcp: 1 200 120000 -1 17 0 2",
            "Udp: InDatagrams NoPorts",
            "Udp: 5 0");

    @Test
    void theLinksDeviceLineGivesReceivedThenTransmittedBytesAndPackets() throws IOException {
        String[] fields = NamespaceCounters.deviceFields(DEVICES);

        assertArrayEquals(new String[] {"123456", "789"}, new String[] {fields[0], fields[1]});
        assertArrayEquals(new String[] {"65432", "321"}, new String[] {fields[8], fields[9]});
    }

    @Test
    void outsideTheLinksNamespaceTheMissingDeviceIsNamed() {
        IOException e = assertThrows(IOException.class, () -> NamespaceCounters.deviceFields(DEVICES.subList(0, 3)));

        assertEquals("no device hhfr0 in /proc/net/dev: not inside hhfr-link's namespace", e.getMessage());
    }

    @Test
    void connectionsAreTheTcpActiveOpensFoundByTheirColumnName() throws IOException {
        assertEquals(17, NamespaceCounters.activeOpens(SNMP));
    }
}
