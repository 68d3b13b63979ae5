#!/usr/bin/env bash
# The oracle: exit 0 means the output compiles, and adds no warning.
#   oracle.sh TIRX_PP SOURCE_DIR WORK_DIR
# Over the test corpus (tests/golden inputs, tests/bad cases documented to exit
# 0, tests/oracle (the oracle's own cases), tests/identity, examples/*.cu,
# examples/adoption, fuzz/findings and fuzz/crashes as files and inside the
# fuzzer's kernel), every input that tirx-pp rewrites with exit status 0 is
# compiled by nvcc -c twice for its target (sm_90a unless its .flags say -arch):
#   the output, with -DTIRX_PP_OUTPUT (what the examples switch on);
#   the input as it is, through tirx.h's fallback macros.
# A case fails when the output does not compile, or when it has a warning
# (nvcc's, ptxas's, the host compiler's; its text without its place) that the
# input does not have. The tests' and the examples' inputs are valid CUDA that
# may need tirx-pp (pragmas have no fallback): their output must compile, and
# their warnings are compared where the input compiles by itself. tests/identity
# and the fuzzer's files may be anything: where their input does not compile
# by itself, what is wrong is the compiler's to say, not tirx-pp's (skipped).
# Prints one line per case (failures with the compiler's messages) and ends
# with 'N passed, N failed'. Known failures, each naming its issue, are listed
# in `expected` below: they count as passed while they fail, and as failed
# ("XPASS") once they compile, so that the entry is removed with the fix.
set -u
export LC_ALL=C
tool=$(realpath "$1") src=$(realpath "$2") work=$3
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
rm -rf "$work"; mkdir -p "$work"
work=$(realpath "$work")
export TIRX_PP_CACHE_DIR=$work/cache

# Known failures: case name -> the issue item that fixes it. Empty it as the
# fixes land.
declare -A expected=()

