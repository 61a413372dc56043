package org.hhfr.transports.sim;

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
                @Override
                public void send(Frame frame) {
                    if (writer.connectionId() == null) {
                        writer.connectionId(toClient.connectionId());
                    }
                    if (!writer.add(frame)) {
                        transmit(peer.role, writer.finish());
                        writer.add(frame);
                    }
                }

                @Override
                public void flush() {
                    if (!writer.isEmpty()) {
                        transmit(peer.role, writer.finish());
                    }
                }
            });
        }
    }

    private void transmit(Role from, byte[] datagram) {
        datagrams++;
        if (inOutage(sim.now()) || random.nextDouble() < profile.loss) {
            return;
        }
        int copies = random.nextDouble() < profile.duplication ? 2 : 1;
        for (int i = 0; i < copies; i++) {
            long delay = profile.delay + (long) (profile.jitter * random.nextDouble());
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

    long replaysRefused() {
        return replaysRefused;
    }
}
