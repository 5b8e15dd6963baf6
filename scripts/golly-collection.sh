#!/usr/bin/env bash
# Loads every file of Golly's pattern collection with `lifectl load` into a throwaway lifed, and
# compares each loaded population with the one Golly's own command-line bgolly reads.
#
#   scripts/golly-collection.sh [--load-only] [PATTERNS_DIR] [BUILD_DIR [BENCH_BUILD_DIR]]
#
# Needs Golly (Debian: apt-get install golly, which ships bgolly and /usr/share/golly/Patterns).
# Nothing in the test suite depends on it. Prints one line per file (with the family of the rule
# the file names), then per family and in total:
#   same       loaded, with the population bgolly reads
#   DIFFER     loaded, with another population (a bug)
#   refused    lifectl named why, counted by kind of reason: "gate" when the rule parses but its
#              family's engine is not in yet (Rule.unsupportedReason), "family" when lifed names
#              a family it does not run (rule tables, Wolfram, hexagonal, …), "cells" for
#              multi-state cells, "file" for files that are not patterns lifed reads, "other"
#
# Then (unless --load-only) every loaded file of the families the engine runs (Life-like with or
# without B0, Hensel, MAP, Generations, Larger than Life) is run 100 and 1,000 generations by
# bgolly (QuickLife, HashLife for macrocells, Generations, Larger than Life) and by the engine
# (`lifebench evolve`, from BENCH_BUILD_DIR, default .build/release), and the two worlds are
# compared cell for cell and state for state (scripts/rle-compare.py: bgolly writes no
# position, so each world is taken relative to its bounding box). The world: a file that names
# its own (`:T` torus, `:P` plane) runs in it on both sides; any other runs in lifed on a bounded
# world large enough that light speed cannot reach its edge in 1,000 generations (the live
# cells' box plus 1,000 x range + 2 a side), capped at 4096x4096: a pattern that grows to the
# edge of a capped world may differ from Golly's unbounded plane, and is counted apart. Per
# file one more line, per family more columns:
#   at100 / at1000  the same cells at 100 / 1,000 generations
#   EVDIFF          differs at 100 or 1,000 (a bug unless explained in the line)
#   slow            bgolly needs more than 30 s for 1,000 generations: not compared
#   outgrew         differs, but the pattern reached the edge of a capped 4096x4096 world
# and exits 1 when any file differs or fails without a reason.
set -uo pipefail
cd "$(dirname "$0")/.."
evolve=1
if [ "${1:-}" = --load-only ]; then evolve=0; shift; fi
patterns=${1:-/usr/share/golly/Patterns}
build=${2:-.build/debug}
bench=${3:-.build/release}/lifebench
[ "$evolve" = 0 ] || [ -x "$bench" ] || { echo "golly-collection: no $bench (swift build -c release --product lifebench)" >&2; exit 2; }
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

# The text of the rule a file names (Conway's when it names none), read from the file itself.
rule_of() {
    local file=$1 text
    case "$file" in *.gz) text=$(gzip -dc "$file" 2>/dev/null | head -c 65536 | tr -d '\r') ;;
        *) text=$(head -c 65536 "$file" | tr -d '\r') ;; esac
    case "$file" in
    *.mcl)
        if grep -q '^#GAME Rules table' <<<"$text"; then echo "table"; return; fi
        sed -n 's/^#RULE *\([^ ]*\).*/\1/p' <<<"$text" | head -1 ;;
    *.mc | *.mc.gz | *.lif | *.lif.gz)
        sed -n 's/^#R *\([^ ]*\).*/\1/p' <<<"$text" | head -1 ;;
    *.rle | *.rle.gz)
        sed -n 's/^x *=.*rule *= *\([^ ]*\).*/\1/p' <<<"$text" | head -1 ;;
    *) echo "none" ;;
    esac
}

