package org.hhfr.negotiation.description;

import java.io.IOException;

/** A compiled service description that cannot be read: truncated, corrupted, hostile or over a limit. */
public final class MalformedDescriptionException extends IOException {
    private static final long serialVersionUID = 1L;

    private final long offset;

    MalformedDescriptionException(long offset, String reason) {
        super("malformed service description at byte " + offset + ": " + reason);
        this.offset = offset;
    }

    /** Where in the description the reader stopped. */
    public long offset() {
        return offset;
    }
}
