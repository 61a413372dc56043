package org.hhfr.transports.sim;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.hhfr.transports.Role;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.frame.DatagramWriter;
import org.hhfr.transports.frame.FrameLimits;
import org.hhfr.transports.reliability.DeliveryAssurance;
import org.hhfr.transports.reliability.LinkType;
import org.hhfr.transports.reliability.ReliabilityConfig;
import org.hhfr.transports.reliability.ReliabilityEngine;

/**
 * One simulated session, derived entirely from a seed: the link's impairments, the engines' settings, how many
 * requests of which sizes, how fast the server consumes. The same seed always replays the same run.
 */
final class SimulationRun {
    static final int MAX_MESSAGE_SIZE = 64 << 10;
    private static final long MAX_VIRTUAL_TIME = TimeUnit.HOURS.toNanos(2);
    private static final long MAX_EVENTS = 5_000_000;
    private static final SessionId SESSION = SessionId.of(new byte[] {1, 2, 3, 4, 5, 6, 7, 8});

    /** What happened in a run. */
    static final class Outcome {
        final String description;
        final List<String> problems;
        final SimulatedPeer client;
        final SimulatedPeer server;
        final long virtualMillis;

        Outcome(String description, List<String> problems, SimulatedPeer client, SimulatedPeer server,
                long virtualMillis) {
            this.description = description;
            this.problems = problems;
            this.client = client;
            this.server = server;
            this.virtualMillis = virtualMillis;
        }

        boolean ok() {
            return problems.isEmpty();
        }

        @Override
        public String toString() {
            return description + (ok() ? "" : " -> " + problems);
        }
    }

    private final long seed;
    private final LinkType link;
    private final DeliveryAssurance assurance;
    private final Random random;
    private LinkProfile profile;
    private ReliabilityConfig baseConfig;

    SimulationRun(long seed, LinkType link, DeliveryAssurance assurance) {
        this.seed = seed;
        this.link = link;
        this.assurance = assurance;
        this.random = new Random(scramble(seed));
        this.profile = link == LinkType.DATAGRAM ? LinkProfile.randomDatagram(random)
                : LinkProfile.randomStream(random);
    }

    /** Replaces the random link profile. */
    SimulationRun over(LinkProfile fixedProfile) {
        this.profile = fixedProfile;
        return this;
    }

    /** Starts from this configuration instead of the defaults before the seed varies windows and buffers. */
    SimulationRun configuredFrom(ReliabilityConfig config) {
        this.baseConfig = config;
        return this;
    }

