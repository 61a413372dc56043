package org.hhfr.transports.reliability;

import java.util.Arrays;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.WireException;
import org.hhfr.transports.frame.DataFrame;

/**
 * Joins the fragments of one message as they are delivered in order, refusing fragments that do not continue
 * the message being built and messages larger than the configured maximum (a message of one frame too: a frame
 * may have been decoded under a larger limit than this sequence's, as those a client sends right behind its
 * HELLO are, before the server knows which session's limits apply).
 */
final class MessageAssembler {
    private final int maxMessageSize;
    private DataFrame head;
    private byte[] buffer;
    private int size;

    MessageAssembler(int maxMessageSize) {
        this.maxMessageSize = maxMessageSize;
    }

    boolean inProgress() {
        return head != null;
    }

    /** Forgets a partly built message (its remaining fragments were lost). */
    void discard() {
        head = null;
        buffer = null;
        size = 0;
    }

    /** Adds the next fragment in order; returns the message it completes, or {@code null}. */
    DeliveredMessage add(DataFrame fragment) throws WireException {
        if (head == null) {
            if (fragment.isContinuation()) {
                throw new WireException(ErrorCode.SEQUENCE_VIOLATION,
                        "message " + fragment.messageNumber() + " continues no message");
            }
            if (!fragment.hasMore()) {
                if (fragment.payload().length > maxMessageSize) {
                    throw new WireException(ErrorCode.TOO_LARGE, "message " + fragment.messageNumber()
                            + " exceeds the maximum message size of " + maxMessageSize + " bytes");
                }
                return new DeliveredMessage(fragment.messageNumber(), fragment.operation(),
                        fragment.correlation(), fragment.payload());
            }
            head = fragment;
            buffer = new byte[Math.min(maxMessageSize, Math.max(4096, 4 * fragment.payload().length))];
            size = 0;
        } else if (!fragment.isContinuation()) {
            throw new WireException(ErrorCode.SEQUENCE_VIOLATION, "message " + fragment.messageNumber()
                    + " starts before message " + head.messageNumber() + " ended");
        }
        append(fragment.payload());
        if (fragment.hasMore()) {
            return null;
        }
        DeliveredMessage message = new DeliveredMessage(head.messageNumber(), head.operation(), head.correlation(),
                size == buffer.length ? buffer : Arrays.copyOf(buffer, size));
        discard();
        return message;
    }

    private void append(byte[] part) throws WireException {
        if (part.length > maxMessageSize - size) {
            throw new WireException(ErrorCode.TOO_LARGE, "message " + head.messageNumber()
                    + " exceeds the maximum message size of " + maxMessageSize + " bytes");
        }
        if (size + part.length > buffer.length) {
            buffer = Arrays.copyOf(buffer, (int) Math.min(maxMessageSize, Math.max(size + part.length,
                    2L * buffer.length)));
        }
        System.arraycopy(part, 0, buffer, size, part.length);
        size += part.length;
    }
}
