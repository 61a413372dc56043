package main

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"hhfr.org/link-emulator/link"
	"hhfr.org/link-emulator/traces"
)

// profile is a named link: a round trip split evenly over the two directions, and each direction's capacity.
type profile struct {
	roundTrip          time.Duration
	downRate, upRate   int64  // bit/s; 0 with no trace: unlimited
	downTrace, upTrace string // bundled trace names
	loss               float64
	about              string
}

var baseProfiles = map[string]profile{
	"loopback": {about: "no delay, no rate limit (the emulator only relays)"},
	"wifi":     {roundTrip: 5 * time.Millisecond, about: "5 ms round trip, no rate limit"},
	"3g":       {roundTrip: 150 * time.Millisecond, downRate: 1_000_000, upRate: 384_000, about: "150 ms round trip, 1 Mbit/s down, 384 kbit/s up"},
	"edge":     {roundTrip: 400 * time.Millisecond, downRate: 200_000, upRate: 100_000, about: "400 ms round trip, 200 kbit/s down, 100 kbit/s up"},
	"lte":      {roundTrip: 50 * time.Millisecond, downRate: 12_000_000, upRate: 5_000_000, about: "50 ms round trip, 12 Mbit/s down, 5 Mbit/s up"},
	"umts-trace": {roundTrip: 150 * time.Millisecond, downTrace: "TMobile-UMTS-driving.down", upTrace: "TMobile-UMTS-driving.up",
		about: "150 ms round trip, T-Mobile UMTS traces recorded while driving"},
	"evdo-trace": {roundTrip: 150 * time.Millisecond, downTrace: "Verizon-EVDO-driving.down", upTrace: "Verizon-EVDO-driving.up",
		about: "150 ms round trip, Verizon EV-DO traces recorded while driving"},
	"lte-trace": {roundTrip: 50 * time.Millisecond, downTrace: "Verizon-LTE-short.down", upTrace: "Verizon-LTE-short.up",
		about: "50 ms round trip, Verizon LTE traces"},
}

// lossVariants are the suffixes that add random loss, in each direction, to any profile.
var lossVariants = map[string]float64{"-loss1": 0.01, "-loss3": 0.03}

// profileSettings returns the settings of a profile name such as "3g" or "3g-loss3".
func profileSettings(name string) (link.Settings, error) {
	base, loss := name, 0.0
	for suffix, rate := range lossVariants {
		if strings.HasSuffix(name, suffix) {
			base, loss = strings.TrimSuffix(name, suffix), rate
		}
	}
	p, ok := baseProfiles[base]
	if !ok {
		return link.Settings{}, fmt.Errorf("no profile %q (known: %s)", name, strings.Join(profileNames(), ", "))
	}
	down, err := p.direction(p.downRate, p.downTrace, loss)
	if err != nil {
		return link.Settings{}, err
	}
	up, err := p.direction(p.upRate, p.upTrace, loss)
	if err != nil {
		return link.Settings{}, err
	}
	return link.Settings{Down: down, Up: up}, nil
}

func (p profile) direction(rate int64, traceName string, loss float64) (link.DirectionSettings, error) {
	d := link.DirectionSettings{Delay: p.roundTrip / 2, BitsPerSecond: rate, Loss: loss}
	if traceName != "" {
		trace, _, err := traces.Load(traceName)
		if err != nil || trace == nil {
			return d, fmt.Errorf("profile trace %s: missing or unreadable: %v", traceName, err)
		}
		d.Trace, d.TraceName = trace, traceName
	}
	return d, nil
}

func profileNames() []string {
	names := make([]string, 0, len(baseProfiles))
	for name := range baseProfiles {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// profileHelp lists the profiles for the usage text.
func profileHelp() string {
	var b strings.Builder
	for _, name := range profileNames() {
		fmt.Fprintf(&b, "  %-12s %s\n", name, baseProfiles[name].about)
	}
	b.WriteString("  Any profile with -loss1 or -loss3 (e.g. 3g-loss3) adds 1% or 3% random loss in each direction.\n")
	return b.String()
}
