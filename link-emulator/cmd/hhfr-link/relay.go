package main

import (
	"os"
	"time"

	"hhfr.org/link-emulator/link"
)

// relay moves IP packets from one TUN device to the other through one direction of the link model, on the
// monotonic clock (time.Since keeps to it). The direction belongs to the relay's goroutine alone.
type relay struct {
	direction *link.Direction
	from, to  *os.File
	epoch     time.Time
	capture   *capture // nil: none
	stats     chan chan link.Stats
}

func newRelay(direction *link.Direction, from, to *os.File, epoch time.Time, capture *capture) *relay {
	return &relay{direction: direction, from: from, to: to, epoch: epoch, capture: capture,
		stats: make(chan chan link.Stats)}
}

// run relays until from is closed.
func (r *relay) run() {
	packets := make(chan []byte, 1024)
	go func() {
		defer close(packets)
		buf := make([]byte, 65536)
		for {
			n, err := r.from.Read(buf)
			if err != nil {
				return
			}
			packets <- append([]byte(nil), buf[:n]...)
		}
	}()
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	for {
		select {
		case packet, ok := <-packets:
			if !ok {
				return
			}
			now := time.Since(r.epoch)
			if r.capture != nil {
				r.capture.record(r.epoch.Add(now), packet)
			}
			r.direction.Arrive(now, packet)
		case <-timer.C:
		case reply := <-r.stats:
			reply <- r.direction.Stats()
			continue
		}
		now := time.Since(r.epoch)
		for _, packet := range r.direction.Due(now) {
			r.to.Write(packet) // a packet the kernel refuses is lost, as on a real link
		}
		if next, ok := r.direction.NextDue(); ok {
			timer.Reset(next - now)
		} else {
			timer.Stop()
		}
	}
}

// currentStats asks the relay's goroutine for the direction's counts; it returns false once the relay has ended.
func (r *relay) currentStats(ended <-chan struct{}) (link.Stats, bool) {
	reply := make(chan link.Stats)
	select {
	case r.stats <- reply:
		return <-reply, true
	case <-ended:
		return link.Stats{}, false
	}
}
