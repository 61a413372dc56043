// Package link is the pure model of one direction of an emulated link: loss, a drop-tail queue, a bottleneck
// (fixed rate, packet-delivery trace or unlimited), scheduled outages and propagation delay. Every function takes
// the time as an argument (a duration since the link's epoch), so the model is deterministic and testable.
package link

import "time"

// OpportunityBytes is what one delivery opportunity of a trace lets leave the bottleneck: one full-size packet.
const OpportunityBytes = 1500

// Bottleneck decides when each packet leaves the head of the queue. Packets are served in the order they join.
type Bottleneck interface {
	// Serve schedules a packet of size bytes that joins the bottleneck at arrival, behind every packet served
	// before it, and returns when its first byte starts to leave and when its last byte has left.
	Serve(arrival time.Duration, size int) (start, done time.Duration)
}

// Unlimited is a bottleneck without a rate: a packet leaves as it arrives, unless the link is down.
type Unlimited struct {
	outages Outages
}

// NewUnlimited returns a bottleneck without a rate that holds packets only while the link is down.
func NewUnlimited(outages Outages) *Unlimited {
	return &Unlimited{outages: outages}
}

// Serve implements Bottleneck.
func (u *Unlimited) Serve(arrival time.Duration, _ int) (time.Duration, time.Duration) {
	up := u.outages.UpAt(arrival)
	return up, up
}

// FixedRate serialises packets at a constant number of bits per second, pausing while the link is down.
type FixedRate struct {
	bitsPerSecond int64
	outages       Outages
	free          time.Duration // when the last packet served has left
}

// NewFixedRate returns a bottleneck of bitsPerSecond (> 0).
func NewFixedRate(bitsPerSecond int64, outages Outages) *FixedRate {
	return &FixedRate{bitsPerSecond: bitsPerSecond, outages: outages}
}

// Serve implements Bottleneck.
func (f *FixedRate) Serve(arrival time.Duration, size int) (time.Duration, time.Duration) {
	t := f.outages.UpAt(max(arrival, f.free))
	start := t
	remaining := time.Duration(int64(size) * 8 * int64(time.Second) / f.bitsPerSecond)
	for {
		down := f.outages.NextDown(t)
		if t+remaining <= down {
			f.free = t + remaining
			return start, f.free
		}
		remaining -= down - t
		t = f.outages.UpAt(down)
	}
}

// TraceDriven is Mahimahi's trace-driven bottleneck: each delivery opportunity of the trace lets
// OpportunityBytes leave. A packet larger than what is left of an opportunity continues in the next ones; what
// is left of an opportunity when the queue runs empty is lost. Opportunities while the link is down are lost.
// The trace runs in a loop from the link's epoch, or from the last restart of its TraceRestart.
type TraceDriven struct {
	trace    *Trace
	outages  Outages
	restart  *TraceRestart
	origin   time.Duration // where the trace starts in the link's time
	last     int64         // index of the last opportunity used, -1 before the first
	leftover int           // bytes left in that opportunity
	queued   time.Duration // when the last packet given an opportunity before the restart leaves
}

// NewTraceDriven returns a bottleneck that replays trace in a loop from the link's epoch, or from each restart
// of restart (nil: never restarted).
func NewTraceDriven(trace *Trace, outages Outages, restart *TraceRestart) *TraceDriven {
	return &TraceDriven{trace: trace, outages: outages, restart: restart, last: -1}
}

// opportunity returns the time of opportunity k in the link's time.
func (d *TraceDriven) opportunity(k int64) time.Duration {
	return d.origin + d.trace.Opportunity(k)
}

// firstAtOrAfter returns the index of the first opportunity at or after at, in the link's time.
func (d *TraceDriven) firstAtOrAfter(at time.Duration) int64 {
	return d.trace.FirstAtOrAfter(max(at-d.origin, 0))
}

// Serve implements Bottleneck.
func (d *TraceDriven) Serve(arrival time.Duration, size int) (time.Duration, time.Duration) {
	if origin := d.restart.Origin(); origin != d.origin {
		// The trace starts again from its first line; a packet still queued leaves first, as it was scheduled.
		if d.last >= 0 {
			d.queued = max(d.queued, d.opportunity(d.last))
		}
		d.origin, d.last, d.leftover = origin, -1, 0
	}
	remaining := size
	var start time.Duration
	started := false
	// An opportunity at the instant of arrival has already passed.
	k := d.firstAtOrAfter(max(arrival, d.queued) + 1)
	if d.last >= 0 && d.leftover > 0 && arrival < d.opportunity(d.last) {
		// The packet was queued when the last opportunity came: it takes what the packet before left over.
		start, started = d.opportunity(d.last), true
		if remaining <= d.leftover {
			d.leftover -= remaining
			return start, start
		}
		remaining -= d.leftover
		k = d.last + 1
	}
	k = max(k, d.last+1)
	for {
		t := d.opportunity(k)
		if d.outages.Down(t) {
			k = max(k+1, d.firstAtOrAfter(d.outages.UpAt(t)))
			continue
		}
		if !started {
			start, started = t, true
		}
		if remaining <= OpportunityBytes {
			d.last, d.leftover = k, OpportunityBytes-remaining
			return start, t
		}
		remaining -= OpportunityBytes
		k++
	}
}
