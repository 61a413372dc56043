package org.hhfr.axis.server;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;

/**
 * One request's body, cut off at the size limit whatever its framing (a chunked body has no Content-Length to
 * check up front) and at a deadline for the whole body: before each read the socket's timeout is set to the
 * time left, so a client that sends a few bytes and stalls, or trickles them, holds its request thread at most
 * the request timeout. The first failure (over the limit, past the deadline, broken framing) is an
 * {@link UnreadableBodyException}, thrown again by every later read; closing then neither drains the rest nor
 * fails, and the connection is dropped instead of reused ({@link #failed()}).
 */
final class BoundedRequestBody extends FilterInputStream {
    private final long limit;
    private final long timeoutMillis;
    private final long deadlineNanos;
    private final IntConsumer socketTimeout;
    private final byte[] one = new byte[1];
    private long count;
    private UnreadableBodyException failure;

    /**
     * @param socketTimeout sets the connection's read timeout, in milliseconds
     */
    BoundedRequestBody(InputStream body, long limit, long timeoutMillis, IntConsumer socketTimeout) {
        super(body);
        this.limit = limit;
        this.timeoutMillis = timeoutMillis;
        this.deadlineNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        this.socketTimeout = socketTimeout;
    }

    /** Whether reading stopped before the body's end: the connection must not carry another request. */
    boolean failed() {
        return failure != null;
    }

    @Override
    public int read() throws IOException {
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        beforeRead();
        int n;
        try {
            n = super.read(buffer, offset, (int) Math.min(length, limit - count + 1));
        } catch (UnreadableBodyException e) {
            throw fail(e);
        } catch (SocketTimeoutException e) {
            throw fail(UnreadableBodyException.timedOut(timeoutMillis));
        } catch (IOException e) {
            throw fail(UnreadableBodyException.broken(e));
        }
        if (n > 0) {
            counted(n);
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        byte[] sink = new byte[(int) Math.min(n, 8192)];
        int skipped = read(sink, 0, sink.length);
        return Math.max(skipped, 0);
    }

    private void beforeRead() throws UnreadableBodyException {
        if (failure != null) {
            throw failure;
        }
        long leftMillis = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
        if (leftMillis <= 0) {
            throw fail(UnreadableBodyException.timedOut(timeoutMillis));
        }
        socketTimeout.accept((int) Math.min(leftMillis, Integer.MAX_VALUE));
    }

    /** Reading one byte more than the limit is how a body is found to be over it. */
    private void counted(long n) throws UnreadableBodyException {
        count += n;
        if (count > limit) {
            throw fail(UnreadableBodyException.tooLarge(limit));
        }
    }

    private UnreadableBodyException fail(UnreadableBodyException e) {
        failure = e;
        return e;
    }

    /**
     * Reads what is left of the body (within the limit and the deadline), so the connection can carry the next
     * request; a body that cannot be read to its end is left as it is and the connection is dropped.
     */
    @Override
    public void close() {
        byte[] sink = new byte[8192];
        try {
            while (read(sink, 0, sink.length) >= 0) {
                // drained
            }
            super.close();
        } catch (UnreadableBodyException recorded) {
            // the connection is closed instead of reused
        } catch (IOException e) {
            fail(UnreadableBodyException.broken(e));
        }
    }

    @Override
    public boolean markSupported() {
        return false;
    }
}
