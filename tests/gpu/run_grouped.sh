#!/usr/bin/env bash
# tests/gpu/run_grouped.sh - examples/gemm_grouped.cu, gemm_grouped_fp8.cu and
# gemm_grouped_fp8_blockwise.cu (the grouped GEMM of a mixture of experts,
# bf16, e4m3 with row-wise scales and e4m3 with 1 x 128 / 128 x 128 block
# scales) through tirx-pp and nvcc (sm_90a, warnings are errors), then on a GPU:
#   1. each against its CPU reference at uneven expert sizes (empty experts,
#      one token, sizes that are no multiple of a tile), contiguous and masked
#      layouts (bf16: the tile shape picked and each forced);
#   2. compute-sanitizer memcheck at a small size (5 experts, 72 x 64);
#   with --prepared, also
#   3. bench/grouped/bench.py: against torch._grouped_mm and
#      torch._scaled_grouped_mm in one process, L2 cold, and
#      bench/grouped/blockwise.py: against a loop of torch's blockwise
#      _scaled_mm (needs python3 with torch; said and skipped without it).
#
#   run_grouped.sh TIRX_PP SOURCE_DIR WORK_DIR   preprocess here, build, run 1-2 (ctest gpu_grouped)
#   run_grouped.sh --prepared [DEVICE_DIR]       on the GPU machine, after bench/prepare_gpu.sh
#                                                wrote DEVICE_DIR (default .device): 1-3
#   run_grouped.sh --preprocess TIRX_PP SOURCE_DIR OUT_DIR
#                                                only tirx-pp, into OUT_DIR (what
#                                                bench/prepare_gpu.sh writes to .device/grouped)
#
# Prints `grouped: PASS` and exits 0, or `grouped: FAIL ...` and exits 1;
# 77 (skipped) after a good build on a machine without a GPU.
set -u

preprocess() {
  local tool=$1 src=$2 out=$3
  mkdir -p "$out" &&
    "$tool" -I "$src/headers" -I "$src/examples" "$src/examples/gemm_grouped.cu" -o "$out/gemm_grouped.cu" &&
    "$tool" -I "$src/headers" -I "$src/examples" "$src/examples/gemm_grouped_fp8.cu" -o "$out/gemm_grouped_fp8.cu" &&
    "$tool" -I "$src/headers" -I "$src/examples" "$src/examples/gemm_grouped_fp8_blockwise.cu" \
      -o "$out/gemm_grouped_fp8_blockwise.cu"
}

. "$(dirname "$0")/lib.sh"
gpu_modes run_grouped.sh grouped grouped tirx-pp "$@"
flags=(-std=c++17 -O3 -I "$src/headers" -I "$src/examples" -gencode=arch=compute_90a,code=sm_90a)
examples=(gemm_grouped gemm_grouped_fp8 gemm_grouped_fp8_blockwise)
for n in "${examples[@]}"; do
  "$nvcc" "${flags[@]}" -DTIRX_PP_OUTPUT -Werror all-warnings "$dir/$n.cu" -o "$work/$n" ||
    { echo "grouped: FAIL: nvcc $n"; exit 1; }
  echo "built $work/$n"
done
gpu_require "${examples[*]} are built but not run"
fail=""
# experts [n [k]]: the default 9 (129, 0, 1, 300, 64, 255, 0, 128 tokens, then
# drawn), one expert of 129 tokens, 300 experts run as 256, n past a tile's edge.
for n in "${examples[@]}"; do
  for args in "" "1" "8 264 200" "33 72 64" "3 2112 520" "64 136 72" "300 24 16"; do
    # shellcheck disable=SC2086
    timeout 120 "$work/$n" $args || fail="$fail $n($args)"
  done
done
if command -v compute-sanitizer > /dev/null; then
  for n in "${examples[@]}"; do
    log=$(timeout 300 compute-sanitizer --tool memcheck --leak-check full --error-exitcode 9 "$work/$n" 5 72 64 2>&1)
    rc=$?
    tail -2 <<<"$log"
    [ $rc -eq 0 ] || fail="$fail memcheck-$n(exit $rc)"
  done
else
  echo "no compute-sanitizer: memcheck not run"
fi
if [ $prepared = 1 ]; then
  if python3 -c "import torch" 2> /dev/null; then
    if "$nvcc" "${flags[@]}" -Xcompiler -fPIC -shared -DGEMM_GROUPED_SOURCE="\"$dir/gemm_grouped.cu\"" \
        "$src/bench/grouped/grouped_lib.cu" -o "$work/libgrouped.so" &&
      "$nvcc" "${flags[@]}" -Xcompiler -fPIC -shared -DGEMM_GROUPED_FP8_SOURCE="\"$dir/gemm_grouped_fp8.cu\"" \
        "$src/bench/grouped/grouped_fp8_lib.cu" -o "$work/libgrouped_fp8.so" &&
      "$nvcc" "${flags[@]}" -Xcompiler -fPIC -shared \
        -DGEMM_GROUPED_FP8_BLOCKWISE_SOURCE="\"$dir/gemm_grouped_fp8_blockwise.cu\"" \
        "$src/bench/grouped/grouped_fp8_blockwise_lib.cu" -o "$work/libgrouped_fp8_blockwise.so"; then
      PYTHONUNBUFFERED=1 timeout 900 python3 "$src/bench/grouped/bench.py" "$work/libgrouped.so" \
        --fp8="$work/libgrouped_fp8.so" || fail="$fail bench"
      PYTHONUNBUFFERED=1 timeout 900 python3 "$src/bench/grouped/blockwise.py" \
        "$work/libgrouped_fp8_blockwise.so" "$work/libgrouped_fp8.so" || fail="$fail bench-blockwise"
    else
      fail="$fail nvcc(libgrouped.so)"
    fi
  else
    echo "no torch in python3: bench/grouped/bench.py not run"
  fi
fi
if [ -n "$fail" ]; then
  echo "grouped: FAIL:$fail"
  exit 1
fi
echo "grouped: PASS"
