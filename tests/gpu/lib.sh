# tests/gpu/lib.sh - what the scripts of the GPU tests share (sourced, not
# run): their three ways of running, and the test for a GPU. A script
# defines preprocess TIRX_PP SOURCE_DIR OUT_DIR (tirx-pp on its inputs,
# into OUT_DIR), then
#   . "$(dirname "$0")/lib.sh"
#   gpu_modes SCRIPT LABEL SUBDIR WHAT "$@"
# SCRIPT names it in the usage line (run_elect.sh), LABEL starts its FAIL
# lines (elect_shuffle), SUBDIR is its folder under the device directory
# (elect), WHAT says what failed when preprocess does (tirx-pp). The modes:
#   SCRIPT TIRX_PP SOURCE_DIR WORK_DIR   preprocess into WORK_DIR, then the
#                                        script builds and runs there (ctest)
#   SCRIPT --prepared [DEVICE_DIR]       on the GPU machine (nvcc, no
#                                        libclang): DEVICE_DIR/SUBDIR, which
#                                        bench/prepare_gpu.sh wrote (default
#                                        SOURCE_DIR/.device)
#   SCRIPT --preprocess TIRX_PP SOURCE_DIR OUT_DIR
#                                        preprocess only, and exit (what
#                                        bench/prepare_gpu.sh runs)
# Afterwards: src (the source tree), dir (tirx-pp's outputs), work (where
# to build), prepared (1 with --prepared), device (DEVICE_DIR, with
# --prepared), tool (TIRX_PP, without); nvcc is set on sourcing.
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}

gpu_modes() {
  local script=$1 label=$2 sub=$3 what=$4
  shift 4
  prepared=0
  if [ "${1:-}" = --preprocess ]; then
    [ $# -eq 4 ] || { echo "usage: $script --preprocess TIRX_PP SOURCE_DIR OUT_DIR" >&2; exit 2; }
    preprocess "$2" "$3" "$4" || { echo "$label: FAIL: $what"; exit 1; }
    exit 0
  elif [ "${1:-}" = --prepared ]; then
    prepared=1
    src=$(cd "$(dirname "$0")/../.." && pwd)
    device=$(cd "${2:-$src/.device}" && pwd) || exit 1
    dir=$device/$sub work=$device/$sub
  else
    tool=$1 src=$2 work=$3
    dir=$work
    preprocess "$tool" "$src" "$dir" || { echo "$label: FAIL: $what"; exit 1; }
  fi
}

# Exits 77 (skipped), saying so, on a machine without a CUDA GPU; WHAT: what
# was built and is not run.
gpu_require() {
  if ! command -v nvidia-smi > /dev/null || ! nvidia-smi -L > /dev/null 2>&1; then
    echo "SKIP: no CUDA GPU on this machine; $1"
    exit 77
  fi
}
