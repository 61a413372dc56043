package org.hhfr.benchmarks.link;

import java.io.DataInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Arrays;

/**
 * Runs inside the emulated namespace: measures round trips of 64-byte messages over one TCP connection to
 * {@link EmulatedLinkTest}'s server, then downloads a given number of bytes on a second connection, and prints
 * {@code rtt-median MS} and {@code download BYTES MS}.
 */
public final class TcpProbeClient {
    private TcpProbeClient() {}

    public static void main(String[] args) throws Exception {
        String host = System.getenv(EmulatedLink.SERVER_ADDRESS_ENV);
        int port = Integer.parseInt(args[0]);
        int pings = Integer.parseInt(args[1]);
        double[] rtts = new double[pings];
        try (Socket socket = connect(host, port)) {
            OutputStream out = socket.getOutputStream();
            DataInputStream in = new DataInputStream(socket.getInputStream());
            byte[] message = new byte[64];
            message[0] = 'E';
            for (int i = 0; i < pings; i++) {
                long sent = System.nanoTime();
                out.write(message);
                in.readFully(new byte[64]);
                rtts[i] = (System.nanoTime() - sent) / 1e6;
                Thread.sleep(20);
            }
        }
        Arrays.sort(rtts);
        System.out.println("rtt-median " + rtts[pings / 2]);
        try (Socket socket = connect(host, port)) {
            socket.getOutputStream().write('D');
            InputStream in = socket.getInputStream();
            long start = System.nanoTime();
            long bytes = 0;
            byte[] buffer = new byte[65536];
            for (int n; (n = in.read(buffer)) > 0; ) {
                bytes += n;
            }
            System.out.println("download " + bytes + " " + (System.nanoTime() - start) / 1e6);
        }
    }

    private static Socket connect(String host, int port) throws Exception {
        Socket socket = new Socket();
        socket.setTcpNoDelay(true);
        socket.setSoTimeout(30_000);
        socket.connect(new InetSocketAddress(host, port), 10_000);
        return socket;
    }
}
