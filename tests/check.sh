#!/usr/bin/env bash
# tirx-pp --check: NVRTC compiles the device view of the output; its messages
# come back at the original file, line and column; nothing is written when the
# check fails. Needs NVRTC (CUDA 13), no GPU.
#   check.sh TIRX_PP SOURCE_DIR
set -u
tool=$1 src=$2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass+1)); echo "ok   $1"; }
bad() { fail=$((fail+1)); echo "FAIL $1"; }
# expect NAME STATUS EXPECTED_STDERR -- command...
expect() {
  local name=$1 status=$2 err=$3; shift 4
  "$@" > "$tmp/out" 2> "$tmp/err"; local rc=$?
  if [ "$rc" -eq "$status" ] && [ "$(cat "$tmp/err")" = "$err" ]; then ok "$name"; else
    bad "$name"; echo "  exit $rc (want $status)"; echo "  stderr: $(cat "$tmp/err")"; echo "  want:   $err"; fi
}

# Every example checks clean, and --check changes nothing in the output.
for f in "$src"/examples/*.cu; do
  name=$(basename "$f")
  expect "example-$name" 0 "" -- "$tool" --check -I "$src/examples" "$f" -o "$tmp/checked.cu"
  "$tool" -I "$src/examples" "$f" -o "$tmp/plain.cu"
  cmp -s "$tmp/checked.cu" "$tmp/plain.cu" && ok "example-$name-same-output" || bad "example-$name-same-output"
done

cd "$tmp"
# A device-code type error under two unrolled loops (the output has more lines
# than the input, so only #line brings the messages back), one after a tab,
# with host code (std::vector, a launch, cudaMalloc) that NVRTC never sees.
cat > typeerr.cu <<'K'
// A type error in device code below two unrolled loops.
#include <cstdio>
#include <vector>

__global__ void k(float *out) {
  float acc = 0.f;
#pragma tirx unroll
  for (int i = 0; i < 4; ++i) acc += out[i];
#pragma tirx unroll
  for (int i = 0; i < 4; ++i) {
    acc *= 2.f;
  }
  out[0] = acc;
  struct Pair { int a, b; } p = {1, 2};
	int *q = &acc;
  out[1] = p;
}

static void host_helper(std::vector<float> &v) { printf("%zu\n", v.size()); }

int main() {
  std::vector<float> v(4);
  host_helper(v);
  float *d;
  cudaMalloc(&d, 16);
  k<<<1, 1>>>(d);
}
K
expect type-error 1 'typeerr.cu:15:11: error: a value of type "float *" cannot be used to initialize an entity of type "int *"
	int *q = &acc;
	         ^
typeerr.cu:16:12: error: no suitable conversion function from "Pair" to "float" exists
  out[1] = p;
           ^' -- "$tool" --check typeerr.cu -o typeerr.out.cu
[ ! -e typeerr.out.cu ] && ok type-error-writes-nothing || bad type-error-writes-nothing
# Without --check the same file is rewritten as usual (the error is nvcc's).
expect type-error-unchecked 0 "" -- "$tool" typeerr.cu -o typeerr.out.cu

# A warning: reported, exit 0, output written; under -Werror an error, and
# nothing written.
cat > warn.cu <<'K'
#include "tirx.h"

__global__ void k(int *out) {
#pragma tirx unroll
  for (int i = 0; i < 2; ++i) out[i] = i;
  int x;
  out[2] = x;
}
K
warning='warn.cu:7:12: warning: variable "x" is used before its value is set [#549-D]
  out[2] = x;
           ^'
expect warning 0 "$warning" -- "$tool" --check warn.cu -o warn.out.cu
"$tool" warn.cu -o warn.plain.cu; cmp -s warn.out.cu warn.plain.cu && ok warning-writes-output || bad warning-writes-output
expect warning-werror 1 "${warning/warning:/error:}" -- "$tool" --check -Werror warn.cu -o warn.werror.cu
[ ! -e warn.werror.cu ] && ok warning-werror-writes-nothing || bad warning-werror-writes-nothing
# Without -o the output goes to standard output, after the check.
"$tool" --check warn.cu 2>/dev/null | cmp -s - warn.plain.cu && ok stdout || bad stdout

# A user header with host code is checked in its device view: the error in
# its device function is reported in the header, at its line.
mkdir -p inc && cat > inc/helpers.h <<'H'
#pragma once
#include <vector>
#include <cstdio>

inline void print_all(const std::vector<float> &v) {
  for (float x : v) printf("%f\n", x);
}

__device__ inline float twice(float x) { return x * undeclared_factor; }
H
cat > user.cu <<'K'
#include "helpers.h"

__global__ void k(float *a) {
#pragma tirx unroll
  for (int i = 0; i < 2; ++i) a[i] = twice(a[i]);
}
K
expect user-header 1 "$tmp/inc/helpers.h:9:53: error: identifier \"undeclared_factor\" is undefined
__device__ inline float twice(float x) { return x * undeclared_factor; }
                                                    ^" -- "$tool" --check -I "$tmp/inc" user.cu -o user.out.cu

# -D reaches NVRTC as it reaches the parse; an unannotated file is checked too.
cat > macro.cu <<'K'
#ifndef SCALE
#error SCALE is not defined
#endif
__global__ void k(float *a) { a[0] *= SCALE; }
K
expect define 0 "" -- "$tool" --check -DSCALE=2 macro.cu -o macro.out.cu
cmp -s macro.cu macro.out.cu && ok define-output-unchanged || bad define-output-unchanged
expect no-define 1 'macro.cu:2:2: error: #error directive: SCALE is not defined
#error SCALE is not defined
 ^' -- "$tool" --check macro.cu -o macro.out2.cu

# A message of ptxas's, which has no place: its own kind ('info' here: a note),
# not an error; exit 0 and the output written.
cat > ptxas.cu <<'K'
#include "tirx.h"
__global__ void k(float *a) {
  tirx_setmaxnreg_inc<240>();  // no __launch_bounds__: ptxas ignores it and says so
  a[threadIdx.x] = 1.f;
}
K
expect ptxas-info 0 "tirx-pp: note: --check: ptxas info    : (C7508) Potential Performance Loss: 'setmaxnreg' ignored; unable to determine register count at entry." -- \
  "$tool" --check ptxas.cu -o ptxas.out.cu
[ -e ptxas.out.cu ] && ok ptxas-info-writes-output || bad ptxas-info-writes-output

# NVRTC missing or refusing: exit 3, a clear message, nothing written.
expect nvrtc-missing 3 "tirx-pp: error: --check: cannot load NVRTC: /nonexistent/libnvrtc.so.13: cannot open shared object file: No such file or directory" -- \
  env TIRX_NVRTC_LIBRARY=/nonexistent/libnvrtc.so.13 "$tool" --check warn.cu -o missing.cu
[ ! -e missing.cu ] && ok nvrtc-missing-writes-nothing || bad nvrtc-missing-writes-nothing
expect nvrtc-bad-arch 3 "tirx-pp: error: --check: nvrtc: error: invalid value for --gpu-architecture (-arch)" -- \
  "$tool" --check -arch=sm_70 warn.cu -o old.cu
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
