package link

import (
	"fmt"
	"math/rand"
	"time"
)

// DirectionSettings describe one direction of an emulated link.
type DirectionSettings struct {
	Delay         time.Duration // one-way propagation delay
	BitsPerSecond int64         // fixed rate; 0 with a nil Trace means no bottleneck
	Trace         *Trace        // packet-delivery trace; replaces BitsPerSecond when set
	TraceName     string        // where Trace came from, for descriptions
	Queue         QueueLimit    // zero: one second of the nominal rate (see DefaultQueue)
	Loss          float64       // probability of random loss per packet
	Gilbert       *GilbertElliottSettings
}

// Settings describe both directions of a link and its outages. Down is server to client, Up the reverse.
type Settings struct {
	Down, Up     DirectionSettings
	Outages      []Interval
	OutagePeriod time.Duration
	Seed         int64 // seeds the loss models, so that a run's losses repeat
}

// DefaultQueue is the drop-tail limit of a direction whose settings give none: what the direction carries in one
// second at its nominal rate (a trace's mean rate), at least ten full packets; 1,000 packets without a rate.
func (s DirectionSettings) DefaultQueue() QueueLimit {
	var bitsPerSecond float64
	switch {
	case s.Trace != nil:
		bitsPerSecond = s.Trace.MeanBitsPerSecond()
	case s.BitsPerSecond > 0:
		bitsPerSecond = float64(s.BitsPerSecond)
	default:
		return QueueLimit{Packets: 1000}
	}
	return QueueLimit{Bytes: max(int(bitsPerSecond/8), 10*OpportunityBytes)}
}

// Validate reports the first setting out of range.
func (s DirectionSettings) Validate(direction string) error {
	switch {
	case s.Delay < 0 || s.Delay > time.Minute:
		return fmt.Errorf("%s delay %v: must be between 0 and 1m", direction, s.Delay)
	case s.BitsPerSecond < 0:
		return fmt.Errorf("%s rate %d bit/s: must not be negative", direction, s.BitsPerSecond)
	case s.Queue.Packets < 0 || s.Queue.Bytes < 0:
		return fmt.Errorf("%s queue limit: must not be negative", direction)
	case s.Loss < 0 || s.Loss > 1:
		return fmt.Errorf("%s loss %v: must be a probability between 0 and 1", direction, s.Loss)
	}
	if g := s.Gilbert; g != nil {
		for _, p := range []float64{g.ToBad, g.ToGood, g.LossGood, g.LossBad} {
			if p < 0 || p > 1 {
				return fmt.Errorf("%s Gilbert-Elliott probability %v: must be between 0 and 1", direction, p)
			}
		}
		if g.ToBad+g.ToGood == 0 {
			return fmt.Errorf("%s Gilbert-Elliott: the two transition probabilities must not both be 0", direction)
		}
	}
	return nil
}

// Build returns the two directions, down then up, each with its own random source derived from the seed. Their
// traces restart when restart (which may be nil) is armed.
func (s Settings) Build(restart *TraceRestart) (down, up *Direction, err error) {
	outages, err := NewOutages(s.Outages, s.OutagePeriod)
	if err != nil {
		return nil, nil, err
	}
	if err := s.Down.Validate("downlink"); err != nil {
		return nil, nil, err
	}
	if err := s.Up.Validate("uplink"); err != nil {
		return nil, nil, err
	}
	return s.Down.build(outages, restart, s.Seed), s.Up.build(outages, restart, s.Seed+1), nil
}

func (s DirectionSettings) build(outages Outages, restart *TraceRestart, seed int64) *Direction {
	random := rand.New(rand.NewSource(seed))
	loss := EitherLoss{NewRandomLoss(s.Loss, random)}
	if s.Gilbert != nil {
		loss = append(loss, NewGilbertElliott(*s.Gilbert, random))
	}
	var bottleneck Bottleneck
	switch {
	case s.Trace != nil:
		bottleneck = NewTraceDriven(s.Trace, outages, restart)
	case s.BitsPerSecond > 0:
		bottleneck = NewFixedRate(s.BitsPerSecond, outages)
	default:
		bottleneck = NewUnlimited(outages)
	}
	limit := s.Queue
	if limit == (QueueLimit{}) {
		limit = s.DefaultQueue()
	}
	return NewRestartingDirection(loss, limit, bottleneck, s.Delay, restart)
}

// String describes the direction in one line.
func (s DirectionSettings) String() string {
	rate := "unlimited"
	if s.Trace != nil {
		rate = fmt.Sprintf("trace %s (mean %.2f Mbit/s)", s.TraceName, s.Trace.MeanBitsPerSecond()/1e6)
	} else if s.BitsPerSecond > 0 {
		rate = fmt.Sprintf("%d bit/s", s.BitsPerSecond)
	}
	limit := s.Queue
	if limit == (QueueLimit{}) {
		limit = s.DefaultQueue()
	}
	text := fmt.Sprintf("delay %v, rate %s, queue %d packets / %d bytes (0: no limit), loss %v", s.Delay, rate, limit.Packets, limit.Bytes, s.Loss)
	if g := s.Gilbert; g != nil {
		text += fmt.Sprintf(", Gilbert-Elliott %v/%v/%v/%v (mean loss %.4f)", g.ToBad, g.ToGood, g.LossGood, g.LossBad, g.MeanLoss())
	}
	return text
}
