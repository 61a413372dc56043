package org.hhfr.transports.driver;

import java.util.ArrayList;
import java.util.List;

import org.hhfr.transports.frame.Frame;

/** A link that keeps what it is given: frames written, flushes, and whether it was asked to read. */
public final class RecordingLink implements Link {
    public final List<Frame> written = new ArrayList<>();
    /** The frames of each flush, one list per flush. */
    final List<List<Frame>> flushes = new ArrayList<>();
    public boolean writable = true;
    public boolean closed;
    boolean reading = true;
    /** Frames the link takes before it turns unwritable; negative for no limit. */
    int room = -1;
    private final List<Frame> unflushed = new ArrayList<>();

    @Override
    public boolean isWritable() {
        return writable && room != 0;
    }

    @Override
    public void write(Frame frame) {
        written.add(frame);
        unflushed.add(frame);
        if (room > 0) {
            room--;
        }
    }

    @Override
    public void flush() {
        flushes.add(new ArrayList<>(unflushed));
        unflushed.clear();
    }

    @Override
    public void setReading(boolean value) {
        reading = value;
    }

    @Override
    public void close(Frame lastFrame) {
        closed = true;
        writable = false;
    }

    /** Hands what was written to {@code to}, as the network would, and forgets it. */
    public List<Frame> take() {
        List<Frame> frames = new ArrayList<>(written);
        written.clear();
        flushes.clear();
        return frames;
    }
}
