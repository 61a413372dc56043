package org.hhfr.transports.reliability;

/**
 * A congestion controller that models the path instead of reacting to each loss, in the spirit of BBR
 * (draft-ietf-ccwg-bbr): the bottleneck bandwidth is the largest delivery rate of the last ten round trips,
 * the propagation delay the smallest round trip of the last ten seconds; DATA is paced at a gain times that
 * bandwidth and at most a gain times their product (the BDP) is in flight.
 *
 * <ul>
 *   <li>STARTUP paces at 2.77 × the bandwidth, doubling the rate each round, until three rounds in a row
 *       bring less than a quarter more bandwidth or a round loses too much; DRAIN then paces below the rate
 *       until what is in flight is one BDP. The first STARTUP never paces slower than the initial window per
 *       round trip (times the gain) at the initial round-trip estimate (or the smoothed one, if shorter): a
 *       first flight that waited in a queue or an outage (a cellular radio coming out of idle, a trace's
 *       opening gap) measures a long first round trip and a low rate, and a pace taken from those would hold
 *       the sender back for several round trips after the link opened. Only a first flight that loses
 *       datagrams while it is being acknowledged (a link that slow, with a queue smaller than the initial window
 *       and a first round trip beyond the initial probe timeout) takes the floor away: the pace comes down to the
 *       rate its acknowledgements came at, not below the initial window per measured round trip, since bursting
 *       on at the floor would only fill the queue again. A STARTUP entered again after a probe searches from the
 *       model's rate.</li>
 *   <li>PROBE_BW cycles through eight phases of about one minimum round trip: 1.25 × (probing for more, until
 *       one BDP and a quarter is in flight or losses show), 0.75 × (draining what the probe queued), then six
 *       at 1 ×; it starts with the probe, since STARTUP may have ended on rounds that the application or a
 *       queue on the acknowledgements' path held back. The window is 2 × BDP, plus the bytes acknowledgements
 *       brought beyond what the bandwidth explains (their aggregation: a link or a host that delivers in
 *       bursts; the largest of the last ten round trips, at most the window), plus three send quanta (the
 *       draft's offload budget: a quantum is a millisecond at the pacing rate, at least one datagram and at most
 *       64 KiB), so a fast path keeps enough in flight for the bursts its hosts send and acknowledge in, and a
 *       cellular one three datagrams beside what its receiver holds back between acknowledgements (which the
 *       aggregation measures).</li>
 *   <li>A probe that raised the bandwidth by 5 % found a path faster than the model (its rate rose after a
 *       dip, or STARTUP stopped short): the search starts again from STARTUP once the phase after the probe
 *       ends, so the model catches up within a few round trips instead of 25 % per cycle of eight. Where a round
 *       last lost too much the drop-tail queue is shallow; at or above that bandwidth the next phase is
 *       another probe instead.</li>
 *   <li>PROBE_RTT: when the minimum round trip was not seen again for ten seconds, the window falls to half a
 *       BDP (at least four datagrams) for 200 ms and a round, so the queue drains and the minimum is measured
 *       afresh.</li>
 * </ul>
 *
 * Random loss does not shrink the window. Two reactions bound what the model alone would send: a round that
 * loses more than 2 % of its bytes (three datagrams' worth at least) limits the window to one BDP, the bound
 * then growing back over the following clean rounds (as BBRv2's inflight_hi); and when for two minimum round
 * trips every delivery rate stays under three quarters of the filter's while every round trip shows a standing
 * queue, the path's rate fell (a cellular link changing cell or modulation): the filter restarts from the lower
 * rate at once, instead of keeping the old one for ten rounds, and DRAIN empties the queue the old rate built.
 * Persistent congestion drops the window to four datagrams; the model raises it again as acknowledgements come.
 *
 * <p>A stream {@linkplain #resume resumed} from an earlier stream's estimate of the same path starts with a
 * window of one BDP of that estimate (at most {@value #MAX_RESUMED_DATAGRAMS} datagrams, never below the initial
 * window) paced at its bandwidth, still in STARTUP: half the window BBR kept on that path, as careful resume
 * jumps to half the window it saved. The first round trip checks the estimate: under half or over ten times its
 * round trip, the window and pace go back to the initial ones. Otherwise the model takes over as its own samples
 * come: once the pipe is full the window shrinks to what they support, and a round that loses too much bounds
 * it to their BDP.
 */
