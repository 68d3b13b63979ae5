#!/usr/bin/env bash
# nvcc-valid CUDA parses: tests/parse/intrinsics.cu calls every documented
# family of CUDA device intrinsics inside `#pragma tirx unroll` loops. tirx-pp
# must rewrite it (exit 0, nothing on stderr, every loop expanded) for sm_90a
# and for sm_80, and the output must compile with nvcc for sm_90a and sm_80
# with no warning, as the input does. tests/parse/sm100.cu: sm_100's float2
# intrinsics, rewritten and compiled for sm_100a.
#   parse.sh TIRX_PP SOURCE_DIR WORK_DIR      (NVCC=... to choose nvcc)
set -u
tool=$1 src=$2 work=$3
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
here=$src/tests/parse
mkdir -p "$work"
pass=0 fail=0
ok() { pass=$((pass+1)); echo "ok   $1"; }
bad() { fail=$((fail+1)); echo "FAIL $1"; }
show() { sed 's/^/     /' "$1" | head -n 40; }

# rewrite NAME FILE EXPANSIONS [tirx-pp flags]: exit 0, silent, no pragma
# left, and EXPANSIONS blocks `{ int k = ` (one per iteration).
rewrite() {
  local name=$1 f=$2 want=$3; shift 3
  "$tool" "$@" "$f" -o "$work/$name.cu" 2> "$work/$name.err"; local rc=$?
  local got; got=$(grep -cF '{ int k = ' "$work/$name.cu" 2>/dev/null)
  if [ $rc -eq 0 ] && [ ! -s "$work/$name.err" ] && ! grep -Eq '^[[:space:]]*#[[:space:]]*pragma[[:space:]]+tirx' "$work/$name.cu" && [ "$got" = "$want" ]; then
    ok "tirx-pp $name"
  else
    bad "tirx-pp $name (exit $rc, $got of $want iterations)"; show "$work/$name.err"
  fi
}

# compile TAG FILE ARCH: nvcc succeeds and prints nothing.
compile() {
  local tag=$1 f=$2 arch=$3
  if "$nvcc" -std=c++17 -c -gencode=arch=compute_$arch,code=sm_$arch -diag-suppress=20199 \
       -o "$work/$tag.o" "$f" > "$work/$tag.log" 2>&1 && [ ! -s "$work/$tag.log" ]; then
    ok "nvcc $tag"
  else
    bad "nvcc $tag"; show "$work/$tag.log"
  fi
}

# 9 kernels x 2 iterations.
rewrite intrinsics "$here/intrinsics.cu" 18
rewrite intrinsics-sm_80 "$here/intrinsics.cu" 18 -arch=sm_80
for arch in 90a 80; do
  compile "input-sm_$arch" "$here/intrinsics.cu" $arch  # the baseline: no warning either
  compile "output-sm_$arch" "$work/intrinsics.cu" $arch
done
rewrite sm100 "$here/sm100.cu" 4
compile output-sm_100a "$work/sm100.cu" 100a

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
