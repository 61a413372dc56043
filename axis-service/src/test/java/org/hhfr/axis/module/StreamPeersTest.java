package org.hhfr.axis.module;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import org.hhfr.contextstore.StreamEndpoint;
import org.hhfr.negotiation.HhfrUris;
import org.junit.jupiter.api.Test;

/** The {@code streamPeers} parameter: the other nodes answers name as alternate stream endpoints. */
class StreamPeersTest {
    @Test
    void eachPeerIsNamedForTheTransportsItServesInOrder() {
        StreamPeers peers = StreamPeers.parse("streamPeers", " node-2:7070:7071, [::1]:7080:0 ");
        assertEquals(Arrays.asList(StreamEndpoint.of("node-2", 7070), StreamEndpoint.of("::1", 7080)),
                peers.endpointsFor(HhfrUris.TRANSPORT_TCP));
        assertEquals(Collections.singletonList(StreamEndpoint.of("node-2", 7071)),
                peers.endpointsFor(HhfrUris.TRANSPORT_UDP));
    }

    @Test
    void noneIsTheDefault() {
        assertTrue(StreamPeers.parse("streamPeers", "").isEmpty());
        assertTrue(StreamPeers.parse("streamPeers", null).endpointsFor(HhfrUris.TRANSPORT_TCP).isEmpty());
    }

    @Test
    void aMalformedPeerIsRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> StreamPeers.parse("streamPeers", "node-2:7070"));
        assertEquals("streamPeers: \"node-2:7070\" is not host:tcpPort:udpPort", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> StreamPeers.parse("streamPeers", "n:70000:1"));
        assertEquals("streamPeers: \"n:70000:1\" has a port out of range: 70000", e.getMessage());
    }

    @Test
    void peersNeedASharedStore() {
        Map<String, String> parameters = new HashMap<>();
        parameters.put(ModuleSettings.STREAM_BIND_HOST, "127.0.0.1");
        parameters.put(ModuleSettings.TCP_PORT, "0");
        parameters.put(ModuleSettings.UDP_PORT, "0");
        parameters.put(ModuleSettings.MAX_MESSAGE_BYTES, "1048576");
        parameters.put(ModuleSettings.MAX_SESSIONS, "10000");
        parameters.put(ModuleSettings.SESSION_LIFETIME_MILLIS, "600000");
        parameters.put(ModuleSettings.PURGE_INTERVAL_MILLIS, "30000");
        parameters.put(ModuleSettings.DISPATCH_THREADS, "4");
        parameters.put(ModuleSettings.STREAM_PEERS, "node-2:7070:7071");
        parameters.put(ModuleSettings.CONTEXT_STORE, "memory");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ModuleSettings.read(parameters::get));
        assertTrue(e.getMessage().startsWith("streamPeers need a shared contextStore"), e.getMessage());

        parameters.put(ModuleSettings.CONTEXT_STORE, "redis://127.0.0.1:6379");
        assertEquals(Collections.singletonList(StreamEndpoint.of("node-2", 7070)),
                ModuleSettings.read(parameters::get).streamPeers().endpointsFor(HhfrUris.TRANSPORT_TCP));
    }
}
