#!/usr/bin/env bash
# Adoption trial 2 (docs/adoption.md), step 1 of 2, on the CPU machine (libclang):
# runs tirx-pp on the annotated scratch copies under ADOPT3 (default /tmp/adopt3)
# and packs what the GPU machine needs into BUNDLE (default build/adopt3-bundle):
# the unannotated and annotated trees with the tirx-pp outputs (tirx_out/), tirx's
# headers/, and the rewritten tests/adoption/partition_2d.cu. Then, on the GPU:
#   tests/adoption/trial2_gpu.sh build/adopt3-bundle      (run's carry: build/adopt3-bundle)
#   trial2_prepare.sh TIRX_PP [ADOPT3] [BUNDLE]
set -eu
TP=$(realpath "$1"); A=${2:-/tmp/adopt3}; repo=$(cd "$(dirname "$0")/../.." && pwd)
B=$(realpath -m "${3:-$repo/build/adopt3-bundle}")
CS="-I $A/cuda-samples/Common -std=c++17 --extended-lambda -lineinfo -Wno-deprecated-gpu-targets -gencode=arch=compute_90a,code=sm_90a"
LF="-O3 --use_fast_math -gencode=arch=compute_90a,code=sm_90a -lcublas -lcublasLt -std=c++17"
SF="-I src -std=c++17 -O3 -gencode=arch=compute_90a,code=sm_90a"
tp() { echo "+ (cd ${PWD#$A/}) tirx-pp -Rpass $*"; "$TP" -Rpass "$@"; }
S=$A/cuda-samples/Samples
(cd "$S/2_Concepts_and_Techniques/scalarProd" && tp scalarProd.cu -o tirx_out/scalarProd.cu -- $CS)
(cd "$S/3_CUDA_Features/globalToShmemAsyncCopy" && tp globalToShmemAsyncCopy.cu -o tirx_out/globalToShmemAsyncCopy.cu -- $CS)
# Problem B: the elect in warpAggregatedAtomicsCG stands in divergent code, and
# tirx-pp refuses it (exit 1, the uniformity check of elect); accepting it fails here.
(cd "$S/3_CUDA_Features/warpAggregatedAtomicsCG" &&
  if tp warpAggregatedAtomicsCG.cu -o /dev/null -- $CS; then echo "problem B: elect in divergent code accepted" >&2; exit 1; fi)
(cd "$A/SGEMM_CUDA" && tp sgemm.cu -o tirx_out/sgemm.cu -- $SF && tp src/runner.cu -o tirx_out/runner.cu -- $SF)
(cd "$A/llm.c/dev/cuda" && tp softmax_forward.cu -o tirx_out/softmax_forward.cu -- $LF)
rm -rf "$B"; mkdir -p "$B/tree"
for d in cuda-samples-orig cuda-samples SGEMM_CUDA-orig SGEMM_CUDA; do cp -r "$A/$d" "$B/tree/"; done
mkdir -p "$B/tree/llm.c-orig/dev" "$B/tree/llm.c/dev"
cp -r "$A/llm.c-orig/dev/cuda" "$B/tree/llm.c-orig/dev/"; cp -r "$A/llm.c/dev/cuda" "$B/tree/llm.c/dev/"
rm -rf "$B"/tree/SGEMM_CUDA*/benchmark_results* "$B"/tree/SGEMM_CUDA*/build
cp -r "$repo/headers" "$B/headers"
"$TP" "$repo/tests/adoption/partition_2d.cu" -o "$B/partition_2d.tirx.cu"
cp "$repo/tests/adoption/trial2_gpu.sh" "$B/"
echo "bundle: $B ($(du -sh "$B" | cut -f1))"
