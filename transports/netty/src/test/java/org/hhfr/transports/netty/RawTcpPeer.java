package org.hhfr.transports.netty;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;
import org.hhfr.transports.Role;
import org.hhfr.transports.WireException;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameCodec;
import org.hhfr.transports.frame.FrameLimits;
import org.hhfr.transports.frame.StreamFrameDecoder;

/** A hand-driven TCP client for hostile and silent-peer tests: writes raw bytes, reads the server's frames. */
final class RawTcpPeer implements AutoCloseable {
    private final Socket socket;
    private final StreamFrameDecoder decoder = new StreamFrameDecoder(Role.CLIENT, FrameLimits.defaults());
    private final List<Frame> received = new ArrayList<>();
    private boolean closedByServer;

    RawTcpPeer(int port) throws IOException {
        this(port, InetAddress.getByName(TestSessions.LOOPBACK));
    }

    /** A peer connecting from {@code local}, one of the loopback addresses (127.0.0.0/8 on Linux). */
    RawTcpPeer(int port, InetAddress local) throws IOException {
        socket = new Socket(InetAddress.getByName(TestSessions.LOOPBACK), port, local, 0);
        socket.setTcpNoDelay(true);
    }

    RawTcpPeer send(byte[] bytes) throws IOException {
        socket.getOutputStream().write(bytes);
        socket.getOutputStream().flush();
        return this;
    }

    RawTcpPeer send(Frame frame) throws IOException {
        return send(FrameCodec.encode(frame));
    }

    /** Closes the sending half: the server sees the end of the stream. */
    void shutdownOutput() throws IOException {
        socket.shutdownOutput();
    }

    /** Reads frames until the server closes the connection or {@code millis} pass; the frames so far. */
    List<Frame> readUntilClosed(int millis) throws IOException, WireException {
        long deadline = System.currentTimeMillis() + millis;
        InputStream in = socket.getInputStream();
        byte[] buffer = new byte[4096];
        while (!closedByServer) {
            long left = deadline - System.currentTimeMillis();
            if (left <= 0) {
                break;
            }
            socket.setSoTimeout((int) left);
            int n;
            try {
                n = in.read(buffer);
            } catch (SocketTimeoutException e) {
                break;
            } catch (IOException e) {
                closedByServer = true;
                break;
            }
            if (n < 0) {
                closedByServer = true;
            } else {
                decoder.decode(buffer, 0, n, received::add);
            }
        }
        return received;
    }

    boolean closedByServer() {
        return closedByServer;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