final class Bbr implements CongestionController {
    enum State { STARTUP, DRAIN, PROBE_BW, PROBE_RTT }

    /** The largest window a resumed estimate starts with, in datagrams. */
    private static final int MAX_RESUMED_DATAGRAMS = 100;
    /** A resumed estimate holds while the first round trip is within half and this many times its own. */
    private static final int RESUMED_RTT_RANGE = 10;
    private static final int MINIMUM_DATAGRAMS = 4;
    static final double STARTUP_PACING_GAIN = 2.77;
    private static final double DRAIN_PACING_GAIN = 1 / STARTUP_PACING_GAIN;
    private static final double CWND_GAIN = 2;
    private static final double[] PROBE_BW_GAINS = {1.25, 0.75, 1, 1, 1, 1, 1, 1};
    /** The phase PROBE_BW starts in: the probe, checking at once the rate STARTUP ended on. */
    private static final int FIRST_PHASE = 0;
    private static final int BANDWIDTH_ROUNDS = 10;
    private static final int EXTRA_ACKED_ROUNDS = 10;
    /** The aggregation a window allows for is at most what the bandwidth delivers in this time (as Linux). */
    private static final long EXTRA_ACKED_MAX_NANOS = 100_000_000L;
    private static final int FULL_BANDWIDTH_ROUNDS = 3;
    private static final double FULL_BANDWIDTH_GROWTH = 1.25;
    /** Send quanta beyond the BDP a window holds. */
    private static final int OFFLOAD_QUANTA = 3;
    private static final long QUANTUM_NANOS = 1_000_000L;
    private static final int MAX_QUANTUM = 64 << 10;
    static final long MIN_RTT_LIFETIME = 10_000_000_000L;
    static final long PROBE_RTT_DURATION = 200_000_000L;
    private static final double LOSS_THRESHOLD = 0.02;
    /** Datagrams' worth a round must lose before its loss rate counts: one loss in a small round is noise. */
    private static final int LOSS_BOUND_DATAGRAMS = 3;
    private static final double RATE_DROP = 0.75;
    /** How much a probe must raise the bandwidth to have found more than the model held. */
    private static final double PROBE_PAID_GROWTH = 1.05;
    /** Minimum round trips that every delivery rate must stay low (and every round trip queued) for a drop. */
    private static final int RATE_DROP_ROUND_TRIPS = 2;
    private static final long NONE = Long.MIN_VALUE;

    private final RttEstimator rtt;
    private final int maxDatagramSize;
    private final RoundTripMaxFilter bandwidthFilter = new RoundTripMaxFilter(BANDWIDTH_ROUNDS);
    /** Bytes acknowledged beyond the bandwidth's pace, per round. */
    private final RoundTripMaxFilter extraAckedFilter = new RoundTripMaxFilter(EXTRA_ACKED_ROUNDS);

    private State state = State.STARTUP;
    private double pacingGain = STARTUP_PACING_GAIN;
    private long window;
    private double pacingRate;
    private double bandwidth;
    /** The latest bandwidth of at least a byte a second the filter held, for {@link #estimate()}. */
    private double heldBandwidth;
    /** STARTUP was entered again after a probe: it searches from the model's rate, without the initial floor. */
    private boolean restarted;
    /** When the first acknowledgement of the first flight came (NONE before), and the bytes acknowledged after it. */
    private long firstFlightAckAt = NONE;
    private long firstFlightAckedAfter;
    /** A resumed estimate's round trip until the first sample checked it, else NONE. */
    private long resumedRtt = NONE;
    private long minRtt = Long.MAX_VALUE;
    private long minRttStamp;
    private boolean minRttExpired;

