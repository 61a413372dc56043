package link

import (
	"sync"
	"time"
)

// TraceRestart starts the traces of both directions of a link again on request: once armed, the next packet to
// arrive in either direction restarts them at its arrival, so that a burst of traffic, such as a benchmark session,
// meets the traces from their first line, as it would behind a freshly started mm-link. Packets still queued keep
// the opportunities they were given and leave first. Without a restart the traces run from the link's epoch. The
// two directions share one TraceRestart from their own goroutines, and it is armed from a third, so it is safe for
// concurrent use; a nil TraceRestart never restarts.
type TraceRestart struct {
	mu       sync.Mutex
	armed    bool
	origin   time.Duration // where the traces start, in the link's time
	restarts int64
}

// Arm makes the next packet to arrive restart the traces.
func (r *TraceRestart) Arm() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.armed = true
}

// arrive records a packet that arrives at now in either direction, before its loss and its queue.
func (r *TraceRestart) arrive(now time.Duration) {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.armed {
		r.armed, r.origin = false, now
		r.restarts++
	}
}

// Origin returns where the traces start now, in the link's time (0, the epoch, before any restart).
func (r *TraceRestart) Origin() time.Duration {
	if r == nil {
		return 0
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.origin
}

// Restarts returns how many times the traces have started again (0 for a nil TraceRestart).
func (r *TraceRestart) Restarts() int64 {
	if r == nil {
		return 0
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.restarts
}
