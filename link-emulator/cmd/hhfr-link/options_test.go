package main

import (
	"io"
	"strings"
	"testing"
	"time"

	"hhfr.org/link-emulator/link"
)

func parse(t *testing.T, args ...string) (options, error) {
	t.Helper()
	return parseOptions(args, io.Discard)
}

func TestThreeGLoss3ProfileSplitsTheRoundTripAndLosesThreePercentEachWay(t *testing.T) {
	o, err := parse(t, "--profile", "3g-loss3", "--", "true")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []link.DirectionSettings{o.settings.Down, o.settings.Up} {
		if d.Delay != 75*time.Millisecond || d.Loss != 0.03 {
			t.Fatalf("direction %v", d)
		}
	}
	if o.settings.Down.BitsPerSecond != 1_000_000 || o.settings.Up.BitsPerSecond != 384_000 {
		t.Fatalf("rates %d down, %d up", o.settings.Down.BitsPerSecond, o.settings.Up.BitsPerSecond)
	}
	if strings.Join(o.command, " ") != "true" {
		t.Fatalf("command %v", o.command)
	}
}

func TestSettingsOverrideTheProfileOneDirectionAtATime(t *testing.T) {
	o, err := parse(t, "--profile", "umts-trace", "--down-rate", "2.5M", "--up-queue-packets", "20",
		"--up-gilbert", "0.01,0.3,0,0.5", "--outage", "10s+2s", "--outage-every", "30s", "--", "sh")
	if err != nil {
		t.Fatal(err)
	}
	if d := o.settings.Down; d.Trace != nil || d.BitsPerSecond != 2_500_000 {
		t.Fatalf("downlink %v: the rate should replace the trace", d)
	}
	if u := o.settings.Up; u.Trace == nil || u.Queue != (link.QueueLimit{Packets: 20}) || u.Gilbert.LossBad != 0.5 {
		t.Fatalf("uplink %v", u)
	}
	if len(o.settings.Outages) != 1 || o.settings.Outages[0].End != 12*time.Second || o.settings.OutagePeriod != 30*time.Second {
		t.Fatalf("outages %v every %v", o.settings.Outages, o.settings.OutagePeriod)
	}
}

func TestTraceProfilesDriveBothDirectionsByTheirTrace(t *testing.T) {
	o, err := parse(t, "--profile", "umts-trace", "--", "true")
	if err != nil {
		t.Fatal(err)
	}
	if o.settings.Down.TraceName != "TMobile-UMTS-driving.down" || o.settings.Up.TraceName != "TMobile-UMTS-driving.up" {
		t.Fatalf("traces %q down, %q up", o.settings.Down.TraceName, o.settings.Up.TraceName)
	}
}

func TestBadCommandLinesSayWhatIsWrong(t *testing.T) {
	cases := map[string][]string{
		`no profile "5g"`:               {"--profile", "5g", "--", "true"},
		"no command to run":             {"--profile", "3g"},
		"not a rate":                    {"--down-rate", "fast", "--", "true"},
		"four probabilities":            {"--up-gilbert", "0.1,0.2", "--", "true"},
		"must be a probability":         {"--down-loss", "3", "--", "true"},
		"nor a bundled trace":           {"--down-trace", "/no/such/trace", "--", "true"},
		"START+LENGTH":                  {"--outage", "10s", "--", "true"},
		"longer than the outages in it": {"--outage", "0s+1s", "--outage-every", "1s", "--", "true"},
	}
	for want, args := range cases {
		if _, err := parse(t, args...); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%v: error %v, want one saying %q", args, err, want)
		}
	}
}
