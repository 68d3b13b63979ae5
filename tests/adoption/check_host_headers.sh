#!/usr/bin/env bash
# tirx-pp --check on what adoption trial 2 (docs/adoption.md) met in llm.c's
# dev/cuda files, which nvcc compiles and --check refused with errors in the
# user's file: a toolkit host library (<cublas_v2.h>, <cublasLt.h>), INFINITY
# with no math header (nvcc's cuda_runtime.h brings <math.h>), and <omp.h>,
# which gcc's directory has and clang's parse does not. Needs NVRTC, no GPU.
#   check_host_headers.sh TIRX_PP
set -u
tool=$(realpath "$1")
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass+1)); echo "ok   $1"; }
bad() { fail=$((fail+1)); echo "FAIL $1"; }
# clean NAME FILE: --check exits 0, says nothing, and writes the plain output.
clean() {
  "$tool" --check "$tmp/$2" -o "$tmp/checked.cu" 2> "$tmp/err"; local rc=$?
  "$tool" "$tmp/$2" -o "$tmp/plain.cu" 2> /dev/null
  if [ "$rc" -eq 0 ] && [ ! -s "$tmp/err" ] && cmp -s "$tmp/checked.cu" "$tmp/plain.cu"; then ok "$1"; else
    bad "$1"; echo "  exit $rc"; sed 's/^/  /' "$tmp/err" | head -8; fi
}
cat > "$tmp/cublas.cu" <<'K'
#include <stdio.h>
#include <cublas_v2.h>
#include <cublasLt.h>
__global__ void scale(float *a) {
#pragma tirx unroll
  for (int i = 0; i < 4; ++i) a[threadIdx.x * 4 + i] *= 2.f;
}
int main() {
  cublasHandle_t h;
  cublasCreate(&h);
  cublasLtLoggerSetFile(stderr);
  return 0;
}
K
clean cublas-left-out cublas.cu
cat > "$tmp/common.h" <<'K'
#include <cublas_v2.h>
inline void check(cublasStatus_t s) { if (s != CUBLAS_STATUS_SUCCESS) printf("cublas %d\n", (int)s); }
K
printf '#include <stdio.h>\n#include "common.h"\n__global__ void k(float *a) { a[0] = 1.f; }\n' > "$tmp/in_header.cu"
clean cublas-in-user-header in_header.cu
cat > "$tmp/infinity.cu" <<'K'
#include <cuda_runtime.h>
__global__ void mx(const float *x, float *out, int n) {
  float m = -INFINITY;
#pragma tirx unroll
  for (int offset = 16; offset > 0; offset /= 2) m = fmaxf(m, __shfl_down_sync(0xffffffffu, m, offset));
  out[0] = m + (float)M_PI * 0.f + (isnan(NAN) ? 0.f : 1.f) + x[n];
}
K
clean infinity-without-math-h infinity.cu
printf '#include <omp.h>\n__global__ void k(float *a) { a[0] = 1.f; }\nint main() { return omp_get_max_threads() > 0 ? 0 : 1; }\n' > "$tmp/omp.cu"
clean omp-h-not-found-by-the-parse omp.cu
# <curand_kernel.h> is device code: kept (it compiles under NVRTC).
printf '#include <curand_kernel.h>\n__global__ void k(float *a, unsigned long long s) {\n  curandState st;\n  curand_init(s, threadIdx.x, 0, &st);\n  a[threadIdx.x] = curand_uniform(&st);\n}\n' > "$tmp/curand.cu"
clean curand-kernel-kept curand.cu
# SGEMM_CUDA's sgemm.cu: a namespace-scope `const std::string` (host code,
# though a constant), and <runner.cuh> found through -I src, a user header with
# host prototypes (std::ofstream): inlined with its host code blanked, as a
# quoted one is.
mkdir -p "$tmp/src"
cat > "$tmp/src/runner.cuh" <<'K'
#pragma once
#include <fstream>
void print_matrix(const float *A, int M, int N, std::ofstream &fs);
__global__ void fill(float *a) { a[threadIdx.x] = 1.f; }
K
cat > "$tmp/sgemm.cu" <<'K'
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>
#include <runner.cuh>
const std::string errLogFile = "matrixValidationFailure.txt";
const std::vector<int> sizes = {128, 256};
const int repeats = 50;
__global__ void twice(float *a) { a[threadIdx.x] *= 2.f * repeats; }
int main() { std::ofstream fs(errLogFile); print_matrix(nullptr, 0, 0, fs); return (int)sizes.size(); }
K
cleanI() {
  (cd "$tmp" && "$tool" --check "$2" -o checked.cu -- -I src 2> err); local rc=$?
  (cd "$tmp" && "$tool" "$2" -o plain.cu -- -I src 2> /dev/null)
  if [ "$rc" -eq 0 ] && [ ! -s "$tmp/err" ] && cmp -s "$tmp/checked.cu" "$tmp/plain.cu"; then ok "$1"; else
    bad "$1"; echo "  exit $rc"; sed 's/^/  /' "$tmp/err" | head -8; fi
}
cleanI std-string-constant-and-angled-user-header sgemm.cu
# SGEMM_CUDA's kernels take `const uint` with no include: glibc's name, which
# nvcc's host compiler sees in every file (cuda_runtime.h, <stdlib.h>,
# <sys/types.h>); and a guarded user header that reaches one through another.
mkdir -p "$tmp/src/kernels"
printf '#pragma once\n#include <cublas_v2.h>\n__global__ void scale_u(float *a, const uint n) { if (threadIdx.x < n) a[threadIdx.x] *= 2.f; }\n' > "$tmp/src/kernels/scale.cuh"
printf '#pragma once\n#include <cstdio>\n#include "kernels/scale.cuh"\ninline void run(cublasHandle_t h, float *a) { (void)h; scale_u<<<1, 32>>>(a, 32u); }\n' > "$tmp/src/kernels.cuh"
printf '#include <kernels.cuh>\nint main() { run(nullptr, nullptr); return 0; }\n' > "$tmp/uint.cu"
cleanI uint-and-nested-host-library uint.cu
# llm.c's DataLoader: a host struct in a header (three deep in train_gpt2.cu)
# that holds a glob_t and a FILE *; classes are not blanked, so the stand-ins
# declare both.
mkdir -p "$tmp/llmc"
cat > "$tmp/llmc/dataloader.h" <<'K'
#include <stdio.h>
#include <glob.h>
typedef struct { glob_t glob_result; FILE *tokens_file; } DataLoader;
inline void dataloader_free(DataLoader *l) { globfree(&l->glob_result); fclose(l->tokens_file); }
K
printf '#include <stdio.h>\n#include "llmc/dataloader.h"\n__global__ void k(float *a) { a[0] = 1.f; }\nint main() { DataLoader l; dataloader_free(&l); }\n' > "$tmp/loader.cu"
clean file-and-glob-t-members loader.cu
# llm.c's dev/cuda/common.h: __nv_bfloat16 with no include but <cublas_v2.h>
# (cublas_api.h brings <cuda_bf16.h>): left out, it keeps those types.
printf '#include <cublas_v2.h>\ntypedef __nv_bfloat16 floatX;\n__global__ void k(floatX *a) { a[0] = __float2bfloat16(1.f); }\n' > "$tmp/bf16.cu"
clean cublas-brings-bf16 bf16.cu
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
