package org.hhfr.axis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;

import org.hhfr.axis.module.HhfrModule;
import org.hhfr.axis.server.HhfrServer;
import org.hhfr.contextstore.TokenGenerator;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.Role;
import org.hhfr.transports.auth.SessionKeys;
import org.hhfr.transports.auth.StreamEpoch;
import org.hhfr.transports.frame.DataFrame;
import org.hhfr.transports.frame.DatagramWriter;
import org.hhfr.transports.frame.ErrorFrame;
import org.hhfr.transports.frame.FrameCodec;
import org.hhfr.transports.handshake.ClientHandshake;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The module parameters that bound early streams, which clients open while they negotiate: one client address may
 * have as many early HELLOs and early UDP streams wait for their sessions as the operator allows (many phones share
 * one carrier-grade NAT address), each HELLO for the wait the operator set. Here the sessions never come.
 */
@Timeout(30)
class EarlyStreamLimitTest {
    /** Two more than the stream server's own limit per address. */
    private static final int PER_ADDRESS = 10;
    /** Less than a third of the stream server's own wait. */
    private static final int WAIT_MILLIS = 600;
    private static final TokenGenerator PROPOSALS = TokenGenerator.secure();
    private static HhfrServer server;

    @BeforeAll
    static void start() throws IOException {
        server = HhfrServer.start(TestServers.loopback()
                .moduleParameter("maxEarlyHandshakesPerAddress", String.valueOf(PER_ADDRESS))
                .moduleParameter("earlyHandshakeWaitMillis", String.valueOf(WAIT_MILLIS))
                .moduleParameter("maxEarlyUdpStreamsPerAddress", String.valueOf(PER_ADDRESS))
                .build());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void anAddressParksAsManyEarlyHellosAsConfiguredEachForTheConfiguredWait() throws Exception {
        int port = server.streamPort(HhfrUris.TRANSPORT_TCP);
        List<Socket> early = new ArrayList<>();
        try {
            for (int i = 0; i < PER_ADDRESS; i++) {
                Socket socket = HostileTrafficTest.connectFrom("127.0.0.31", port);
                early.add(socket);
                socket.getOutputStream().write(FrameCodec.encode(new ClientHandshake(PROPOSALS.newSessionId(),
                        SessionKeys.fromToken(PROPOSALS.newToken().toBytes()), true).hello()));
            }
            for (Socket socket : early) {
                ErrorFrame refusal = HostileTrafficTest.readError(socket.getInputStream());
                assertEquals(ErrorCode.UNKNOWN_SESSION, refusal.code(), refusal::toString);
                assertTrue(refusal.reason().endsWith(" was not negotiated within " + WAIT_MILLIS + " ms"),
                        "parked, then refused after the configured wait: " + refusal.reason());
            }
        } finally {
            for (Socket socket : early) {
                socket.close();
            }
        }
    }

    @Test
    void anAddressParksAsManyEarlyUdpStreamsAsConfigured() throws Exception {
        InetSocketAddress endpoint = new InetSocketAddress(TestServers.LOOPBACK,
                server.streamPort(HhfrUris.TRANSPORT_UDP));
        try (DatagramSocket socket = new DatagramSocket(new InetSocketAddress("127.0.0.32", 0))) {
            for (int i = 0; i < PER_ADDRESS; i++) {
                DatagramWriter stream = new DatagramWriter(PROPOSALS.newSessionId(),
                        SessionKeys.fromToken(PROPOSALS.newToken().toBytes(), StreamEpoch.FIRST), Role.CLIENT,
                        DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE);
                stream.early();
                stream.add(DataFrame.first(1, 0, 0, false, new byte[16]));
                byte[] datagram = stream.finish();
                socket.send(new DatagramPacket(datagram, datagram.length, endpoint));
            }
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (earlyUdpStreams("parked") + earlyUdpStreams("dropped") < PER_ADDRESS
                    && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertEquals(PER_ADDRESS, earlyUdpStreams("parked"), "every stream of the address waits");
            assertEquals(0, earlyUdpStreams("dropped"), "none dropped at once");
        }
    }

    /** The count of the meter {@code hhfr.udp.early.OUTCOME}. */
    private static long earlyUdpStreams(String outcome) {
        return (long) HhfrModule.runtime(server.axisContext()).meters().get("hhfr.udp.early." + outcome)
                .functionCounter().count();
    }
}
