package main

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"os"
	"sync"
	"time"
)

// pcap's file header fields: the magic of nanosecond timestamps, version 2.4, and LINKTYPE_RAW (each record is an
// IP packet, no link-layer header).
const (
	pcapMagicNanos = 0xa1b23c4d
	pcapLinkRaw    = 101
	pcapSnapLen    = 65535
)

// capture writes every packet that reaches the link, either way, to a pcap file, as it arrives (so lost and dropped
// packets are in it too): what each side sent and when, to be read with tcpdump, Wireshark or a script. Both relays
// record into it, so records are written under a lock.
type capture struct {
	mu     sync.Mutex
	file   *os.File
	out    *bufio.Writer
	err    error
	closed bool
}

func openCapture(path string) (*capture, error) {
	file, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("--pcap: %w", err)
	}
	c := &capture{file: file, out: bufio.NewWriterSize(file, 1<<16)}
	var header [24]byte
	binary.LittleEndian.PutUint32(header[0:], pcapMagicNanos)
	binary.LittleEndian.PutUint16(header[4:], 2)
	binary.LittleEndian.PutUint16(header[6:], 4)
	binary.LittleEndian.PutUint32(header[16:], pcapSnapLen)
	binary.LittleEndian.PutUint32(header[20:], pcapLinkRaw)
	c.write(header[:])
	return c, nil
}

// record adds packet, which reached the link at at. Packets longer than the snapshot length keep their first
// pcapSnapLen bytes and their full length.
func (c *capture) record(at time.Time, packet []byte) {
	kept := packet
	if len(kept) > pcapSnapLen {
		kept = kept[:pcapSnapLen]
	}
	var header [16]byte
	nanos := at.UnixNano()
	binary.LittleEndian.PutUint32(header[0:], uint32(nanos/1e9))
	binary.LittleEndian.PutUint32(header[4:], uint32(nanos%1e9))
	binary.LittleEndian.PutUint32(header[8:], uint32(len(kept)))
	binary.LittleEndian.PutUint32(header[12:], uint32(len(packet)))
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.closed {
		c.write(header[:])
		c.write(kept)
	}
}

// write keeps the first error; later writes do nothing.
func (c *capture) write(b []byte) {
	if c.err == nil {
		_, c.err = c.out.Write(b)
	}
}

// close flushes the records and closes the file, returning the first error of the capture. Packets that reach the
// link afterwards (the relays run until the program ends) are not recorded.
func (c *capture) close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed = true
	if c.err == nil {
		c.err = c.out.Flush()
	}
	if err := c.file.Close(); c.err == nil {
		c.err = err
	}
	return c.err
}
