package main

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"strings"
	"testing"

	"hhfr.org/link-emulator/link"
)

func TestRestartTracesOnTheControlSocketArmsARestartAtTheNextPacket(t *testing.T) {
	settings, err := profileSettings("umts-trace")
	if err != nil {
		t.Fatal(err)
	}
	restart := &link.TraceRestart{}
	_, up, err := settings.Build(restart)
	if err != nil {
		t.Fatal(err)
	}
	ctl, err := openControl(restart)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := net.Dial("unix", ctl.path())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	answers := bufio.NewReader(conn)

	fmt.Fprintln(conn, "restart-traces")
	if answer, _ := answers.ReadString('\n'); answer != "ok\n" {
		t.Fatalf("answer %q, want ok", answer)
	}
	up.Arrive(5e9, make([]byte, 100))
	up.Arrive(5e9+1, make([]byte, 100))
	if n := up.Stats().TraceRestarts; n != 1 {
		t.Fatalf("%d restarts, want 1: the armed restart happens at the next packet only", n)
	}
	fmt.Fprintln(conn, "reboot")
	if answer, _ := answers.ReadString('\n'); !strings.HasPrefix(answer, `error unknown command "reboot"`) {
		t.Fatalf("answer %q, want an error naming the command", answer)
	}

	ctl.Close()
	if _, err := os.Stat(ctl.path()); !os.IsNotExist(err) {
		t.Fatalf("socket still there after Close: %v", err)
	}
}
