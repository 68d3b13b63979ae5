#!/usr/bin/env bash
# tirx-pp's output of a partition counted by a macro expression compiles as it
# is, and fails, with the static_assert that names the count tirx-pp read, when
# nvcc gets a -D that changes the count (docs/regions-and-events.md: the
# partition).
#   count_recheck.sh TIRX_PP SOURCE_DIR WORK_DIR
set -u
tool=$1 src=$2 work=$3
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
mkdir -p "$work"
in=$src/tests/golden/warpgroups_count_macro.cu out=$work/out.cu
"$tool" -I "$src/headers" "$in" -o "$out" || { echo "FAIL tirx-pp"; exit 1; }
flags=(-std=c++17 -c -I "$src/headers" -gencode=arch=compute_90a,code=sm_90a -o "$work/out.o")
"$nvcc" "${flags[@]}" "$out" > "$work/same.log" 2>&1 || { cat "$work/same.log"; echo "FAIL the same macros"; exit 1; }
echo "ok   the same macros compile"
if "$nvcc" "${flags[@]}" -DCONSUMERS=3 "$out" > "$work/other.log" 2>&1; then
  echo "FAIL -DCONSUMERS=3 compiled a kernel lowered for 3 warpgroups as one of 4"; exit 1
fi
want="static assertion failed with \"tirx-pp lowered this kernel for '#pragma tirx warpgroups' count 3: compile its output with the macros tirx-pp was given\""
grep -qF "$want" "$work/other.log" || { cat "$work/other.log"; echo "FAIL no static_assert naming the count"; exit 1; }
echo "ok   -DCONSUMERS=3 stops at the static_assert"
