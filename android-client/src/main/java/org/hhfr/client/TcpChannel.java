package org.hhfr.client;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;

import org.hhfr.transports.Role;
import org.hhfr.transports.WireException;
import org.hhfr.transports.auth.SessionKeys;
import org.hhfr.transports.client.ReconnectBackoff;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameCodec;
import org.hhfr.transports.frame.FrameLimits;
import org.hhfr.transports.frame.SignalFrame;
import org.hhfr.transports.frame.StreamFrameDecoder;
import org.hhfr.transports.handshake.ClientHandshake;
import org.hhfr.transports.reliability.ReliabilityConfig;

/**
 * A stream over one TCP connection at a time. Each connection starts with HELLO (RESUME after the first),
 * proven with the session token. The first connection carries calls right behind its HELLO, without waiting a
 * round trip for the WELCOME (WIRE-FORMAT 3.1: the server processes them only if it accepts the handshake);
 * the WELCOME is still verified when it comes, and only an answer that refuses the stream (an ERROR, or a
 * WELCOME without the token's proof) hands the calls back to the session. A first connection that breaks or
 * stays silent before its WELCOME is ambiguous (the server may have run the calls and its WELCOME got lost):
 * it is reconnected like any broken connection, with a HELLO of a higher attempt (HELLO until welcomed, which
 * the server accepts also for a stream it already carries). A reconnection waits for its WELCOME before
 * carrying engine frames, because the engine resends what is unacknowledged only then.
 *
 * <p>Two threads: the reader connects, writes each HELLO or RESUME, reads, and when the connection breaks (or
 * stays silent past the read timeout while the server owes an acknowledgement, or, while calls await their
 * answers, leaves a PING sent after such a silence unanswered for another) reconnects with exponential
 * backoff; the writer ({@link FrameOutbox}) writes what the engine's turns queued, several turns' frames in
 * one write when they queued up meanwhile. The handshake state belongs to the reader thread.
 */
final class TcpChannel extends StreamChannel {
    private static final int READ_CHUNK = 16 << 10;

    private final ClientHandshake handshake;
    private final FrameLimits frameLimits;
    private final ReconnectBackoff backoff = new ReconnectBackoff(50, 2_000);
    /** The connection being connected or read, so that terminating the stream can close it. Guarded by this. */
    private StreamSocket socket;
    private Thread reader;

    private final Reconnections reconnections;

    private TcpChannel(StreamSettings settings, HandBack handBack, Reconnections reconnections) {
        super(settings, ReliabilityConfig.forStream(), handBack);
        this.reconnections = reconnections;
        this.handshake = new ClientHandshake(settings.sessionId, SessionKeys.fromToken(settings.token, settings.epoch),
                settings.early);
        this.frameLimits = FrameLimits.forMaxMessageSize(engineConfig.maxInboundMessageSize());
    }

    /**
     * Connects and sends HELLO, then returns: calls can follow at once. Whether the server accepts the stream
     * is known one round trip later; if it refuses (expired or unknown session, failed proof), the calls made
     * meanwhile go to {@code handBack}. No answer, or a broken connection, is not a refusal: the stream
     * reconnects, and its calls are answered once or fail by their deadlines or with the lost stream.
     *
     * @param first the stream's first connection: connected already when it was opened while negotiating (TLS
     *              done when the service is reached over https), which the stream takes over; else connected now.
     *              Closing it meanwhile ends the connect
     * @throws HhfrException the connection cannot be set up (refused, unreachable, connect timeout, closed)
     */
    static TcpChannel open(StreamSettings settings, HandBack handBack, Reconnections reconnections,
                           StreamSocket first) throws HhfrException {
        TcpChannel channel = new TcpChannel(settings, handBack, reconnections);
        Connection connection;
        try {
            connection = channel.dial(first);
        } catch (IOException e) {
            throw new HhfrException("cannot open " + channel.describe() + ": " + e.getMessage(), e);
        }
        channel.context.execute(() -> channel.stream.attach(connection.link, false));
        channel.outbox.start("hhfr-tcp-writer");
        channel.reader = new Thread(() -> channel.runReader(connection), "hhfr-tcp-reader");
        channel.reader.setDaemon(true);
        channel.reader.start();
        return channel;
    }

