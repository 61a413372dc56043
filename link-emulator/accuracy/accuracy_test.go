// Package accuracy checks, with real UDP traffic crossing a real emulated link, that hhfr-link keeps to its
// settings within 5%: delay, rate, queue limit, random loss and a trace's rate. It needs root (a network
// namespace and TUN devices); without them each test is skipped with a message saying what is missing.
package accuracy

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"hhfr.org/link-emulator/traces"
)

const tolerance = 0.05

var linkBinary string

func TestMain(m *testing.M) {
	if mode := os.Getenv(probeEnv); mode != "" {
		if err := runProbe(mode); err != nil {
			fmt.Fprintln(os.Stderr, "probe:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	dir, err := os.MkdirTemp("", "hhfr-link-accuracy")
	if err != nil {
		panic(err)
	}
	linkBinary = filepath.Join(dir, "hhfr-link")
	if out, err := exec.Command("go", "build", "-buildvcs=false", "-o", linkBinary, "hhfr.org/link-emulator/cmd/hhfr-link").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "go build hhfr-link: %v\n%s", err, out)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// requireLinkEmulation skips the test, saying why, where this machine cannot make namespaces or TUN devices.
func requireLinkEmulation(t *testing.T) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("SKIPPED: link emulation needs root (network namespaces and TUN devices); run the tests as root")
	}
	if _, err := exec.LookPath("ip"); err != nil {
		t.Skip("SKIPPED: link emulation needs iproute2's ip command, not found on PATH")
	}
	if f, err := os.OpenFile("/dev/net/tun", os.O_RDWR, 0); err != nil {
		t.Skipf("SKIPPED: link emulation needs /dev/net/tun: %v", err)
	} else {
		f.Close()
	}
	unshared := make(chan error)
	go func() {
		runtime.LockOSThread() // never unlocked: the thread, now in a throwaway namespace, ends with the goroutine
		unshared <- syscall.Unshare(syscall.CLONE_NEWNET)
	}()
	if err := <-unshared; err != nil {
		t.Skipf("SKIPPED: link emulation needs network namespaces: unshare: %v", err)
	}
}

// emulatedLink is hhfr-link running the probe in its namespace.
type emulatedLink struct {
	cmd    *exec.Cmd
	lines  chan string
	probe  *net.UDPAddr // the probe's socket, when it listens
	epoch  int64        // when the link's clock started (Unix nanoseconds)
	stderr *strings.Builder
}

// startLink runs hhfr-link with args and the probe in mode, and waits until the probe is ready. The link
// and probe are killed when the test ends, whatever happened.
func startLink(t *testing.T, args []string, mode string, env ...string) *emulatedLink {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(linkBinary, append(append(append([]string{}, args...), "--stats", "--"), self, "-test.run=^$")...)
	cmd.Env = append(append(os.Environ(), probeEnv+"="+mode), env...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	l := &emulatedLink{cmd: cmd, lines: make(chan string, 16), stderr: &strings.Builder{}}
	cmd.Stderr = l.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-exited
		}
		t.Logf("hhfr-link %s: %s", strings.Join(args, " "), strings.TrimSpace(l.stderr.String()))
	})
	go func() {
		scanner := bufio.NewScanner(stdout)
		for scanner.Scan() {
			l.lines <- scanner.Text()
		}
		close(l.lines)
		cmd.Wait()
		close(exited)
	}()
	address, epoch, _ := strings.Cut(l.line(t, "listening ", 10*time.Second), " ")
	if l.epoch, err = strconv.ParseInt(epoch, 10, 64); err != nil {
		t.Fatalf("no link epoch from the probe: %v", err)
	}
	if address != "none" {
		if l.probe, err = net.ResolveUDPAddr("udp4", address); err != nil {
			t.Fatal(err)
		}
	}
	return l
}

// line waits for the probe's next line starting with prefix and returns the rest.
func (l *emulatedLink) line(t *testing.T, prefix string, timeout time.Duration) string {
	t.Helper()
	deadline := time.After(timeout)
	for {
		select {
		case line, ok := <-l.lines:
			if !ok {
				t.Fatalf("hhfr-link ended before the probe said %q: %s", prefix, l.stderr.String())
			}
			if rest, found := strings.CutPrefix(line, prefix); found {
				return rest
			}
		case <-deadline:
			t.Fatalf("no %q from the probe within %v: %s", prefix, timeout, l.stderr.String())
		}
	}
}

func (l *emulatedLink) report(t *testing.T) sinkReport {
	t.Helper()
	var r sinkReport
	if err := json.Unmarshal([]byte(l.line(t, "report ", 90*time.Second)), &r); err != nil {
		t.Fatal(err)
	}
	return r
}

