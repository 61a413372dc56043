#!/usr/bin/env bash
# Fuzzes HHFR's decoders for longer than `mvn verify` does, one target after another, and appends what each
# run reached (executions, coverage, findings) to fuzz/RESULTS.md with the date and commit. See fuzz/README.md.
#
#   fuzz/run-long.sh TARGET|all [--executions N] [--duration SECONDS] [--no-build] [--results FILE]
#
# TARGET is one of the names below. A run stops after N executions or SECONDS, whichever comes first
# (default: 10,000,000 executions, no time limit). Each target runs in its own JVM at the lowest priority, with
# a 512 MiB heap and a 20-second limit per input; its corpus grows in the module's .cifuzz-corpus/ (not
# committed) and a finding is written to the fuzz test's Inputs directory under src/test/resources, where the
# ordinary test run replays it from then on.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"

# name  module  fuzz test class  method  instrumented packages (coverage feedback and comparison hooks)
TARGETS="
frame-content        transports/protocol  org.hhfr.transports.frame.FrameCodecFuzzTest          frameContentDecodesToAFrameEncodedAlikeOrIsRefused             org.hhfr.**:org.kxml2.**
stream-frames        transports/protocol  org.hhfr.transports.frame.StreamFrameDecoderFuzzTest  connectionBytesSplitIntoTheirFramesOrAreRefused                org.hhfr.**:org.kxml2.**
datagrams            transports/protocol  org.hhfr.transports.frame.DatagramReaderFuzzTest      datagramGivesItsFramesOnceOrIsRefused                          org.hhfr.**:org.kxml2.**
message-payloads     transports/protocol  org.hhfr.transports.MessagePayloadFuzzTest            payloadReadsToItsPartsOrIsRefused                              org.hhfr.**:org.kxml2.**
binary-messages      streamer             org.hhfr.streamer.BinaryRepresentationFuzzTest        binaryBodyDecodesToAMessageEncodedAlikeOrIsRefused             org.hhfr.**:org.kxml2.**
xml-messages         streamer             org.hhfr.streamer.XmlRepresentationFuzzTest           xmlBodyDecodesToAMessageThatSurvivesARoundTripOrIsRefused      org.hhfr.**:org.kxml2.**
soap-envelopes       negotiation          org.hhfr.negotiation.SoapEnvelopeReaderFuzzTest       documentReadsToHeadersAndBodyOrAFaultOrIsRefused               org.hhfr.**:org.kxml2.**
negotiation-headers  negotiation          org.hhfr.negotiation.NegotiationReaderFuzzTest        headerBlockReadsToAValueWrittenAndReadBackAlikeOrIsRefused     org.hhfr.**:org.kxml2.**
schemas              schemas              org.hhfr.schemas.SchemaParserFuzzTest                 documentReadsToStructuresThatSurviveAnXsdRoundTripOrIsRefused  org.hhfr.**
service-descriptions negotiation-server  org.hhfr.negotiation.description.ServiceDescriptionReaderFuzzTest  bytesReadToADescriptionWrittenAndReadBackAlikeOrAreRefused  org.hhfr.**
"

usage() {
    echo "usage: $0 TARGET|all [--executions N] [--duration SECONDS] [--no-build] [--results FILE]" >&2
    echo "targets:" >&2
    echo "$TARGETS" | awk 'NF { print "  " $1 }' >&2
    exit 2
}

[ $# -ge 1 ] || usage
SELECTED="$1"
shift
EXECUTIONS=10000000
DURATION=0
BUILD=1
RESULTS="$ROOT/fuzz/RESULTS.md"
while [ $# -gt 0 ]; do
    case "$1" in
        --executions) EXECUTIONS="$2"; shift 2 ;;
        --duration) DURATION="$2"; shift 2 ;;
        --no-build) BUILD=0; shift ;;
        --results) RESULTS="$2"; shift 2 ;;
        *) usage ;;
    esac
done

if [ "$SELECTED" = all ]; then
    RUN="$(echo "$TARGETS" | awk 'NF')"
else
    RUN="$(echo "$TARGETS" | awk -v name="$SELECTED" '$1 == name')"
    [ -n "$RUN" ] || usage
fi
MODULES="$(echo "$RUN" | awk '{ print $2 }' | sort -u | paste -sd, -)"

cd "$ROOT"
if [ "$BUILD" = 1 ]; then
    echo "building $MODULES ..." >&2
    nice -n 19 mvn -q -B -Dstyle.color=never install -DskipTests -Danimal.sniffer.skip -pl "$MODULES" -am
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/hhfr-fuzz.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