    @Override
    public Mode mode() {
        return Mode.HHFR_TCP;
    }

    @Override
    String describe() {
        return settings.describe("TCP");
    }

    /** Connects {@code attempt} (and TLS for an encrypted stream) unless done, and writes HELLO or RESUME. */
    private Connection dial(StreamSocket attempt) throws IOException {
        synchronized (this) {
            if (isTerminated()) {
                attempt.close();
                throw new IOException(describe() + " is closed");
            }
            socket = attempt;
        }
        try {
            Socket connected = attempt.connect(settings.address, settings.client, settings.encrypted);
            OutputStream out = connected.getOutputStream();
            out.write(FrameCodec.encode(handshake.hello()));
            out.flush();
            return new Connection(connected, attempt.connectNanos());
        } catch (IOException | RuntimeException e) {
            attempt.close();
            throw e;
        }
    }

    private void runReader(Connection first) {
        Connection connection = first;
        byte[] chunk = new byte[READ_CHUNK];
        while (connection != null) {
            String broken = null;
            try {
                readUntilBroken(connection, chunk);
            } catch (IOException e) {
                if (connection == first && connection.refusal != null) {
                    // The first connection's answer refused the stream (an ERROR, or a WELCOME without the
                    // token's proof): that server ran none of the calls carried behind the HELLO.
                    refuse(new StreamLostException(describe() + " was not accepted: " + e.getMessage(), e));
                } else if (e instanceof UnrecoverableLinkException) {
                    lose(new StreamLostException(describe() + " failed: " + e.getMessage(), e.getCause()));
                } else {
                    // The connection broke, perhaps after the server accepted the HELLO and ran calls whose
                    // WELCOME and answers were lost: reconnect below unless the stream is over, and the
                    // engine resends what is unacknowledged to a server that drops what it already ran.
                    broken = String.valueOf(e.getMessage());
                }
            }
            SocketLink link = connection.link;
            context.execute(() -> stream.detach(link));
            closeQuietly(connection.socket);
            // While closing, the server ending the connection (after TERMINATE, or not) is the stream's end.
            boolean over = isLost() || isClosing();
            if (broken != null && !over) {
                reconnections.reconnecting(broken);
            }
            connection = over ? null : reconnect();
        }
    }

    private void readUntilBroken(Connection connection, byte[] chunk) throws IOException {
        InputStream in = connection.socket.getInputStream();
        while (!isLost()) {
            int n;
            try {
                n = in.read(chunk);
            } catch (SocketTimeoutException e) {
                if (!connection.welcomed) {
                    throw noHandshakeAnswer();
                }
                if (awaitingPeer()) {
                    throw new SocketTimeoutException("the server was silent for "
                            + settings.client.readTimeoutMillis + " ms while acknowledgements were due");
                }
                if (connection.probed) {
                    throw new SocketTimeoutException("the server did not answer a probe within "
                            + settings.client.readTimeoutMillis + " ms while calls awaited their answers");
                }
                if (awaitingAnswers()) {
                    // Everything is acknowledged, but the server owes answers, which a dead connection would
                    // never bring: it answers a PING at once, so the next silence past the read timeout means
                    // the connection is gone, and the resumed one brings the answers the engine resends.
                    connection.probed = true;
                    probe(connection);
                }
                continue;
            }
            connection.probed = false;
            if (n < 0) {
                throw new EOFException("the server closed the connection" + (connection.welcomed ? ""
                        : " during the handshake"));
            }
            decode(connection, chunk, n);
        }
    }

