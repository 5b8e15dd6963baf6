#!/usr/bin/env bash
# A soak test of lifed: runs a daemon with a fast timer for DURATION under a churn of
# clients, and checks that its memory stays flat and that nothing is lost.
#
#   scripts/soak.sh DURATION        e.g. 600, 600s, 10m
#
# For DURATION it keeps going, all on a temporary socket and state folder:
#   * the timer ticking every 10ms on a 32x32 torus (autostop off, so it never stops by itself);
#   * watchers coming and going (`lifectl watch` on various paths, killed and restarted);
#   * one watcher of the whole state that is SIGSTOPped for a while and SIGCONTed, again and
#     again: with a small --client-buffer the daemon drops its diffs and must resynchronise it;
#   * random actions through lifectl (steps, ticks, titles, statistics resets, random grids,
#     configurations added and cleared, interval changes, the timer stopped and restarted);
#   * lifed's RSS sampled from /proc/PID/status into a CSV.
# At the end it checks:
#   * the RSS is flat: after a warm-up, the median of the last quarter of the samples is
#     within 20% or 5 MB of the median of the first quarter;
#   * the daemon still answers, and its status counted resyncs (> 0), which the stopped
#     watcher received;
#   * nothing was lost: every watcher's snapshot and diffs chain by base, and the mirror they
#     build equals the final `get` (the stopped watcher's, after its resyncs, and a fresh one's);
#   * the state file parses (format 1, the final version).
# Exit status 0 when every check passes, 1 otherwise (the work folder is then kept), 2 on a
# usage error. The binaries are .build/release's if built (and not older than the debug
# build), else .build/debug's; SOAK_BIN_DIR=... overrides. SOAK_SEED=N seeds the daemon's
# random grids; SOAK_KEEP=1 keeps the work folder. The CSV is copied to .build/soak/rss-latest.csv.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

usage() { echo "usage: scripts/soak.sh DURATION (seconds, or e.g. 90s, 10m)" >&2; exit 2; }
[ $# -eq 1 ] || usage
case "$1" in
    *m) minutes=${1%m}; [[ "$minutes" =~ ^[0-9]+$ ]] || usage; duration=$((minutes * 60)) ;;
    *s) duration=${1%s} ;;
    *) duration=$1 ;;
esac
[[ "$duration" =~ ^[0-9]+$ ]] && [ "$duration" -ge 20 ] || { echo "soak: DURATION must be at least 20 seconds" >&2; exit 2; }

if [ -n "${SOAK_BIN_DIR:-}" ]; then
    bin=$SOAK_BIN_DIR
elif [ -x .build/release/lifed ] && [ -x .build/release/lifectl ] && ! [ .build/release/lifed -ot .build/debug/lifed ]; then
    bin=.build/release  # unless a debug build is newer (the release one would be stale)
else
    bin=.build/debug
fi
[ -x "$bin/lifed" ] && [ -x "$bin/lifectl" ] || { echo "soak: no lifed/lifectl in $bin; run swift build first" >&2; exit 2; }
bin=$(cd "$bin" && pwd)

work=$(mktemp -d /tmp/lifed-soak.XXXXXX)
sock=$work/lifed.sock
state=$work/state
csv=$work/rss.csv
log=$work/soak.log
mkdir -p "$work/watch" .build/soak

say() { echo "soak: $*" | tee -a "$log"; }
now() { date +%s; }
lctl() { timeout 20 "$bin/lifectl" --no-start --socket "$sock" "$@"; }
# Only ever run in the background (`lwatch PATH >FILE &`): the exec makes $! lifectl itself,
# so that SIGSTOP, SIGCONT and kills reach it rather than a subshell. No time limit.
lwatch() { exec "$bin/lifectl" --no-start --socket "$sock" watch "$@"; }