# The cases: NAME|INPUT|INCLUDE_DIR|FLAGS_FILE|STRICT|DEFINE, one per line;
# STRICT 1: the output must compile even where the input does not; DEFINE: a
# -D for both tirx-pp and nvcc (what the adoption project's CMake gives).
cases() {
  local f
  for f in "$src"/tests/golden/*.cu; do
    case $f in *.expected.cu) continue ;; esac
    printf 'golden/%s|%s||%s|1\n' "$(basename "$f" .cu)" "$f" "${f%.cu}.flags"
  done
  for f in "$src"/tests/bad/*.cu; do  # those documented to exit 0 (bad_input.sh checks it)
    [ "$(head -n 1 "${f%.cu}.expect" 2> /dev/null)" = 0 ] || continue
    printf 'bad/%s|%s||%s|1\n' "$(basename "$f" .cu)" "$f" "${f%.cu}.flags"
  done
  for f in "$src"/tests/oracle/*.cu; do printf 'oracle/%s|%s|||1\n' "$(basename "$f" .cu)" "$f"; done
  for f in "$src"/tests/identity/*; do printf 'identity/%s|%s|||0\n' "$(basename "$f")" "$f"; done
  for f in "$src"/examples/*.cu; do printf 'examples/%s|%s|%s||1\n' "$(basename "$f" .cu)" "$f" "$src/examples"; done
  for f in "$src"/examples/adoption/src/*.cu; do
    printf 'adoption/%s|%s|%s||1|-DROW_WIDTH=64\n' "$(basename "$f" .cu)" "$f" "$src/examples/adoption/include"
  done
  # The fuzzer's inputs as whole files, and in the kernel it puts them in
  # (fuzz_rewrite.c's prologue and epilogue), as its oracle compiles them.
  mkdir -p "$work/fuzz-inputs"
  for f in "$src"/fuzz/findings/* "$src"/fuzz/crashes/*; do
    [ -f "$f" ] || continue
    local name=$(basename "$f" .cu)
    { printf '%s\n' '#include "tirx.h"' '#define STAGES 2' \
        '__global__ void tirx_fuzz_kernel(float *out, const float *in, int n) {' \
        '  __shared__ float smem[256];' '  const int tid = threadIdx.x;' '  float acc = 0.f;' \
        '  (void)smem; (void)tid; (void)acc;'
      cat "$f"; printf '\n  out[tid] = acc;\n}\n'; } > "$work/fuzz-inputs/$name.cu"
    printf 'fuzz/%s|%s|||0\n' "$name" "$f"
    printf 'fuzz/%s.kernel|%s|||0\n' "$name" "$work/fuzz-inputs/$name.cu"
  done
}

# nvcc's warnings, each without its place ("FILE(LINE): ", "FILE:LINE:COL: "),
# one per line, sorted and unique (an unrolled loop repeats a warning).
warnings() { sed -n 's/^.*\(warning[ :#].*\)$/\1/p' "$1" | sort -u; }

# One case: writes WORK/NAME.result, whose first line is the verdict (ok,
# FAIL, skip) and the rest what shows why.
one() {
  local name=$1 in=$2 inc=$3 flags_file=$4 strict=$5 define=${6:-}
  local dir=$work/$name res=$work/$name.result
  mkdir -p "$dir"
  local -a pp_flags=() cc_flags=()
  local arch=sm_90a
  [ -n "$define" ] && pp_flags+=("$define") cc_flags+=("$define")
  if [ -n "$flags_file" ] && [ -f "$flags_file" ]; then
    local -a file_flags
    read -r -a file_flags < "$flags_file"
    pp_flags+=("${file_flags[@]}")
    local i
    for ((i = 0; i < ${#file_flags[@]}; i++)); do
      case ${file_flags[i]} in
        -arch=*) arch=${file_flags[i]#-arch=} ;;
        -D|-U) cc_flags+=("${file_flags[i]}" "${file_flags[i+1]}"); i=$((i+1)) ;;
        -D*|-U*|-std=*) cc_flags+=("${file_flags[i]}") ;;
        -o|-MF) i=$((i+1)) ;;  # this script names the output
      esac
    done
    # Options that name files of their own make the case about I/O, not output.
    case " ${pp_flags[*]} " in *" -o "*|*" -MF "*|*" other.cu "*) echo skip > "$res"; echo "  (an I/O case)" >> "$res"; return ;; esac
  fi
  local -a incs=(-I "$src/headers" -I "$(dirname "$in")")
  [ -n "$inc" ] && incs+=(-I "$inc")
  (cd "$(dirname "$in")" && timeout 120 "$tool" "${incs[@]:2}" "$in" "${pp_flags[@]}" -o "$dir/out.cu") > /dev/null 2> "$dir/pp.log"
  local rc=$?
  if [ "$rc" -ne 0 ]; then echo skip > "$res"; echo "  (tirx-pp exit status $rc)" >> "$res"; return; fi
  local gen="-gencode=arch=compute_${arch#sm_},code=$arch"
  "$nvcc" -x cu -std=c++17 -c "${incs[@]}" "${cc_flags[@]}" "$gen" -DTIRX_PP_OUTPUT \
    -o "$dir/out.o" "$dir/out.cu" > "$dir/out.log" 2>&1
  local out_rc=$?
  "$nvcc" -x cu -std=c++17 -c "${incs[@]}" "${cc_flags[@]}" "$gen" \
    -o "$dir/in.o" "$in" > "$dir/in.log" 2>&1
  local in_rc=$?
  if [ "$in_rc" -ne 0 ] && [ "$strict" != 1 ]; then
    echo skip > "$res"; echo "  (the input does not compile by itself)" >> "$res"; return
  fi
  if [ "$out_rc" -ne 0 ]; then
    { echo FAIL; echo "  the output does not compile (nvcc -c $arch):"; grep -E 'error|warning' "$dir/out.log" | head -n 8 | sed 's/^/    /'; } > "$res"
    return
  fi
  local new=
  [ "$in_rc" -eq 0 ] && new=$(comm -13 <(warnings "$dir/in.log") <(warnings "$dir/out.log"))
  if [ -n "$new" ]; then
    { echo FAIL; echo "  warnings of the output that the input does not have (nvcc -c $arch):"; echo "$new" | head -n 8 | sed 's/^/    /'; } > "$res"
  else
    echo ok > "$res"
    [ "$in_rc" -ne 0 ] && echo "  (the input needs tirx-pp: warnings not compared)" >> "$res"
  fi
}
export -f one warnings; export tool src work nvcc

cases > "$work/cases"
tr '\n' '\0' < "$work/cases" | xargs -0 -P "${TIRX_ORACLE_JOBS:-2}" -n 1 bash -c 'IFS="|" read -r a b c d e f <<< "$0"; one "$a" "$b" "$c" "$d" "$e" "$f"'

pass=0 fail=0 skipped=0
while IFS='|' read -r name _; do
  res=$work/$name.result
  verdict=$(head -n 1 "$res" 2> /dev/null || echo "FAIL")
  why=${expected[$name]:-}
  case $verdict in
    ok)
      if [ -n "$why" ]; then echo "XPASS $name: compiles now; remove it from the expected failures ($why)"; fail=$((fail+1))
      else echo "ok   $name$(tail -n +2 "$res")"; pass=$((pass+1)); fi ;;
    skip) echo "skip $name$(tail -n +2 "$res")"; skipped=$((skipped+1)) ;;
    *)
      if [ -n "$why" ]; then echo "xfail $name: $why"; pass=$((pass+1))
      else echo "FAIL $name"; tail -n +2 "$res" 2> /dev/null; fail=$((fail+1)); fi ;;
  esac
done < "$work/cases"
echo "($skipped skipped: tirx-pp refused the input, or the input does not compile by itself)"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
