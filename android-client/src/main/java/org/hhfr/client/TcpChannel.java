package org.hhfr.client;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.concurrent.TimeUnit;

import org.hhfr.transports.Role;
import org.hhfr.transports.WireException;
import org.hhfr.transports.auth.SessionKeys;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.frame.FrameCodec;
import org.hhfr.transports.frame.FrameLimits;
import org.hhfr.transports.frame.HelloFrame;
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
 * carrying engine frames, because the engine resends what is unacknowledged only then. A reader thread
 * reads and, when the connection breaks (or stays silent past the read timeout while the server owes an
 * acknowledgement), reconnects with exponential backoff and resumes: the engine resends what was not
 * acknowledged and the server drops what it already had. A writer thread drains the engine into one buffer
 * and writes and flushes it at once, so frames offered while a write is under way leave together (flush
 * coalescing, the paper's queued sender).
 */
final class TcpChannel extends StreamChannel {
    private static final int READ_CHUNK = 16 << 10;
    private static final int MAX_BATCH = 256 << 10;
    private static final long FIRST_BACKOFF_MILLIS = 50;
    private static final long MAX_BACKOFF_MILLIS = 2_000;

    private final ClientHandshake handshake;
    private final FrameLimits frameLimits;
    /** The connection the writer writes to; {@code null} while reconnecting. Guarded by {@link #lock}. */
    private Connection current;
    /** The socket being connected, so closing the stream can abort the attempt. Guarded by {@link #lock}. */
    private Socket connecting;
    private Thread reader;
    private Thread writer;

    private TcpChannel(StreamSettings settings, HandBack handBack) {
        super(settings, ReliabilityConfig.forStream(), handBack);
        this.handshake = new ClientHandshake(settings.sessionId, SessionKeys.fromToken(settings.token, settings.epoch));
        this.frameLimits = FrameLimits.forMaxMessageSize(settings.client.maxMessageBytes());
    }

    /**
     * Connects and sends HELLO, then returns: calls can follow at once. Whether the server accepts the stream
     * is known one round trip later; if it refuses (expired or unknown session, failed proof), the calls made
     * meanwhile go to {@code handBack}. No answer, or a broken connection, is not a refusal: the stream
     * reconnects, and its calls are answered once or fail by their deadlines or with the lost stream.
     *
     * @throws HhfrException the connection cannot be set up (refused, unreachable, connect timeout)
     */
    static TcpChannel open(StreamSettings settings, HandBack handBack) throws HhfrException {
        TcpChannel channel = new TcpChannel(settings, handBack);
        Connection first;
        try {
            first = channel.dial();
        } catch (IOException e) {
            throw new HhfrException("cannot open " + channel.describe() + ": " + e.getMessage(), e);
        }
        synchronized (channel.lock) {
            channel.current = first;
        }
        channel.startThreads(first);
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

    private void startThreads(Connection first) {
        reader = new Thread(() -> runReader(first), "hhfr-tcp-reader");
        writer = new Thread(this::runWriter, "hhfr-tcp-writer");
        reader.setDaemon(true);
        writer.setDaemon(true);
        reader.start();
        writer.start();
    }

    /**
     * Opens a reconnection and completes its handshake: RESUME out (HELLO if no connection was welcomed yet),
     * WELCOME in (within the read timeout); then the engine resends what the last connection left
     * unacknowledged. A refusal here proves nothing about the calls already sent, so it loses the stream.
     *
     * @throws UnrecoverableLinkException the server refused the session or broke the protocol
     */
    private Connection reconnectOnce() throws IOException {
        Connection connection = dial();
        try {
            byte[] chunk = new byte[READ_CHUNK];
            InputStream in = connection.socket.getInputStream();
            while (!connection.welcomed) {
                int n;
                try {
                    n = in.read(chunk);
                } catch (SocketTimeoutException e) {
                    throw noHandshakeAnswer();
                }
                if (n < 0) {
                    throw new EOFException("the server closed the connection during the handshake");
                }
                decode(connection, chunk, n);
            }
            synchronized (lock) {
                current = connection;
                wakeWriterLocked();
            }
            return connection;
        } catch (IOException | RuntimeException e) {
            closeQuietly(connection.socket);
            throw e;
        }
    }

    /** Connects (within the connect timeout) and writes HELLO or RESUME. */
    private Connection dial() throws IOException {
        Socket socket = new Socket();
        synchronized (lock) {
            if (isTerminated()) {
                throw new IOException(describe() + " is closed");
            }
            connecting = socket;
        }
        try {
            socket.setTcpNoDelay(true);
            socket.connect(settings.address, settings.client.connectTimeoutMillis());
            socket.setSoTimeout(settings.client.readTimeoutMillis());
            HelloFrame hello;
            synchronized (lock) {
                hello = handshake.hello();
            }
            OutputStream out = socket.getOutputStream();
            out.write(FrameCodec.encode(hello));
            out.flush();
            return new Connection(socket);
        } catch (IOException | RuntimeException e) {
            closeQuietly(socket);
            throw e;
        } finally {
            synchronized (lock) {
                connecting = null;
            }
        }
    }

    private SocketTimeoutException noHandshakeAnswer() {
        return new SocketTimeoutException("no handshake answer from " + settings.address + " within "
                + settings.client.readTimeoutMillis() + " ms");
    }

    private void decode(Connection connection, byte[] chunk, int length) throws IOException {
        try {
            connection.decoder.decode(chunk, 0, length, frame -> {
                if (connection.welcomed) {
                    onFrame(frame);
                } else {
                    acceptHandshake(connection, frame);
                }
            });
        } catch (WireException e) {
            throw new UnrecoverableLinkException(connection.refusal != null
                    ? "the server refused the session: " + e.getMessage()
                    : "the server broke the protocol: " + e.getMessage(), e);
        }
    }

    private void acceptHandshake(Connection connection, Frame first) throws WireException {
        synchronized (lock) {
            try {
                handshake.onServerFirstFrame(first);
            } catch (WireException e) {
                connection.refusal = e;
                throw e;
            }
            if (handshake.isReconnect()) {
                engine.onTransportReset(System.nanoTime());
            }
            connection.welcomed = true;
            acceptedLocked();
        }
    }

    private void runReader(Connection first) {
        Connection connection = first;
        byte[] chunk = new byte[READ_CHUNK];
        while (connection != null) {
            try {
                readUntilBroken(connection, chunk);
            } catch (IOException e) {
                if (connection.refusal != null && !connection.welcomed) {
                    // The first connection's answer refused the stream (an ERROR, or a WELCOME without the
                    // token's proof): that server ran none of the calls carried behind the HELLO.
                    refuse(new StreamLostException(describe() + " was not accepted: " + e.getMessage(), e));
                } else if (e instanceof UnrecoverableLinkException) {
                    lose(new StreamLostException(describe() + " failed: " + e.getMessage(), e.getCause()));
                }
                // Otherwise the connection broke, perhaps after the server accepted the HELLO and ran calls
                // whose WELCOME and answers were lost: reconnect below unless the stream is over, and the
                // engine resends what is unacknowledged to a server that drops what it already ran.
            }
            synchronized (lock) {
                if (current == connection) {
                    current = null;
                }
            }
            closeQuietly(connection.socket);
            connection = isLost() ? null : reconnect();
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
                            + settings.client.readTimeoutMillis() + " ms while acknowledgements were due");
                }
                continue;
            }
            if (n < 0) {
                throw new EOFException("the server closed the connection");
            }
            decode(connection, chunk, n);
        }
    }

    /** Reconnects with backoff until it works or the stream is lost (closed, engine failed, refused). */
    private Connection reconnect() {
        long backoff = FIRST_BACKOFF_MILLIS;
        while (true) {
            synchronized (lock) {
                if (!isLost()) {
                    waitLocked(backoff);
                }
            }
            if (isLost()) {
                return null;
            }
            try {
                return reconnectOnce();
            } catch (UnrecoverableLinkException e) {
                lose(new StreamLostException(describe() + " cannot be resumed: " + e.getMessage(), e.getCause()));
                return null;
            } catch (IOException e) {
                backoff = Math.min(MAX_BACKOFF_MILLIS, backoff * 2);
            }
        }
    }

    private void runWriter() {
        byte[] buffer = new byte[8 << 10];
        while (true) {
            Connection target;
            int length = 0;
            synchronized (lock) {
                if (isTerminated()) {
                    return;
                }
                if (!awaitTransmitLocked(current != null)) {
                    continue;
                }
                target = current;
                Frame frame;
                while ((frame = pollTransmitLocked()) != null) {
                    int size = FrameCodec.encodedSize(frame);
                    if (length + size > buffer.length) {
                        byte[] grown = new byte[Math.max(buffer.length * 2, length + size)];
                        System.arraycopy(buffer, 0, grown, 0, length);
                        buffer = grown;
                    }
                    length = FrameCodec.encode(frame, buffer, length);
                    if (length >= MAX_BATCH) {
                        wakeWriterLocked();
                        break;
                    }
                }
            }
            if (length > 0) {
                try {
                    OutputStream out = target.socket.getOutputStream();
                    out.write(buffer, 0, length);
                    out.flush();
                } catch (IOException e) {
                    closeQuietly(target.socket);
                }
            }
            if (buffer.length > 2 * MAX_BATCH) {
                buffer = new byte[8 << 10];
            }
            scheduleTick();
        }
    }

    @Override
    void terminateLink() {
        Connection connection;
        Socket attempt;
        synchronized (lock) {
            connection = current;
            current = null;
            attempt = connecting;
            lock.notifyAll();
        }
        if (connection != null) {
            closeQuietly(connection.socket);
        }
        if (attempt != null) {
            closeQuietly(attempt);
        }
        join(writer);
        join(reader);
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // Closing a broken socket: nothing more to do.
        }
    }

    /** One TCP connection of the stream with its own frame decoder. */
    private final class Connection {
        final Socket socket;
        final StreamFrameDecoder decoder = new StreamFrameDecoder(Role.CLIENT, frameLimits);
        boolean welcomed;
        WireException refusal;

        Connection(Socket socket) {
            this.socket = socket;
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