func dialProbe(t *testing.T, l *emulatedLink) *net.UDPConn {
	t.Helper()
	conn, err := net.DialUDP("udp4", nil, l.probe)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

func assertWithin(t *testing.T, what string, measured, want float64) {
	t.Helper()
	deviation := (measured - want) / want
	t.Logf("%s: measured %.6g, set %.6g, deviation %+.2f%%", what, measured, want, 100*deviation)
	if math.Abs(deviation) > tolerance {
		t.Errorf("%s: measured %.6g, want %.6g within %.0f%%", what, measured, want, 100*tolerance)
	}
}

// bitsPerSecond is the rate of full-size packets received between the first and the last.
func (r sinkReport) bitsPerSecond() float64 {
	return float64(r.Received-1) * 1500 * 8 / time.Duration(r.LastNanos-r.FirstNanos).Seconds()
}

func TestThreeGProfileRoundTripIs150MillisecondsPlusSerialisation(t *testing.T) {
	requireLinkEmulation(t)
	l := startLink(t, []string{"--profile", "3g"}, "echo")
	conn := dialProbe(t, l)
	const payload = 64
	var rtts []float64
	buf := make([]byte, 2048)
	for i := 0; i < 30; i++ {
		sent := time.Now()
		conn.Write(make([]byte, payload))
		conn.SetReadDeadline(time.Now().Add(2 * time.Second))
		if _, err := conn.Read(buf); err != nil {
			t.Fatalf("ping %d: %v", i, err)
		}
		rtts = append(rtts, float64(time.Since(sent))/float64(time.Millisecond))
		time.Sleep(20 * time.Millisecond)
	}
	conn.Write([]byte("stop"))
	sort.Float64s(rtts)
	bits := float64((payload + udpIPHeaders) * 8)
	want := 150 + 1000*bits/1_000_000 + 1000*bits/384_000 // delay both ways, plus each direction's serialisation
	assertWithin(t, "3g median round trip (ms)", rtts[len(rtts)/2], want)
}

func TestThreeGProfileDownlinkCarriesOneMegabitPerSecond(t *testing.T) {
	requireLinkEmulation(t)
	l := startLink(t, []string{"--profile", "3g"}, "sink", "HHFR_PROBE_IDLE=1s")
	conn := dialProbe(t, l)
	if err := sendPaced(conn, 625, 1472, 1_500_000); err != nil { // 5 s at 1.5 Mbit/s: the queue stays full
		t.Fatal(err)
	}
	assertWithin(t, "3g downlink rate (bit/s)", l.report(t).FitBitsPerSecond, 1_000_000)
}

func TestThreeGProfileUplinkCarries384KilobitsPerSecond(t *testing.T) {
	requireLinkEmulation(t)
	receiver, err := net.ListenUDP("udp4", &net.UDPAddr{})
	if err != nil {
		t.Fatal(err)
	}
	defer receiver.Close()
	receiver.SetReadBuffer(4 << 20)
	startLink(t, []string{"--profile", "3g"}, "source", fmt.Sprintf("HHFR_PROBE_PORT=%d", receiver.LocalAddr().(*net.UDPAddr).Port),
		"HHFR_PROBE_SIZE=1472", "HHFR_PROBE_BITS=600000", "HHFR_PROBE_SECONDS=5s")
	var r sinkReport
	buf := make([]byte, 2048)
	receiver.SetReadDeadline(time.Now().Add(15 * time.Second))
	for {
		n, err := receiver.Read(buf)
		if err != nil {
			break
		}
		r.add(time.Now().UnixNano(), n)
		receiver.SetReadDeadline(time.Now().Add(time.Second))
	}
	if r.Received < 100 {
		t.Fatalf("only %d datagrams came up the link", r.Received)
	}
	assertWithin(t, "3g uplink rate (bit/s)", r.FitBitsPerSecond, 384_000)
}

func TestThreePercentRandomLossLosesThreePercentOfPackets(t *testing.T) {
	requireLinkEmulation(t)
	l := startLink(t, []string{"--profile", "lte-loss3"}, "sink", "HHFR_PROBE_IDLE=1s")
	conn := dialProbe(t, l)
	const sent = 100_000
	if err := sendPaced(conn, sent, 32, 20_000*60*8); err != nil { // 20,000 packets/s of 60 bytes: under LTE's rate
		t.Fatal(err)
	}
	r := l.report(t)
	assertWithin(t, "lte-loss3 downlink loss", 1-float64(r.Distinct)/sent, 0.03)
}

func TestDropTailQueueOfOneHundredPacketsDropsTheRestOfABurst(t *testing.T) {
	requireLinkEmulation(t)
	l := startLink(t, []string{"--profile", "3g", "--down-queue-packets", "100"}, "sink", "HHFR_PROBE_IDLE=1500ms")
	conn := dialProbe(t, l)
	if err := sendPaced(conn, 400, 1472, 0); err != nil { // 400 packets at once; the link sends one in 12 ms
		t.Fatal(err)
	}
	// The queue holds 100; one more is being sent when the burst arrives.
	assertWithin(t, "packets through a 100-packet queue", float64(l.report(t).Received), 101)
}

func TestTraceDrivenDownlinkCarriesTheTracesRate(t *testing.T) {
	requireLinkEmulation(t)
	const name = "TMobile-UMTS-driving.down"
	trace, _, err := traces.Load(name)
	if err != nil || trace == nil {
		t.Fatalf("bundled trace %s: %v", name, err)
	}
	const delay = 75 * time.Millisecond
	l := startLink(t, []string{"--profile", "umts-trace", "--down-queue-packets", "1000"}, "sink", "HHFR_PROBE_SECONDS=6s")
	conn := dialProbe(t, l)
	if err := sendPaced(conn, 2500, 1472, 5_000_000); err != nil { // 6 s at 5 Mbit/s: more than the trace carries
		t.Fatal(err)
	}
	r := l.report(t)
	// Each full-size packet takes one delivery opportunity of the trace: the trace's rate over the same window.
	from := time.Duration(r.FirstNanos-r.EpochNanos) - delay
	to := time.Duration(r.LastNanos-r.EpochNanos) - delay
	traceRate := float64(trace.OpportunitiesBetween(from, to)) * 1500 * 8 / (to - from).Seconds()
	t.Logf("window %v to %v of the trace; the whole trace's mean is %.0f bit/s", from, to, trace.MeanBitsPerSecond())
	assertWithin(t, "umts-trace downlink rate (bit/s)", r.bitsPerSecond(), traceRate)
}

func TestOutageHoldsPacketsForItsLength(t *testing.T) {
	requireLinkEmulation(t)
	l := startLink(t, []string{"--profile", "loopback", "--outage", "1s+500ms"}, "echo")
	conn := dialProbe(t, l)
	stampArrivals(t, conn)
	outageStart := l.epoch + int64(time.Second)
	go func() {
		buf := make([]byte, 64)
		for i := 0; i < 250; i++ { // 2.5 s of pings, 10 ms apart, across the outage; each carries its send time
			binary.BigEndian.PutUint64(buf, uint64(time.Now().UnixNano()))
			conn.Write(buf)
			time.Sleep(10 * time.Millisecond)
		}
	}()
	var firstBack int64 = math.MaxInt64 // the first return of a ping sent while the link was down
	buf, oob := make([]byte, 64), make([]byte, 128)
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	for received := 0; received < 250; received++ {
		_, oobn, _, _, err := conn.ReadMsgUDP(buf, oob)
		if err != nil {
			t.Fatalf("%d of 250 pings came back: %v", received, err)
		}
		if sent := int64(binary.BigEndian.Uint64(buf)); sent >= outageStart && sent < outageStart+int64(500*time.Millisecond) {
			firstBack = min(firstBack, kernelArrival(t, oob[:oobn]))
		}
	}
	conn.Write([]byte("stop"))
	if firstBack == math.MaxInt64 {
		t.Fatal("no ping was sent while the link was down")
	}
	// Pings sent while the link was down wait in the queue and cross when it comes back up.
	assertWithin(t, "time from the outage's start to the first ping sent in it coming back (ms)",
		float64(firstBack-outageStart)/float64(time.Millisecond), 500)
}

// stampArrivals has the kernel note when each datagram reaches conn, so that the measure does not depend on
// when this loaded test process gets to read it.
func stampArrivals(t *testing.T, conn *net.UDPConn) {
	t.Helper()
	raw, err := conn.SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	var sockErr error
	raw.Control(func(fd uintptr) {
		sockErr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_TIMESTAMPNS, 1)
	})
	if sockErr != nil {
		t.Fatal(sockErr)
	}
}

// kernelArrival reads the SO_TIMESTAMPNS of a datagram (Unix nanoseconds).
func kernelArrival(t *testing.T, oob []byte) int64 {
	t.Helper()
	messages, err := syscall.ParseSocketControlMessage(oob)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range messages {
		if m.Header.Level == syscall.SOL_SOCKET && m.Header.Type == syscall.SO_TIMESTAMPNS && len(m.Data) >= 16 {
			ts := (*syscall.Timespec)(unsafe.Pointer(&m.Data[0]))
			return ts.Nano()
		}
	}
	t.Fatal("a datagram without its kernel time stamp")
	return 0
}
