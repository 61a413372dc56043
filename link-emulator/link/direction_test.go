package link

import (
	"testing"
	"time"
)

type loseEvery struct{ n, seen int }

func (l *loseEvery) Lose() bool { l.seen++; return l.seen%l.n == 0 }

func TestDirectionDeliversInOrderAfterTheBottleneckAndTheDelay(t *testing.T) {
	d := NewDirection(nil, QueueLimit{Packets: 10}, NewFixedRate(1_000_000, Outages{}), 75*ms)
	d.Arrive(0, make([]byte, 1250))
	d.Arrive(0, make([]byte, 125))
	if next, ok := d.NextDue(); !ok || next != 85*ms {
		t.Fatalf("next due %v, want 85ms", next)
	}
	if due := d.Due(84 * ms); len(due) != 0 {
		t.Fatalf("%d packets before 85ms", len(due))
	}
	if due := d.Due(86 * ms); len(due) != 2 || len(due[0]) != 1250 || len(due[1]) != 125 {
		t.Fatalf("due at 86ms: %d packets", len(due))
	}
	if s := d.Stats(); s.Delivered != 2 || s.DeliveredBytes != 1375 {
		t.Fatalf("stats %+v", s)
	}
}

func TestDropTailQueueDropsArrivalsBeyondItsPacketLimit(t *testing.T) {
	d := NewDirection(nil, QueueLimit{Packets: 3}, NewFixedRate(1_000_000, Outages{}), 0)
	for i := 0; i < 10; i++ {
		d.Arrive(0, make([]byte, 1250))
	}
	// One packet is being sent, three wait.
	if s := d.Stats(); s.Overflowed != 6 {
		t.Fatalf("dropped %d, want 6", s.Overflowed)
	}
	d.Arrive(15*ms, make([]byte, 1250)) // the second packet is being sent by then: room for one more
	if s := d.Stats(); s.Overflowed != 6 {
		t.Fatalf("dropped %d after the queue moved, want still 6", s.Overflowed)
	}
}

func TestDropTailQueueDropsArrivalsBeyondItsByteLimit(t *testing.T) {
	d := NewDirection(nil, QueueLimit{Bytes: 3000}, NewFixedRate(1_000_000, Outages{}), 0)
	for _, size := range []int{1000, 1000, 1000, 1000, 1500, 500} {
		d.Arrive(0, make([]byte, size))
	}
	// Being sent: the first 1000; waiting: 1000 + 1000 + 1000; 1500 does not fit; 500 does not either.
	if s := d.Stats(); s.Overflowed != 2 {
		t.Fatalf("dropped %d, want 2", s.Overflowed)
	}
}

func TestLostPacketsNeverReachTheQueue(t *testing.T) {
	d := NewDirection(&loseEvery{n: 2}, QueueLimit{Packets: 100}, NewUnlimited(Outages{}), 0)
	for i := 0; i < 10; i++ {
		d.Arrive(0, []byte{byte(i)})
	}
	due := d.Due(0)
	if len(due) != 5 || due[0][0] != 0 || due[1][0] != 2 {
		t.Fatalf("delivered %v", due)
	}
	if s := d.Stats(); s.Lost != 5 || s.Arrived != 10 {
		t.Fatalf("stats %+v", s)
	}
}

func TestSettingsGiveOneSecondOfQueueByDefault(t *testing.T) {
	if q := (DirectionSettings{BitsPerSecond: 1_000_000}).DefaultQueue(); q != (QueueLimit{Bytes: 125_000}) {
		t.Fatalf("1 Mbit/s: %+v", q)
	}
	if q := (DirectionSettings{BitsPerSecond: 64_000}).DefaultQueue(); q != (QueueLimit{Bytes: 15_000}) {
		t.Fatalf("64 kbit/s: %+v, want ten packets", q)
	}
	if q := (DirectionSettings{}).DefaultQueue(); q != (QueueLimit{Packets: 1000}) {
		t.Fatalf("unlimited: %+v", q)
	}
}

func TestSettingsRejectValuesOutOfRange(t *testing.T) {
	for _, s := range []DirectionSettings{
		{Loss: 1.5}, {Delay: -time.Second}, {BitsPerSecond: -1}, {Queue: QueueLimit{Packets: -1}},
		{Gilbert: &GilbertElliottSettings{ToBad: 0, ToGood: 0}},
	} {
		if err := s.Validate("downlink"); err == nil {
			t.Errorf("accepted %+v", s)
		}
	}
}
