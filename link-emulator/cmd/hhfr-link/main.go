// Command hhfr-link runs a command behind an emulated mobile link (delay, fixed or trace-driven rate, drop-tail
// queue, random and bursty loss, outages; each direction apart), in the manner of Mahimahi's mm-link and mm-delay.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"hhfr.org/link-emulator/link"
	"hhfr.org/link-emulator/netns"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	opts, err := parseOptions(args, os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "hhfr-link:", err)
		return 2
	}
	code, err := emulate(opts)
	if err != nil {
		fmt.Fprintln(os.Stderr, "hhfr-link:", err)
		return 1
	}
	return code
}

// emulate builds the link, runs the command behind it and returns the command's exit status.
func emulate(opts options) (int, error) {
	restart := &link.TraceRestart{}
	down, up, err := opts.settings.Build(restart)
	if err != nil {
		return 0, err
	}
	ctl, err := openControl(restart)
	if err != nil {
		return 0, err
	}
	defer ctl.Close()
	addrs, err := netns.PickAddresses(os.Getpid())
	if err != nil {
		return 0, err
	}
	outer, err := netns.OpenOuter(addrs)
	if err != nil {
		return 0, err
	}
	defer outer.Close()
	ns, inner, err := netns.NewNamespace(addrs)
	if err != nil {
		return 0, err
	}
	defer inner.Close()

	if opts.stats {
		fmt.Fprintf(os.Stderr, "hhfr-link: downlink: %v\nhhfr-link: uplink: %v\n", opts.settings.Down, opts.settings.Up)
	}
	var capture *capture
	if opts.pcap != "" {
		if capture, err = openCapture(opts.pcap); err != nil {
			return 0, err
		}
	}
	epoch := time.Now()
	downRelay, upRelay := newRelay(down, outer, inner, epoch, capture), newRelay(up, inner, outer, epoch, capture)
	downEnded, upEnded := make(chan struct{}), make(chan struct{})
	go func() { defer close(downEnded); downRelay.run() }()
	go func() { defer close(upEnded); upRelay.run() }()

	cmd := exec.Command(opts.command[0], opts.command[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.Env = append(os.Environ(),
		"HHFR_LINK_SERVER_ADDRESS="+addrs.Server.String(),
		"HHFR_LINK_CLIENT_ADDRESS="+addrs.Client.String(),
		"HHFR_LINK_EPOCH_UNIX_NANOS="+strconv.FormatInt(epoch.UnixNano(), 10),
		controlEnv+"="+ctl.path())
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	defer signal.Stop(signals)
	if err := ns.Start(cmd); err != nil {
		ns.Close()
		return 0, fmt.Errorf("start %s: %w", opts.command[0], err)
	}
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	var waitErr error
	for done := false; !done; {
		select {
		case sig := <-signals:
			cmd.Process.Signal(sig)
		case waitErr = <-waited:
			done = true
		}
	}
	ns.Close()
	if capture != nil {
		if err := capture.close(); err != nil {
			fmt.Fprintln(os.Stderr, "hhfr-link: --pcap:", err)
		}
	}
	if opts.stats {
		for _, r := range []struct {
			name  string
			relay *relay
			ended chan struct{}
		}{{"downlink", downRelay, downEnded}, {"uplink", upRelay, upEnded}} {
			if s, ok := r.relay.currentStats(r.ended); ok {
				fmt.Fprintf(os.Stderr, "hhfr-link: %s: %d packets arrived, %d lost, %d dropped by the queue, %d delivered (%d bytes)\n",
					r.name, s.Arrived, s.Lost, s.Overflowed, s.Delivered, s.DeliveredBytes)
				if r.name == "uplink" && s.TraceRestarts > 0 {
					fmt.Fprintf(os.Stderr, "hhfr-link: traces restarted %d times\n", s.TraceRestarts)
				}
			}
		}
	}
	var exit *exec.ExitError
	if errors.As(waitErr, &exit) {
		if status, ok := exit.Sys().(syscall.WaitStatus); ok && status.Signaled() {
			return 128 + int(status.Signal()), nil
		}
		return exit.ExitCode(), nil
	}
	if waitErr != nil {
		return 0, waitErr
	}
	return 0, nil
}
