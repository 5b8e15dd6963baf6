#!/usr/bin/env bash
# Runs the Python clients against a real lifed: starts the built daemon on a temporary socket
# (--interval 20ms --seed 7), runs `lifeclient.py selftest` and `check_jsonpatch.py`, then stops
# the daemon with SIGTERM and checks that it exited 0 and removed its socket.
#
#   LIFED=path/to/lifed PYTHON=python3 clients/python/run_against_daemon.sh
#
# Exits non-zero if anything failed. CI runs it after `swift test`.
set -u

here=$(cd "$(dirname "$0")" && pwd)
LIFED=${LIFED:-.build/debug/lifed}
if [ ! -x "$LIFED" ] && [ -x "$here/../../$LIFED" ]; then
    LIFED="$here/../../$LIFED"  # the default is relative to the package root
fi
PYTHON=${PYTHON:-python3}
if [ ! -x "$LIFED" ]; then
    echo "run_against_daemon: no lifed at $LIFED (run swift build, or set LIFED)" >&2
    exit 1
fi

dir=$(mktemp -d "${TMPDIR:-/tmp}/lifed-py.XXXXXX")
socket="$dir/run/lifed.sock"
pid=
cleanup() {
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid" 2>/dev/null; fi
    rm -rf "$dir"
}
trap cleanup EXIT

failures=0
fail() {
    echo "run_against_daemon: FAILED: $*" >&2
    failures=$((failures + 1))
}

"$LIFED" --socket "$socket" --interval 20ms --seed 7 --ephemeral 2>"$dir/lifed.log" &
pid=$!

# Wait (up to 10 s) for the socket to appear.
for _ in $(seq 100); do
    [ -S "$socket" ] && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
done
if [ ! -S "$socket" ]; then
    echo "run_against_daemon: lifed did not start; its log:" >&2
    cat "$dir/lifed.log" >&2
    exit 1
fi

"$PYTHON" "$here/lifeclient.py" --socket "$socket" selftest || fail "lifeclient.py selftest"
"$PYTHON" "$here/check_jsonpatch.py" --socket "$socket" || fail "check_jsonpatch.py"

# Stop the daemon; give it 10 s to say goodbye and exit.
if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid"
    for _ in $(seq 100); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    if kill -0 "$pid" 2>/dev/null; then
        fail "lifed did not exit within 10 s of SIGTERM"
    else
        status=0
        wait "$pid" || status=$?
        pid=
        [ "$status" -eq 0 ] || fail "lifed exited with status $status after SIGTERM"
    fi
else
    fail "lifed died during the tests"
fi
[ -e "$socket" ] && fail "lifed left its socket behind at $socket"

if [ "$failures" -ne 0 ]; then
    echo "run_against_daemon: lifed's log:" >&2
    cat "$dir/lifed.log" >&2
    exit 1
fi
echo "run_against_daemon: all passed"
