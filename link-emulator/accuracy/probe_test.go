package accuracy

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"strconv"
	"time"
)

// The probe is this test binary started again, inside the emulated namespace, by hhfr-link. Its mode comes
// from HHFR_LINK_PROBE: "echo" sends every datagram back, "sink" counts what arrives, "source" sends at a rate.
const probeEnv = "HHFR_LINK_PROBE"

// sinkReport is what the sink prints when it stops, as one JSON line.
type sinkReport struct {
	Received, Distinct    int
	Bytes                 int64
	FirstNanos, LastNanos int64 // Unix times of the first and last datagram
	EpochNanos            int64 // when the link's clock started (Unix)
	FitBitsPerSecond      float64
	fit                   rateFit
}

// add counts a datagram of payload bytes received at now (Unix nanoseconds).
func (r *sinkReport) add(now int64, payload int) {
	if r.Received == 0 {
		r.FirstNanos = now
	}
	r.LastNanos = now
	r.Received++
	r.Bytes += int64(payload)
	r.fit.add(float64(payload+udpIPHeaders), float64(now-r.FirstNanos)/1e9)
	r.FitBitsPerSecond = r.fit.bitsPerSecond()
}

// rateFit is the least-squares line of arrival time against the bytes that arrived before: its slope is
// the time a byte takes, so one late datagram at either end barely moves the rate.
type rateFit struct {
	n, bytesBefore           float64
	sumX, sumY, sumXX, sumXY float64
}

func (f *rateFit) add(packetBytes, seconds float64) {
	x := f.bytesBefore
	f.n++
	f.sumX, f.sumY, f.sumXX, f.sumXY = f.sumX+x, f.sumY+seconds, f.sumXX+x*x, f.sumXY+x*seconds
	f.bytesBefore += packetBytes
}

// bitsPerSecond is the fitted rate, 0 until two datagrams came at different times.
func (f *rateFit) bitsPerSecond() float64 {
	spread := f.n*f.sumXX - f.sumX*f.sumX
	secondsPerByte := (f.n*f.sumXY - f.sumX*f.sumY) / spread
	if f.n < 2 || spread == 0 || secondsPerByte <= 0 {
		return 0
	}
	return 8 / secondsPerByte
}

func runProbe(mode string) error {
	switch mode {
	case "echo", "sink":
		conn, err := net.ListenUDP("udp4", &net.UDPAddr{IP: net.ParseIP(os.Getenv("HHFR_LINK_CLIENT_ADDRESS"))})
		if err != nil {
			return err
		}
		conn.SetReadBuffer(4 << 20)
		fmt.Printf("listening %s %s\n", conn.LocalAddr(), os.Getenv("HHFR_LINK_EPOCH_UNIX_NANOS"))
		if mode == "echo" {
			return echo(conn)
		}
		return sink(conn)
	case "source":
		return source()
	}
	return fmt.Errorf("unknown probe mode %q", mode)
}

func echo(conn *net.UDPConn) error {
	buf := make([]byte, 2048)
	for {
		conn.SetReadDeadline(time.Now().Add(20 * time.Second))
		n, from, err := conn.ReadFromUDP(buf)
		if err != nil {
			return err
		}
		if string(buf[:n]) == "stop" {
			return nil
		}
		conn.WriteToUDP(buf[:n], from)
	}
}

// sink counts datagrams until it has listened for HHFR_PROBE_SECONDS after the first, or nothing came for
// HHFR_PROBE_IDLE, then prints its report.
func sink(conn *net.UDPConn) error {
	listen := envDuration("HHFR_PROBE_SECONDS", time.Minute)
	idle := envDuration("HHFR_PROBE_IDLE", 2*time.Second)
	epoch, _ := strconv.ParseInt(os.Getenv("HHFR_LINK_EPOCH_UNIX_NANOS"), 10, 64)
	report := sinkReport{EpochNanos: epoch}
	seen := map[uint64]bool{}
	buf := make([]byte, 2048)
	end := time.Now().Add(30 * time.Second) // nothing at all: give up
	for {
		deadline := end
		if report.Received > 0 {
			deadline = time.Now().Add(idle)
			if stop := time.Unix(0, report.FirstNanos).Add(listen); stop.Before(deadline) {
				deadline = stop
			}
		}
		conn.SetReadDeadline(deadline)
		n, err := conn.Read(buf)
		if err != nil {
			break
		}
		report.add(time.Now().UnixNano(), n)
		if n >= 8 {
			seen[binary.BigEndian.Uint64(buf)] = true
		}
	}
	report.Distinct = len(seen)
	line, _ := json.Marshal(report)
	fmt.Printf("report %s\n", line)
	return nil
}

// source sends HHFR_PROBE_SIZE-byte datagrams to the host's end of the link at HHFR_PROBE_BITS bit/s of IP
// packets for HHFR_PROBE_SECONDS.
func source() error {
	port, _ := strconv.Atoi(os.Getenv("HHFR_PROBE_PORT"))
	size, _ := strconv.Atoi(os.Getenv("HHFR_PROBE_SIZE"))
	bits, _ := strconv.ParseInt(os.Getenv("HHFR_PROBE_BITS"), 10, 64)
	conn, err := net.DialUDP("udp4", nil, &net.UDPAddr{IP: net.ParseIP(os.Getenv("HHFR_LINK_SERVER_ADDRESS")), Port: port})
	if err != nil {
		return err
	}
	fmt.Println("listening none", os.Getenv("HHFR_LINK_EPOCH_UNIX_NANOS"))
	duration := envDuration("HHFR_PROBE_SECONDS", time.Second)
	count := int(duration.Seconds() * float64(bits) / float64((size+udpIPHeaders)*8))
	return sendPaced(conn, count, size, bits)
}

func envDuration(name string, fallback time.Duration) time.Duration {
	if d, err := time.ParseDuration(os.Getenv(name)); err == nil {
		return d
	}
	return fallback
}

// udpIPHeaders is what IPv4 and UDP add to a datagram's payload on the link.
const udpIPHeaders = 28

// sendPaced writes count datagrams of size bytes, numbered, so that the IP packets make bitsPerSecond
// (0: as fast as the socket takes them).
func sendPaced(conn net.Conn, count, size int, bitsPerSecond int64) error {
	payload := make([]byte, size)
	start := time.Now()
	for i := 0; i < count; i++ {
		if bitsPerSecond > 0 {
			due := start.Add(time.Duration(int64(i) * int64(size+udpIPHeaders) * 8 * int64(time.Second) / bitsPerSecond))
			if wait := time.Until(due); wait > 0 {
				time.Sleep(wait)
			}
		}
		binary.BigEndian.PutUint64(payload, uint64(i))
		if _, err := conn.Write(payload); err != nil {
			return err
		}
	}
	return nil
}