# Every background process, so that none outlives the script.
daemon_pid=
watcher_pids=()
stopped_pid=
cleanup() {
    local status=$?
    trap - EXIT INT TERM
    [ -n "$stopped_pid" ] && kill -CONT "$stopped_pid" 2>/dev/null || true
    for pid in "${watcher_pids[@]}" $stopped_pid ${fresh_pid:-}; do
        [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
    done
    if [ -n "$daemon_pid" ] && kill -0 "$daemon_pid" 2>/dev/null; then
        kill -TERM "$daemon_pid" 2>/dev/null || true
        for _ in $(seq 50); do kill -0 "$daemon_pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$daemon_pid" 2>/dev/null || true
    fi
    wait 2>/dev/null || true
    [ -f "$csv" ] && cp "$csv" .build/soak/rss-latest.csv
    if [ "$status" -eq 0 ] && [ -z "${SOAK_KEEP:-}" ]; then
        rm -rf "$work"
    else
        echo "soak: the work folder is kept: $work (lifed's log: $work/lifed.log)" >&2
    fi
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
trap 'echo "soak: a command failed at line $LINENO: $BASH_COMMAND" >&2' ERR

fail() { say "FAILED: $*"; exit 1; }

# --- The daemon ------------------------------------------------------------------------

seed=${SOAK_SEED:-$RANDOM}
say "binaries from $bin; duration ${duration}s; seed $seed; work folder $work"
"$bin/lifed" --socket "$sock" --state-dir "$state" --interval 10ms --size 32x32 --seed "$seed" \
    --client-buffer 65536 --log-level warning 2>"$work/lifed.log" &
daemon_pid=$!
for _ in $(seq 100); do
    lctl status >/dev/null 2>&1 && break
    kill -0 "$daemon_pid" 2>/dev/null || fail "lifed exited at start-up: $(cat "$work/lifed.log")"
    sleep 0.1
done
lctl status >/dev/null || fail "lifed does not answer"
lctl set autostop=off >/dev/null
lctl start >/dev/null

rss_kb() { awk '/^VmRSS:/ { print $2 }' "/proc/$daemon_pid/status" 2>/dev/null || echo 0; }
status_field() { # status_field NAME: a top-level member of the status reply
    lctl --json status | python3 -c 'import json,sys; print(json.load(sys.stdin)[sys.argv[1]])' "$1"
}

# --- Watchers ----------------------------------------------------------------------------

watch_paths=("" "/statistics" "/simulation/gridState/ticks" "/settings" "/configurations" "/simulation" "/simulation/gridState/grid/cells/0")
watcher_count=0
start_watcher() { # start_watcher SLOT
    local slot=$1 path=${watch_paths[$((RANDOM % ${#watch_paths[@]}))]}
    watcher_count=$((watcher_count + 1))
    watcher_files[$slot]="$work/watch/w$watcher_count.jsonl"
    lwatch "$path" >"${watcher_files[$slot]}" 2>"${watcher_files[$slot]}.err" &
    watcher_pids[$slot]=$!
    watcher_ends[$slot]=$(($(now) + 2 + RANDOM % 12))
}
# A watcher's output: the snapshot and diffs chain by base; with FINAL (a `get ""` reply),
# the mirror must equal the final state at the watched path.
check_watch() { # check_watch FILE [FINAL_JSON]
    python3 "$work/check_watch.py" "$@"
}
cat >"$work/check_watch.py" <<EOF
import json, sys
sys.path.insert(0, "$repo/clients/python")
from lifeclient import Mirror, json_equal, pointer_tokens, _get

def replay(name):
    with open(name, "rb") as f:
        data = f.read()
    lines = data.split(b"\n")
    lines = lines[:-1]  # after the last newline: nothing, or a line cut short by a kill
    mirror, path = Mirror(), None
    for number, line in enumerate(lines, 1):
        message = json.loads(line)
        if message["type"] == "snapshot":
            if path is not None and not message.get("resync"):
                sys.exit("%s:%d: a second snapshot without resync" % (name, number))
            if path is not None and message["path"] != path:
                sys.exit("%s:%d: a resync of another path" % (name, number))
            if path is not None and message["version"] < mirror.version:
                sys.exit("%s:%d: a resync goes back in versions" % (name, number))
            path = message["path"]
        elif mirror.version is None:
            sys.exit("%s:%d: a diff before the snapshot" % (name, number))
        elif message["version"] <= message["base"]:
            sys.exit("%s:%d: a diff's version is not after its base" % (name, number))
        try:
            mirror.feed(message)
        except Exception as error:
            sys.exit("%s:%d: %s" % (name, number, error))
    return mirror, path

mirror, path = replay(sys.argv[1])
if len(sys.argv) > 2:
    with open(sys.argv[2]) as f:
        final = json.load(f)
    if path is None:
        sys.exit("%s: no snapshot" % sys.argv[1])
    expected = _get(final["value"], pointer_tokens(path))
    if not json_equal(mirror.value, expected):
        sys.exit("%s: the mirror of %r at version %s differs from the final get at version %s" % (sys.argv[1], path, mirror.version, final["version"]))
    if mirror.version > final["version"] or (path == "" and mirror.version != final["version"]):
        sys.exit("%s: the mirror is at version %s, the final get at %s" % (sys.argv[1], mirror.version, final["version"]))
print("%s: %d diffs, %d resyncs%s" % (sys.argv[1].rsplit("/", 1)[-1], mirror.diffs, mirror.resyncs, ", equal to the final state" if len(sys.argv) > 2 else ""))
EOF

stop_watcher() { # stop_watcher SLOT: kill it (TERM or KILL) and check what it printed
    local slot=$1 pid=${watcher_pids[$1]}
    if [ $((RANDOM % 3)) -eq 0 ]; then kill -KILL "$pid" 2>/dev/null || true; else kill -TERM "$pid" 2>/dev/null || true; fi
    wait "$pid" 2>/dev/null || true
    check_watch "${watcher_files[$slot]}" >>"$log" || fail "watcher output ${watcher_files[$slot]} does not chain"
    rm -f "${watcher_files[$slot]}" "${watcher_files[$slot]}.err"
}

declare -a watcher_files watcher_ends
slots=3
for slot in $(seq 0 $((slots - 1))); do start_watcher "$slot"; done
lwatch "" >"$work/watch/stopped.jsonl" 2>"$work/watch/stopped.err" &
stopped_pid=$!

# --- Actions ----------------------------------------------------------------------------

actions=0
refused=0
adds=0
random_action() {
    local status=0
    case $((RANDOM % 14)) in
        0 | 1) lctl step $((1 + RANDOM % 20)) >/dev/null 2>&1 || status=$? ;;
        2) lctl tick >/dev/null 2>&1 || status=$? ;;
        3) lctl set "title=soak $RANDOM ✓" >/dev/null 2>&1 || status=$? ;;
        4) lctl stats reset >/dev/null 2>&1 || status=$? ;;
        5) lctl stop >/dev/null 2>&1 || true; lctl random >/dev/null 2>&1 || status=$?; lctl start >/dev/null 2>&1 || true ;;
        6) lctl set "interval=$((10 + RANDOM % 3 * 5))ms" >/dev/null 2>&1 || status=$? ;;
        7 | 8)
            adds=$((adds + 1))
            lctl send "{\"type\":\"dispatch\",\"action\":{\"type\":\"configurations.add\",\"title\":\"soak $adds\",\"contents\":[[0,$((RANDOM % 30))],[1,1],[$((RANDOM % 30)),2]]}}" >/dev/null 2>&1 || status=$?
            # Bounded: the list is cleared now and then.
            if [ $((adds % 25)) -eq 0 ]; then lctl configs clear >/dev/null 2>&1 || status=$?; fi
            ;;
        9) lctl configs fetch >/dev/null 2>&1 || status=$? ;;
        10) lctl stop >/dev/null 2>&1 || true; lctl configs load $((RANDOM % 5)) >/dev/null 2>&1 || status=$?; lctl start >/dev/null 2>&1 || true ;;
        11) lctl get /statistics >/dev/null 2>&1 || status=$? ;;
        12) lctl status >/dev/null 2>&1 || status=$? ;;
        13) lctl start >/dev/null 2>&1 || true ;; # refused while it runs: fine
    esac
    actions=$((actions + 1))
    case $status in
        0) ;;
        1) refused=$((refused + 1)) ;;
        *) fail "lifectl failed with status $status (3: the daemon does not answer)" ;;
    esac
}

