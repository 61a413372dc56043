package link

import (
	"testing"
	"time"
)

func TestOutagesRepeatWithTheirPeriod(t *testing.T) {
	o := mustOutages(t, time.Second, Interval{100 * ms, 300 * ms})
	cases := []struct {
		at, upAt, nextDown time.Duration
	}{
		{50 * ms, 50 * ms, 100 * ms},
		{100 * ms, 300 * ms, 1100 * ms},
		{2150 * ms, 2300 * ms, 3100 * ms},
		{2300 * ms, 2300 * ms, 3100 * ms},
	}
	for _, c := range cases {
		if got := o.UpAt(c.at); got != c.upAt {
			t.Errorf("UpAt(%v) = %v, want %v", c.at, got, c.upAt)
		}
		if got := o.NextDown(c.at); got != c.nextDown {
			t.Errorf("NextDown(%v) = %v, want %v", c.at, got, c.nextDown)
		}
	}
	if o.Down(99*ms) || !o.Down(1200*ms) {
		t.Error("Down is wrong at 99ms or 1200ms")
	}
}

func TestOutagesWithoutPeriodHappenOnce(t *testing.T) {
	o := mustOutages(t, 0, Interval{100 * ms, 300 * ms})
	if o.Down(1200*ms) || o.NextDown(300*ms) != never {
		t.Error("a one-off outage came back")
	}
}

func TestOutagesRejectOverlapsAndALinkAlwaysDown(t *testing.T) {
	bad := []struct {
		period    time.Duration
		intervals []Interval
	}{
		{0, []Interval{{0, 10 * ms}, {5 * ms, 20 * ms}}},
		{10 * ms, []Interval{{0, 10 * ms}}},
		{10 * ms, []Interval{{5 * ms, 15 * ms}}},
		{0, []Interval{{5 * ms, 5 * ms}}},
	}
	for _, b := range bad {
		if _, err := NewOutages(b.intervals, b.period); err == nil {
			t.Errorf("accepted %v every %v", b.intervals, b.period)
		}
	}
}