    /** Runs until both engines stop, or the virtual time or event budget runs out. */
    Outcome run() {
        Simulator sim = new Simulator();
        byte[] token = new byte[32];
        random.nextBytes(token);
        int frameBudget = DatagramWriter.frameBudget(DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE, SESSION.length());
        ReliabilityConfig defaults = link == LinkType.DATAGRAM ? ReliabilityConfig.forDatagrams(frameBudget)
                : ReliabilityConfig.forStream();
        ReliabilityConfig config = configure(baseConfig != null ? baseConfig : patient(defaults));
        FrameLimits limits = FrameLimits.forMaxMessageSize(MAX_MESSAGE_SIZE);

        int[] sizes = new int[50 + random.nextInt(250)];
        for (int i = 0; i < sizes.length; i++) {
            double kind = random.nextDouble();
            sizes[i] = kind < 0.7 ? random.nextInt(400) : kind < 0.95 ? 400 + random.nextInt(3_000)
                    : 3_400 + random.nextInt(30_000);
        }
        boolean slowServer = random.nextInt(4) == 0;
        long processing = slowServer ? LinkProfile.millis(1 + random.nextInt(20)) : 0;
        ReliabilityConfig serverConfig = slowServer
                ? config.toBuilder().maxReady(2 + random.nextInt(15), MAX_MESSAGE_SIZE).build() : config;
        boolean lossAllowed = assurance == DeliveryAssurance.AT_MOST_ONCE;

        SimulatedPeer client = new SimulatedPeer(Role.CLIENT, new ReliabilityEngine(config,
                new Random(scramble(seed) + 1), 0), new Requester(sizes, lossAllowed), sim);
        SimulatedPeer server = new SimulatedPeer(Role.SERVER,
                new ReliabilityEngine(serverConfig, new Random(scramble(seed) + 2), 0),
                new Responder(sizes.length, lossAllowed, processing, 8), sim);
        String description = "seed " + seed + ": " + link + " " + assurance + ", " + sizes.length + " requests, "
                + "window " + config.sendWindow() + "/" + config.receiveWindow() + ", buffer "
                + config.maxBufferedMessages() + ", ack " + TimeUnit.NANOSECONDS.toMillis(config.ackDelayNanos())
                + "ms/" + config.ackEvery() + (slowServer ? ", slow server " + TimeUnit.NANOSECONDS.toMillis(
                processing) + "ms ready " + serverConfig.maxReadyMessages() : "") + ", " + profile;

        if (link == LinkType.DATAGRAM) {
            new DatagramNetwork(sim, random, profile).join(client, server, SESSION, token,
                    DatagramWriter.DEFAULT_MAX_DATAGRAM_SIZE, limits);
            server.start();
            client.start();
        } else {
            server.start();
            client.app.start(client.engine);
            new StreamNetwork(sim, random, profile, SESSION, token, limits).join(client, server);
        }
        boolean stopped = sim.runUntil(() -> client.isDone() && server.isDone(), MAX_VIRTUAL_TIME, MAX_EVENTS);

        List<String> problems = new ArrayList<>();
        if (!stopped) {
            problems.add("did not finish within " + sim.executedEvents() + " events, "
                    + TimeUnit.NANOSECONDS.toSeconds(sim.now()) + " s: client " + client.engine.state()
                    + ", server " + server.engine.state());
        }
        for (SimulatedPeer peer : new SimulatedPeer[] {client, server}) {
            problems.addAll(peer.problems());
            if (stopped && peer.engine.state() != ReliabilityEngine.State.FINISHED) {
                problems.add(peer.role + " ended " + peer.engine.state());
            }
            if (!peer.app.isSatisfied()) {
                problems.add(peer.role + " application did not get everything it expected");
            }
            if (peer.maxInFlight() > peer.engine.config().sendWindow()) {
                problems.add(peer.role + " had " + peer.maxInFlight() + " fragments in flight, window "
                        + peer.engine.config().sendWindow());
            }
        }
        return new Outcome(description, problems, client, server, TimeUnit.NANOSECONDS.toMillis(sim.now()));
    }

    /**
     * Any finite retry budget is exhausted now and then at 30 % loss each way (ten lost round trips in a row);
     * the random runs check delivery, so they retry longer and wait longer before calling the peer gone.
     */
    private static ReliabilityConfig patient(ReliabilityConfig config) {
        return config.toBuilder().maxRetransmissions(30).keepAliveMillis(15_000, 600_000).build();
    }

    /** Spreads nearby seeds apart: java.util.Random's first outputs for seeds 1, 2, 3... are close. */
    private static long scramble(long seed) {
        long z = seed * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Varies windows, buffers and the acknowledgement policy with the seed. */
    private ReliabilityConfig configure(ReliabilityConfig config) {
        int[] windows = {4, 16, 64, 256};
        return config.toBuilder().assurance(assurance)
                .maxMessageSizes(MAX_MESSAGE_SIZE, MAX_MESSAGE_SIZE)
                .sendWindow(windows[random.nextInt(windows.length)])
                .initialCredit(32)
                .receiveWindow(32 << random.nextInt(4))
                .maxBuffered(8 + random.nextInt(120), MAX_MESSAGE_SIZE * (1L + random.nextInt(4)))
                .ackPolicy(random.nextInt(20), 1 + random.nextInt(16)).build();
    }
}
