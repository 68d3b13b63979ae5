#!/usr/bin/env bash
# Builds the libFuzzer harnesses with clang (ASan + UBSan) in a tree of their
# own, replays every saved reproducer (each must now pass), then fuzzes each
# harness for SECONDS.
#   fuzz.sh SOURCE_DIR WORK_DIR SECONDS
set -u
src=$1 work=$2 secs=$3
cc=$(command -v clang-19 || command -v clang)
if [ -z "$cc" ]; then echo "FAIL: no clang to build the fuzzers with (apt-get install clang-19 libclang-rt-19-dev)"; echo "0 passed, 1 failed"; exit 1; fi
if ! cmake -S "$src" -B "$work" -G Ninja -DTIRX_FUZZ=ON -DCMAKE_C_COMPILER="$cc" > "$work.log" 2>&1 ||
   ! cmake --build "$work" --target fuzz_pragma fuzz_rewrite >> "$work.log" 2>&1; then
  tail -30 "$work.log"; echo "0 passed, 1 failed"; exit 1
fi
pass=0 fail=0
for f in "$src"/fuzz/crashes/*; do
  [ -f "$f" ] || continue
  h=$(basename "$f" | cut -d- -f1)
  if timeout 120 "$work/fuzz/$h" -runs=1 "$f" > "$work/replay.log" 2>&1; then
    pass=$((pass + 1)); echo "ok   replay $(basename "$f")"
  else
    fail=$((fail + 1)); echo "FAIL replay $(basename "$f")"; tail -20 "$work/replay.log"
  fi
done
# A fixed seed and number of runs: the same mutations on every machine.
if TIRX_FUZZ_SEED=1 TIRX_FUZZ_RUNS_pragma=20000 TIRX_FUZZ_RUNS_rewrite=60 TIRX_FUZZ_WORK="$work/run" \
     "$src/fuzz/run.sh" "$work" "$secs"; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
