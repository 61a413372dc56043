package org.hhfr.benchmarks.session;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The control socket of the {@code hhfr-link} this JVM runs behind, at the path {@value #ENV} names: one line a
 * command, one line an answer.
 */
final class LinkControl implements Closeable {
    /** The environment variable in which hhfr-link names its control socket. */
    static final String ENV = "HHFR_LINK_CONTROL";

    private final SocketChannel channel;
    private final OutputStream commands;
    private final BufferedReader answers;

    private LinkControl(SocketChannel channel) {
        this.channel = channel;
        this.commands = Channels.newOutputStream(channel);
        this.answers = new BufferedReader(new InputStreamReader(Channels.newInputStream(channel),
                StandardCharsets.US_ASCII));
    }

    /** @throws IOException no socket at {@code path}, or it refuses the connection */
    static LinkControl connect(Path path) throws IOException {
        SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            channel.connect(UnixDomainSocketAddress.of(path));
        } catch (IOException e) {
            channel.close();
            throw new IOException("hhfr-link's control socket " + path + ": " + e.getMessage(), e);
        }
        return new LinkControl(channel);
    }

    /**
     * Makes the link's next packet, whichever way it goes, start both of the link's traces again at its arrival;
     * returns once the link has taken the request.
     *
     * @throws IOException the link did not answer "ok"
     */
    synchronized void restartTracesAtNextPacket() throws IOException {
        commands.write("restart-traces\n".getBytes(StandardCharsets.US_ASCII));
        commands.flush();
        String answer = answers.readLine();
        if (!"ok".equals(answer)) {
            throw new IOException("hhfr-link's control socket answered " + (answer == null ? "nothing" : answer)
                    + " to restart-traces");
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