    private long round;
    private long nextRoundDelivered;
    private boolean roundStart;
    private long ackedBytes;
    private long roundAcked;
    private long roundLost;
    /** Since when acknowledgements came faster than the bandwidth, and the bytes they brought since. */
    private long aggregationStart;
    private long aggregationAcked;
    private long lastAcknowledgementAt;
    /** Since when every delivery rate was low and every round trip queued, or NONE. */
    private long slowSince = NONE;
    private double slowMaxBandwidth;

    private boolean filledPipe;
    private double fullBandwidth;
    private int roundsWithoutGrowth;
    private int phase;
    private long phaseStart;
    private boolean lostInPhase;
    /** The bandwidth when the latest probe started; infinite before the first probe of a PROBE_BW. */
    private double bandwidthBeforeProbe;
    /** The bandwidth when a round last lost too much, 0 before. */
    private double lossyBandwidth;
    private long probeRttDoneAt = NONE;
    private boolean probeRttRoundDone;
    private long windowBeforeProbeRtt;
    /** What a loss-heavy round left as the most in flight; grows back over clean rounds. */
    private long inflightBound = Long.MAX_VALUE;
    private long boundGrowth;

    Bbr(RttEstimator rtt, int maxDatagramSize) {
        this.rtt = rtt;
        this.maxDatagramSize = maxDatagramSize;
        this.window = (long) INITIAL_DATAGRAMS * maxDatagramSize;
        this.pacingRate = initialPacingRate();
    }

    @Override
    public long window() {
        return window;
    }

    @Override
    public double pacingRate() {
        return pacingRate;
    }

    /** The startup gain times the initial window per smoothed round trip (the initial estimate before a sample). */
    private double initialPacingRate() {
        return STARTUP_PACING_GAIN * INITIAL_DATAGRAMS * maxDatagramSize * 1e9
                / Math.max(rtt.smoothed(), RttEstimator.GRANULARITY_NANOS);
    }

    /**
     * The latest bandwidth the filter held and the minimum round trip; the bandwidth stays known after the filter's
     * samples expired (an application-limited stream records only samples above its maximum).
     */
    @Override
    public PathEstimate estimate() {
        return heldBandwidth >= 1 && minRtt != Long.MAX_VALUE && minRtt > 0
                ? PathEstimate.of((long) heldBandwidth, minRtt) : null;
    }

    @Override
    public boolean resume(PathEstimate earlier) {
        long cap = (long) MAX_RESUMED_DATAGRAMS * maxDatagramSize;
        window = Math.max(window, Math.min(earlier.bandwidthDelayProduct(), cap));
        pacingRate = Math.max(pacingRate, earlier.bytesPerSecond());
        resumedRtt = earlier.minRttNanos();
        return true;
    }

    /**
     * The first round trip of a resumed stream checks the estimate, as careful resume does: under half or over
     * ten times its round trip, the path is not the one it described, and the window and pace go back to the
     * initial ones.
     */
    private void confirmResumedPath(DeliveryRateSample sample) {
        if (resumedRtt == NONE || sample.roundTrip < 0) {
            return;
        }
        if (sample.roundTrip < resumedRtt / 2 || sample.roundTrip > RESUMED_RTT_RANGE * resumedRtt) {
            window = (long) INITIAL_DATAGRAMS * maxDatagramSize;
            pacingRate = initialPacingRate();
        }
        resumedRtt = NONE;
    }

    @Override
    public void onAcked(int bytes, long sentAt, long now) {
        ackedBytes += bytes;
        roundAcked += bytes;
    }

    @Override
    public void onLost(long bytes, long lastSentAt, long now) {
        roundLost += bytes;
        lostInPhase = true;
    }

    @Override
    public void onPersistentCongestion() {
        window = minimum();
    }

