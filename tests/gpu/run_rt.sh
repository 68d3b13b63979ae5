#!/usr/bin/env bash
# run_rt.sh - the libtirx_rt GPU test runner (tests/gpu/rt_runner.c) on a GPU
# machine that has the CUDA toolkit, gcc and the driver but no libclang.
#
#   run_rt.sh prepare [DIR]   here, where tirx-pp builds: every examples/NAME.cu
#                             through tirx-pp into DIR/src/NAME.cu (default DIR:
#                             .device/rt), then each compiled from there with
#                             NVRTC only, as the GPU machine will (no GPU needed)
#   run_rt.sh run [DIR] [rt_runner args...]
#                             on the GPU machine: builds DIR/bin/rt_runner with
#                             gcc (runtime/*.c without the rewriter, the Driver
#                             API through the toolkit's stub), runs every
#                             example from DIR/src at the sizes
#                             "default 1 7 33 255 257 1000 4099" (--sizes to
#                             change), prints one line per example and size and
#                             `N passed, M failed`; the record goes to
#                             DIR/results.txt (and $OUT/rt_results.txt when $OUT
#                             is set). Exit status: 0 all passed, 1 failures,
#                             77 no GPU.
#   run_rt.sh build DIR       only the gcc build, into DIR (CI checks it builds)
#
# Why prepare here: the rewriter needs libclang, which the GPU machine lacks;
# the runner there compiles tirx-pp's output with tirx_rt_compile_rewritten.
# Both machines keep the repository's layout: the runner finds headers/,
# runtime/nvrtc_include and tests/gpu/rt/ (the stand-in harness.h) under the
# repository root, the current directory.
#
# Environment: CUDA_PATH (default /usr/local/cuda); CC (default gcc); TIRX_PP
# (prepare: the tirx-pp binary, default build-h3/tirx-pp, else build/tirx-pp);
# TIRX_RT_CACHE_DIR (the cubin cache; run uses DIR/cache).
set -u
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
CUDA=${CUDA_PATH:-/usr/local/cuda}
EXAMPLES="row_sum relu scale transpose search_sorted if_else while_counter break_continue grid_max matmul_1p1c softmax_1p2c"

usage() {
  sed -n '2,20p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

# The standalone runner: no rewriter, so neither libclang nor tirx-pp's core.
# -iquote, not -I: in nvrtc.c, <nvrtc.h> is the toolkit's and "nvrtc.h" ours.
build() {
  local out=$1
  mkdir -p "$out" || return 1
  local stub=$CUDA/lib64/stubs
  [ -d "$stub" ] || stub=$CUDA/lib/stubs
  ${CC:-gcc} -std=c11 -O2 -Wall -Wextra -DTIRX_RT_NO_REWRITER \
    -iquote "$ROOT/runtime" -I "$CUDA/include" \
    "$ROOT/runtime/nvrtc.c" "$ROOT/runtime/rt_cache.c" "$ROOT/runtime/rt_build.c" "$ROOT/runtime/tirx_rt.c" \
    "$ROOT/tests/gpu/rt_runner.c" -o "$out/rt_runner" \
    -L "$stub" -lcuda -ldl -lpthread -lm
}

prepare() {
  local dir=${1:-$ROOT/.device/rt}
  local pp=${TIRX_PP:-}
  [ -n "$pp" ] || for c in "$ROOT/build-h3/tirx-pp" "$ROOT/build/tirx-pp"; do
    [ -x "$c" ] && { pp=$c; break; }
  done
  [ -x "$pp" ] || { echo "$0: no tirx-pp binary (set TIRX_PP)" >&2; return 2; }
  mkdir -p "$dir/src" || return 1
  local bad=0
  for ex in $EXAMPLES; do
    # Run from the root with the path the examples' #line directives will name.
    (cd "$ROOT" && "$pp" -I examples "examples/$ex.cu" -o "$dir/src/$ex.cu") || { echo "$ex: tirx-pp FAILED"; bad=1; }
  done
  [ $bad = 0 ] || return 1
  # NVRTC only, from the rewritten files: what the GPU machine will compile.
  local compile=
  for c in "$ROOT/build-h3/tests/rt_compile" "$ROOT/build/tests/rt_compile"; do
    [ -x "$c" ] && { compile=$c; break; }
  done
  if [ -n "$compile" ]; then
    (cd "$ROOT" && TIRX_RT_CACHE_DIR=off "$compile" --root "$ROOT" --rewritten "$dir/src") || return 1
  else
    echo "note: no rt_compile binary: the rewritten files were not compiled here"
  fi
  echo "prepared $dir/src; on the GPU machine: tests/gpu/run_rt.sh run ${1:-.device/rt}"
}

run() {
  local dir=${1:-$ROOT/.device/rt}
  shift || true
  [ -d "$dir/src" ] || { echo "$0: $dir/src missing: run '$0 prepare' where tirx-pp builds" >&2; return 2; }
  dir=$(cd "$dir" && pwd)
  build "$dir/bin" || { echo "$0: the runner does not build" >&2; return 1; }
  export TIRX_RT_CACHE_DIR=${TIRX_RT_CACHE_DIR:-$dir/cache}
  {
    echo "# $(date -u +%Y-%m-%dT%H:%M:%SZ) $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo '?')"
    command -v nvidia-smi > /dev/null && nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  } > "$dir/results.txt"
  (cd "$ROOT" && "$dir/bin/rt_runner" --root "$ROOT" --rewritten "$dir/src" "$@") 2>&1 | tee -a "$dir/results.txt"
  local rc=${PIPESTATUS[0]}
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
