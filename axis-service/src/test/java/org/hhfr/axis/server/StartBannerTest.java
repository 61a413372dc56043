package org.hhfr.axis.server;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.hhfr.axis.module.ModuleSettings;
import org.hhfr.axis.module.StreamSecurity;
import org.hhfr.negotiation.HhfrUris;
import org.junit.jupiter.api.Test;

/** What the server's start lines say of its stream endpoints: which sessions a served transport is granted to. */
class StartBannerTest {
    private static final String TCP = HhfrUris.TRANSPORT_TCP;
    private static final String UDP = HhfrUris.TRANSPORT_UDP;

    @Test
    void aServedTransportIsNamedWithItsPortAndAnAnsweringStoreIsNotMentioned() throws IOException {
        try (HhfrServer server = HhfrServer.start(ServerSettings.builder().port(0)
                .streams("127.0.0.1", null, 0, 0).build())) {
            List<String> lines = server.describe("localhost");

            assertTrue(lines.stream().noneMatch(line -> line.startsWith("warning")), lines::toString);
            assertTrue(lines.contains(String.format("%-17s port %d", "stream tcp", server.streamPort(TCP))),
                    lines::toString);
            assertTrue(lines.contains(String.format("%-17s port %d", "stream udp", server.streamPort(UDP))),
                    lines::toString);
        }
    }

    @Test
    void aContextStoreThatDoesNotAnswerIsSaidToDeclineNegotiations() throws IOException {
        try (HhfrServer server = HhfrServer.start(ServerSettings.builder().port(0).streams("127.0.0.1", null, 0, 0)
                .moduleParameter(ModuleSettings.CONTEXT_STORE, "redis://127.0.0.1:1").build())) {
            List<String> lines = server.describe("localhost");

            assertTrue(lines.stream().anyMatch(line -> line.startsWith("warning           context store unavailable: ")
                    && line.endsWith(": negotiations are declined (clients stay on SOAP) until it answers")),
                    lines::toString);
        }
    }

    @Test
    void tcpWithoutATlsKeyIsSaidToBeGrantedToNoSessionWhenEveryStreamMustBeEncrypted() throws IOException {
        try (HhfrServer server = HhfrServer.start(ServerSettings.builder().port(0).streams("127.0.0.1", null, 0, 0)
                .moduleParameter(StreamSecurity.CLEARTEXT_STREAMS, "false").build())) {
            List<String> lines = server.describe("localhost");

            assertTrue(lines.contains(String.format("%-17s port %d, granted to no session: sessions over plain HTTP "
                    + "stream encrypted, and TCP streams have no TLS key (streamKeystore)", "stream tcp",
                    server.streamPort(TCP))), lines::toString);
            assertTrue(lines.contains(String.format("%-17s port %d", "stream udp", server.streamPort(UDP))),
                    lines::toString);
        }
    }
}
