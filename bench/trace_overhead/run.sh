#!/usr/bin/env bash
# bench/trace_overhead/run.sh - the cost of `tirx-pp --trace` on the GEMM and
# the attention forward (ovh.cu says what is timed and checked).
#   run.sh --preprocess TIRX_PP SOURCE_DIR OUT_DIR   here: tirx-pp writes OUT_DIR/src
#                                                    (bench/prepare_gpu.sh: .device/trace_overhead)
#   run.sh --prepared [OUT_DIR]                      on the GPU machine: build, run
#                                                    (default .device/trace_overhead)
# Prints the checks, the summaries of the traced runs and a table of times
# and ratios, then checks the attention's traces (tests/gpu/trace_check.py);
# exits 0, 1 on a failed check, 77 without an sm_90 GPU.
set -u
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
if [ "${1:-}" = --preprocess ]; then
  [ $# -eq 4 ] || { echo "usage: run.sh --preprocess TIRX_PP SOURCE_DIR OUT_DIR" >&2; exit 2; }
  tool=$2 repo=$3 out=$4
  mkdir -p "$out/src" || exit 1
  for ex in gemm_bf16 attention_fwd; do
    "$tool" -I "$repo/headers" -I "$repo/examples" "$repo/examples/$ex.cu" -o "$out/src/${ex}_plain.cu" &&
      "$tool" --trace -I "$repo/headers" -I "$repo/examples" "$repo/examples/$ex.cu" -o "$out/src/${ex}_traced.cu" ||
      { echo "trace_overhead: FAIL: tirx-pp $ex"; exit 1; }
    "$tool" --trace=regions -I "$repo/headers" -I "$repo/examples" "$repo/examples/$ex.cu" -o "$out/src/${ex}_regions.cu" ||
      { echo "trace_overhead: FAIL: tirx-pp --trace=regions $ex"; exit 1; }
    # Where the cost is: the traced output without the turn records (noturn), the
    # trigger records (notrig), the waits' hooks (nowait); --trace=regions has none.
    t=$out/src/${ex}_traced.cu
    turn='s/ ?tirx_trace_turn(_wait|_end)?\([^()]*\);//g'
    trig='s/tirx_hook_trigger\(__tirx_trace_\d+, tirx_no_watch\(\), [^,]+, (&[^,]+), \d+, \d+\)/$1/g'
    wait='s/tirx_hook_event_wait\(__tirx_trace_\d+, tirx_no_watch\(\), ([^,]+), ([^,]+), ([^,]+), \d+, \d+\)/tirx_event_wait($1, $2, $3)/g'
    perl -pe "$turn" "$t" > "$out/src/${ex}_noturn.cu" && perl -pe "$trig" "$t" > "$out/src/${ex}_notrig.cu" &&
      perl -pe "$wait" "$t" > "$out/src/${ex}_nowait.cu" ||
      { echo "trace_overhead: FAIL: perl $ex"; exit 1; }
  done
  printf 'GEMM_V(plain) GEMM_V(traced) GEMM_V(notrig) GEMM_V(nowait) GEMM_V(regions)\n' > "$out/variants.h"
  printf 'ATTN_V(plain) ATTN_V(traced) ATTN_V(noturn) ATTN_V(notrig) ATTN_V(nowait) ATTN_V(regions)\n' >> "$out/variants.h"
  exit 0
fi
[ "${1:-}" = --prepared ] || { echo "usage: run.sh --prepared [OUT_DIR] | --preprocess TIRX_PP SOURCE_DIR OUT_DIR" >&2; exit 2; }
out=$(cd "${2:-$src/.device/trace_overhead}" && pwd) || exit 1
F="-std=c++17 -O3 -I $src/headers -I $src/examples -I $out -I $here -gencode=arch=compute_90a,code=sm_90a"
mkdir -p "$out/obj"
tu() {  # NAME SOURCE [gemm] [prefix]
  # shellcheck disable=SC2086
  "$nvcc" $F -DNAME="$1" -DSRC="$2" ${3:+-DIS_GEMM} ${4:+-DPFX=$4} -Xptxas -v -c "$here/tu.cu" -o "$out/obj/$1.o" \
    > "$out/obj/$1.log" 2>&1 || { cat "$out/obj/$1.log"; echo "trace_overhead: FAIL: nvcc $1"; return 1; }
  echo "$1: $(grep -o 'Used [0-9]* registers' "$out/obj/$1.log" | sort | uniq -c | tr -s ' ' | tr '\n' ';')" \
    "$(grep -o '[0-9]* bytes spill stores' "$out/obj/$1.log" | sort | uniq -c | tr -s ' ' | tr '\n' ';')"
}
cd "$out" || exit 1
# The eleven objects are independent: built side by side (JOBS at a time, default the cores).
jobs=${JOBS:-$(nproc)} pids=()
build() {  # as tu, in the background, at most $jobs at once
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n; done
  tu "$@" &
  pids+=($!)
}
build gemm_plain src/gemm_bf16_plain.cu 1
build attn_plain src/attention_fwd_plain.cu
for v in traced notrig nowait regions; do build gemm_$v src/gemm_bf16_$v.cu 1 tirx; done
for v in traced noturn notrig nowait regions; do build attn_$v src/attention_fwd_$v.cu "" tirx; done
for p in "${pids[@]}"; do wait "$p" || exit 1; done
# shellcheck disable=SC2086
"$nvcc" $F "$here/ovh.cu" obj/*.o -lcuda -o ovh || { echo "trace_overhead: FAIL: nvcc ovh"; exit 1; }
./ovh "$out" "${ROUNDS:-30}"
rc=$?
[ "$rc" -eq 0 ] || exit "$rc"  # 77: no sm_90 GPU
# The attention's traces well formed: its turns (written when each is passed
# on) paired with their waits, inside their region's runs.
for t in attn_traced attn_traced_causal; do
  python3 "$src/tests/gpu/trace_check.py" "$out/$t.json" --regions 'wg == 0' 'wg >= 1' --waits kfull --turns mma ||
    { echo "trace_overhead: FAIL: $t.json"; exit 1; }
done
python3 "$src/tests/gpu/trace_check.py" "$out/attn_regions.json" --regions 'wg == 0' 'wg >= 1' ||
  { echo "trace_overhead: FAIL: attn_regions.json"; exit 1; }
