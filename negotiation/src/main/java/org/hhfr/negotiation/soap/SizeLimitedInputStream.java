package org.hhfr.negotiation.soap;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Fails with a {@link MalformedEnvelopeException} once more than a fixed number of bytes has been read, so
 * a peer cannot make a reader buffer without bound.
 */
public final class SizeLimitedInputStream extends FilterInputStream {
    private final long limit;
    private long count;

    public SizeLimitedInputStream(InputStream in, long limit) {
        super(in);
        this.limit = limit;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            count(1);
        }
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        int n = super.read(buffer, offset, length);
        if (n > 0) {
            count(n);
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        long skipped = super.skip(n);
        count(skipped);
        return skipped;
    }

    @Override
    public boolean markSupported() {
        return false;
    }

    private void count(long n) throws MalformedEnvelopeException {
        count += n;
        if (count > limit) {
            throw new MalformedEnvelopeException("message larger than the limit of " + limit + " bytes");
        }
    }
}
