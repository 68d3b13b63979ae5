#!/usr/bin/env bash
# tirx-pp on generated files of 50,000 lines with 1,000 annotated constructs,
# then twice and four times that: time and peak memory should grow linearly.
#   bench/scale.sh [BUILD_DIR]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
tool=${1:-$root/build}/tirx-pp
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# One 50-line unit: a kernel with an unrolled loop, a grid, and plain code.
gen() {  # units
  echo '#include "tirx.h"'
  for ((u = 0; u < $1; u++)); do
    cat <<K
__global__ void k$u(float *a, const float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float acc = 0.0f;
  // a plain loop, left alone
  for (int j = 0; j < 8; ++j) {
    acc += b[(i + j) % n];
  }
  if (acc > 0.0f) {
    acc = acc * 0.5f;
  } else {
    acc = -acc;
  }
#pragma tirx unroll
  for (int k = 0; k < 4; ++k) {
    acc += b[(i * 4 + k) % n];
  }
  a[i] = acc;
  int x = i % 7;
  switch (x) {
  case 0: a[i] += 1.0f; break;
  case 1: a[i] += 2.0f; break;
  default: break;
  }
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 2; ++c)
      a[(i + r * 2 + c) % n] += 0.25f;
  float t = a[i];
  t = t * t;
  t = t + 1.0f;
  a[i] = t;
  // more plain code
  int m = n / 2;
  if (i < m) {
    a[i] += a[i + m];
  }
  a[i] *= 0.5f;
  a[i] -= 0.25f;
  a[i] += (float)u_$u();
  a[i] *= 1.0f;
  a[i] += 0.0f;
  a[i] = a[i];
  a[i] /= 1.0f;
  a[i] += 0.0f;
  a[i] -= 0.0f;
  a[i] *= 1.0f;
}
K
  done
}
echo "| lines | annotated constructs | time (s) | peak memory (MiB) | time per 1,000 constructs (s) |"
echo "| ---: | ---: | ---: | ---: | ---: |"
for scale in 1 2 4; do
  units=$((1000 * scale))
  { for ((u = 0; u < units; u++)); do echo "__device__ __forceinline__ int u_$u() { return $u % 3; }"; done; gen $units; } > "$tmp/big$scale.cu"
  lines=$(wc -l < "$tmp/big$scale.cu")
  "$tool" -I "$root/headers" "$tmp/big$scale.cu" -o "$tmp/warm.cu"  # the header cache, once
  /usr/bin/time -f "%e %M" -o "$tmp/time" "$tool" -I "$root/headers" "$tmp/big$scale.cu" -o "$tmp/out$scale.cu"
  read -r secs kib < "$tmp/time"
  echo "| $lines | $units | $secs | $((kib / 1024)) | $(awk -v s="$secs" -v n="$scale" 'BEGIN {printf "%.2f", s / n}') |"
done
