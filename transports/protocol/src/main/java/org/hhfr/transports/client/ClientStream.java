package org.hhfr.transports.client;

import java.util.List;
import java.util.function.LongSupplier;

import org.hhfr.transports.ErrorCode;
import org.hhfr.transports.driver.EngineDriver;
import org.hhfr.transports.driver.Link;
import org.hhfr.transports.driver.SerialContext;
import org.hhfr.transports.fault.StreamCancel;
import org.hhfr.transports.reliability.DeliveredMessage;
import org.hhfr.transports.reliability.EngineEvent;
import org.hhfr.transports.reliability.ReliabilityEngine;

/**
 * The client's side of one stream, the same for the java.net client and the Netty client: its engine, driven
 * by an {@link EngineDriver} in the stream's serial context, the calls waiting for room and for their
 * responses ({@link ClientCalls}), the links it is given (a TCP connection after another, or one UDP socket),
 * the graceful close (every call made before is still answered, then both sequences close) and the end,
 * which closes the link, stops the driver and hands the unanswered calls to the owner. Establishing links,
 * handshakes and reconnecting are the owner's. Confined to the serial context, like its engine.
 *
 * <p>A client reads always (a client that stopped reading while its server does the same would deadlock
 * both) and takes every response at once.
 *
 * @param <C> the owner's record of one call
 */
public final class ClientStream<C extends ClientCalls.Call> implements EngineDriver.Listener {
    /** What the owner does with the stream's outcomes. Called in the serial context. */
    public interface Owner<C> {
        /** The message answering {@code call}: its response, or a fault if its operation is the fault's. */
        void answered(C call, DeliveredMessage message);

        /**
         * The stream ended: finished gracefully ({@code failure} null) or failed. {@code unanswered} are the
         * calls the stream still held, now the owner's to fail.
         */
        void ended(EngineEvent failure, List<C> unanswered);
    }

    private final EngineDriver driver;
    private final Owner<C> owner;
    private final ClientCalls<C> calls = new ClientCalls<>();
    private boolean closeRequested;
    private boolean closing;
    private boolean ended;

    /** @param clock monotonic nanoseconds, the engine's time */
    public ClientStream(ReliabilityEngine engine, SerialContext context, LongSupplier clock, Owner<C> owner) {
        this.driver = new EngineDriver(engine, context, clock, this);
        this.owner = owner;
    }

    public EngineDriver driver() {
        return driver;
    }

    public ReliabilityEngine engine() {
        return driver.engine();
    }

    /** Whether calls may still be made: not ended, not closing. */
    public boolean isOpen() {
        return !ended && !closing && !closeRequested && engine().state() == ReliabilityEngine.State.OPEN;
    }

    public boolean isEnded() {
        return ended;
    }

    /**
     * Queues {@code call} behind the calls waiting for room and offers what the engine takes; a turn follows
     * (once for many calls). False, and nothing queued, when the stream is not {@linkplain #isOpen open}.
     */
    public boolean call(C call) {
        if (!isOpen()) {
            return false;
        }
        calls.add(call);
        offerWaiting();
        driver.requestRun();
        return true;
    }

    /**
     * Abandons {@code call}: the stream forgets it, so it no longer takes room (one waiting for room is never
     * sent) and its response, if one comes, is dropped. For a call already sent, a {@link StreamCancel} message
     * tells the server to skip it if it has not started it (when the engine has room for it now; it is advice).
     * Nothing happens for a call the stream no longer holds.
     */
    public void cancel(C call) {
        long number = calls.cancel(call);
        if (number != 0 && !ended && !closing && engine().state() == ReliabilityEngine.State.OPEN) {
            engine().offer(StreamCancel.payload(), StreamCancel.OPERATION, number);
            driver.requestRun();
        }
    }

    /** Calls sent and not answered yet: the peer owes the client something. */
    public int awaitingResponse() {
        return calls.awaitingResponse();
    }

    /** Takes every call the stream holds (sent ones first, in order), e.g. to fail them or send them again. */
    public List<C> takeCalls() {
        return calls.takeAll();
    }

    /** See {@link ReliabilityEngine#limitFlight}; what the lifted limit lets go leaves in the next turn. */
    public void limitFlight(long bytes) {
        engine().limitFlight(bytes);
        driver.requestRun();
    }

    /** Makes {@code link} the stream's link; after a reconnection the engine resends what may have been lost. */
    public void attach(Link link, boolean resumed) {
        driver.attach(link);
        if (resumed) {
            driver.transportReset();
        }
        driver.run();
    }

    /** {@code link} broke: frames wait in the engine for the next one. */
    public void detach(Link link) {
        driver.detach(link);
    }

    /** Ends the client's sequence once every call made so far is offered: CLOSE and TERMINATE follow. */
    public void closeGracefully() {
        closeRequested = true;
        offerWaiting();
        driver.run();
    }

    /** Fails the stream now (an ERROR to the server if a link takes it); the owner hears {@code ended}. */
    public void abort(ErrorCode code, String reason) {
        engine().abort(code, reason);
        driver.run();
    }

    private void offerWaiting() {
        if (ended || closing || engine().state() != ReliabilityEngine.State.OPEN) {
            return;
        }
        if (calls.offerWaiting(engine()) && closeRequested) {
            closing = true;
            engine().close();
        }
    }

    @Override
    public boolean canAccept() {
        return true;
    }

    @Override
    public boolean shouldRead(Link link) {
        return true;
    }

    @Override
    public void onMessage(DeliveredMessage message) {
        C call = calls.answered(message.correlation());
        if (call != null) {
            owner.answered(call, message);
        }
    }

    @Override
    public void onEvent(EngineEvent event) {
        switch (event.kind()) {
            case WRITABLE:
                offerWaiting();
                break;
            case PEER_CLOSED:
                break;
            case FINISHED:
                end(null);
                break;
            case FAILED:
                end(event);
                break;
            default:
                throw new AssertionError(event);
        }
    }

    private void end(EngineEvent failure) {
        if (ended) {
            return;
        }
        ended = true;
        Link link = driver.link();
        if (link != null) {
            driver.detach(link);
            link.close(null);
        }
        driver.stop();
        owner.ended(failure, calls.takeAll());
    }
}
