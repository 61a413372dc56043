package main

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"

	"hhfr.org/link-emulator/link"
)

// controlEnv names, in the command's environment, the path of the link's control socket.
const controlEnv = "HHFR_LINK_CONTROL"

// control serves the link's control socket, a Unix socket in a directory of its own that only this user may enter.
// Each line is a command: "restart-traces" makes the next packet to arrive start both traces again (see
// link.TraceRestart) and is answered "ok" once armed; anything else is answered "error" and a reason.
type control struct {
	listener net.Listener
	dir      string
}

func openControl(restart *link.TraceRestart) (*control, error) {
	dir, err := os.MkdirTemp("", "hhfr-link-")
	if err != nil {
		return nil, fmt.Errorf("control socket: %w", err)
	}
	listener, err := net.Listen("unix", filepath.Join(dir, "control"))
	if err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("control socket: %w", err)
	}
	go func() {
		for {
			conn, err := listener.Accept()
			if err != nil {
				return
			}
			go serveControl(conn, restart)
		}
	}()
	return &control{listener: listener, dir: dir}, nil
}

func (c *control) path() string { return c.listener.Addr().String() }

// Close stops accepting commands and removes the socket.
func (c *control) Close() {
	c.listener.Close()
	os.RemoveAll(c.dir)
}

func serveControl(conn net.Conn, restart *link.TraceRestart) {
	defer conn.Close()
	lines := bufio.NewScanner(conn) // lines up to 64 KiB; a longer one ends the connection
	for lines.Scan() {
		switch command := strings.TrimSpace(lines.Text()); command {
		case "restart-traces":
			restart.Arm()
			fmt.Fprintln(conn, "ok")
		default:
			fmt.Fprintf(conn, "error unknown command %.40q (known: restart-traces)\n", command)
		}
	}
}