    @Override
    public void onAcknowledgement(DeliveryRateSample sample, long bytesInFlight, long now) {
        roundStart = sample.priorDelivered >= nextRoundDelivered;
        if (roundStart) {
            nextRoundDelivered = sample.totalDelivered;
            endRound(sample);
            round++;
        }
        if (round == 1) {
            onFirstFlightAcknowledged(now);
        }
        confirmResumedPath(sample);
        updateMinRtt(sample, now);
        updateBandwidth(sample, now);
        if (bandwidth >= 1) {
            heldBandwidth = bandwidth;
        }
        updateAckAggregation(now);
        advancePhase(bytesInFlight, now);
        if (state == State.STARTUP && filledPipe) {
            state = State.DRAIN;
            pacingGain = DRAIN_PACING_GAIN;
        }
        if (state == State.DRAIN && bytesInFlight <= inflight(1)) {
            enterProbeBandwidth(now);
        }
        updateProbeRtt(sample, bytesInFlight, now);
        setPacingRate();
        setWindow(sample.totalDelivered);
        ackedBytes = 0;
    }

    /**
     * The first flight's acknowledgements come at the rate the link delivered it, however long the first of them
     * waited. Once that flight has lost datagrams (a queue smaller than the initial window, on a link slower than
     * the initial floor), the first STARTUP no longer holds the floor: its pace comes down to the gain times that
     * rate, and {@link #setPacingRate} keeps it at no less than the initial window per measured round trip.
     * Losses declared while the first flight is still being acknowledged count, which takes a first round trip
     * longer than the initial probe timeout (about half a second): on shorter paths the acknowledgement that
     * declares them opens the next round, whose full-pipe check takes over.
     */
    private void onFirstFlightAcknowledged(long now) {
        if (firstFlightAckAt == NONE) {
            firstFlightAckAt = now;
            return;
        }
        firstFlightAckedAfter += ackedBytes;
        long span = now - firstFlightAckAt;
        if (roundLost > 0 && span > 0) {
            double acknowledgedRate = firstFlightAckedAfter * 1e9 / span;
            pacingRate = Math.min(pacingRate, STARTUP_PACING_GAIN * acknowledgedRate);
        }
    }

    /** The round that just ended: full pipe, loss bound and rate drop are judged once per round. */
    private void endRound(DeliveryRateSample sample) {
        boolean lossy = roundLost >= (long) LOSS_BOUND_DATAGRAMS * maxDatagramSize
                && roundLost > LOSS_THRESHOLD * (roundLost + roundAcked);
        if (lossy) {
            lossyBandwidth = bandwidth;
            filledPipe = true;
            inflightBound = Math.max(inflight(1), minimum());
            boundGrowth = maxDatagramSize;
        } else if (inflightBound != Long.MAX_VALUE && state == State.PROBE_BW) {
            inflightBound += boundGrowth;
            boundGrowth *= 2;
            if (inflightBound >= inflight(CWND_GAIN)) {
                inflightBound = Long.MAX_VALUE;
            }
        }
        if (!filledPipe && !sample.applicationLimited && bandwidth > 0) {
            if (bandwidth >= fullBandwidth * FULL_BANDWIDTH_GROWTH) {
                fullBandwidth = bandwidth;
                roundsWithoutGrowth = 0;
            } else if (++roundsWithoutGrowth >= FULL_BANDWIDTH_ROUNDS) {
                filledPipe = true;
            }
        }
        roundAcked = 0;
        roundLost = 0;
    }

    private void updateMinRtt(DeliveryRateSample sample, long now) {
        minRttExpired = minRtt != Long.MAX_VALUE && now - minRttStamp > MIN_RTT_LIFETIME;
        if (sample.roundTrip < 0) {
            return;
        }
        if (sample.roundTrip <= minRtt || minRttExpired) {
            minRtt = sample.roundTrip;
            minRttStamp = now;
        }
    }

    private void updateBandwidth(DeliveryRateSample sample, long now) {
        double measured = sample.bandwidth();
        if (measured <= 0 || minRtt != Long.MAX_VALUE && sample.interval < minRtt) {
            return;
        }
        if (!sample.applicationLimited || measured >= bandwidth) {
            bandwidthFilter.update(measured, round);
        }
        if (!sample.applicationLimited) {
            watchRateDrop(measured, sample.roundTrip, now);
        }
        bandwidth = bandwidthFilter.max(round);
    }

