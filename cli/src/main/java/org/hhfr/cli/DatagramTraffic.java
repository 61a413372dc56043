package org.hhfr.cli;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.DatagramSocketImpl;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.SocketOptions;
import java.nio.channels.DatagramChannel;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts the UDP payload bytes of every {@code java.net.DatagramSocket} this process creates after
 * {@link #install()}, by giving {@code DatagramSocket} a socket implementation that forwards to a JDK
 * datagram channel's socket and adds up each datagram sent and received. The client library's UDP streams
 * use {@code DatagramSocket}; the Netty stream server uses NIO channels directly and is not counted, so an
 * embedded server does not disturb the numbers. The JDK accepts such a factory once per process; when
 * something else installed one first, UDP bytes cannot be counted and {@link #install()} says so.
 */
@SuppressWarnings("deprecation") // DatagramSocketImpl factories are deprecated, and the only public hook
final class DatagramTraffic {
    static final String SOURCE = "datagram-socket-counter";
    private static final AtomicLong SENT = new AtomicLong();
    private static final AtomicLong RECEIVED = new AtomicLong();
    private static boolean installed;
    private static boolean unavailable;

    private DatagramTraffic() {
    }

    /** Installs the counting implementation once per process; false when another factory was there first. */
    static synchronized boolean install() {
        if (!installed && !unavailable) {
            try {
                DatagramSocket.setDatagramSocketImplFactory(CountingDatagramSocket::new);
                installed = true;
            } catch (IOException e) {
                unavailable = true;
            }
        }
        return installed;
    }

    /** Datagram payload bytes sent and received so far by counted sockets. */
    static ByteCounts total() {
        return new ByteCounts(SENT.get(), RECEIVED.get());
    }

    /** A datagram socket implementation over a channel's socket that counts payload bytes. */
    private static final class CountingDatagramSocket extends DatagramSocketImpl {
        private DatagramSocket socket;

        @Override
        protected void create() throws SocketException {
            try {
                socket = DatagramChannel.open().socket();
            } catch (SocketException e) {
                throw e;
            } catch (IOException e) {
                throw new SocketException("cannot open a datagram channel: " + e.getMessage());
            }
        }

        @Override
        protected void bind(int port, InetAddress address) throws SocketException {
            socket.bind(new InetSocketAddress(address, port));
            localPort = socket.getLocalPort();
        }

        @Override
        protected void connect(InetAddress address, int port) throws SocketException {
            socket.connect(address, port);
        }

        @Override
        protected void disconnect() {
            socket.disconnect();
        }

        @Override
        protected void send(DatagramPacket packet) throws IOException {
            socket.send(packet);
            SENT.addAndGet(packet.getLength());
        }

        @Override
        protected void receive(DatagramPacket packet) throws IOException {
            socket.receive(packet);
            RECEIVED.addAndGet(packet.getLength());
        }

        @Override
        protected int peek(InetAddress address) throws IOException {
            throw new SocketException("peeking is not supported by the counting datagram socket");
        }

        @Override
        protected int peekData(DatagramPacket packet) throws IOException {
            throw new SocketException("peeking is not supported by the counting datagram socket");
        }

        @Override
        protected void close() {
            if (socket != null) {
                socket.close();
            }
        }

        @Override
        public void setOption(int option, Object value) throws SocketException {
            switch (option) {
                case SocketOptions.SO_TIMEOUT:
                    socket.setSoTimeout((Integer) value);
                    break;
                case SocketOptions.SO_SNDBUF:
                    socket.setSendBufferSize((Integer) value);
                    break;
                case SocketOptions.SO_RCVBUF:
                    socket.setReceiveBufferSize((Integer) value);
                    break;
                case SocketOptions.SO_REUSEADDR:
                    socket.setReuseAddress((Boolean) value);
                    break;
                case SocketOptions.SO_BROADCAST:
                    socket.setBroadcast((Boolean) value);
                    break;
                case SocketOptions.IP_TOS:
                    socket.setTrafficClass((Integer) value);
                    break;
                default:
                    throw new SocketException("option " + option + " is not supported by the counting datagram socket");
            }
        }

        @Override
        public Object getOption(int option) throws SocketException {
            switch (option) {
                case SocketOptions.SO_TIMEOUT:
                    return socket.getSoTimeout();
                case SocketOptions.SO_BINDADDR:
                    return socket.getLocalAddress();
                case SocketOptions.SO_SNDBUF:
                    return socket.getSendBufferSize();
                case SocketOptions.SO_RCVBUF:
                    return socket.getReceiveBufferSize();
                case SocketOptions.SO_REUSEADDR:
                    return socket.getReuseAddress();
                case SocketOptions.SO_BROADCAST:
                    return socket.getBroadcast();
                case SocketOptions.IP_TOS:
                    return socket.getTrafficClass();
                default:
                    throw new SocketException("option " + option + " is not supported by the counting datagram socket");
            }
        }

        @Override
        protected void setTTL(byte ttl) throws IOException {
            throw noMulticast();
        }

        @Override
        protected byte getTTL() throws IOException {
            throw noMulticast();
        }

        @Override
        protected void setTimeToLive(int ttl) throws IOException {
            throw noMulticast();
        }

        @Override
        protected int getTimeToLive() throws IOException {
            throw noMulticast();
        }

        @Override
        protected void join(InetAddress group) throws IOException {
            throw noMulticast();
        }

        @Override
        protected void leave(InetAddress group) throws IOException {
            throw noMulticast();
        }

        @Override
        protected void joinGroup(SocketAddress group, NetworkInterface nif) throws IOException {
            throw noMulticast();
        }

        @Override
        protected void leaveGroup(SocketAddress group, NetworkInterface nif) throws IOException {
            throw noMulticast();
        }

        private static SocketException noMulticast() {
            return new SocketException("multicast is not supported by the counting datagram socket");
        }
    }
}
