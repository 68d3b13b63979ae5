#!/usr/bin/env bash
# tests/gpu/run_examples.sh - differential test of examples/*.cu on a GPU machine.
#
# usage: tests/gpu/run_examples.sh OUTDIR [NAME...]
#
# OUTDIR holds tirx-pp's output for every example, OUTDIR/<name>.cu (made
# elsewhere, e.g. `tirx-pp examples/relu.cu -o OUTDIR/relu.cu`). For each
# examples/<name>.cu (or only the NAMEs given), this script
#   1. builds (a) the raw file with nvcc and tirx.h's plain-CUDA fallbacks and
#      (b) OUTDIR/<name>.cu, both with $ARCH_FLAGS -I headers -I examples (for
#      "harness.h", which OUTDIR/<name>.cu includes from elsewhere); (b) also gets
#      -DTIRX_PP_OUTPUT, which switches on the kernels spelled with
#      `#pragma tirx grid` / `elect` that only tirx-pp can lower (see the
#      examples' header comments);
#   2. runs both at every size in $SIZES (some not multiples of any block size)
#      and requires exit status 0 and a last line `<name>: PASS` from each;
#   3. requires their stdout to be identical (the examples print checksums).
# An example with the line `// tirx-pp: required` in its first 30 lines (async
# regions and events, which tirx.h stops in a build without tirx-pp) has no raw
# build: only (b) is built and run at every size against its CPU reference (and
# under compute-sanitizer with SANITIZE=1), and there is no output to compare.
# It prints one line per example and then `N passed, M failed`; the exit
# status is 1 if anything failed (or was skipped for lack of a GPU).
#
# Environment:
#   NVCC            compiler (default nvcc)
#   ARCH_FLAGS      target flags (default -gencode=arch=compute_90a,code=sm_90a)
#   SIZES           sizes passed as argv[1]; `default` runs without an argument
#                   (default: "default 1 7 33 255 257 1000 4099")
#   PP_DEFINES      extra flags for the tirx-pp build (default -DTIRX_PP_OUTPUT)
#   WERROR=1        a compiler warning in the tirx-pp build is a failure
#                   (by default it is counted and shown, not fatal)
#   SANITIZE=1      also run the tirx-pp build under compute-sanitizer
#                   memcheck (with leak check), racecheck, synccheck and initcheck, at
#                   $SANITIZE_SIZES (default "33 257"); any reported error fails
#   RUN_TIMEOUT     seconds per run (default 120)
#   JOBS            parallel builds (default: number of CPUs)
#   KEEP=DIR        build in DIR and keep binaries and logs there
set -u

usage() {
  echo "usage: $0 OUTDIR_WITH_PREPROCESSED_FILES [NAME...]" >&2
  exit 2
}
[ $# -ge 1 ] || usage
case "$1" in -h | --help) usage ;; esac

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
[ -d "$1" ] || { echo "$0: $1: no such directory" >&2; exit 2; }
OUTDIR=$(cd "$1" && pwd)
shift

NVCC=${NVCC:-nvcc}
ARCH_FLAGS=${ARCH_FLAGS:--gencode=arch=compute_90a,code=sm_90a}
SIZES=${SIZES:-default 1 7 33 255 257 1000 4099}
PP_DEFINES=${PP_DEFINES--DTIRX_PP_OUTPUT}
WERROR=${WERROR:-0}
SANITIZE=${SANITIZE:-0}
SANITIZE_SIZES=${SANITIZE_SIZES:-33 257}
RUN_TIMEOUT=${RUN_TIMEOUT:-120}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 4)}

if [ -n "${KEEP:-}" ]; then
  WORK=$KEEP
  mkdir -p "$WORK" || exit 2
else
  WORK=$(mktemp -d "${TMPDIR:-/tmp}/tirx-examples.XXXXXX") || exit 2
  trap 'rm -rf "$WORK"' EXIT
fi

command -v "$NVCC" >/dev/null 2>&1 || { echo "$0: $NVCC not found" >&2; exit 2; }
if [ "$SANITIZE" = 1 ] && ! command -v compute-sanitizer >/dev/null 2>&1; then
  echo "$0: SANITIZE=1 but compute-sanitizer is not on PATH" >&2
  exit 2
fi

