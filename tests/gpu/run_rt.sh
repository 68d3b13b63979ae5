#!/usr/bin/env bash
# run_rt.sh - the libtirx_rt GPU tests (tests/gpu/rt_runner.c over every
# example, and examples/jit/jit_saxpy.c) on a GPU machine that has the CUDA
# toolkit, gcc and the driver but no libclang.
#
#   run_rt.sh prepare [DIR]   here, where tirx-pp builds: every examples/NAME.cu
#                             through tirx-pp into DIR/src/NAME.cu (default DIR:
#                             .device/rt), then each compiled from there with
#                             NVRTC only, as the GPU machine will (no GPU needed);
#                             and jit_saxpy's kernel rewritten into the rewrite
#                             cache DIR/cache (jit_saxpy_prepare, sm_90a;
#                             JIT_ARCHS="sm_90a sm_80" for others)
#   run_rt.sh run [DIR] [rt_runner args...] [jit]
#                             on the GPU machine: builds DIR/bin/rt_runner and
#                             DIR/bin/jit_saxpy with gcc (runtime/*.c without
#                             the rewriter, the Driver API through the toolkit's
#                             stub), runs every example from DIR/src at the sizes
#                             "default 1 7 33 255 257 1000 4099" (--sizes to
#                             change), then jit_saxpy at n = 1000003 and 7 with
#                             its rewrite from DIR/cache; prints one line per
#                             example and size, `N passed, M failed`, and the
#                             jit's lines. Names given: only those examples
#                             (`jit` for jit_saxpy). The record goes to
#                             DIR/results.txt (and $OUT/rt_results.txt when $OUT
#                             is set). Exit status: 0 all passed, 1 failures,
#                             77 no GPU.
#   run_rt.sh build DIR       only the gcc build, into DIR (CI checks it builds)
#
# Why prepare here: the rewriter needs libclang, which the GPU machine lacks.
# The runner there compiles tirx-pp's output with tirx_rt_compile_rewritten;
# jit_saxpy calls tirx_rt_compile on its annotated source as any program
# would, and libtirx_rt finds the rewrite in the cache (runtime/tirx_rt.h:
# tirx_rt_prepare). Both machines keep the repository's layout: the programs
# find headers/, headers/tirx/nvrtc_include and tests/gpu/rt/ (the stand-in
# harness.h) under the repository root, the current directory. DIR must
# travel to the GPU machine with the tree (.device/ is git-ignored).
#
# Environment: CUDA_PATH (default /usr/local/cuda); CC (default gcc);
# TIRX_BUILD (prepare: the CMake build dir with tirx-pp, tests/rt_compile and
# runtime/jit_saxpy_prepare; default build, else the newest build*/ that has
# them); TIRX_PP (the tirx-pp binary, default TIRX_BUILD's); TIRX_RT_CACHE_DIR
# (the cache, of rewrites and cubins; prepare and run use DIR/cache).
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
CUDA=${CUDA_PATH:-/usr/local/cuda}
EXAMPLES="row_sum relu scale transpose search_sorted if_else while_counter break_continue grid_max matmul_1p1c softmax_1p2c gemm_bf16"

