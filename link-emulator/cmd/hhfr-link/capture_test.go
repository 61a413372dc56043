package main

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestACaptureIsAPcapFileOfRawIPPacketsWithNanosecondTimes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "link.pcap")
	c, err := openCapture(path)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Unix(1_700_000_000, 123_456_789)
	c.record(at, []byte{0x45, 1, 2})
	c.record(at.Add(1500*time.Microsecond), []byte{0x45, 3})
	if err := c.close(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	le := binary.LittleEndian
	if len(b) != 24+16+3+16+2 {
		t.Fatalf("%d bytes", len(b))
	}
	if le.Uint32(b[0:]) != pcapMagicNanos || le.Uint16(b[4:]) != 2 || le.Uint16(b[6:]) != 4 || le.Uint32(b[20:]) != 101 {
		t.Fatalf("file header % x", b[:24])
	}
	first, second := b[24:], b[24+16+3:]
	if le.Uint32(first[0:]) != 1_700_000_000 || le.Uint32(first[4:]) != 123_456_789 || le.Uint32(first[8:]) != 3 ||
		le.Uint32(first[12:]) != 3 || first[16] != 0x45 || first[18] != 2 {
		t.Fatalf("first record % x", first[:19])
	}
	if le.Uint32(second[0:]) != 1_700_000_000 || le.Uint32(second[4:]) != 124_956_789 || le.Uint32(second[8:]) != 2 {
		t.Fatalf("second record % x", second[:18])
	}
}

func TestAPcapOptionNamesTheCaptureFile(t *testing.T) {
	o, err := parse(t, "--pcap", "/tmp/x.pcap", "--", "true")
	if err != nil {
		t.Fatal(err)
	}
	if o.pcap != "/tmp/x.pcap" {
		t.Fatalf("pcap %q", o.pcap)
	}
}
