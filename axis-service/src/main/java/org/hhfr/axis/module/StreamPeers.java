package org.hhfr.axis.module;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.hhfr.contextstore.StreamEndpoint;
import org.hhfr.negotiation.Answer;
import org.hhfr.negotiation.HhfrUris;

/**
 * The other server nodes that serve this node's sessions (they share its Redis context store), as the
 * {@code streamPeers} parameter names them: {@code host:tcpPort:udpPort} each, comma-separated, a port 0 for a
 * transport the peer does not serve. Answers name them as alternate endpoints, in this order, so a client that
 * loses this node goes on at a peer without negotiating.
 */
public final class StreamPeers {
    static final StreamPeers NONE = new StreamPeers(Collections.<Peer>emptyList());

    private final List<Peer> peers;

    private StreamPeers(List<Peer> peers) {
        this.peers = peers;
    }

    /**
     * Reads {@code text} ({@code null} or blank: none).
     *
     * @throws IllegalArgumentException naming {@code parameter} and what is wrong
     */
    static StreamPeers parse(String parameter, String text) {
        if (text == null || text.isBlank()) {
            return NONE;
        }
        List<Peer> peers = new ArrayList<>();
        for (String item : text.split(",")) {
            String peer = item.trim();
            int udpColon = peer.lastIndexOf(':');
            int tcpColon = udpColon > 0 ? peer.lastIndexOf(':', udpColon - 1) : -1;
            if (tcpColon <= 0) {
                throw new IllegalArgumentException(parameter + ": \"" + peer + "\" is not host:tcpPort:udpPort");
            }
            String host = peer.substring(0, tcpColon);
            if (host.startsWith("[") && host.endsWith("]")) {
                host = host.substring(1, host.length() - 1);
            }
            peers.add(new Peer(host, port(parameter, peer, peer.substring(tcpColon + 1, udpColon)),
                    port(parameter, peer, peer.substring(udpColon + 1))));
        }
        if (peers.size() > Answer.MAX_ALTERNATE_ENDPOINTS) {
            throw new IllegalArgumentException(parameter + ": at most " + Answer.MAX_ALTERNATE_ENDPOINTS
                    + " peers, not " + peers.size());
        }
        return new StreamPeers(Collections.unmodifiableList(peers));
    }

    /** Whether any peer is named. */
    public boolean isEmpty() {
        return peers.isEmpty();
    }

    /** The peers' endpoints for a transport, in order; peers not serving it left out. */
    public List<StreamEndpoint> endpointsFor(String transportUri) {
        List<StreamEndpoint> endpoints = new ArrayList<>(peers.size());
        for (Peer peer : peers) {
            int port = HhfrUris.TRANSPORT_TCP.equals(transportUri) ? peer.tcpPort
                    : HhfrUris.TRANSPORT_UDP.equals(transportUri) ? peer.udpPort : 0;
            if (port > 0) {
                endpoints.add(StreamEndpoint.of(peer.host, port));
            }
        }
        return endpoints;
    }

    private static int port(String parameter, String peer, String text) {
        int port;
        try {
            port = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(parameter + ": \"" + peer + "\" has no port number \"" + text + "\"");
        }
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException(parameter + ": \"" + peer + "\" has a port out of range: " + port);
        }
        return port;
    }

    @Override
    public String toString() {
        return peers.toString();
    }

    /** One peer: where it serves each transport (0: not). */
    private static final class Peer {
        final String host;
        final int tcpPort;
        final int udpPort;

        Peer(String host, int tcpPort, int udpPort) {
            if (host.isEmpty()) {
                throw new IllegalArgumentException("a stream peer's host is empty");
            }
            this.host = host;
            this.tcpPort = tcpPort;
            this.udpPort = udpPort;
        }

        @Override
        public String toString() {
            return host + ":" + tcpPort + ":" + udpPort;
        }
    }
}
