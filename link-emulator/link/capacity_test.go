package link

import (
	"strings"
	"testing"
	"time"
)

const ms = time.Millisecond

func mustTrace(t *testing.T, text string) *Trace {
	t.Helper()
	trace, err := ParseTrace(strings.NewReader(text), "test")
	if err != nil {
		t.Fatal(err)
	}
	return trace
}

func mustOutages(t *testing.T, period time.Duration, intervals ...Interval) Outages {
	t.Helper()
	o, err := NewOutages(intervals, period)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func TestFixedRateSerialisesPacketsBackToBackAndRestartsWhenIdle(t *testing.T) {
	b := NewFixedRate(1_000_000, Outages{})
	for i, wantDone := range []time.Duration{10 * ms, 20 * ms, 30 * ms} {
		start, done := b.Serve(0, 1250) // 10,000 bits: 10 ms at 1 Mbit/s
		if done != wantDone || start != wantDone-10*ms {
			t.Fatalf("packet %d: start %v done %v, want done %v", i, start, done, wantDone)
		}
	}
	if start, done := b.Serve(100*ms, 125); start != 100*ms || done != 101*ms {
		t.Fatalf("after idle: start %v done %v, want 100ms and 101ms", start, done)
	}
}

func TestFixedRatePausesWhileTheLinkIsDown(t *testing.T) {
	b := NewFixedRate(1_000_000, mustOutages(t, 0, Interval{5 * ms, 25 * ms}))
	if start, done := b.Serve(0, 1250); start != 0 || done != 30*ms {
		t.Fatalf("start %v done %v, want 0 and 30ms (10 ms of sending around a 20 ms outage)", start, done)
	}
	if start, _ := b.Serve(7*ms, 125); start != 30*ms {
		t.Fatalf("next packet started at %v, want 30ms", start)
	}
}

func TestUnlimitedHoldsPacketsOnlyWhileDown(t *testing.T) {
	b := NewUnlimited(mustOutages(t, 100*ms, Interval{10 * ms, 20 * ms}))
	if _, done := b.Serve(3*ms, 1500); done != 3*ms {
		t.Fatalf("done %v, want 3ms", done)
	}
	if _, done := b.Serve(115*ms, 1500); done != 120*ms {
		t.Fatalf("done %v, want 120ms (the outage repeats every 100 ms)", done)
	}
}

func TestTraceRepeatsAfterItsLastTime(t *testing.T) {
	trace := mustTrace(t, "0\n0\n5\n\n10\n")
	want := []time.Duration{0, 0, 5 * ms, 10 * ms, 10 * ms, 10 * ms, 15 * ms, 20 * ms}
	for k, w := range want {
		if got := trace.Opportunity(int64(k)); got != w {
			t.Fatalf("opportunity %d at %v, want %v", k, got, w)
		}
	}
	if k := trace.FirstAtOrAfter(11 * ms); k != 6 {
		t.Fatalf("first at or after 11ms: %d, want 6", k)
	}
	if n := trace.OpportunitiesBetween(0, 20*ms); n != 7 {
		t.Fatalf("%d opportunities in [0, 20ms), want 7", n)
	}
	if mean := trace.MeanBitsPerSecond(); mean != 4*1500*8/0.010 {
		t.Fatalf("mean %v bit/s", mean)
	}
}

func TestTraceRejectsWhatIsNotATrace(t *testing.T) {
	for text, wantErr := range map[string]string{
		"":         "at least one line",
		"0\n":      "last time above 0",
		"5\n3\n":   "line 2: 3 ms is before",
		"1\nabc\n": `line 2: "abc" is not a time`,
		"1\n-4\n":  `"-4" is not a time`,
		"1\n2.5\n": `"2.5" is not a time`,
	} {
		if _, err := ParseTrace(strings.NewReader(text), "t"); err == nil || !strings.Contains(err.Error(), wantErr) {
			t.Errorf("%q: error %v, want one saying %q", text, err, wantErr)
		}
	}
}

func TestTraceDrivenPacksSmallPacketsIntoOneOpportunityAndSpreadsBigOnes(t *testing.T) {
	b := NewTraceDriven(mustTrace(t, "1\n2\n3\n4\n"), Outages{}, nil)
	for i := 0; i < 3; i++ {
		if _, done := b.Serve(0, 500); done != 1*ms {
			t.Fatalf("small packet %d done at %v, want 1ms (three share one opportunity)", i, done)
		}
	}
	if start, done := b.Serve(0, 2000); start != 2*ms || done != 3*ms {
		t.Fatalf("2000-byte packet: start %v done %v, want 2ms and 3ms", start, done)
	}
	if start, done := b.Serve(0, 1000); start != 3*ms || done != 3*ms {
		t.Fatalf("packet after it: start %v done %v, want the 1000 bytes left at 3ms", start, done)
	}
}

func TestTraceDrivenLosesWhatIsLeftOfAnOpportunityWhenTheQueueRunsEmpty(t *testing.T) {
	b := NewTraceDriven(mustTrace(t, "1\n2\n3\n4\n"), Outages{}, nil)
	b.Serve(0, 500)
	if _, done := b.Serve(1500*time.Microsecond, 500); done != 2*ms {
		t.Fatalf("done %v, want 2ms: the packet came after the 1 ms opportunity", done)
	}
	if _, done := b.Serve(3*ms, 500); done != 4*ms {
		t.Fatalf("done %v, want 4ms: an opportunity at the instant of arrival has passed", done)
	}
}

func TestTraceDrivenSkipsOpportunitiesWhileTheLinkIsDown(t *testing.T) {
	b := NewTraceDriven(mustTrace(t, "1\n2\n3\n4\n5\n6\n"), mustOutages(t, 0, Interval{ms, 4 * ms}), nil)
	if start, done := b.Serve(0, 1500); start != 4*ms || done != 4*ms {
		t.Fatalf("start %v done %v, want the first opportunity after the outage, 4ms", start, done)
	}
}
