package link

import (
	"bufio"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"
)

// maxTraceLines bounds the memory a trace file may take (8 bytes a line).
const maxTraceLines = 10_000_000

// Trace is a packet-delivery trace in Mahimahi's format: one line per delivery opportunity, each the time in
// milliseconds from the start of the trace; equal lines mean several opportunities in that millisecond. The
// trace repeats: its period is its last time.
type Trace struct {
	times  []time.Duration
	period time.Duration
}

// ParseTrace reads a trace; name is used in errors.
func ParseTrace(r io.Reader, name string) (*Trace, error) {
	var times []time.Duration
	scanner := bufio.NewScanner(r)
	line := 0
	for scanner.Scan() {
		line++
		text := strings.TrimSpace(scanner.Text())
		if text == "" {
			continue
		}
		ms, err := strconv.ParseInt(text, 10, 64)
		if err != nil || ms < 0 || ms > int64(365*24*time.Hour/time.Millisecond) {
			return nil, fmt.Errorf("trace %s line %d: %q is not a time in milliseconds", name, line, text)
		}
		t := time.Duration(ms) * time.Millisecond
		if len(times) > 0 && t < times[len(times)-1] {
			return nil, fmt.Errorf("trace %s line %d: %d ms is before the line above it", name, line, ms)
		}
		if len(times) == maxTraceLines {
			return nil, fmt.Errorf("trace %s: more than %d lines", name, maxTraceLines)
		}
		times = append(times, t)
	}
	if err := scanner.Err(); err != nil {
		return nil, fmt.Errorf("trace %s: %w", name, err)
	}
	if len(times) == 0 || times[len(times)-1] == 0 {
		return nil, fmt.Errorf("trace %s: needs at least one line and a last time above 0 ms", name)
	}
	return &Trace{times: times, period: times[len(times)-1]}, nil
}

// Opportunity returns the time of delivery opportunity k (k >= 0), counted over the repetitions.
func (t *Trace) Opportunity(k int64) time.Duration {
	n := int64(len(t.times))
	return time.Duration(k/n)*t.period + t.times[k%n]
}

// FirstAtOrAfter returns the index of the first opportunity at or after at (at >= 0).
func (t *Trace) FirstAtOrAfter(at time.Duration) int64 {
	cycle := int64(at / t.period)
	offset := at - time.Duration(cycle)*t.period
	if cycle > 0 && offset == 0 {
		// The previous repetition's last lines are at this very time (its period): they come first.
		cycle, offset = cycle-1, t.period
	}
	i := sort.Search(len(t.times), func(i int) bool { return t.times[i] >= offset })
	return cycle*int64(len(t.times)) + int64(i)
}

// OpportunitiesBetween counts the opportunities in [from, to).
func (t *Trace) OpportunitiesBetween(from, to time.Duration) int64 {
	return t.FirstAtOrAfter(to) - t.FirstAtOrAfter(from)
}

// MeanBitsPerSecond is the trace's capacity averaged over one period.
func (t *Trace) MeanBitsPerSecond() float64 {
	return float64(len(t.times)) * OpportunityBytes * 8 / t.period.Seconds()
}
