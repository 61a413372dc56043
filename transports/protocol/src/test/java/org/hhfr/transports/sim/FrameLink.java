package org.hhfr.transports.sim;

import org.hhfr.transports.frame.Frame;

/** Where a simulated peer's outgoing frames go while it has a link. */
interface FrameLink {
    void send(Frame frame);

    /** Called after the peer drained its engine: push out anything batched. */
    void flush();
}
