// Package traces bundles the cellular packet-delivery traces of Mahimahi (see README.md in this directory).
package traces

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"

	"hhfr.org/link-emulator/link"
)

//go:embed *.up *.down
var files embed.FS

// Names lists the bundled traces.
func Names() []string {
	entries, _ := fs.ReadDir(files, ".")
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	return names
}

// Load parses the bundled trace called name, or returns false if there is none.
func Load(name string) (*link.Trace, bool, error) {
	f, err := files.Open(name)
	if err != nil {
		return nil, false, nil
	}
	defer f.Close()
	trace, err := link.ParseTrace(f, name)
	if err != nil {
		return nil, true, fmt.Errorf("bundled %w", err)
	}
	return trace, true, nil
}
