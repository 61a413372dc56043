//go:build linux

package netns

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"syscall"
)

// InnerDevice is the name of the TUN device inside the namespace.
const InnerDevice = "hhfr0"

// Addresses are the two ends of the link: Server is this host's end, Client the namespace's.
type Addresses struct {
	Index          int
	Server, Client net.IP
	OuterDevice    string
}

// PickAddresses chooses a /30 of 100.64.0.0/10 (shared address space, never routed on the Internet) that no
// interface of this host uses, starting from seed.
func PickAddresses(seed int) (Addresses, error) {
	used := map[string]bool{}
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return Addresses{}, err
	}
	for _, a := range addrs {
		if ipNet, ok := a.(*net.IPNet); ok {
			used[ipNet.IP.String()] = true
		}
	}
	const subnets = 1 << 20
	for i := 0; i < 1000; i++ {
		index := (seed + i) % subnets
		base := 100<<24 | 64<<16 | index*4
		server := net.IPv4(byte(base>>24), byte(base>>16), byte(base>>8), byte(base|1))
		client := net.IPv4(byte(base>>24), byte(base>>16), byte(base>>8), byte(base|2))
		device := fmt.Sprintf("hlink%d", index)
		if _, err := net.InterfaceByName(device); err == nil || used[server.String()] || used[client.String()] {
			continue
		}
		return Addresses{Index: index, Server: server, Client: client, OuterDevice: device}, nil
	}
	return Addresses{}, fmt.Errorf("no free subnet in 100.64.0.0/10 near index %d", seed)
}

// OpenOuter creates and configures the TUN device of this host's end (in the caller's namespace, which must be
// the host's: call it before any thread has left it).
func OpenOuter(a Addresses) (*os.File, error) {
	f, err := OpenTun(a.OuterDevice)
	if err != nil {
		return nil, err
	}
	if err := configure(a.OuterDevice, a.Server, a.Client, false); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// Namespace is a network namespace held by one OS thread that never leaves it. Commands it starts live in the
// namespace; the namespace disappears when the thread and those commands are gone (no name, no mount).
type Namespace struct {
	requests chan func()
}

// NewNamespace starts the thread, moves it to a new network namespace, and creates and configures the inner TUN
// device there. It returns the namespace and the device.
func NewNamespace(a Addresses) (*Namespace, *os.File, error) {
	ns := &Namespace{requests: make(chan func())}
	type result struct {
		tun *os.File
		err error
	}
	ready := make(chan result)
	go func() {
		runtime.LockOSThread() // never unlocked: the thread ends with this goroutine
		if err := syscall.Unshare(syscall.CLONE_NEWNET); err != nil {
			ready <- result{err: fmt.Errorf("new network namespace (needs root or CAP_NET_ADMIN): %w", err)}
			return
		}
		tun, err := OpenTun(InnerDevice)
		if err == nil {
			err = configure(InnerDevice, a.Client, a.Server, true)
		}
		ready <- result{tun, err}
		if err != nil {
			return
		}
		for request := range ns.requests {
			request()
		}
	}()
	r := <-ready
	if r.err != nil {
		if r.tun != nil {
			r.tun.Close()
		}
		return nil, nil, r.err
	}
	return ns, r.tun, nil
}

// Start starts cmd inside the namespace. The command is killed if the namespace's thread ends.
func (ns *Namespace) Start(cmd *exec.Cmd) error {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
	done := make(chan error)
	ns.requests <- func() { done <- cmd.Start() }
	return <-done
}

// Close ends the namespace's thread; the namespace goes once no command of it is left.
func (ns *Namespace) Close() {
	close(ns.requests)
}

// configure gives device its address and its peer's, turns IPv6 off (the link carries what the test sends, no
// router solicitations) and brings it up; inside, it also brings up the loopback and routes everything to peer.
func configure(device string, local, peer net.IP, inside bool) error {
	if err := os.WriteFile("/proc/sys/net/ipv6/conf/"+device+"/disable_ipv6", []byte("1"), 0o644); err != nil && !os.IsNotExist(err) {
		return fmt.Errorf("turn IPv6 off on %s: %w", device, err)
	}
	commands := [][]string{
		{"addr", "add", local.String(), "peer", peer.String() + "/32", "dev", device},
		// A long device queue: a burst the relay has not read yet must not be lost before it reaches the model.
		{"link", "set", "dev", device, "mtu", "1500", "txqueuelen", "10000", "up"},
	}
	if inside {
		commands = append([][]string{{"link", "set", "dev", "lo", "up"}}, commands...)
		commands = append(commands, []string{"route", "add", "default", "dev", device})
	}
	for _, args := range commands {
		if out, err := exec.Command("ip", args...).CombinedOutput(); err != nil {
			return fmt.Errorf("ip %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(string(out)))
		}
	}
	return nil
}
