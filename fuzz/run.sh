#!/usr/bin/env bash
# Builds the protocol fuzzer with libFuzzer and AddressSanitizer, and runs it.
#
#   fuzz/run.sh SECONDS [extra libFuzzer options...]
#
# Prints the number of executions (libFuzzer's stat::number_of_executed_units) and exits
# non-zero when the fuzzer finds a crash, a hang (-timeout) or an out-of-memory; the input
# that did it is left in .build/fuzz/artifacts/ (crash-*, timeout-*, oom-*). Reproduce one
# with `.build/fuzz/protocol-fuzzer ARTIFACT`, minimise it with
# `.build/fuzz/protocol-fuzzer -minimize_crash=1 -runs=10000 ARTIFACT`.
#
# The seed corpus fuzz/corpus/ (written by fuzz/make_corpus.py) is only read; new inputs
# libFuzzer finds go to .build/fuzz/corpus/ (kept between runs, not in git). The harness is
# built from a copy of Sources/Protocol and the targets under it (LifeJSON, LifeGrid,
# LifePatterns) as one module, so edits in progress there cannot break the build halfway; it is
# rebuilt only when those sources or the harness change.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-}
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ]; then
    echo "usage: fuzz/run.sh SECONDS [libFuzzer options...]" >&2
    exit 2
fi
shift

out=.build/fuzz
mkdir -p "$out/artifacts" "$out/corpus" "$out/src"
binary="$out/protocol-fuzzer"

# Build from a snapshot of the sources, so that an edit in progress elsewhere cannot change
# a file halfway through the compile. Rebuild only when something changed.
rm -f "$out/src/"*.swift
cp Sources/LifeJSON/*.swift Sources/LifeGrid/*.swift Sources/LifePatterns/*.swift Sources/Protocol/*.swift \
    fuzz/FrameAndMessageFuzzer.swift "$out/src/"
# One module: the four targets' imports of each other go.
sed -i -E '/^import (LifeJSON|LifeGrid|LifePatterns|Protocol)$/d' "$out/src/"*.swift
stamp=$(cat "$out/src/"*.swift | cksum | cut -d' ' -f1)
if [ ! -x "$binary" ] || [ "$(cat "$out/stamp" 2>/dev/null)" != "$stamp" ]; then
    echo "fuzz: building $binary"
    # ld.gold warns about every ASan helper symbol; lld does not.
    if ! swiftc -swift-version 6 -parse-as-library -package-name life -sanitize=fuzzer,address -O -g -use-ld=lld \
        "$out/src/"*.swift -o "$binary" 2>"$out/build.log"; then
        cat "$out/build.log" >&2
        echo "fuzz: build failed" >&2
        exit 2
    fi
    echo "$stamp" >"$out/stamp"
fi

log="$out/run.log"
status=0
"$binary" "$out/corpus" fuzz/corpus \
    -max_total_time="$seconds" -print_final_stats=1 -timeout=10 -rss_limit_mb=2048 \
    -max_len=4096 -dict=fuzz/protocol.dict -artifact_prefix="$out/artifacts/" \
    "$@" >"$log" 2>&1 || status=$?

executions=$(grep -E '^stat::number_of_executed_units:' "$log" | awk '{ s += $2 } END { print s + 0 }')
echo "fuzz: ran ${seconds}s, stat::number_of_executed_units: $executions"
if [ "$status" -ne 0 ] || grep -qE '^==[0-9]+==ERROR|deadly signal|Fatal error|ERROR: libFuzzer' "$log"; then
    echo "fuzz: FAILED (exit status $status); the log is $log" >&2
    grep -E -A25 'Fatal error|==ERROR|deadly signal|ERROR: libFuzzer' "$log" | head -60 >&2 || true
    ls -t "$out/artifacts/" 2>/dev/null | head -5 | sed "s|^|fuzz: artifact $out/artifacts/|" >&2
    exit 1
fi
grep -E '^Done [0-9]+ runs' "$log" | tail -1 || true
echo "fuzz: no crash"
