package org.hhfr.axis.module;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.InputStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;

import org.hhfr.transports.netty.EarlyHandshakeLimits;
import org.hhfr.transports.netty.StreamServerConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The module parameters that bound stream connections and early streams before they authenticate: module.xml lists
 * the stream server's own defaults, which a parameter left out keeps; the values an operator sets are the ones the
 * stream server is configured with; a bad one is refused with a reason naming the parameter and its value.
 */
class StreamHandshakeLimitsTest {

    /** The parameters module.xml lists, with its values but for those {@code overridden}. */
    private static Map<String, String> moduleXml(Map<String, String> overridden) throws Exception {
        Map<String, String> parameters = new HashMap<>();
        try (InputStream in = HhfrModule.class.getResourceAsStream("module.xml")) {
            NodeList listed = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(in)
                    .getElementsByTagName("parameter");
            for (int i = 0; i < listed.getLength(); i++) {
                Element parameter = (Element) listed.item(i);
                parameters.put(parameter.getAttribute("name"), parameter.getTextContent());
            }
        }
        parameters.putAll(overridden);
        return parameters;
    }

    /** The stream server's configuration as the module makes it from {@code parameters}. */
    private static StreamServerConfig configured(Map<String, String> parameters) {
        return ModuleSettings.read(parameters::get).streamHandshakes()
                .applyTo(StreamServerConfig.on("127.0.0.1")).build();
    }

    private static List<Object> handshakeLimits(StreamServerConfig config) {
        return List.of(config.maxHandshakesPerAddress(), config.maxHandshakes(), config.handshakeTimeoutMillis(),
                config.earlyHandshakes(), config.earlyDatagrams());
    }

    @Test
    void moduleXmlListsTheStreamServersDefaultsWhichAnAbsentParameterKeeps() throws Exception {
        List<Object> defaults = handshakeLimits(StreamServerConfig.on("127.0.0.1").build());
        Map<String, String> parameters = moduleXml(Map.of());
        assertEquals(defaults, handshakeLimits(configured(parameters)), "module.xml");
        for (String name : List.of(StreamHandshakeLimits.MAX_HANDSHAKES_PER_ADDRESS,
                StreamHandshakeLimits.MAX_HANDSHAKES, StreamHandshakeLimits.HANDSHAKE_TIMEOUT_MILLIS,
                StreamHandshakeLimits.MAX_EARLY_HANDSHAKES_PER_ADDRESS,
                StreamHandshakeLimits.MAX_EARLY_HANDSHAKES, StreamHandshakeLimits.EARLY_HANDSHAKE_WAIT_MILLIS,
                StreamHandshakeLimits.MAX_EARLY_UDP_STREAMS_PER_ADDRESS, StreamHandshakeLimits.MAX_EARLY_UDP_STREAMS,
                StreamHandshakeLimits.EARLY_UDP_STREAM_WAIT_MILLIS)) {
            assertNotNull(parameters.remove(name), name + " is listed in module.xml");
        }
        assertEquals(defaults, handshakeLimits(configured(parameters)), "none given");
    }

    @Test
    void theHandshakeTimeoutAnOperatorRaisesIsTheOneTheStreamServerUses() throws Exception {
        assertEquals(15_000, configured(moduleXml(Map.of("handshakeTimeoutMillis", "15000"))).handshakeTimeoutMillis());
    }

    @Test
    void theEarlyLimitsAnOperatorRaisesAreTheOnesTheStreamServerUses() throws Exception {
        StreamServerConfig config = configured(moduleXml(Map.of("maxEarlyHandshakesPerAddress", "200",
                "maxEarlyHandshakes", "20000", "earlyHandshakeWaitMillis", "3000",
                "maxEarlyUdpStreamsPerAddress", "300", "maxEarlyUdpStreams", "30000",
                "earlyUdpStreamWaitMillis", "4000")));
        EarlyHandshakeLimits tcp = EarlyHandshakeLimits.DEFAULTS;
        EarlyHandshakeLimits udp = EarlyHandshakeLimits.DATAGRAM_DEFAULTS;
        assertEquals(new EarlyHandshakeLimits(200, 20_000, tcp.maxBytes(), 3_000, tcp.maxLookupsPerSecond()),
                config.earlyHandshakes());
        assertEquals(new EarlyHandshakeLimits(300, 30_000, udp.maxBytes(), 4_000, udp.maxLookupsPerSecond()),
                config.earlyDatagrams());
    }

    @Test
    void noEarlyStreamWaitsWhenAnOperatorAllowsNone() throws Exception {
        StreamServerConfig config = configured(moduleXml(Map.of("maxEarlyHandshakesPerAddress", "0",
                "maxEarlyUdpStreams", "0")));
        assertEquals(0, config.earlyHandshakes().maxPerAddress());
        assertEquals(0, config.earlyDatagrams().maxParked());
    }

    @ParameterizedTest
    @CsvSource({
        "handshakeTimeoutMillis, 0, handshakeTimeoutMillis out of range (1..120000): 0",
        "handshakeTimeoutMillis, 86400000, handshakeTimeoutMillis out of range (1..120000): 86400000",
        "handshakeTimeoutMillis, 5 s, handshakeTimeoutMillis is not a number: \"5 s\"",
        "maxEarlyHandshakesPerAddress, many, maxEarlyHandshakesPerAddress is not a number: \"many\"",
        "maxEarlyHandshakesPerAddress, -1, maxEarlyHandshakesPerAddress out of range (0..2147483647): -1",
        "maxEarlyHandshakes, 2147483648, maxEarlyHandshakes out of range (0..2147483647): 2147483648",
        "earlyHandshakeWaitMillis, 0, earlyHandshakeWaitMillis out of range (1..120000): 0",
        "earlyHandshakeWaitMillis, 2s, earlyHandshakeWaitMillis is not a number: \"2s\"",
        "maxEarlyUdpStreamsPerAddress, -8, maxEarlyUdpStreamsPerAddress out of range (0..2147483647): -8",
        "maxEarlyUdpStreams, 1e3, maxEarlyUdpStreams is not a number: \"1e3\"",
        "earlyUdpStreamWaitMillis, -1, earlyUdpStreamWaitMillis out of range (1..120000): -1",
    })
    void aBadValueIsRefusedNamingTheParameterAndTheValue(String name, String value, String reason) throws Exception {
        assertRefused(moduleXml(Map.of(name, value)), reason);
    }

    @Test
    void anEarlyHelloWaitThatTheHandshakeTimeoutWouldCutShortIsRefusedNamingBoth() throws Exception {
        assertRefused(moduleXml(Map.of("handshakeTimeoutMillis", "2000")), "earlyHandshakeWaitMillis (2000) must be "
                + "shorter than handshakeTimeoutMillis (2000), which bounds an early HELLO's whole handshake");
    }

    private static void assertRefused(Map<String, String> parameters, String reason) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> ModuleSettings.read(parameters::get));
        assertEquals(reason, refused.getMessage());
    }
}
