package link

import (
	"fmt"
	"math"
	"sort"
	"time"
)

// never is a time no emulation reaches.
const never = time.Duration(math.MaxInt64)

// Interval is a span of time [Start, End).
type Interval struct {
	Start, End time.Duration
}

// Outages are the intervals in which the link is down: nothing leaves the queue, arriving packets wait in it.
// With a period, the intervals repeat every period.
type Outages struct {
	intervals []Interval
	period    time.Duration
}

// NewOutages validates intervals (sorted, not overlapping, not empty) and, when period > 0, that they lie in
// [0, period) without covering all of it.
func NewOutages(intervals []Interval, period time.Duration) (Outages, error) {
	sorted := append([]Interval(nil), intervals...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Start < sorted[j].Start })
	var down time.Duration
	for i, in := range sorted {
		if in.Start < 0 || in.End <= in.Start {
			return Outages{}, fmt.Errorf("outage %v+%v: needs a start >= 0 and a length > 0", in.Start, in.End-in.Start)
		}
		if i > 0 && in.Start < sorted[i-1].End {
			return Outages{}, fmt.Errorf("outages overlap at %v", in.Start)
		}
		if period > 0 && in.End > period {
			return Outages{}, fmt.Errorf("outage %v+%v does not end within the period %v", in.Start, in.End-in.Start, period)
		}
		down += in.End - in.Start
	}
	if period < 0 || (period > 0 && down >= period) {
		return Outages{}, fmt.Errorf("outage period %v must be positive and longer than the outages in it", period)
	}
	return Outages{intervals: sorted, period: period}, nil
}

// Down tells whether the link is down at t.
func (o Outages) Down(t time.Duration) bool {
	return o.UpAt(t) != t
}

// UpAt returns t if the link is up at t, else when the outage holding t ends.
func (o Outages) UpAt(t time.Duration) time.Duration {
	base, offset := o.split(t)
	for _, in := range o.intervals {
		if offset >= in.Start && offset < in.End {
			return base + in.End
		}
	}
	return t
}

// NextDown returns the start of the first outage after t (never if there is none).
func (o Outages) NextDown(t time.Duration) time.Duration {
	base, offset := o.split(t)
	for _, in := range o.intervals {
		if in.Start > offset {
			return base + in.Start
		}
	}
	if o.period > 0 && len(o.intervals) > 0 {
		return base + o.period + o.intervals[0].Start
	}
	return never
}

func (o Outages) split(t time.Duration) (base, offset time.Duration) {
	if o.period == 0 {
		return 0, t
	}
	base = t / o.period * o.period
	return base, t - base
}