    /**
     * Acknowledgements that bring more bytes than the bandwidth delivers in their time came aggregated (a
     * cellular link's bursts, a receiver or a host that batches): the excess since the acknowledgement before
     * the burst is what the window must hold beyond the BDP to keep sending between bursts (BBR's extra_acked,
     * measured from that acknowledgement rather than from the burst's first, so that acknowledgements at the
     * bandwidth's pace add nothing), at most the window and what the bandwidth delivers in 100 ms. Before the
     * pipe is full only the latest round's counts.
     */
    private void updateAckAggregation(long now) {
        double expected = bandwidth * (now - aggregationStart) / 1e9;
        if (aggregationAcked <= expected) {
            aggregationStart = lastAcknowledgementAt;
            aggregationAcked = 0;
            expected = bandwidth * (now - aggregationStart) / 1e9;
        }
        lastAcknowledgementAt = now;
        aggregationAcked += ackedBytes;
        double extra = Math.max(0, Math.min(aggregationAcked - expected, window));
        extraAckedFilter.update(Math.min(extra, bandwidth * EXTRA_ACKED_MAX_NANOS / 1e9), round);
    }

    private long extraAcked() {
        return (long) extraAckedFilter.max(round, filledPipe ? EXTRA_ACKED_ROUNDS : 1);
    }

    /**
     * The path's rate fell when, for two minimum round trips, every delivery rate stayed under three quarters
     * of the filter's while every round trip showed a queue (beyond a quarter of the minimum and the peer's
     * acknowledgement delay): the filter restarts from the best of those rates and DRAIN empties the queue
     * that the old rate built, instead of keeping the old rate for ten rounds.
     */
    private void watchRateDrop(double measured, long roundTrip, long now) {
        boolean slow = filledPipe && state != State.PROBE_RTT && measured < RATE_DROP * bandwidth && roundTrip >= 0
                && roundTrip > minRtt + Math.max(minRtt / 4, rtt.maxAckDelay());
        if (!slow) {
            slowSince = NONE;
            return;
        }
        if (slowSince == NONE) {
            slowSince = now;
            slowMaxBandwidth = measured;
            return;
        }
        slowMaxBandwidth = Math.max(slowMaxBandwidth, measured);
        if (now - slowSince >= RATE_DROP_ROUND_TRIPS * minRtt) {
            bandwidthFilter.restart(slowMaxBandwidth, round);
            extraAckedFilter.restart(0, round);
            slowSince = NONE;
            state = State.DRAIN;
            pacingGain = DRAIN_PACING_GAIN;
        }
    }

    /**
     * PROBE_BW: the next phase once this one lasted a minimum round trip (and reached its aim); after a probe
     * that found more bandwidth, STARTUP or another probe.
     */
    private void advancePhase(long bytesInFlight, long now) {
        if (state != State.PROBE_BW) {
            return;
        }
        boolean fullLength = now - phaseStart > minRtt;
        boolean done;
        if (pacingGain > 1) {
            done = fullLength && (lostInPhase || bytesInFlight >= inflight(pacingGain));
        } else if (pacingGain < 1) {
            done = fullLength || bytesInFlight <= inflight(1);
        } else {
            done = fullLength;
        }
        if (!done) {
            return;
        }
        boolean probePaid = pacingGain <= 1 && bandwidth >= PROBE_PAID_GROWTH * bandwidthBeforeProbe;
        if (probePaid && (lossyBandwidth == 0 || bandwidth < lossyBandwidth)) {
            restartStartup();
        } else {
            startPhase(probePaid ? 0 : (phase + 1) % PROBE_BW_GAINS.length, now);
        }
    }

    /** Searches for the bandwidth again as at the start, from the rate the model holds now. */
    private void restartStartup() {
        restarted = true;
        state = State.STARTUP;
        pacingGain = STARTUP_PACING_GAIN;
        filledPipe = false;
        fullBandwidth = bandwidth;
        roundsWithoutGrowth = 0;
    }

