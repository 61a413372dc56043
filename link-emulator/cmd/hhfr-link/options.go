package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"hhfr.org/link-emulator/link"
	"hhfr.org/link-emulator/traces"
)

// options are what the command line asks for: the link and the command to run behind it.
type options struct {
	settings link.Settings
	command  []string
	stats    bool
	pcap     string
}

const usageHead = `Usage: hhfr-link [--profile NAME] [settings] -- COMMAND [ARGS...]

Runs COMMAND in a network namespace of its own whose only way out is an emulated link to this host. Inside,
the environment holds HHFR_LINK_SERVER_ADDRESS (this host as seen through the link), HHFR_LINK_CLIENT_ADDRESS
(the namespace's own address), HHFR_LINK_EPOCH_UNIX_NANOS (when the link's clock and traces started) and
HHFR_LINK_CONTROL (a Unix socket: the line "restart-traces" makes the next packet start both traces again,
answered "ok").
Downlink (down-*) is this host to COMMAND, uplink (up-*) the reverse. Needs root (or CAP_NET_ADMIN),
/dev/net/tun and iproute2's ip. Settings override the profile's.

Profiles:
`

// parseOptions reads the command line; help text and errors go to stderr.
func parseOptions(args []string, stderr io.Writer) (options, error) {
	fs := flag.NewFlagSet("hhfr-link", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usageHead, profileHelp(), "\nSettings:\n")
		fs.PrintDefaults()
		fmt.Fprintf(stderr, "\nBundled traces (for --down-trace/--up-trace): %s\n", strings.Join(traces.Names(), ", "))
	}
	profileName := fs.String("profile", "loopback", "the link to start from")
	seed := fs.Int64("seed", 1, "seed of the loss models (same seed, same losses for the same packets)")
	stats := fs.Bool("stats", false, "print the settings to stderr at the start, and each direction's packet counts at the end")
	pcap := fs.String("pcap", "", "write each packet, either way, as it reaches the link (lost and dropped ones too) to FILE in pcap format (raw IP, nanosecond times)")
	var outages outageList
	fs.Var(&outages, "outage", "link down for a while, START+LENGTH from the link's start, e.g. 10s+2s (repeatable)")
	outageEvery := fs.Duration("outage-every", 0, "repeat the outages with this period (0: once)")
	for _, dir := range []string{"down", "up"} {
		fs.Duration(dir+"-delay", 0, "one-way propagation delay, e.g. 75ms")
		fs.String(dir+"-rate", "", "fixed bottleneck rate in bit/s, with an optional k, M or G (e.g. 384k); 0: unlimited")
		fs.String(dir+"-trace", "", "packet-delivery trace file (Mahimahi format) or bundled trace name")
		fs.Int(dir+"-queue-packets", 0, "drop-tail queue limit in packets")
		fs.Int(dir+"-queue-bytes", 0, "drop-tail queue limit in bytes")
		fs.Float64(dir+"-loss", 0, "random loss probability per packet, e.g. 0.03")
		fs.String(dir+"-gilbert", "", "bursty Gilbert-Elliott loss TO_BAD,TO_GOOD,LOSS_GOOD,LOSS_BAD, e.g. 0.01,0.3,0,0.5")
	}
	if err := fs.Parse(args); err != nil {
		return options{}, err
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return options{}, errors.New("no command to run: give it after --")
	}
	settings, err := profileSettings(*profileName)
	if err != nil {
		return options{}, err
	}
	settings.Seed, settings.Outages, settings.OutagePeriod = *seed, outages, *outageEvery
	queueGiven := map[string]bool{}
	var setErr error
	fs.Visit(func(f *flag.Flag) {
		dir, key, ok := strings.Cut(f.Name, "-")
		if setErr != nil || !ok || (dir != "down" && dir != "up") {
			return
		}
		d := &settings.Down
		if dir == "up" {
			d = &settings.Up
		}
		if strings.HasPrefix(key, "queue-") && !queueGiven[dir] {
			queueGiven[dir], d.Queue = true, link.QueueLimit{}
		}
		if err := applySetting(d, key, f.Value.String()); err != nil {
			setErr = fmt.Errorf("--%s %s: %w", f.Name, f.Value, err)
		}
	})
	if setErr != nil {
		return options{}, setErr
	}
	if _, _, err := settings.Build(nil); err != nil {
		return options{}, err
	}
	return options{settings: settings, command: fs.Args(), stats: *stats, pcap: *pcap}, nil
}

