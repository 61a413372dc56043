package org.hhfr.transports.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.hhfr.transports.Role;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.frame.DatagramWriter;
import org.hhfr.transports.frame.FrameLimits;
import org.hhfr.transports.reliability.ReliabilityConfig;
import org.hhfr.transports.reliability.ReliabilityEngine;

/**
 * A client pipelining equal requests to a server over one fixed simulated UDP path (no randomized settings),
 * the shape of a large session on a mobile link: what the congestion and loss-recovery checks run.
 */
final class UploadSession {
    private static final SessionId SESSION = SessionId.of(new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
    private static final long MAX_VIRTUAL_TIME = TimeUnit.MINUTES.toNanos(30);

    final Simulator sim = new Simulator();
    final DatagramNetwork network;
    final SimulatedPeer client;
    final SimulatedPeer server;
    final int requests;
    final int requestSize;
    /** The client's bottleneck, when the test set one. */
    Bottleneck uplink;

    UploadSession(long seed, LinkProfile profile, int requests, int requestSize) {
        this(seed, profile, requests, requestSize, defaults());
    }

    /** Requests answered with 8 bytes each: an upload. */
    UploadSession(long seed, LinkProfile profile, int requests, int requestSize, ReliabilityConfig config) {
        this(seed, profile, requests, requestSize, 8, config);
    }

    /** Requests answered with {@code responseSize} bytes each (at least 8). */
    UploadSession(long seed, LinkProfile profile, int requests, int requestSize, int responseSize,
                  ReliabilityConfig config) {
        Random random = new Random(seed);
        this.requests = requests;
        this.requestSize = requestSize;
        int[] sizes = new int[requests];
        java.util.Arrays.fill(sizes, requestSize);
        client = new SimulatedPeer(Role.CLIENT, new ReliabilityEngine(config, new Random(seed + 1), 0),
                new Requester(sizes, false), sim);
        server = new SimulatedPeer(Role.SERVER, new ReliabilityEngine(config, new Random(seed + 2), 0),
                new Responder(requests, false, 0, responseSize), sim);
        byte[] token = new byte[32];
        random.nextBytes(token);
        network = new DatagramNetwork(sim, random, profile);
        network.join(client, server, SESSION, token, DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE,
                FrameLimits.forMaxMessageSize(SimulationRun.MAX_MESSAGE_SIZE));
    }

    /** The defaults of a UDP stream, with room for the largest test messages. */
    static ReliabilityConfig defaults() {
        int frameBudget = DatagramWriter.frameBudget(DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE, SESSION.length());
        return ReliabilityConfig.forDatagrams(frameBudget).toBuilder()
                .maxMessageSizes(SimulationRun.MAX_MESSAGE_SIZE, SimulationRun.MAX_MESSAGE_SIZE)
                .maxRetransmissions(30).build();
    }

    /** Runs until both sides finished; the problems of either side, empty when all went well. */
    List<String> run() {
        server.start();
        client.start();
        boolean stopped = sim.runUntil(() -> client.isDone() && server.isDone(), MAX_VIRTUAL_TIME, 20_000_000);
        List<String> problems = new ArrayList<>();
        if (!stopped) {
            problems.add("did not finish: client " + client.engine.state() + ", server " + server.engine.state());
        }
        problems.addAll(client.problems());
        problems.addAll(server.problems());
        if (!client.app.isSatisfied() || !server.app.isSatisfied()) {
            problems.add("not everything arrived");
        }
        return problems;
    }

    /** When the client had every response, virtual nanoseconds (the close that follows is not counted). */
    long uploadTime() {
        return ((Requester) client.app).answeredAt();
    }

    /** Bytes the client sent (every datagram, lost ones included) per byte of request payload. */
    double upstreamBytesPerPayloadByte() {
        return (double) network.bytesSent(Role.CLIENT) / ((long) requests * requestSize);
    }
}
