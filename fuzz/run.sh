#!/usr/bin/env bash
# Runs each libFuzzer harness for SECONDS on a copy of its seed corpus.
#   fuzz/run.sh BUILD_DIR SECONDS
# BUILD_DIR is a build configured with -DTIRX_FUZZ=ON and clang. The seeds are
# fuzz/corpus/HARNESS/ plus the test inputs (tests/golden/*.cu, tests/identity/*) as whole files (for its
# whole-file scanner mode); the dictionary is fuzz/tirx.dict. Any crash,
# leak, sanitizer report, timeout (-timeout=20) or out-of-memory
# (-rss_limit_mb=4096) fails the harness; its reproducer is copied into
# fuzz/crashes/ as HARNESS-KIND-SHA1 (replay: BUILD_DIR/fuzz/HARNESS FILE).
# Logs and the grown corpora stay in $TIRX_FUZZ_WORK (default: a temporary
# directory, removed at exit). Prints `N passed, N failed`, one per harness;
# exits 1 when any failed, 2 on bad usage.
set -u
if [ $# -ne 2 ] || ! [[ $2 =~ ^[0-9]+$ ]]; then
  echo "usage: $0 BUILD_DIR SECONDS" >&2
  exit 2
fi
build=$1 seconds=$2
here=$(cd "$(dirname "$0")" && pwd)
crashes=$here/crashes
if [ -n "${TIRX_FUZZ_WORK:-}" ]; then
  work=$TIRX_FUZZ_WORK
  mkdir -p "$work"
else
  work=$(mktemp -d "${TMPDIR:-/tmp}/tirx-fuzz.XXXXXX")
  trap 'rm -rf "$work"' EXIT
fi
# The rewrite harness caches parsed CUDA headers here (see fuzz_rewrite.c).
export TIRX_FUZZ_CACHE_DIR=$work/pch-cache
mkdir -p "$TIRX_FUZZ_CACHE_DIR"

pass=0 fail=0
for h in pragma rewrite; do
  bin=
  for cand in "$build/fuzz/fuzz_$h" "$build/fuzz_$h"; do
    [ -x "$cand" ] && { bin=$cand; break; }
  done
  if [ -z "$bin" ]; then
    echo "FAIL fuzz_$h: no binary under $build (configure with -DTIRX_FUZZ=ON and build it)"
    fail=$((fail+1))
    continue
  fi
  corpus=$work/corpus/$h artifacts=$work/artifacts/$h log=$work/fuzz_$h.log
  rm -rf "$corpus" "$artifacts" "$work/seeds/$h"
  mkdir -p "$corpus" "$artifacts"
  [ -d "$here/corpus/$h" ] && cp -R "$here/corpus/$h/." "$corpus/"
  dirs=("$corpus")  # new units go to the first
  # Whole files come from the test inputs themselves, not from copies of them.
  mkdir -p "$work/seeds/$h"
  for f in "$here"/../tests/golden/*.cu "$here"/../tests/identity/*; do
    case $f in *.expected.cu) ;; *) cp "$f" "$work/seeds/$h/" ;; esac
  done
  dirs+=("$work/seeds/$h")
  echo "== fuzz_$h: $seconds s on $(find "${dirs[@]}" -type f | wc -l) seeds (log: $log)"
  # TIRX_FUZZ_SEED fixes the mutations and TIRX_FUZZ_RUNS_<harness> their number (CI sets
  # both, so that its runs repeat whatever the machine's speed); unset: random, time only.
  runs_var=TIRX_FUZZ_RUNS_$h
  "$bin" -seed="${TIRX_FUZZ_SEED:-0}" -runs="${!runs_var:--1}" -max_total_time="$seconds" -timeout=20 \
    -rss_limit_mb=4096 -print_final_stats=1 \
    -dict="$here/tirx.dict" \
    -artifact_prefix="$artifacts/" "${dirs[@]}" > "$log" 2>&1
  rc=$?
  grep -E '^(#[0-9]+[[:space:]]+(INITED|DONE)|Done [0-9]+ runs|stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb)' "$log" | sed 's/^/   /'
  found=0
  for f in "$artifacts"/*; do
    [ -f "$f" ] || continue
    base=$(basename "$f")
    kind=${base%%-*}
    sum=$(sha1sum "$f" | cut -c1-40)
    mkdir -p "$crashes"
    cp "$f" "$crashes/fuzz_$h-$kind-$sum"
    echo "   reproducer: $crashes/fuzz_$h-$kind-$sum"
    found=$((found+1))
  done
  if [ "$rc" -ne 0 ] || [ "$found" -ne 0 ]; then
    echo "FAIL fuzz_$h (exit status $rc, $found reproducer(s)); the report:"
    grep -n -m1 -E '^==[0-9]+==ERROR|runtime error|invariant violated|ALARM|out-of-memory|deadly signal' "$log" | sed 's/^/   /'
    tail -n 60 "$log" | sed 's/^/   | /'
    fail=$((fail+1))
  else
    echo "ok   fuzz_$h"
    pass=$((pass+1))
  fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
