package org.hhfr.benchmarks.transport;

import io.netty.handler.ssl.SslContextBuilder;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Base64;
import org.hhfr.axis.server.DevelopmentCertificate;
import org.hhfr.schemas.DataStructure;
import org.hhfr.streamer.BinaryRepresentation;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.testing.Samples;
import org.hhfr.transports.netty.NettyStreamClient;

/**
 * HHFR's contender client: transports/netty's pipelining {@link NettyStreamClient} on a session the server
 * issued, {@code window} calls in flight, each response answered by the next call, whose body the streamer
 * encodes afresh (as an application would).
 */
final class HhfrContenderClient extends ClosedLoopClient {
    private final BinaryRepresentation binary = new BinaryRepresentation();
    private final DataStructure request = Samples.floatSumRequest();
    private final float[] values = FloatSumFrames.values();
    private final NettyStreamClient client;

    HhfrContenderClient(String host, int port, boolean udp, boolean encrypted, String ticket, int window, long limit)
            throws IOException {
        super(limit);
        int dot = ticket.indexOf('.');
        if (dot < 0) {
            throw new IllegalArgumentException("an HHFR ticket is <session id>.<token>, not " + ticket);
        }
        Base64.Decoder base64 = Base64.getUrlDecoder();
        byte[] sessionId = base64.decode(ticket.substring(0, dot));
        byte[] token = base64.decode(ticket.substring(dot + 1));
        InetSocketAddress server = new InetSocketAddress(host, port);
        NettyStreamClient.Builder builder = udp ? NettyStreamClient.udp(server, sessionId, token)
                : NettyStreamClient.tcp(server, sessionId, token);
        if (encrypted && udp) {
            builder.encryptedDatagrams(true);
        } else if (encrypted) {
            builder.tls(SslContextBuilder.forClient().protocols("TLSv1.3").trustManager(DevelopmentCertificate
                    .pemOf(DevelopmentCertificate.in(HhfrContenderServer.TLS_DIRECTORY).file()).toFile()).build());
        }
        client = builder.connect();
        for (int i = 0; i < window && loop.startOne(); i++) {
            call();
        }
    }

    private void call() {
        byte[] body = binary.encode(Message.of(request).set("values", values).build());
        client.call(body).whenComplete((response, failure) -> {
            if (failure != null) {
                loop.fail(failure);
                return;
            }
            loop.replied();
            if (loop.startOne()) {
                call();
            }
        });
    }

    @Override
    protected void disconnect() {
        client.close();
    }
}
