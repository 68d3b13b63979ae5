#!/usr/bin/env bash
# bench/gemm_fp8_torch/run.sh PP_DIR - on the GPU machine: build the tirx-pp
# output PP_DIR/gemm_fp8.cu (bench/prepare_gpu.sh) into a shared library and run
# bench.py: ours against torch._scaled_mm (cuBLASLt fp8), one process.
set -eu -o pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
pp=$(cd "$1" && pwd)
shift
nvcc=${NVCC:-nvcc}
work=${WORK:-/tmp/gemm-fp8-torch}
mkdir -p "$work"
"$nvcc" -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -I "$root/headers" -I "$root/examples" \
  -Xcompiler -fPIC -shared -DGEMM_FP8_SOURCE="\"$pp/gemm_fp8.cu\"" "$here/fp8_lib.cu" -o "$work/libfp8.so"
PYTHONUNBUFFERED=1 python3 "$here/bench.py" "$work/libfp8.so" "$@"