# --- The run -----------------------------------------------------------------------------

echo "elapsed_s,rss_kb,version,clients,resyncs" >"$csv"
start=$(now)
end=$((start + duration))
sample_every=$((duration / 20 < 5 ? (duration / 20 < 1 ? 1 : duration / 20) : 5))
next_sample=$start
stop_every=$((duration / 4 < 60 ? (duration / 4 < 15 ? 15 : duration / 4) : 60))
next_stop=$((start + stop_every / 2))
cont_at=0
stop_cycles=0
resyncs_seen=0
sample() {
    local status_json version clients resyncs
    status_json=$(lctl --json status) || fail "status failed"
    read -r version clients resyncs < <(echo "$status_json" | python3 -c 'import json,sys; s=json.load(sys.stdin); print(s["version"], s["clients"], s["resyncs"])')
    echo "$(($(now) - start)),$(rss_kb),$version,$clients,$resyncs" >>"$csv"
}

while [ "$(now)" -lt "$end" ]; do
    t=$(now)
    kill -0 "$daemon_pid" 2>/dev/null || fail "lifed died: $(tail -5 "$work/lifed.log")"
    if [ "$t" -ge "$next_sample" ]; then sample; next_sample=$((t + sample_every)); fi
    for slot in $(seq 0 $((slots - 1))); do
        if [ "$t" -ge "${watcher_ends[$slot]}" ] || ! kill -0 "${watcher_pids[$slot]}" 2>/dev/null; then
            stop_watcher "$slot"
            start_watcher "$slot"
        fi
    done
    kill -0 "$stopped_pid" 2>/dev/null || fail "the stopped watcher exited: $(cat "$work/watch/stopped.err")"
    if [ "$cont_at" -eq 0 ] && [ "$t" -ge "$next_stop" ] && [ $((end - t)) -gt 15 ]; then
        # A lively world makes big diffs, so the stopped watcher's share overflows quickly.
        lctl stop >/dev/null 2>&1 || true
        lctl random >/dev/null 2>&1 || true
        lctl start >/dev/null 2>&1 || true
        before_stop=$(status_field resyncs)
        kill -STOP "$stopped_pid"
        cont_at=$((t + 8 + RANDOM % 5))
    elif [ "$cont_at" -ne 0 ] && [ "$t" -ge "$cont_at" ]; then
        kill -CONT "$stopped_pid"
        cont_at=0
        next_stop=$((t + stop_every))
        stop_cycles=$((stop_cycles + 1))
        sleep 1
        after_cont=$(status_field resyncs)
        say "stop cycle $stop_cycles: the daemon's resyncs went from $before_stop to $after_cont"
        [ "$after_cont" -gt "$before_stop" ] && resyncs_seen=$((resyncs_seen + 1))
    fi
    random_action
    sleep 0.$((1 + RANDOM % 3))
