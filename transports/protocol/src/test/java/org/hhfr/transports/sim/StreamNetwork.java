package org.hhfr.transports.sim;

import java.util.Random;
import org.hhfr.transports.Role;
import org.hhfr.transports.WireException;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.auth.SessionKeys;
import org.hhfr.transports.frame.ErrorFrame;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameCodec;
import org.hhfr.transports.frame.FrameLimits;
import org.hhfr.transports.frame.HelloFrame;
import org.hhfr.transports.frame.StreamFrameDecoder;
import org.hhfr.transports.handshake.ClientHandshake;
import org.hhfr.transports.handshake.ServerHandshake;

/**
 * Two peers joined by simulated TCP connections: bytes arrive in order, in arbitrary chunks, after a delay;
 * a connection is cut at random moments (bytes after the cut are lost, often mid-frame), each side notices a
 * little later, and the client reconnects and resumes with RESUME / WELCOME, as the real adapters do.
 */
final class StreamNetwork {
    /** One TCP connection; dead once cut. */
    private final class Connection {
        final StreamFrameDecoder atClient;
        final StreamFrameDecoder atServer;
        final FrameLink clientLink = linkFor(this, Role.CLIENT);
        final FrameLink serverLink = linkFor(this, Role.SERVER);
        final long[] lastArrival = new long[2];
        boolean open = true;
        boolean serverGreeted;
        boolean clientWelcomed;

        Connection() {
            atClient = new StreamFrameDecoder(Role.CLIENT, limits);
            atServer = new StreamFrameDecoder(Role.SERVER, limits);
        }
    }

    private final Simulator sim;
    private final Random random;
    private final LinkProfile profile;
    private final SessionKeys serverKeys;
    private final FrameLimits limits;
    private final ClientHandshake clientHandshake;
    private final ServerHandshake serverHandshake = new ServerHandshake();
    private SimulatedPeer client;
    private SimulatedPeer server;
    private int cutsLeft;
    private int connections;

    StreamNetwork(Simulator sim, Random random, LinkProfile profile, SessionId session, byte[] token,
                  FrameLimits limits) {
        this.sim = sim;
        this.random = random;
        this.profile = profile;
        this.clientHandshake = new ClientHandshake(session, SessionKeys.fromToken(token));
        this.serverKeys = SessionKeys.fromToken(token);
        this.limits = limits;
        this.cutsLeft = profile.cuts;
    }

    void join(SimulatedPeer clientPeer, SimulatedPeer serverPeer) {
        this.client = clientPeer;
        this.server = serverPeer;
        connect();
    }

    /** The client opens a connection, sends HELLO or RESUME and, pipelining, whatever its engine has. */
    private void connect() {
        if (client.isDone()) {
            return;
        }
        Connection connection = new Connection();
        connections++;
        write(connection, Role.CLIENT, clientHandshake.hello());
        if (clientHandshake.isReconnect()) {
            client.engine.onTransportReset(sim.now());
        }
        client.attach(connection.clientLink);
        client.run();
        scheduleCut(connection);
    }

    private FrameLink linkFor(Connection connection, Role from) {
        return new FrameLink() {
            @Override
            public void send(Frame frame) {
                write(connection, from, frame);
            }

            @Override
            public void flush() {
            }
        };
    }

    /** Sends a frame's bytes in one to three chunks, each arriving in order after the path delay. */
    private void write(Connection connection, Role from, Frame frame) {
        byte[] bytes = FrameCodec.encode(frame);
        int start = 0;
        while (start < bytes.length) {
            int end = random.nextInt(3) == 0 ? start + 1 + random.nextInt(bytes.length - start) : bytes.length;
            byte[] chunk = new byte[end - start];
            System.arraycopy(bytes, start, chunk, 0, chunk.length);
            long arrival = Math.max(connection.lastArrival[from.ordinal()],
                    sim.now() + profile.delay + (long) (profile.jitter * random.nextDouble()));
            connection.lastArrival[from.ordinal()] = arrival;
            sim.at(arrival, () -> arrive(connection, from.peer(), chunk));
            start = end;
        }
    }

    private void arrive(Connection connection, Role to, byte[] chunk) {
        if (!connection.open) {
            return;
        }
        SimulatedPeer peer = to == Role.SERVER ? server : client;
        StreamFrameDecoder decoder = to == Role.SERVER ? connection.atServer : connection.atClient;
        try {
            decoder.decode(chunk, 0, chunk.length, frame -> onFrame(connection, to, frame));
        } catch (WireException e) {
            peer.problem("connection refused: " + e.getMessage());
        }
        peer.run();
    }

    private void onFrame(Connection connection, Role to, Frame frame) throws WireException {
        if (to == Role.SERVER && !connection.serverGreeted) {
            greet(connection, (HelloFrame) frame);
        } else if (to == Role.CLIENT && !connection.clientWelcomed) {
            clientHandshake.onServerFirstFrame(frame);
            connection.clientWelcomed = true;
        } else {
            (to == Role.SERVER ? server : client).receive(frame);
        }
    }

    /** What the server adapter does with the first frame of a connection. */
    private void greet(Connection connection, HelloFrame hello) throws WireException {
        connection.serverGreeted = true;
        try {
            write(connection, Role.SERVER, serverHandshake.accept(hello, serverKeys));
        } catch (WireException e) {
            write(connection, Role.SERVER, ErrorFrame.of(e.code(), e.reason()));
            throw e;
        }
        if (serverHandshake.resumed()) {
            server.engine.onTransportReset(sim.now());
        }
        server.attach(connection.serverLink);
    }

    private void scheduleCut(Connection connection) {
        if (cutsLeft == 0) {
            return;
        }
        sim.after(LinkProfile.millis(50 + random.nextInt(3_000)), () -> {
            if (!connection.open || client.isDone() && server.isDone()) {
                return;
            }
            cutsLeft--;
            connection.open = false;
            sim.after(LinkProfile.millis(random.nextInt(500)), () -> server.detach(connection.serverLink));
            sim.after(LinkProfile.millis(random.nextInt(500)), () -> {
                client.detach(connection.clientLink);
                sim.after(LinkProfile.millis(10 + random.nextInt(1_000)), this::connect);
            });
        });
    }

    int connections() {
        return connections;
    }
}
