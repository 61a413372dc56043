package org.hhfr.transports.sim;

import java.util.ArrayList;
import java.util.List;
import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.Role;
import org.hhfr.transports.WireException;
import org.hhfr.transports.frame.Frame;
import org.hhfr.transports.reliability.EngineEvent;
import org.hhfr.transports.reliability.ReliabilityEngine;

/**
 * One side of a simulated session: an engine, a test application, and the same loop a real adapter runs after
 * every input: drain frames onto the link, let the application consume, handle events, arm the timer.
 */
final class SimulatedPeer {
    /** {@code -Dhhfr.sim.trace=true} prints every frame with its virtual time, to follow a replayed seed. */
    private static final boolean TRACE = Boolean.getBoolean("hhfr.sim.trace");

    final Role role;
    final ReliabilityEngine engine;
    final PeerApplication app;
    private final Simulator sim;
    private final List<String> problems = new ArrayList<>();
    private FrameLink link;
    private long tickAt = ReliabilityEngine.NO_DEADLINE;
    private long wakeAt = ReliabilityEngine.NO_DEADLINE;
    private int maxInFlight;
    /** Each change of the congestion window: virtual time and new window. */
    private final List<long[]> windowChanges = new ArrayList<>();
    private EngineEvent failure;
    private long failedAt = -1;

    SimulatedPeer(Role role, ReliabilityEngine engine, PeerApplication app, Simulator sim) {
        this.role = role;
        this.engine = engine;
        this.app = app;
        this.sim = sim;
    }

    void start() {
        app.start(engine);
        run();
    }

    void attach(FrameLink newLink) {
        link = newLink;
    }

    /** The link died; a newer one attached meanwhile stays. */
    void detach(FrameLink deadLink) {
        if (link == deadLink) {
            link = null;
        }
    }

    void receive(Frame frame) {
        trace("<- ", frame);
        try {
            engine.receive(frame, sim.now());
        } catch (WireException e) {
            problems.add(role + " engine refused " + frame.type() + ": " + e.getMessage());
        }
    }

    void problem(String description) {
        problems.add(role + ": " + description);
    }

    /** The adapter loop, run after every input. */
    void run() {
        boolean active = true;
        while (active) {
            active = false;
            if (link != null) {
                Frame frame;
                while ((frame = engine.pollTransmit(sim.now())) != null) {
                    trace("-> ", frame);
                    link.send(frame);
                    active = true;
                }
                link.flush();
            }
            maxInFlight = Math.max(maxInFlight, engine.inFlight());
            long window = engine.congestionWindow();
            if (windowChanges.isEmpty() || windowChanges.get(windowChanges.size() - 1)[1] != window) {
                windowChanges.add(new long[] {sim.now(), window});
            }
            active |= app.consume(engine, sim.now());
            EngineEvent event;
            while ((event = engine.pollEvent()) != null) {
                if (event.kind() == EngineEvent.Kind.FAILED) {
                    failure = event;
                    failedAt = sim.now();
                }
                trace("!! ", event);
                app.onEvent(event, engine);
                active = true;
            }
        }
        schedule();
    }

    private void trace(String direction, Object what) {
        if (TRACE) {
            System.out.printf("%10.3f %s %s%s%n", sim.now() / 1e6, role, direction, what);
        }
    }

    private void schedule() {
        long deadline = engine.nextDeadline();
        if (deadline != ReliabilityEngine.NO_DEADLINE && deadline != tickAt) {
            tickAt = deadline;
            sim.at(deadline, () -> {
                if (tickAt == deadline) {
                    tickAt = ReliabilityEngine.NO_DEADLINE;
                    engine.tick(sim.now());
                    run();
                }
            });
        }
        long busy = app.busyUntil();
        if (busy != ReliabilityEngine.NO_DEADLINE && busy != wakeAt) {
            wakeAt = busy;
            sim.at(busy, () -> {
                if (wakeAt == busy) {
                    wakeAt = ReliabilityEngine.NO_DEADLINE;
                    run();
                }
            });
        }
    }

    boolean isDone() {
        return engine.state() != ReliabilityEngine.State.OPEN;
    }

    /** The congestion window after each turn in which it changed: {time, bytes}. */
    List<long[]> windowChanges() {
        return windowChanges;
    }

    int maxInFlight() {
        return maxInFlight;
    }

    EngineEvent failure() {
        return failure;
    }

    /** Virtual time of the failure, or -1. */
    long failedAt() {
        return failedAt;
    }

    /** Everything wrong on this side, or an empty list. */
    List<String> problems() {
        List<String> all = new ArrayList<>(problems);
        if (failure != null) {
            all.add(role + " engine " + failure);
        }
        if (app.problem() != null) {
            all.add(role + " application: " + app.problem());
        }
        return all;
    }

    /** Whether a failure with {@code code} ended this side. */
    boolean failedWith(ErrorCode code) {
        return failure != null && failure.code() == code;
    }
}
