#!/usr/bin/env bash
# bench/gemm_fp8_torch/run_blockwise.sh PP_DIR [M N K ...] - on the GPU machine:
# build the tirx-pp output PP_DIR/gemm_fp8_blockwise.cu (bench/prepare_gpu.sh)
# into a shared library and run blockwise.py: ours at each tile shape against
# torch._scaled_mm (per-tensor fast accumulation, and blockwise), one process,
# cold L2. BW_TILES=-1,0,1 (environment) picks which of ours.
set -eu -o pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
pp=$(cd "$1" && pwd)
shift
nvcc=${NVCC:-nvcc}
work=${WORK:-/tmp/gemm-fp8-torch}
mkdir -p "$work"
"$nvcc" -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -I "$root/headers" -I "$root/examples" \
  -Xcompiler -fPIC -shared -DGEMM_FP8_BLOCKWISE_SOURCE="\"$pp/gemm_fp8_blockwise.cu\"" "$here/blockwise_lib.cu" \
  -o "$work/libbw.so"
PYTHONUNBUFFERED=1 python3 "$here/blockwise.py" "$work/libbw.so" "$@"