usage() {
  sed -n '2,30p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

FLAGS=(-std=c11 -O2 -Wall -Wextra -DTIRX_RT_NO_REWRITER -iquote "$ROOT/runtime" -iquote "$ROOT/rewriters" -iquote "$ROOT/rewriters/base"
  -iquote "$ROOT/rewriters/front"
  -I "$CUDA/include" "-DTIRX_PP_BUILD_ID=\"$(bash "$ROOT/runtime/build_id.sh" "$ROOT")\"")

# libtirx_rt below the Driver API (tirx_rt_core), without the rewriter.
RT_CORE=("$ROOT/rewriters/base/sys.c" "$ROOT/rewriters/base/util.c" "$ROOT/rewriters/base/source.c"
  "$ROOT/rewriters/base/diag.c" "$ROOT/rewriters/front/lex.c" "$ROOT/rewriters/front/pragma.c"
  "$ROOT/rewriters/front/scan.c" "$ROOT/rewriters/front/includes.c" "$ROOT/runtime/nvrtc.c" "$ROOT/runtime/rt_cache.c" "$ROOT/runtime/rt_build.c"
  "$ROOT/runtime/rt_launch.c")

# The standalone programs: no rewriter, so neither libclang nor tirx-pp's
# core (only rewriters/tirxpp.h, for tirx-pp's version in the cache keys, and
# rewriters/base/sys.c, and for the cache's #include scan the include search
# rewriters/front/includes.c with what it stands on: scan.c, lex.c, pragma.c, diag.c,
# source.c, util.c; the build id comes from runtime/build_id.sh, as in CMake).
# -iquote, not -I: in nvrtc.c, <nvrtc.h> is the toolkit's and "nvrtc.h" ours.
build() {
  local out=$1
  mkdir -p "$out" || return 1
  local stub=$CUDA/lib64/stubs
  [ -d "$stub" ] || stub=$CUDA/lib/stubs
  local rt=("${RT_CORE[@]}" "$ROOT/runtime/tirx_rt.c")
  local libs=(-L "$stub" -lcuda -ldl -lpthread -lm)
  ${CC:-gcc} "${FLAGS[@]}" "${rt[@]}" "$ROOT/tests/gpu/rt_runner.c" -o "$out/rt_runner" "${libs[@]}" &&
    ${CC:-gcc} "${FLAGS[@]}" "${rt[@]}" "$ROOT/examples/jit/jit_saxpy.c" -o "$out/jit_saxpy" "${libs[@]}"
}

# The CMake build to prepare with: $TIRX_BUILD, build, else the newest build*/.
build_dir() {
  if [ -n "${TIRX_BUILD:-}" ]; then echo "$TIRX_BUILD"; return; fi
  local d
  for d in "$ROOT/build" $(ls -dt "$ROOT"/build*/ 2>/dev/null); do
    d=${d%/}
    [ -x "$d/tirx-pp" ] && [ -x "$d/runtime/jit_saxpy_prepare" ] && { echo "$d"; return; }
  done
  echo "$ROOT/build"
}

prepare() {
  local dir=${1:-$ROOT/.device/rt}
  local bdir pp
  bdir=$(build_dir)
  pp=${TIRX_PP:-$bdir/tirx-pp}
  [ -x "$pp" ] || { echo "$0: no tirx-pp binary at $pp (set TIRX_BUILD or TIRX_PP)" >&2; return 2; }
  mkdir -p "$dir/src" "$dir/cache" || return 1
  dir=$(cd "$dir" && pwd)
  local bad=0
  for ex in $EXAMPLES; do
    # Run from the root with the path the examples' #line directives will name.
    (cd "$ROOT" && "$pp" -I examples "examples/$ex.cu" -o "$dir/src/$ex.cu") || { echo "$ex: tirx-pp FAILED"; bad=1; }
  done
  [ $bad = 0 ] || return 1
  # NVRTC only, from the rewritten files: what the GPU machine will compile.
  if [ -x "$bdir/tests/rt_compile" ]; then
    (cd "$ROOT" && TIRX_RT_CACHE_DIR=off "$bdir/tests/rt_compile" --root "$ROOT" --rewritten "$dir/src") || return 1
  else
    echo "note: no $bdir/tests/rt_compile: the rewritten files were not compiled here"
  fi
  # jit_saxpy's rewrite, into the cache the GPU machine's run reads.
  [ -x "$bdir/runtime/jit_saxpy_prepare" ] || { echo "$0: no $bdir/runtime/jit_saxpy_prepare" >&2; return 2; }
  # shellcheck disable=SC2086 # JIT_ARCHS is a list
  TIRX_RT_CACHE_DIR=$dir/cache "$bdir/runtime/jit_saxpy_prepare" ${JIT_ARCHS:-sm_90a} || return 1
  # Then as the GPU machine will: built without the rewriter, the rewrite
  # in a cache of its own (the cubin it makes stays out of DIR), made there
  # from a copy of headers/ that is gone when it is compiled (the GPU machine
  # has neither this checkout's path nor clang's headers), NVRTC twice: the
  # second compile must come from the cubin the first stored.
  local check
  check=$(mktemp -d) || return 1
  mkdir -p "$check/there" && cp -r "$ROOT/headers" "$check/there/" &&
    # shellcheck disable=SC2086 # JIT_ARCHS is a list
    TIRX_RT_CACHE_DIR=$check TIRX_RT_HEADER_DIR=$check/there/headers "$bdir/runtime/jit_saxpy_prepare" \
      ${JIT_ARCHS:-sm_90a} > /dev/null && rm -rf "$check/there" &&
    ${CC:-gcc} "${FLAGS[@]}" "${RT_CORE[@]}" "$ROOT/tests/gpu/rt/jit_compile.c" -o "$check/jit_compile" -ldl -lpthread &&
    (cd "$ROOT" && TIRX_RT_CACHE_DIR=$check TIRX_RT_HEADER_DIR=$ROOT/headers \
      TIRX_RT_NVRTC_INCLUDE=$ROOT/headers/tirx/nvrtc_include "$check/jit_compile" ${JIT_ARCHS:-sm_90a})
  local r=$?
  rm -rf "$check"
  [ $r = 0 ] || return 1
  # The commit the sources were rewritten at: the GPU machine's copy of the
  # tree may carry another .git, so the record names this one.
  git -C "$ROOT" rev-parse --short HEAD > "$dir/commit" 2>/dev/null || echo '?' > "$dir/commit"
  echo "prepared $dir (src/, cache/); on the GPU machine: tests/gpu/run_rt.sh run ${1:-.device/rt}"
}

run() {
  local dir=${1:-$ROOT/.device/rt}
  shift || true
  [ -d "$dir/src" ] || { echo "$0: $dir/src missing: run '$0 prepare' where tirx-pp builds" >&2; return 2; }
  dir=$(cd "$dir" && pwd)
  # The runner's options (before its names, as it wants them) and names;
  # `jit` is ours.
  local opts=() args=() names=0 jit=1
  while [ $# -gt 0 ]; do
    case $1 in
      jit) jit=2 ;;
      --*) opts+=("$1" "${2:-}"); shift ;;
      *) args+=("$1"); names=1 ;;
    esac
    shift
  done
  [ $names = 1 ] && [ $jit = 1 ] && jit=0  # names without `jit`: the runner only
  local runner=1
  [ $names = 0 ] && [ $jit = 2 ] && runner=0  # `jit` alone
  build "$dir/bin" || { echo "$0: the programs do not build" >&2; return 1; }
  export TIRX_RT_CACHE_DIR=${TIRX_RT_CACHE_DIR:-$dir/cache}
  export TIRX_RT_HEADER_DIR=$ROOT/headers TIRX_RT_NVRTC_INCLUDE=$ROOT/headers/tirx/nvrtc_include
  {
    echo "# $(date -u +%Y-%m-%dT%H:%M:%SZ) prepared at $(cat "$dir/commit" 2>/dev/null || echo '?')"
    command -v nvidia-smi > /dev/null && nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  } > "$dir/results.txt"
  local rc=0 r
  if [ $runner = 1 ]; then
    (cd "$ROOT" && "$dir/bin/rt_runner" --root "$ROOT" --rewritten "$dir/src" "${opts[@]}" "${args[@]}") 2>&1 |
      tee -a "$dir/results.txt"
    rc=${PIPESTATUS[0]}
  fi
  if [ $jit != 0 ]; then
    for n in 1000003 7; do
      (cd "$ROOT" && "$dir/bin/jit_saxpy" "$n") 2>&1 | tee -a "$dir/results.txt"
      r=${PIPESTATUS[0]}
      # 1 (a failure) wins over 77 (no GPU), which wins over 0.
      if [ "$r" = 1 ] || [ "$rc" = 1 ]; then rc=1; elif [ "$r" != 0 ]; then rc=$r; fi
    done
  fi
  echo "# exit status $rc" >> "$dir/results.txt"
  [ -n "${OUT:-}" ] && cp "$dir/results.txt" "$OUT/rt_results.txt"
  return "$rc"
}

case "${1:-}" in
  prepare) shift; prepare "$@" ;;
  run) shift; run "$@" ;;
  build) [ $# -eq 2 ] || usage; build "$2" && echo "built $2/rt_runner" ;;
  *) usage ;;
esac
