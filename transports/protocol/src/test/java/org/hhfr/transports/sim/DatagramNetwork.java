package org.hhfr.transports.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.Role;
import org.hhfr.transports.WireException;
import org.hhfr.transports.auth.SessionId;
import org.hhfr.transports.auth.SessionKeys;
import org.hhfr.transports.frame.ConnectionId;
import org.hhfr.transports.frame.DatagramReader;
import org.hhfr.transports.frame.DatagramWriter;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameLimits;
import org.hhfr.transports.frame.FrameType;

/**
 * Two peers joined by simulated UDP: real authenticated datagrams (writer, tag, reader, replay window) over a
 * path that drops, duplicates, delays and reorders them, and goes dark during outages.
 */
final class DatagramNetwork {
    private final Simulator sim;
    private final Random random;
    private final LinkProfile profile;
    private final long[] outageStarts;
    private final long[] outageEnds;
    private SimulatedPeer client;
    private SimulatedPeer server;
    private DatagramReader toClient;
    private DatagramReader toServer;
    private long datagrams;
    private long replaysRefused;
    private final long[] bytesSent = new long[2];
    private final long[] ackOnlyDatagrams = new long[2];
    private final long[] acksApartFromData = new long[2];
    private final Bottleneck[] bottlenecks = new Bottleneck[2];
    private final List<List<Long>> sendTimes = Arrays.asList(new ArrayList<>(), new ArrayList<>());
    private long delayChangesAt = Long.MAX_VALUE;
    private final long[][] blackouts = new long[2][];
    private long laterDelay;

    DatagramNetwork(Simulator sim, Random random, LinkProfile profile) {
        this.sim = sim;
        this.random = random;
        this.profile = profile;
        this.outageStarts = new long[profile.outages];
        this.outageEnds = new long[profile.outages];
        for (int i = 0; i < profile.outages; i++) {
            outageStarts[i] = LinkProfile.millis(random.nextInt(30_000));
            outageEnds[i] = outageStarts[i] + (long) (profile.maxOutage * random.nextDouble());
        }
    }

    /**
     * Connects both peers; each gets a writer for its datagrams and a reader for the other's. The server issued
     * a connection id to the stream; the client's datagrams take the short form once its reader learned it.
     */
    void join(SimulatedPeer clientPeer, SimulatedPeer serverPeer, SessionId session, byte[] token,
              int maxDatagramSize, FrameLimits limits) {
        this.client = clientPeer;
        this.server = serverPeer;
        ConnectionId issued = ConnectionId.random(random);
        toServer = new DatagramReader(session, SessionKeys.fromToken(token), Role.SERVER, limits);
        toServer.connectionId(issued);
        toClient = new DatagramReader(session, SessionKeys.fromToken(token), Role.CLIENT, limits);
        for (SimulatedPeer peer : new SimulatedPeer[] {clientPeer, serverPeer}) {
            DatagramWriter writer = new DatagramWriter(session, SessionKeys.fromToken(token), peer.role,
                    maxDatagramSize);
            if (peer.role == Role.SERVER) {
                writer.connectionId(issued);
            }
            peer.attach(new FrameLink() {
                /** Whether the datagram being packed holds nothing but acknowledgements (so far). */
                private boolean acksOnly = true;
                /** Whether DATA was written since the last flush (in this turn of the peer). */
                private boolean turnHasData;

                @Override
                public void send(Frame frame) {
                    if (writer.connectionId() == null) {
                        writer.connectionId(toClient.connectionId());
                    }
                    boolean data = frame.type() == FrameType.DATA;
                    if (!writer.add(frame)) {
                        seal(data);
                        writer.add(frame);
                    }
                    acksOnly &= frame.type() == FrameType.ACK;
                    turnHasData |= data;
                }

                @Override
                public void flush() {
                    if (!writer.isEmpty()) {
                        seal(false);
                    }
                    turnHasData = false;
                }

                /** @param dataRefused DATA is written next, which did not fit */
                private void seal(boolean dataRefused) {
                    if (acksOnly) {
                        ackOnlyDatagrams[peer.role.ordinal()]++;
                        if (dataRefused || turnHasData) {
                            acksApartFromData[peer.role.ordinal()]++;
                        }
                    }
                    acksOnly = true;
                    transmit(peer.role, writer.finish());
                }
            });
        }
    }

