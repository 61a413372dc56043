#!/usr/bin/env bash
# Installs the Toxiproxy server (Go module github.com/Shopify/toxiproxy/v2, v2.5.0) into a project-local
# directory and prints the binary's path. Needs Go 1.19+ and the Go module proxy; touches nothing outside
# that directory (GOBIN) and Go's own module cache. Idempotent: an installed binary is reused.
#
#   benchmarks/scripts/install-toxiproxy.sh [DIR]    (default: benchmarks/target/tools)
set -euo pipefail
version="v2.5.0"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
dir="${1:-$here/../target/tools}"
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
binary="$dir/toxiproxy-server-$version"

if [ -x "$binary" ]; then
  echo "$binary"
  exit 0
fi
if ! command -v go >/dev/null 2>&1; then
  echo "install-toxiproxy: Go is not installed (needed to build Toxiproxy $version from the Go module proxy)" >&2
  exit 1
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
GOBIN="$work" GOFLAGS=-mod=mod go install "github.com/Shopify/toxiproxy/v2/cmd/server@$version" >&2
mv "$work/server" "$binary"
echo "$binary"