func applySetting(d *link.DirectionSettings, key, value string) error {
	var err error
	switch key {
	case "delay":
		d.Delay, err = time.ParseDuration(value)
	case "rate":
		d.BitsPerSecond, err = parseRate(value)
		d.Trace, d.TraceName = nil, ""
	case "trace":
		d.Trace, err = loadTrace(value)
		d.TraceName = value
	case "queue-packets":
		d.Queue.Packets, err = strconv.Atoi(value)
	case "queue-bytes":
		d.Queue.Bytes, err = strconv.Atoi(value)
	case "loss":
		d.Loss, err = strconv.ParseFloat(value, 64)
	case "gilbert":
		d.Gilbert, err = parseGilbert(value)
	}
	return err
}

// parseRate reads bit/s such as 384k, 1M, 1.5M or 2000000.
func parseRate(text string) (int64, error) {
	multiplier := 1.0
	number := text
	switch {
	case strings.HasSuffix(text, "k"):
		multiplier, number = 1e3, strings.TrimSuffix(text, "k")
	case strings.HasSuffix(text, "M"):
		multiplier, number = 1e6, strings.TrimSuffix(text, "M")
	case strings.HasSuffix(text, "G"):
		multiplier, number = 1e9, strings.TrimSuffix(text, "G")
	}
	value, err := strconv.ParseFloat(number, 64)
	if err != nil || value < 0 || value*multiplier > 1e12 {
		return 0, errors.New("not a rate in bit/s (e.g. 384k, 1M, 2000000)")
	}
	return int64(value * multiplier), nil
}

func parseGilbert(text string) (*link.GilbertElliottSettings, error) {
	parts := strings.Split(text, ",")
	if len(parts) != 4 {
		return nil, errors.New("needs four probabilities: TO_BAD,TO_GOOD,LOSS_GOOD,LOSS_BAD")
	}
	var p [4]float64
	for i, part := range parts {
		v, err := strconv.ParseFloat(strings.TrimSpace(part), 64)
		if err != nil {
			return nil, fmt.Errorf("%q is not a probability", part)
		}
		p[i] = v
	}
	return &link.GilbertElliottSettings{ToBad: p[0], ToGood: p[1], LossGood: p[2], LossBad: p[3]}, nil
}

// loadTrace reads a trace file, or the bundled trace of that name when no such file exists.
func loadTrace(name string) (*link.Trace, error) {
	f, err := os.Open(name)
	if errors.Is(err, os.ErrNotExist) {
		trace, found, bundledErr := traces.Load(name)
		if !found {
			return nil, fmt.Errorf("no such file, nor a bundled trace (bundled: %s)", strings.Join(traces.Names(), ", "))
		}
		return trace, bundledErr
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return link.ParseTrace(f, name)
}

// outageList collects --outage START+LENGTH values.
type outageList []link.Interval

func (o *outageList) String() string { return fmt.Sprint(len(*o), " outages") }

func (o *outageList) Set(text string) error {
	startText, lengthText, ok := strings.Cut(text, "+")
	start, err1 := time.ParseDuration(startText)
	length, err2 := time.ParseDuration(lengthText)
	if !ok || err1 != nil || err2 != nil {
		return errors.New("an outage is START+LENGTH, e.g. 10s+2s")
	}
	*o = append(*o, link.Interval{Start: start, End: start + length})
	return nil
}
