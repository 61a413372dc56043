package link

import (
	"testing"
	"time"
)

// restartingLink has the trace "10, 1000" (an opportunity 10 ms into each second of a 1 s loop) in both directions
// and 5 ms of delay each way.
func restartingLink(t *testing.T) (down, up *Direction, restart *TraceRestart) {
	t.Helper()
	trace := mustTrace(t, "10\n1000\n")
	direction := DirectionSettings{Delay: 5 * ms, Trace: trace, TraceName: "test"}
	restart = &TraceRestart{}
	down, up, err := Settings{Down: direction, Up: direction}.Build(restart)
	if err != nil {
		t.Fatal(err)
	}
	return down, up, restart
}

func deliveredAt(t *testing.T, d *Direction, arrival time.Duration) time.Duration {
	t.Helper()
	d.Arrive(arrival, make([]byte, 100))
	next, ok := d.NextDue()
	if !ok {
		t.Fatalf("the packet that arrived at %v is not on its way", arrival)
	}
	d.Due(next)
	return next
}

func TestWithoutRestartTheTracesRunFromTheEpoch(t *testing.T) {
	_, up, _ := restartingLink(t)
	if got := deliveredAt(t, up, 300*ms); got != 1005*ms {
		t.Fatalf("delivered at %v, want 1005ms (the opportunity 1000 ms after the epoch)", got)
	}
}

func TestAnArmedRestartStartsBothTracesAtTheNextPacketsArrival(t *testing.T) {
	down, up, restart := restartingLink(t)
	restart.Arm()
	if got := deliveredAt(t, up, 300*ms); got != 315*ms {
		t.Fatalf("delivered at %v, want 315ms (the traces restarted at 300ms: opportunity 10 ms later)", got)
	}
	// Not armed again: the traces run on from 300 ms, for the downlink too, whose opportunity at 310 ms has passed.
	if got := deliveredAt(t, down, 320*ms); got != 1305*ms {
		t.Fatalf("downlink packet delivered at %v, want 1305ms (its trace restarted with the uplink's)", got)
	}
	if n := up.Stats().TraceRestarts; n != 1 {
		t.Fatalf("%d restarts counted, want 1", n)
	}
}

func TestAPacketQueuedBeforeARestartLeavesFirst(t *testing.T) {
	_, up, restart := restartingLink(t)
	up.Arrive(20*ms, make([]byte, 100)) // waits for the opportunity at 1000 ms: delivered at 1005 ms
	restart.Arm()
	up.Arrive(30*ms, make([]byte, 100)) // restarts: the new trace's first opportunity is at 40 ms, before 1000
	if due := up.Due(1005 * ms); len(due) != 1 {
		t.Fatalf("%d packets by 1005ms, want the first only", len(due))
	}
	// The second leaves with the new trace's first opportunity after the first packet left: 30 + 1000 ms.
	if next, _ := up.NextDue(); next != 1035*ms {
		t.Fatalf("second packet due at %v, want 1035ms", next)
	}
}
