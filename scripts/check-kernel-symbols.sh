#!/usr/bin/env bash
# Checks that the AVX2 kernel (LifeKernelAVX2, built for Haswell) defines no code that other
# modules could end up running on a processor without AVX2.
#
#   scripts/check-kernel-symbols.sh [BUILD]     BUILD: .build/release (default) or .build/debug
#
# Generic specializations and runtime helpers (arrays, strings, type metadata lookups, value
# copies) are emitted by every module that uses them, as weak symbols of the same name, and the
# linker keeps one copy for all: if that were the kernel's, baseline code would run Haswell
# instructions. Its own symbols (module-qualified names) and weak data are fine; weak code is not.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-.build/release}
shopt -s nullglob
objects=("$build"/LifeKernelAVX2.build/*.o)
if [ ${#objects[@]} -eq 0 ]; then
    echo "check-kernel-symbols: no $build/LifeKernelAVX2.build/*.o (swift build first; x86-64 hosts only)" >&2
    exit 2
fi
# nm: W/w weak code, i indirect function, u unique global; V/v (weak data) are left alone.
shared=$(nm --defined-only "${objects[@]}" | awk 'NF >= 3 && $2 ~ /^[Wwiu]$/ && $3 !~ /LifeKernelAVX2/ { print $3 }' | sort -u)
if [ -n "$shared" ]; then
    echo "check-kernel-symbols: LifeKernelAVX2 defines code other modules may share (keep its source files to lanes, raw pointers and integers):" >&2
    echo "$shared" | sed 's/^/  /' >&2
    exit 1
fi
echo "check-kernel-symbols: $build: LifeKernelAVX2 shares no code"