# The family of a rule text, as Golly names it.
family_of() {
    local rule=${1%%:*}
    local part='([0-8][0-8a-zA-Z-]*)?'
    local bs="^[Bb]$part[/_]?([Ss]$part)?\$|^[Ss]$part[/_]?([Bb]$part)?\$|^[0-8a-zA-Z-]*/[0-8a-zA-Z-]*\$"
    case "$rule" in
    none) echo "not-a-pattern" ;;
    "" ) echo "Life-like" ;;
    table) echo "rule-table" ;;
    [Mm][Aa][Pp]*/*) echo "Generations" ;;
    [Mm][Aa][Pp]*) echo "MAP" ;;
    [Rr][0-9]*,* | [0-9]*,*) echo "Larger-than-Life" ;;
    [Ww][0-9]*) echo "Wolfram" ;;
    */*/*) echo "Generations" ;;
    *)
        if [[ ! "$rule" =~ $bs ]]; then echo "rule-table"
        elif [[ "$rule" =~ [HhVv]$ ]]; then echo "hex-or-vonNeumann"
        elif [[ "$rule" =~ [cekainyqjrtwzCEKAINYQJRTWZ] ]]; then echo "Hensel"
        elif [[ "$rule" =~ ^[Bb]0 || "$rule" =~ /0 ]]; then echo "Life-like-B0"
        else echo "Life-like"; fi ;;
    esac
}

# bgolly's algorithm for a family.
algorithm_of() {
    case "$1" in
    Generations) echo "Generations" ;;
    Larger-than-Life) echo "Larger than Life" ;;
    *) case "$2" in *.mc | *.mc.gz) echo "HashLife" ;; *) echo "QuickLife" ;; esac ;;
    esac
}

declare -A tally families
same=0 differ=0 refused=0 failed=0 evdiffer=0
count() { tally["$1 $2"]=$((${tally["$1 $2"]:-0} + 1)); families["$1"]=1; }

# Runs a loaded file 100 and 1,000 generations on both sides and compares (see the top).
evolve_file() {
    local file=$1 family=$2 algorithm line n world safe edge verdict result=""
    case "$family" in Life-like | Life-like-B0 | Hensel | MAP | Generations | Larger-than-Life) ;; *) return ;; esac
    algorithm=$(algorithm_of "$family" "$file")
    rm -f "$folder"/golly-*.rle "$folder"/ours-*.rle
    local began=$SECONDS
    if ! timeout 30 bgolly -a "$algorithm" -m 1000 -o "$folder/golly-1000.rle" "$file" >"$folder/golly.log" 2>&1; then
        if [ $((SECONDS - began)) -ge 29 ]; then
            count "$family" slow; echo "  slow   bgolly needs more than 30 s for 1000 generations"
        else
            evdiffer=$((evdiffer + 1)); count "$family" EVDIFF; echo "  EVDIFF bgolly failed: $(tail -1 "$folder/golly.log")"
        fi
        return
    fi
    timeout 60 bgolly -a "$algorithm" -m 100 -o "$folder/golly-100.rle" "$file" >"$folder/golly.log" 2>&1
    if ! "$bench" evolve "$file" --generations 100,1000 --output "$folder/ours" >"$folder/ours.log" 2>&1; then
        evdiffer=$((evdiffer + 1)); count "$family" EVDIFF; echo "  EVDIFF lifebench evolve failed: $(tail -1 "$folder/ours.log")"
        return
    fi
    read -r _ _ _ world <"$folder/ours.log"
    local differs=0 outgrew=0
    for n in 100 1000; do
        edge=$(awk -v n=$n '$1 == n { print $5 }' "$folder/ours.log")
        if verdict=$(python3 scripts/rle-compare.py "$folder/ours-$n.rle" "$folder/golly-$n.rle"); then
            count "$family" "at$n"; result+=" $n: same (${verdict#same } cells);"
        elif [ "$world" = capped ] && [ "$edge" = 1 ]; then
            outgrew=1; result+=" $n: reached the edge of 4096x4096;"
        else
            differs=1; result+=" $n: $verdict;"
        fi
    done
    if [ $differs = 1 ]; then
        evdiffer=$((evdiffer + 1)); count "$family" EVDIFF; echo "  EVDIFF$result"
    elif [ $outgrew = 1 ]; then
        count "$family" outgrew; echo "  outgrew$result"
    else
        echo "  evolved$result"
    fi
}
while IFS= read -r file; do
    family=$(family_of "$(rule_of "$file")")
    if output=$("$build/lifectl" --socket "$socket" load "$file" 2>"$folder/err"); then
        ours=$(sed -n 's/.*: \([0-9]*\) cells on .*/\1/p' <<<"$output")
        if [ "$family" = Generations ]; then
            # Golly's population of a Generations world counts its dying cells too; lifed's
            # population is its live cells (state 1), so count every cell not dead instead.
            ours=$("$build/lifectl" --socket "$socket" get /simulation/gridState/grid/cells |
                python3 -c 'import json,sys; print(sum(len(r) - r.count(".") - r.count("x") for r in json.load(sys.stdin)))')
        fi
        golly=$(bgolly -a "$(algorithm_of "$family" "$file")" -m 0 "$file" 2>&1 | sed -n 's/^0: \([0-9,]*\)$/\1/p' | tail -1 | tr -d ,)
        count "$family" loaded
        if [ "$ours" = "$golly" ]; then
            same=$((same + 1)); count "$family" same; echo "same     [$family] $file ($ours cells)"
        else
            differ=$((differ + 1)); count "$family" DIFFER; echo "DIFFER   [$family] $file (lifed $ours, bgolly ${golly:-nothing})"
        fi
        [ "$evolve" = 0 ] || evolve_file "$file" "$family"
    elif grep -q "lifectl: " "$folder/err"; then
        refused=$((refused + 1))
        reason=$(sed 's/^lifectl: //' "$folder/err" | head -1)
        reason=${reason#"$file: "}
        case "$reason" in
        *"does not run"*"yet"* | *"rules with B0 make"*) kind=gate ;;
        *"is a rule table"* | *"Wolfram"* | *"neighbourhood:"* | *"JvN"* | *"is not a family lifed runs"* | *"circular NC"*) kind=family ;;
        *"multi-state cell"* | *"dying states"*) kind=cells ;;
        *"not supported"*) kind=file ;;
        *) kind=other ;;
        esac
        count "$family" "refused-$kind"
        echo "refused  [$family] $file: ($kind) $(cut -c1-160 <<<"$reason")"
    else
        failed=$((failed + 1)); count "$family" FAILED; echo "FAILED   [$family] $file: $(head -1 "$folder/err")"
    fi
done < <(find "$patterns" -type f | sort)

echo
printf '%-20s'"$(printf ' %%9s%.0s' $(seq 14))"'\n' family loaded same DIFFER "ref-gate" "ref-fam" "ref-cells" "ref-file" "ref-other" FAILED at100 at1000 EVDIFF slow outgrew
for family in $(printf '%s\n' "${!families[@]}" | sort); do
    printf '%-20s' "$family"
    for column in loaded same DIFFER refused-gate refused-family refused-cells refused-file refused-other FAILED at100 at1000 EVDIFF slow outgrew; do
        printf ' %9s' "${tally["$family $column"]:-0}"
    done
    echo
done
echo "golly-collection: $same same, $differ differ, $refused refused with a reason, $failed failed; $evdiffer differ after 100 or 1000 generations"
[ "$differ" -eq 0 ] && [ "$failed" -eq 0 ] && [ "$evdiffer" -eq 0 ]
