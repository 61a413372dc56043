//go:build linux

// Package netns builds the plumbing of an emulated link on Linux: a network namespace for the client side and
// two TUN devices, one on each side, between which the emulator relays IP packets.
package netns

import (
	"fmt"
	"os"
	"syscall"
	"unsafe"
)

const (
	tunSetIff = 0x400454ca // TUNSETIFF
	iffTun    = 0x0001
	iffNoPi   = 0x1000
)

// OpenTun creates a TUN device called name (IP packets without a header) in the network namespace of the
// calling thread. The device lives as long as the returned file is open.
func OpenTun(name string) (*os.File, error) {
	if len(name) >= syscall.IFNAMSIZ {
		return nil, fmt.Errorf("interface name %q longer than %d", name, syscall.IFNAMSIZ-1)
	}
	fd, err := syscall.Open("/dev/net/tun", syscall.O_RDWR|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil, fmt.Errorf("open /dev/net/tun (needs root or CAP_NET_ADMIN): %w", err)
	}
	var ifr [40]byte // struct ifreq: the name, then the flags
	copy(ifr[:], name)
	*(*uint16)(unsafe.Pointer(&ifr[syscall.IFNAMSIZ])) = iffTun | iffNoPi
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), tunSetIff, uintptr(unsafe.Pointer(&ifr[0]))); errno != 0 {
		syscall.Close(fd)
		return nil, fmt.Errorf("create TUN device %s: %w", name, errno)
	}
	if err := syscall.SetNonblock(fd, true); err != nil {
		syscall.Close(fd)
		return nil, err
	}
	return os.NewFile(uintptr(fd), name), nil // non-blocking: reads and writes go through Go's poller
}
