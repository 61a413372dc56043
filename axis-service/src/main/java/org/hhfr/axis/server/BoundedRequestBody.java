package org.hhfr.axis.server;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * One request's body, cut off at the size limit whatever its framing (a chunked body has no Content-Length to
 * check up front). Past the limit every read fails with {@link RequestTooLargeException} and closing no longer
 * drains the rest: the connection is dropped instead.
 */
final class BoundedRequestBody extends FilterInputStream {
    private final long limit;
    private long count;
    private boolean overLimit;

    BoundedRequestBody(InputStream body, long limit) {
        super(body);
        this.limit = limit;
    }

    boolean overLimit() {
        return overLimit;
    }

    @Override
    public int read() throws IOException {
        requireWithinLimit();
        int b = super.read();
        if (b >= 0) {
            counted(1);
        }
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        requireWithinLimit();
        int n = super.read(buffer, offset, (int) Math.min(length, limit - count + 1));
        if (n > 0) {
            counted(n);
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        requireWithinLimit();
        long skipped = super.skip(Math.min(n, limit - count + 1));
        counted(skipped);
        return skipped;
    }

    private void requireWithinLimit() throws RequestTooLargeException {
        if (overLimit) {
            throw new RequestTooLargeException(limit);
        }
    }

    /** Reading one byte more than the limit is how a body is found to be over it. */
    private void counted(long n) throws RequestTooLargeException {
        count += n;
        if (count > limit) {
            overLimit = true;
            throw new RequestTooLargeException(limit);
        }
    }

    @Override
    public void close() throws IOException {
        if (!overLimit) {
            super.close();
        }
    }

    @Override
    public boolean markSupported() {
        return false;
    }
}