done
[ "$cont_at" -ne 0 ] && kill -CONT "$stopped_pid"
sample

# --- The checks --------------------------------------------------------------------------

say "ran ${duration}s: $actions actions ($refused refused), $watcher_count watchers started, $stop_cycles stop/cont cycles"
kill -0 "$daemon_pid" 2>/dev/null || fail "lifed died"

# Memory.
python3 - "$csv" <<'EOF' | tee -a "$log" || fail "RSS is not flat"
import csv, statistics, sys
rows = [(int(r["elapsed_s"]), int(r["rss_kb"])) for r in csv.DictReader(open(sys.argv[1]))]
total = rows[-1][0]
warm = [rss for t, rss in rows if t >= max(10, total * 0.1)]
quarter = max(1, len(warm) // 4)
first, last = statistics.median(warm[:quarter]), statistics.median(warm[-quarter:])
print("soak: RSS at start %d KB, after warm-up %d KB, at end %d KB (max %d KB); first-quarter median %d KB, last-quarter median %d KB (%+.1f%%)"
      % (rows[0][1], warm[0], rows[-1][1], max(r for _, r in rows), first, last, 100.0 * (last - first) / first))
if last > first * 1.2 and last - first > 5 * 1024:
    sys.exit("soak: RSS grew by more than 20% and 5 MB")
EOF

# Resyncs: the daemon counted them and the stopped watcher got them.
resyncs=$(status_field resyncs)
[ "$resyncs" -gt 0 ] || fail "status says resyncs $resyncs: the stopped watcher was never resynchronised"
grep -q '"resync":true' "$work/watch/stopped.jsonl" || fail "the stopped watcher received no resync snapshot"
say "resyncs: $resyncs in all; $resyncs_seen of $stop_cycles stop/cont cycles caused one"

# Nothing lost: stop the world, bring in a fresh watcher, make a last change or two, and
# compare every live watcher's mirror with the final state.
lctl stop >/dev/null 2>&1 || true
lwatch "" >"$work/watch/fresh.jsonl" 2>"$work/watch/fresh.err" &
fresh_pid=$!
for _ in $(seq 100); do [ -s "$work/watch/fresh.jsonl" ] && break; sleep 0.05; done
lctl step 3 >/dev/null
lctl set "title=soak done" >/dev/null
# Diffs for a change are queued before its ack; give the watchers a moment to print them.
sleep 2
lctl --json get "" >"$work/final.json" || fail "the final get failed"
sleep 1
for pid in "${watcher_pids[@]}" "$stopped_pid" "$fresh_pid"; do kill -TERM "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
watcher_pids=()
stopped_pid=
fresh_pid=
for file in "$work/watch/stopped.jsonl" "$work/watch/fresh.jsonl" "${watcher_files[@]}"; do
    check_watch "$file" "$work/final.json" | tee -a "$log" || fail "$file: the mirror differs from the final state"
done

# The state file: format 1, at the final version.
final_version=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["version"])' "$work/final.json")
python3 - "$state/state.json" "$final_version" <<'EOF' || fail "the state file does not parse"
import json, sys
document = json.load(open(sys.argv[1]))
assert document["format"] == 1, document["format"]
assert document["version"] == int(sys.argv[2]), (document["version"], sys.argv[2])
assert set(document["state"]) == {"configurations", "settings", "simulation", "statistics"}, list(document["state"])
EOF
lctl status >/dev/null || fail "the daemon stopped answering"
say "state file: format 1 at version $final_version; the daemon still answers"
say "PASSED"