    /** Makes the datagrams {@code from} sends pass {@code hop} before the path's delay. */
    DatagramNetwork limit(Role from, Bottleneck hop) {
        bottlenecks[from.ordinal()] = hop;
        return this;
    }

    /** From virtual time {@code time} on, the path's base delay each way is {@code delay}. */
    DatagramNetwork changeDelayAt(long time, long delay) {
        delayChangesAt = time;
        laterDelay = delay;
        return this;
    }

    /** Drops every datagram {@code from} sends from virtual time {@code start} until {@code end}. */
    DatagramNetwork blackout(Role from, long start, long end) {
        blackouts[from.ordinal()] = new long[] {start, end};
        return this;
    }

    private void transmit(Role from, byte[] datagram) {
        datagrams++;
        bytesSent[from.ordinal()] += datagram.length;
        sendTimes.get(from.ordinal()).add(sim.now());
        long departure = sim.now();
        long[] blackout = blackouts[from.ordinal()];
        if (blackout != null && departure >= blackout[0] && departure < blackout[1]) {
            return;
        }
        Bottleneck hop = bottlenecks[from.ordinal()];
        if (hop != null && (departure = hop.enter(sim.now(), datagram.length)) < 0) {
            return;
        }
        if (inOutage(sim.now()) || random.nextDouble() < profile.loss) {
            return;
        }
        int copies = random.nextDouble() < profile.duplication ? 2 : 1;
        for (int i = 0; i < copies; i++) {
            long base = departure >= delayChangesAt ? laterDelay : profile.delay;
            long delay = departure - sim.now() + base + (long) (profile.jitter * random.nextDouble());
            if (random.nextDouble() < profile.reordering) {
                delay += (long) (3 * profile.delay * random.nextDouble());
            }
            sim.after(delay, () -> arrive(from.peer(), datagram));
        }
    }

    private void arrive(Role to, byte[] datagram) {
        SimulatedPeer peer = to == Role.SERVER ? server : client;
        try {
            (to == Role.SERVER ? toServer : toClient).read(datagram, 0, datagram.length, peer::receive);
        } catch (WireException e) {
            if (e.code() == ErrorCode.REPLAYED) {
                replaysRefused++;
            } else {
                peer.problem("datagram refused: " + e.getMessage());
            }
        }
        peer.run();
    }

    private boolean inOutage(long time) {
        for (int i = 0; i < outageStarts.length; i++) {
            if (time >= outageStarts[i] && time < outageEnds[i]) {
                return true;
            }
        }
        return false;
    }

    long datagrams() {
        return datagrams;
    }

    /** Bytes of every datagram {@code from} sent, lost ones included. */
    long bytesSent(Role from) {
        return bytesSent[from.ordinal()];
    }

    /** Datagrams {@code from} sent that carried acknowledgements and nothing else. */
    long ackOnlyDatagrams(Role from) {
        return ackOnlyDatagrams[from.ordinal()];
    }

    /**
     * Datagrams {@code from} sent with nothing but ACKs in a turn that also wrote DATA: acknowledgements that did
     * not share a datagram with the data written with them.
     */
    long acksApartFromData(Role from) {
        return acksApartFromData[from.ordinal()];
    }

    /** When each of {@code from}'s datagrams was sent, in order. */
    List<Long> sendTimes(Role from) {
        return sendTimes.get(from.ordinal());
    }

    long replaysRefused() {
        return replaysRefused;
    }
}