    /** Decodes a chunk: the handshake answer first, then frames for the engine, handed over in one task. */
    private void decode(Connection connection, byte[] chunk, int length) throws IOException {
        List<Frame> frames = new ArrayList<>();
        try {
            connection.decoder.decode(chunk, 0, length, frame -> {
                if (connection.welcomed) {
                    frames.add(frame);
                } else {
                    welcome(connection, frame);
                }
            });
        } catch (WireException e) {
            throw new UnrecoverableLinkException(connection.refusal != null
                    ? "the server refused the session: " + e.getMessage()
                    : "the server broke the protocol: " + e.getMessage(), e);
        } finally {
            if (!frames.isEmpty()) {
                context.execute(() -> receive(frames));
            }
        }
    }

    /**
     * Checks the server's first frame. The first connection is the stream's link from its HELLO on; a
     * reconnection becomes it only now, and the engine resends what the last one left unacknowledged.
     */
    private void welcome(Connection connection, Frame first) throws WireException {
        try {
            handshake.onServerFirstFrame(first);
        } catch (WireException e) {
            connection.refusal = e;
            throw e;
        }
        connection.welcomed = true;
        backoff.reset();
        boolean resumed = handshake.isReconnect();
        context.execute(() -> {
            accepted();
            if (resumed) {
                stream.attach(connection.link, true);
            }
        });
        if (resumed) {
            reconnections.resumed();
        }
    }

    /** Asks the server to acknowledge at once on {@code connection}, if it is still the stream's link. */
    private void probe(Connection connection) {
        context.execute(() -> {
            if (!isLost() && stream.driver().link() == connection.link) {
                connection.link.write(SignalFrame.PING);
                connection.link.flush();
            }
        });
    }

    private SocketTimeoutException noHandshakeAnswer() {
        return new SocketTimeoutException("no handshake answer from " + settings.address + " within "
                + settings.client.readTimeoutMillis + " ms");
    }

    /**
     * Reconnects with backoff until it works or the stream is lost (closed, engine failed, refused). A refusal
     * of a reconnection proves nothing about the calls already sent, so it loses the stream.
     */
    private Connection reconnect() {
        while (true) {
            long delay = backoff.nextDelayMillis();
            try {
                Thread.sleep(delay);
            } catch (InterruptedException e) {
                return null;
            }
            if (isLost()) {
                return null;
            }
            try {
                return dial(new StreamSocket());
            } catch (IOException e) {
                if (isLost()) {
                    return null;
                }
            }
        }
    }

    @Override
    void terminateLink() {
        StreamSocket open;
        synchronized (this) {
            open = socket;
            socket = null;
        }
        if (open != null) {
            open.close();
        }
        if (reader != null) {
            reader.interrupt();
        }
        join(reader);
    }

    static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // Closing a broken socket: nothing more to do.
        }
    }

    /** Hears a stream's reconnections, on its reader thread; must not block. */
    interface Reconnections {
        /** The connection broke or fell silent ({@code cause}); the stream reconnects. */
        void reconnecting(String cause);

        /** A reconnection was welcomed: the stream goes on where it was. */
        void resumed();
    }

    /** One TCP connection of the stream with its own frame decoder. */
    private final class Connection {
        final Socket socket;
        final StreamFrameDecoder decoder = new StreamFrameDecoder(Role.CLIENT, frameLimits);
        final SocketLink link;
        boolean welcomed;
        WireException refusal;
        /** A PING went out after a silence past the read timeout, and nothing was read since. Reader only. */
        boolean probed;

        Connection(Socket socket, long connectNanos) {
            this.socket = socket;
            this.link = new SocketLink(socket, outbox, connectNanos);
        }
    }

    /**
     * The server refused the handshake (unknown or expired session, failed proof) or sent what the protocol
     * forbids (malformed or oversized frames): reconnecting cannot help, the stream is lost.
     */
    private static final class UnrecoverableLinkException extends IOException {
        private static final long serialVersionUID = 1L;

        UnrecoverableLinkException(String message, WireException cause) {
            super(message, cause);
        }
    }
}
