package org.hhfr.client;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;

/**
 * A local TCP endpoint whose connects never complete, as a host that drops every SYN: a listening socket that
 * never accepts, its accept queue full, so that the kernel answers no further SYN.
 */
final class UnansweredEndpoint implements AutoCloseable {
    private final ServerSocket listening;
    /** The connections that fill the accept queue. */
    private final List<Socket> queued = new ArrayList<>();

    UnansweredEndpoint() throws IOException {
        listening = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        for (int i = 0; i < 10; i++) {
            Socket socket = new Socket();
            try {
                socket.connect(listening.getLocalSocketAddress(), 200);
            } catch (SocketTimeoutException e) {
                socket.close();
                return; // the queue is full: connects go unanswered from now on
            }
            queued.add(socket);
        }
        close();
        throw new IOException("the accept queue of " + listening + " did not fill");
    }

    int port() {
        return listening.getLocalPort();
    }

    @Override
    public void close() throws IOException {
        for (Socket socket : queued) {
            socket.close();
        }
        listening.close();
    }
}
