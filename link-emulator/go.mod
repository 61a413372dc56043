module hhfr.org/link-emulator

go 1.23
