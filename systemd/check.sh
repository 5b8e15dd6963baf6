#!/bin/sh
# Checks lifed's systemd units:
#   - `systemd-analyze verify` must print nothing for every unit (system and user), and
#     for the system service with the network drop-in applied;
#   - `systemd-analyze security --offline=true` must rate the system service (with and
#     without the network drop-in) at MAX_EXPOSURE (2.0) or lower;
#   - lifed's fetch helper lifefetch must be where lifed looks for it (beside lifed in a
#     build, ../libexec/life/ from lifed's folder when installed).
#
# Usage:
#   systemd/check.sh                    the units in this folder, ExecStart pointed at a
#                                       built lifed (LIFED_BIN_DIR, else .build/release,
#                                       else .build/debug)
#   systemd/check.sh --installed PREFIX the units `make install PREFIX=...` installed, as
#                                       they are (their ExecStart must exist)
#
# verify runs man(1) for every Documentation=man: page, so the man pages are put on MANPATH.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
max_exposure=${MAX_EXPOSURE:-2.0}

command -v systemd-analyze >/dev/null 2>&1 || { echo "check.sh: systemd-analyze is not installed" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/lifed-check.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
mkdir -p "$work/system" "$work/user" "$work/runtime" "$work/man/man1" "$work/man/man8"
chmod 0700 "$work/runtime"

if [ "${1:-}" = "--installed" ]; then
    prefix=${2:?"usage: check.sh --installed PREFIX"}
    cp "$prefix/lib/systemd/system/lifed.socket" "$prefix/lib/systemd/system/lifed.service" "$work/system/"
    if [ -f "$prefix/share/systemd/user/lifed.service" ]; then userdir=$prefix/share/systemd/user; else userdir=$prefix/lib/systemd/user; fi
    cp "$userdir/lifed.socket" "$userdir/lifed.service" "$work/user/"
    dropin=$prefix/share/doc/lifed/network.conf.example
    manpath=$prefix/share/man
    bindir=$(sed -n 's|^ExecStart=\([^ ]*\)/lifed .*|\1|p' "$work/system/lifed.service")
    helper=$(dirname "$bindir")/libexec/life/lifefetch
    echo "checking the units installed in $prefix (lifed: $bindir/lifed)"
else
    bindir=${LIFED_BIN_DIR:-}
    if [ -z "$bindir" ]; then
        for candidate in "$root/.build/release" "$root/.build/debug"; do
            if [ -x "$candidate/lifed" ]; then bindir=$candidate; break; fi
        done
    fi
    [ -n "$bindir" ] && [ -x "$bindir/lifed" ] || { echo "check.sh: no built lifed; run swift build first (or set LIFED_BIN_DIR)" >&2; exit 2; }
    helper=$bindir/lifefetch
    for kind in system user; do
        for unit in lifed.socket lifed.service; do
            sed "s|/usr/local/bin/|$bindir/|g" "$here/$kind/$unit" > "$work/$kind/$unit"
        done
    done
    dropin=$here/system/lifed.service.d/network.conf.example
    cp "$root/man/"*.1 "$work/man/man1/"
    cp "$root/man/"*.8 "$work/man/man8/"
    manpath=$work/man
    echo "checking the units in $here (lifed: $bindir/lifed)"
fi

# The system service with the network drop-in, as one file (a drop-in's settings come last).
mkdir -p "$work/network"
cat "$work/system/lifed.service" "$dropin" > "$work/network/lifed.service"
cp "$work/system/lifed.socket" "$work/network/"

failed=0

verify() { # verify MODE LABEL UNIT...
    mode=$1
    label=$2
    shift 2
    if ! output=$(MANPATH=$manpath XDG_RUNTIME_DIR=$work/runtime systemd-analyze "$mode" verify "$@" 2>&1) || [ -n "$output" ]; then
        echo "FAIL verify $label:"
        printf '%s\n' "$output" | sed 's/^/    /'
        failed=1
    else
        echo "ok   verify $label: clean"
    fi
}

verify --system "system units" "$work/system/lifed.socket" "$work/system/lifed.service"
verify --system "system service + network drop-in" "$work/network/lifed.socket" "$work/network/lifed.service"
verify --user "user units" "$work/user/lifed.socket" "$work/user/lifed.service"

score() { # score LABEL UNIT
    output=$(systemd-analyze security --offline=true --no-pager "$2" 2>&1) || true
    level=$(printf '%s\n' "$output" | sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\).*/\1/p')
    if [ -z "$level" ]; then
        echo "FAIL security $1: no score"
        printf '%s\n' "$output" | sed 's/^/    /'
        failed=1
    elif awk -v level="$level" -v max="$max_exposure" 'BEGIN { exit !(level > max) }'; then
        echo "FAIL security $1: exposure $level is above $max_exposure"
        printf '%s\n' "$output" | grep '✗' | sed 's/^/    /'
        failed=1
    else
        echo "ok   security $1: exposure $level (at most $max_exposure)"
    fi
}

score "system service" "$work/system/lifed.service"
score "system service + network drop-in" "$work/network/lifed.service"

if [ -x "$helper" ]; then
    echo "ok   fetch helper: $helper"
else
    echo "FAIL fetch helper: no executable $helper, where lifed looks for it"
    failed=1
fi

exit $failed
