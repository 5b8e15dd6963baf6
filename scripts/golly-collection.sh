#!/usr/bin/env bash
# Loads every file of Golly's pattern collection with `lifectl load` into a throwaway lifed, and
# compares each loaded population with the one Golly's own command-line bgolly reads.
#
#   scripts/golly-collection.sh [PATTERNS_DIR] [BUILD_DIR]
#
# Needs Golly (Debian: apt-get install golly, which ships bgolly and /usr/share/golly/Patterns).
# Nothing in the test suite depends on it. Prints one line per file, then a summary:
#   same       loaded, with the population bgolly reads
#   DIFFER     loaded, with another population (a bug)
#   refused    lifectl named why (another rule family, too large, a format lifed cannot read)
# and exits 1 when any file differs or fails without a reason.
set -uo pipefail
cd "$(dirname "$0")/.."
patterns=${1:-/usr/share/golly/Patterns}
build=${2:-.build/debug}
command -v bgolly >/dev/null || { echo "golly-collection: bgolly is not installed (apt-get install golly)" >&2; exit 2; }
[ -d "$patterns" ] || { echo "golly-collection: no folder $patterns" >&2; exit 2; }

folder=$(mktemp -d)
chmod 700 "$folder"
socket="$folder/lifed.sock"
# Frames up to 64 MiB: lifectl load sends the whole grid as one setGrid (issue 11 section 1).
"$build/lifed" --ephemeral --socket "$socket" --log-level error --max-frame 67108864 &
daemon=$!
trap 'kill $daemon 2>/dev/null; rm -rf "$folder"' EXIT
for _ in $(seq 50); do [ -S "$socket" ] && break; sleep 0.1; done

same=0 differ=0 refused=0 failed=0
while IFS= read -r file; do
    if output=$("$build/lifectl" --socket "$socket" load "$file" 2>"$folder/err"); then
        ours=$(sed -n 's/.*: \([0-9]*\) cells on .*/\1/p' <<<"$output")
        algorithm=()
        case "$file" in *.mc | *.mc.gz) algorithm=(-a HashLife) ;; esac
        golly=$(bgolly "${algorithm[@]}" -m 0 "$file" 2>&1 | sed -n 's/^0: \([0-9,]*\)$/\1/p' | tail -1 | tr -d ,)
        if [ "$ours" = "$golly" ]; then
            same=$((same + 1)); echo "same     $file ($ours cells)"
        else
            differ=$((differ + 1)); echo "DIFFER   $file (lifed $ours, bgolly ${golly:-nothing})"
        fi
    elif grep -q "lifectl: " "$folder/err"; then
        refused=$((refused + 1)); echo "refused  $file: $(sed 's/^lifectl: //' "$folder/err" | head -1 | cut -c1-160)"
    else
        failed=$((failed + 1)); echo "FAILED   $file: $(head -1 "$folder/err")"
    fi
done < <(find "$patterns" -type f | sort)
echo "golly-collection: $same same, $differ differ, $refused refused with a reason, $failed failed"
[ "$differ" -eq 0 ] && [ "$failed" -eq 0 ]
