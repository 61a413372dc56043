package org.hhfr.transports.frame;

import org.hhfr.transports.WireException;

/** Receives frames as a decoder completes them; may refuse one, which stops decoding. */
@FunctionalInterface
public interface FrameConsumer {
    void accept(Frame frame) throws WireException;
}
