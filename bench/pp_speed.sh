#!/usr/bin/env bash
# How long tirx-pp takes, against nvcc -c of what it writes (goal: under 10%),
# and the pass-through time of an unannotated file (goal: under 5 ms).
#   bench/pp_speed.sh [BUILD_DIR]     (default build)
# Prints a Markdown table; medians of several runs, parsed-header cache warm.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
tool=$build/tirx-pp
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# median_ms N command...: runs the command N times, prints the median in ms.
median_ms() {
  local n=$1; shift
  for _ in $(seq "$n"); do
    local t0=$(date +%s%N); "$@" > /dev/null 2>&1; local t1=$(date +%s%N)
    echo $(( (t1 - t0) / 1000 ))
  done | sort -n | awk '{a[NR]=$1} END {m = (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2; printf "%.1f\n", m / 1000}'
}

"$tool" "$root/examples/row_sum.cu" -I "$root/headers" > /dev/null  # warm the cache
echo "| example | tirx-pp (ms) | nvcc -c sm_90a (ms) | ratio |"
echo "| --- | ---: | ---: | ---: |"
for f in "$root"/examples/*.cu; do
  name=$(basename "$f" .cu)
  "$tool" -I "$root/headers" "$f" -o "$tmp/$name.cu"
  pp=$(median_ms 7 "$tool" -I "$root/headers" "$f" -o "$tmp/$name.pp.cu")
  cc=$(median_ms 3 "$nvcc" -std=c++17 -I "$root/headers" -I "$root/examples" -gencode=arch=compute_90a,code=sm_90a -c "$tmp/$name.cu" -o "$tmp/$name.o")
  echo "| $name | $pp | $cc | $(awk -v a="$pp" -v b="$cc" 'BEGIN {printf "%.1f%%", 100 * a / b}') |"
done
pass=$(median_ms 21 "$tool" "$root/tests/identity/realworld.cu" -o "$tmp/pass.cu")
echo
echo "pass-through of an unannotated file (tests/identity/realworld.cu, $(wc -l < "$root/tests/identity/realworld.cu") lines): $pass ms"
