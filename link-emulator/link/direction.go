package link

import (
	"sort"
	"time"
)

// maxScheduled bounds the packets a direction holds (waiting, being sent or propagating), whatever its settings.
const maxScheduled = 1 << 16

// QueueLimit bounds the packets waiting for the bottleneck (not the one being sent): a packet that would take
// the queue past either limit is dropped (drop-tail). Zero means no limit of that kind.
type QueueLimit struct {
	Packets int
	Bytes   int
}

// Stats counts what happened to the packets of one direction.
type Stats struct {
	Arrived, Lost, Overflowed, Delivered int64
	DeliveredBytes                       int64
	TraceRestarts                        int64 // of the link's traces, shared by its two directions
}

// Direction is one direction of the link: loss on arrival, then the drop-tail queue in front of the
// bottleneck, then the propagation delay. Its owner feeds it packets with Arrive and takes them out with Due.
type Direction struct {
	loss       LossModel
	limit      QueueLimit
	bottleneck Bottleneck
	delay      time.Duration
	restart    *TraceRestart
	scheduled  []scheduledPacket // in order of delivery
	bytesIn    int64             // bytes of every packet scheduled so far
	stats      Stats
}

type scheduledPacket struct {
	start       time.Duration // when it starts to leave the bottleneck
	deliver     time.Duration // when it comes out at the far end
	bytesBefore int64         // bytesIn before it was scheduled
	packet      []byte
}

// NewDirection returns a direction; loss may be nil for none.
func NewDirection(loss LossModel, limit QueueLimit, bottleneck Bottleneck, delay time.Duration) *Direction {
	return NewRestartingDirection(loss, limit, bottleneck, delay, nil)
}

// NewRestartingDirection returns a direction that tells restart (shared with the other direction, and with the
// trace-driven bottlenecks it restarts) when packets arrive, so that an armed restart happens at the next one.
func NewRestartingDirection(loss LossModel, limit QueueLimit, bottleneck Bottleneck, delay time.Duration,
	restart *TraceRestart) *Direction {
	if loss == nil {
		loss = EitherLoss{}
	}
	return &Direction{loss: loss, limit: limit, bottleneck: bottleneck, delay: delay, restart: restart}
}

// Arrive offers a packet to the link at now. It is lost, dropped at the queue, or scheduled for delivery.
func (d *Direction) Arrive(now time.Duration, packet []byte) {
	d.stats.Arrived++
	d.restart.arrive(now)
	if d.loss.Lose() {
		d.stats.Lost++
		return
	}
	waitingPackets, waitingBytes := d.waiting(now)
	if len(d.scheduled) >= maxScheduled ||
		(d.limit.Packets > 0 && waitingPackets+1 > d.limit.Packets) ||
		(d.limit.Bytes > 0 && waitingBytes+int64(len(packet)) > int64(d.limit.Bytes)) {
		d.stats.Overflowed++
		return
	}
	start, done := d.bottleneck.Serve(now, len(packet))
	d.scheduled = append(d.scheduled, scheduledPacket{start: start, deliver: done + d.delay, bytesBefore: d.bytesIn, packet: packet})
	d.bytesIn += int64(len(packet))
}

// waiting counts the scheduled packets that have not started to leave the bottleneck at now, and their bytes.
func (d *Direction) waiting(now time.Duration) (int, int64) {
	first := sort.Search(len(d.scheduled), func(i int) bool { return d.scheduled[i].start > now })
	if first == len(d.scheduled) {
		return 0, 0
	}
	return len(d.scheduled) - first, d.bytesIn - d.scheduled[first].bytesBefore
}

// Due removes and returns the packets that have reached the far end by now, in order.
func (d *Direction) Due(now time.Duration) [][]byte {
	n := 0
	for n < len(d.scheduled) && d.scheduled[n].deliver <= now {
		n++
	}
	if n == 0 {
		return nil
	}
	due := make([][]byte, n)
	for i := range due {
		due[i] = d.scheduled[i].packet
		d.stats.Delivered++
		d.stats.DeliveredBytes += int64(len(due[i]))
	}
	clear(d.scheduled[:n])
	d.scheduled = d.scheduled[n:]
	return due
}

// NextDue returns when the next packet reaches the far end, and false if none is on its way.
func (d *Direction) NextDue() (time.Duration, bool) {
	if len(d.scheduled) == 0 {
		return 0, false
	}
	return d.scheduled[0].deliver, true
}

// Stats returns the counts so far.
func (d *Direction) Stats() Stats {
	s := d.stats
	s.TraceRestarts = d.restart.Restarts()
	return s
}