# Each module's test class path, and a copy of its classes, so that a build running meanwhile cannot pull them
# away from under a long run.
for module in $(echo "$MODULES" | tr , ' '); do
    key="$(echo "$module" | tr / _)"
    nice -n 19 mvn -q -B -Dstyle.color=never -o dependency:build-classpath -Dmdep.includeScope=test \
        -Dmdep.outputFile="$WORK/$key.classpath" -pl "$module" >/dev/null
    mkdir -p "$WORK/$key"
    cp -r "$module/target/classes" "$module/target/test-classes" "$WORK/$key/"
done

STARTED="$(date -u '+%Y-%m-%d %H:%M UTC')"
LOAD="$(cut -d' ' -f1-3 /proc/loadavg)"
COMMIT="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
if [ -n "$(git status --porcelain --untracked-files=no 2>/dev/null | grep -v " fuzz/RESULTS.md$")" ]; then
    COMMIT="$COMMIT (with uncommitted changes)"
fi
LIMIT="$EXECUTIONS executions"
[ "$DURATION" != 0 ] && LIMIT="$LIMIT or ${DURATION} s, whichever comes first"
ROWS="$WORK/rows.md"
: > "$ROWS"

# Prints one results row from a run's libFuzzer output. A run stopped by hand (SIGINT to its java process) counts
# as one without findings that reached the executions libFuzzer last reported, in the seconds it ran.
summarize() {
    local name="$1" log="$2" status="$3" elapsed="$4"
    awk -v name="$name" -v status="$status" -v elapsed="$elapsed" '
        /^#[0-9]+/ && / cov: / {
            last = substr($1, 2)
            for (i = 1; i <= NF; i++) {
                if ($i == "cov:") cov = $(i + 1)
                if ($i == "ft:") ft = $(i + 1)
                if ($i == "corp:") corp = $(i + 1)
            }
        }
        /^stat::number_of_executed_units:/ { runs = $2 }
        /^stat::average_exec_per_sec:/ { rate = $2 }
        /^Done [0-9]+ runs in [0-9]+ second/ { runs = runs ? runs : $2; secs = $5 }
        /Test unit written to/ { findings++ }
        /libFuzzer: run interrupted/ { interrupted = 1 }
        END {
            if (interrupted && !findings) {
                runs = runs ? runs : last
                secs = secs ? secs : elapsed
                rate = rate ? rate : (secs ? int(runs / secs) : "")
            }
            verdict = findings ? findings " (see Inputs)" : (status == 0 ? "0" \
                : (interrupted ? "0 (stopped by hand)" : "run failed (exit " status ")"))
            printf "| %s | %s | %s | %s | %s | %s | %s | %s |\n", name, runs ? runs : "?", secs ? secs : "?",
                rate ? rate : "?", cov ? cov : "?", ft ? ft : "?", corp ? corp : "?", verdict
        }' "$log"
}

while read -r name module class method packages; do
    key="$(echo "$module" | tr / _)"
    log="$WORK/$name.log"
    flags=(-runs="$EXECUTIONS" -timeout=20 -print_final_stats=1)
    # Without a time limit of its own, Jazzer would stop a @FuzzTest after the annotation's maxDuration (5 min).
    flags+=(-max_total_time="$([ "$DURATION" != 0 ] && echo "$DURATION" || echo 8640000)")
    echo "fuzzing $name ($class) for $LIMIT ..." >&2
    status=0
    started="$(date +%s)"
    (cd "$module" && nice -n 19 java -Xmx512m -Dbasedir="$ROOT/$module" \
        -cp "$WORK/$key/test-classes:$WORK/$key/classes:$(cat "$WORK/$key.classpath")" \
        com.code_intelligence.jazzer.Jazzer --target_class="$class" --target_method="$method" \
        --instrumentation_includes="$packages" --custom_hook_includes="$packages" \
        "${flags[@]}" < /dev/null) > "$log" 2>&1 || status=$?
    summarize "$name" "$log" "$status" "$(($(date +%s) - started))" | tee -a "$ROWS" >&2
    grep -E "^(== Java Exception|Caused by|	at org\.hhfr)" "$log" | head -20 >&2 || true
done <<< "$RUN"

{
    [ -s "$RESULTS" ] || printf '# Long fuzzing runs\n\nWritten by fuzz/run-long.sh; the newest run last.\n'
    printf '\n## %s, commit %s\n\n' "$STARTED" "$COMMIT"
    printf 'Limit per target: %s. Machine: %s cores, %s; load average at the start %s.\n\n' "$LIMIT" \
        "$(nproc)" "$(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo)" "$LOAD"
    printf '| target | executions | seconds | exec/s | cov | ft | corpus (inputs/bytes) | findings |\n'
    printf '| --- | --- | --- | --- | --- | --- | --- | --- |\n'
    cat "$ROWS"
} >> "$RESULTS"
echo "results appended to $RESULTS" >&2
