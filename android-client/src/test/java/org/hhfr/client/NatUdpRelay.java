package org.hhfr.client;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A NAT between UDP clients and a server on loopback: each client address (address and port) gets a socket of
 * its own toward the server, as a router gives each flow its own public port, so the server sees a new address
 * when a client moves to a new socket. For each such mapping it records what the datagrams carried, each way,
 * in the order they passed (the frame types of cleartext short-form datagrams); it keeps the client's last
 * datagram, and can withhold the client's next one for the test to send from elsewhere. Datagrams carrying a
 * PATH_RESPONSE may be delayed (a slow new path), which leaves the server time to misuse an unvalidated address.
 */
final class NatUdpRelay implements AutoCloseable {
    static final int PATH_CHALLENGE = 11;
    static final int PATH_RESPONSE = 12;
    private static final int SHORT_HEADER = 1 + 4 + 3;
    private static final int TAG = 16;

    private final DatagramSocket clientSide = new DatagramSocket(0, InetAddress.getLoopbackAddress());
    private final InetSocketAddress server;
    private final Map<SocketAddress, Mapping> byClient = new ConcurrentHashMap<>();
    /** The mappings in the order the clients' addresses appeared. */
    final List<Mapping> mappings = new CopyOnWriteArrayList<>();
    private final BlockingQueue<byte[]> withheld = new LinkedBlockingQueue<>();
    private volatile boolean withholdNext;
    private volatile byte[] lastFromClient;
    private volatile long pathResponseDelayMillis;
    private final ScheduledExecutorService delayed = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "nat-delayed");
        thread.setDaemon(true);
        return thread;
    });

    NatUdpRelay(int serverPort) throws SocketException {
        this.server = new InetSocketAddress(InetAddress.getLoopbackAddress(), serverPort);
        start("nat-to-server", this::forwardFromClients);
    }

    /** The port clients send to. */
    int port() {
        return clientSide.getLocalPort();
    }

    InetSocketAddress server() {
        return server;
    }

    /** The last datagram a client sent through the relay (forwarded). */
    byte[] lastFromClient() {
        return lastFromClient;
    }

    /** Client datagrams carrying a PATH_RESPONSE reach the server {@code millis} late from now on. */
    void delayPathResponses(long millis) {
        pathResponseDelayMillis = millis;
    }

    /** The next datagram from a client is not forwarded but kept in {@link #withheld()}. */
    void withholdNext() {
        withholdNext = true;
    }

    BlockingQueue<byte[]> withheld() {
        return withheld;
    }

    @Override
    public void close() {
        delayed.shutdownNow();
        clientSide.close();
        for (Mapping mapping : mappings) {
            mapping.serverSide.close();
        }
    }

    private void forwardFromClients() {
        byte[] buffer = new byte[65_535];
        DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
        try {
            while (true) {
                packet.setLength(buffer.length);
                clientSide.receive(packet);
                byte[] datagram = Arrays.copyOf(buffer, packet.getLength());
                if (withholdNext) {
                    withholdNext = false;
                    withheld.add(datagram);
                    continue;
                }
                Mapping mapping = byClient.get(packet.getSocketAddress());
                if (mapping == null) {
                    mapping = new Mapping(packet.getSocketAddress());
                    byClient.put(mapping.client, mapping);
                    mappings.add(mapping);
                }
                String types = frameTypes(datagram);
                if (pathResponseDelayMillis > 0 && types.contains(String.valueOf(PATH_RESPONSE))) {
                    Mapping late = mapping;
                    delayed.schedule(() -> late.toServer(datagram, types), pathResponseDelayMillis,
                            TimeUnit.MILLISECONDS);
                } else {
                    mapping.toServer(datagram, types);
                }
            }
        } catch (IOException e) {
            // closed
        }
    }

    /** The frame types of a cleartext short-form datagram; "long" or "sealed" for the other kinds. */
    static String frameTypes(byte[] datagram) {
        if ((datagram[0] & 0x04) == 0) {
            return "long";
        }
        if ((datagram[0] & 0x02) != 0) {
            return "sealed";
        }
        List<Integer> types = new ArrayList<>();
        int at = SHORT_HEADER;
        while (at < datagram.length - TAG) {
            int length = 0;
            int shift = 0;
            int b;
            do {
                b = datagram[at++] & 0xFF;
                length |= (b & 0x7F) << shift;
                shift += 7;
            } while ((b & 0x80) != 0);
            types.add(datagram[at] & 0x0F);
            at += length;
        }
        return types.toString();
    }

    private static void start(String name, Runnable loop) {
        Thread thread = new Thread(loop, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** One client address and the relay's socket toward the server for it. */
    final class Mapping {
        final SocketAddress client;
        final DatagramSocket serverSide = new DatagramSocket(0, InetAddress.getLoopbackAddress());
        /** "up [types]" for a client's datagram, "down [types]" for the server's, in the order they passed. */
        final List<String> events = Collections.synchronizedList(new ArrayList<>());

        Mapping(SocketAddress client) throws SocketException {
            this.client = client;
            start("nat-to-client", this::forwardFromServer);
        }

        /**
         * The first server datagram that went through this mapping carrying more than a path challenge before the
         * client answered one through it; null when there was none.
         */
        String usedBeforeValidation() {
            synchronized (events) {
                for (String event : events) {
                    if (event.startsWith("up ") && event.contains(String.valueOf(PATH_RESPONSE))) {
                        return null;
                    }
                    if (event.startsWith("down ") && !event.equals("down [" + PATH_CHALLENGE + "]")) {
                        return event + " in " + events;
                    }
                }
                return null;
            }
        }

        /** Records and forwards a client's datagram. */
        void toServer(byte[] datagram, String types) {
            events.add("up " + types);
            lastFromClient = datagram;
            try {
                serverSide.send(new DatagramPacket(datagram, datagram.length, server));
            } catch (IOException e) {
                // closed
            }
        }

        long countDown(String types) {
            synchronized (events) {
                return events.stream().filter(("down " + types)::equals).count();
            }
        }

        private void forwardFromServer() {
            byte[] buffer = new byte[65_535];
            DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
            try {
                while (true) {
                    packet.setLength(buffer.length);
                    serverSide.receive(packet);
                    events.add("down " + frameTypes(Arrays.copyOf(buffer, packet.getLength())));
                    clientSide.send(new DatagramPacket(buffer, packet.getLength(), client));
                }
            } catch (IOException e) {
                // closed
            }
        }
    }
}