    private void enterProbeBandwidth(long now) {
        state = State.PROBE_BW;
        bandwidthBeforeProbe = Double.POSITIVE_INFINITY;
        startPhase(FIRST_PHASE, now);
    }

    private void startPhase(int next, long now) {
        if (PROBE_BW_GAINS[next] > 1) {
            bandwidthBeforeProbe = bandwidth;
        }
        phase = next;
        phaseStart = now;
        lostInPhase = false;
        pacingGain = PROBE_BW_GAINS[phase];
    }

    private void updateProbeRtt(DeliveryRateSample sample, long bytesInFlight, long now) {
        if (state != State.PROBE_RTT && minRttExpired) {
            state = State.PROBE_RTT;
            pacingGain = 1;
            windowBeforeProbeRtt = window;
            probeRttDoneAt = NONE;
        }
        if (state != State.PROBE_RTT) {
            return;
        }
        if (probeRttDoneAt == NONE) {
            if (bytesInFlight <= probeRttWindow()) {
                probeRttDoneAt = now + PROBE_RTT_DURATION;
                probeRttRoundDone = false;
                nextRoundDelivered = sample.totalDelivered;
            }
            return;
        }
        probeRttRoundDone |= roundStart;
        if (probeRttRoundDone && now >= probeRttDoneAt) {
            minRttStamp = now;
            window = Math.max(window, windowBeforeProbeRtt);
            if (filledPipe) {
                enterProbeBandwidth(now);
            } else {
                state = State.STARTUP;
                pacingGain = STARTUP_PACING_GAIN;
            }
        }
    }

    /**
     * Gain × bandwidth; in STARTUP never below what it was, and in the first STARTUP not below the initial window's
     * rate (at the initial round trip, or at the smoothed one where that is shorter).
     */
    private void setPacingRate() {
        if (!filledPipe && !restarted) {
            pacingRate = Math.max(pacingRate, initialPacingRate());
        }
        if (bandwidth <= 0) {
            return;
        }
        double rate = pacingGain * bandwidth;
        if (filledPipe || rate > pacingRate) {
            pacingRate = rate;
        }
    }

    /**
     * Toward the target (2 × BDP, the measured aggregation and three send quanta, within the loss bound): up to
     * it by what was acknowledged once the pipe was filled; before, grown by that like slow start while below
     * the target or while less than the initial window was delivered.
     */
    private void setWindow(long totalDelivered) {
        long target = Math.min(inflight(CWND_GAIN) + extraAcked() + OFFLOAD_QUANTA * sendQuantum(), inflightBound);
        if (filledPipe) {
            window = Math.min(window + ackedBytes, target);
        } else if (window < target || totalDelivered < (long) INITIAL_DATAGRAMS * maxDatagramSize) {
            window += ackedBytes;
        }
        window = Math.max(window, minimum());
        if (state == State.PROBE_RTT) {
            window = Math.min(window, probeRttWindow());
        }
    }

    /** What the pacing rate sends in a millisecond, at least one datagram, at most 64 KiB. */
    private long sendQuantum() {
        return Math.max(maxDatagramSize, Math.min(MAX_QUANTUM, (long) (pacingRate * QUANTUM_NANOS / 1e9)));
    }

    /** Bytes in flight that keep the pipe full at {@code gain} times the bandwidth: gain × BDP. */
    private long inflight(double gain) {
        if (bandwidth <= 0 || minRtt == Long.MAX_VALUE) {
            return (long) INITIAL_DATAGRAMS * maxDatagramSize;
        }
        return (long) (gain * bandwidth * minRtt / 1e9);
    }

    private long probeRttWindow() {
        return Math.max(inflight(0.5), minimum());
    }

    private long minimum() {
        return (long) MINIMUM_DATAGRAMS * maxDatagramSize;
    }

    State state() {
        return state;
    }

    /** The model's propagation round trip (nanoseconds), {@code Long.MAX_VALUE} before a sample. */
    long minRtt() {
        return minRtt;
    }

    /** The model's bottleneck bandwidth, bytes per second (0 before a sample). */
    double bandwidth() {
        return bandwidth;
    }
}
