#!/usr/bin/env bash
# bench/attention/run.sh PP_DIR [--quick] - on the GPU machine: build the
# tirx-pp output PP_DIR/attention_fwd.cu (made by bench/prepare_gpu.sh) into
# the example (CPU-reference checks at ragged lengths) and a shared library,
# then run bench.py (ours against torch SDPA, cuDNN and flash; with --gqa-varlen, GQA and
# packed sequences against cuDNN's GQA, torch's varlen_attn and a loop of SDPA calls).
set -eu -o pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
pp=$(cd "$1" && pwd)
shift
nvcc=${NVCC:-nvcc}
work=${WORK:-/tmp/attention-bench}
mkdir -p "$work"
flags=(-O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -I "$root/headers" -I "$root/examples")
# A failed build stops here (not bench.py on a library left by an earlier run).
rm -f "$work/libattn.so"
if ! "$nvcc" "${flags[@]}" -Xcompiler -fPIC -shared -DATTENTION_FWD_SOURCE="\"$pp/attention_fwd.cu\"" \
  "$here/attention_lib.cu" -o "$work/libattn.so" -Xptxas -v > "$work/build.log" 2>&1; then
  cat "$work/build.log" >&2
  echo "bench/attention/run.sh: FAIL: the build of $work/libattn.so (log: $work/build.log)" >&2
  exit 1
fi
grep -E "warning|registers|spill" "$work/build.log" || true
PYTHONUNBUFFERED=1 python3 "$here/bench.py" "$work/libattn.so" "$@"