# Names to test.
names=()
if [ $# -gt 0 ]; then
  names=("$@")
else
  for f in "$ROOT"/examples/*.cu; do
    [ -e "$f" ] && names+=("$(basename "$f" .cu)")
  done
fi
[ ${#names[@]} -gt 0 ] || { echo "$0: no examples found in $ROOT/examples" >&2; exit 2; }

# In the raw build nvcc warns about every `#pragma tirx` line it does not know:
# expected, so silenced. CUDA 13 reports them in device code as #20199-D; older
# nvcc does not know that number and would reject the option, so probe for it.
RAW_QUIET=(-Xcudafe --diag_suppress=unrecognized_pragma)
printf '__global__ void k() {}\n' >"$WORK/probe.cu"
# shellcheck disable=SC2086
if "$NVCC" $ARCH_FLAGS -diag-suppress 20199 -c -o "$WORK/probe.o" "$WORK/probe.cu" \
  >/dev/null 2>&1; then
  RAW_QUIET+=(-diag-suppress 20199)
fi

# Examples that only build through tirx-pp say so near the top.
requires_pp() { head -n 30 "$1" | grep -q '^// tirx-pp: required'; }

# ---- build everything (in parallel) ---------------------------------------------

build() {  # build KIND NAME SRC EXTRA_FLAGS...
  local kind=$1 name=$2 src=$3
  shift 3
  # shellcheck disable=SC2086
  "$NVCC" $ARCH_FLAGS -lineinfo -I "$ROOT/headers" -I "$ROOT/examples" "$@" -o "$WORK/$name.$kind" "$src" \
    >"$WORK/$name.$kind.build.log" 2>&1
  echo $? >"$WORK/$name.$kind.build.rc"
}

running=0
for name in "${names[@]}"; do
  rm -f "$WORK/$name".*.build.rc
  if [ -f "$ROOT/examples/$name.cu" ] && ! requires_pp "$ROOT/examples/$name.cu"; then
    build raw "$name" "$ROOT/examples/$name.cu" "${RAW_QUIET[@]}" &
    running=$((running + 1))
  fi
  if [ -f "$OUTDIR/$name.cu" ]; then
    # shellcheck disable=SC2086
    build pp "$name" "$OUTDIR/$name.cu" $PP_DEFINES &
    running=$((running + 1))
  fi
  if [ "$running" -ge "$JOBS" ]; then
    wait -n 2>/dev/null || wait
    running=$((running - 1))
  fi
done
wait

# ---- run ----------------------------------------------------------------------------

# run_one BIN NAME SIZE OUTFILE: runs BIN [SIZE]; sets RUN_ERR on failure.
run_one() {
  local bin=$1 name=$2 size=$3 out=$4 rc last
  local args=()
  [ "$size" = default ] || args=("$size")
  timeout "$RUN_TIMEOUT" "$bin" ${args[@]+"${args[@]}"} >"$out" 2>"$out.err"
  rc=$?
  last=$(tail -n 1 "$out")
  if [ $rc -eq 77 ]; then
    RUN_ERR="SKIP (no CUDA device): this test needs a GPU"
  elif [ $rc -eq 124 ]; then
    RUN_ERR="timed out after ${RUN_TIMEOUT}s"
  elif [ $rc -ne 0 ]; then
    RUN_ERR="exit $rc: ${last:-no output} $(head -c 300 "$out.err" | tr '\n' ' ')"
  elif [ "$last" != "$name: PASS" ]; then
    RUN_ERR="exit 0 but the last line is not '$name: PASS': $last"
  else
    return 0
  fi
  return 1
}

# sanitize NAME SIZE TOOL: runs the tirx-pp binary under compute-sanitizer.
sanitize() {
  local name=$1 size=$2 tool=$3 rc summary
  local log="$WORK/$name.pp.$size.$tool.log"
  local args=() extra=()
  [ "$size" = default ] || args=("$size")
  [ "$tool" = memcheck ] && extra=(--leak-check full)
  timeout $((RUN_TIMEOUT * 10)) compute-sanitizer --tool "$tool" ${extra[@]+"${extra[@]}"} \
    --error-exitcode 86 "$WORK/$name.pp" ${args[@]+"${args[@]}"} >"$log" 2>&1
  rc=$?
  # memcheck, synccheck and initcheck end with "ERROR SUMMARY: 0 errors", racecheck with
  # "RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)".
  if [ $rc -ne 0 ] || ! grep -qx "$name: PASS" "$log" ||
    ! grep -qE 'ERROR SUMMARY: 0 errors|RACECHECK SUMMARY: 0 hazards displayed \(0 errors' "$log"
  then
    summary=$(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$log" | tail -n 1)
    RUN_ERR="compute-sanitizer --tool $tool at size $size: exit $rc: $summary"
    grep -m 12 -E '^=+ ' "$log" | sed 's/^/    /'
    return 1
  fi
  return 0
}

passed=0
failed=0
for name in "${names[@]}"; do
  reason=""
  notes=""
  pp_only=0
  [ -f "$ROOT/examples/$name.cu" ] && requires_pp "$ROOT/examples/$name.cu" && pp_only=1
  if [ ! -f "$ROOT/examples/$name.cu" ]; then
    reason="examples/$name.cu does not exist"
  elif [ ! -f "$OUTDIR/$name.cu" ]; then
    reason="$OUTDIR/$name.cu is missing: run tirx-pp on examples/$name.cu first"
  elif [ "$pp_only" = 0 ] && [ "$(cat "$WORK/$name.raw.build.rc")" != 0 ]; then
    reason="raw build failed: $(grep -m 1 -E 'error' "$WORK/$name.raw.build.log")"
    sed 's/^/    /' "$WORK/$name.raw.build.log" | head -n 30
  elif [ "$(cat "$WORK/$name.pp.build.rc")" != 0 ]; then
    reason="tirx-pp output build failed: $(grep -m 1 -E 'error' "$WORK/$name.pp.build.log")"
    sed 's/^/    /' "$WORK/$name.pp.build.log" | head -n 30
  else
    nwarn=$(grep -c 'warning' "$WORK/$name.pp.build.log")
    if [ "$nwarn" -gt 0 ]; then
      sed 's/^/    /' "$WORK/$name.pp.build.log" | head -n 20
      if [ "$WERROR" = 1 ]; then
        reason="tirx-pp output build has $nwarn warning line(s) (WERROR=1)"
      else
        notes=", $nwarn warning line(s) in the tirx-pp build"
      fi
    fi
  fi

  nsizes=0
  if [ -z "$reason" ]; then
    for size in $SIZES; do
      RUN_ERR=""
      if [ "$pp_only" = 1 ]; then  # no raw build to run or compare with
        if ! run_one "$WORK/$name.pp" "$name" "$size" "$WORK/$name.pp.$size.out"; then
          reason="size $size: tirx-pp build: $RUN_ERR"
          break
        fi
        nsizes=$((nsizes + 1))
        continue
      fi
      if ! run_one "$WORK/$name.raw" "$name" "$size" "$WORK/$name.raw.$size.out"; then
        reason="size $size: raw build: $RUN_ERR"
        break
      fi
      if ! run_one "$WORK/$name.pp" "$name" "$size" "$WORK/$name.pp.$size.out"; then
        reason="size $size: tirx-pp build: $RUN_ERR"
        break
      fi
      if ! cmp -s "$WORK/$name.raw.$size.out" "$WORK/$name.pp.$size.out"; then
        reason="size $size: stdout differs between the raw and the tirx-pp build"
        diff "$WORK/$name.raw.$size.out" "$WORK/$name.pp.$size.out" | head -n 20 | sed 's/^/    /'
        break
      fi
      nsizes=$((nsizes + 1))
    done
  fi

  if [ -z "$reason" ] && [ "$SANITIZE" = 1 ]; then
    for size in $SANITIZE_SIZES; do
      for tool in memcheck racecheck synccheck initcheck; do
        RUN_ERR=""
        if ! sanitize "$name" "$size" "$tool"; then
          reason=$RUN_ERR
          break 2
        fi
      done
    done
    [ -z "$reason" ] && notes="$notes, clean under compute-sanitizer"
  fi

  if [ -z "$reason" ] && [ "$pp_only" = 1 ]; then
    echo "PASS $name ($nsizes sizes, tirx-pp build only: '// tirx-pp: required'$notes)"
    passed=$((passed + 1))
  elif [ -z "$reason" ]; then
    echo "PASS $name ($nsizes sizes, identical output$notes)"
    passed=$((passed + 1))
  else
    echo "FAIL $name: $reason"
    failed=$((failed + 1))
  fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
