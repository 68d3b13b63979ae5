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

# A header that a library includes only under __CUDACC_RTC__ (CUTLASS's
# float8.h reads floating_point_nvrtc.h there): the parse, as nvcc's device
# pass, never reads it, so NVRTC reads it from the disk, and its #include of
# a header the view has inlined (behind #pragma once) must read nothing: the
# inlined copy is not the file, and its classes would be defined twice.
mkdir -p rtc/lib && cat > rtc/lib/base.h <<'H'
#pragma once
#include <cstdio>
namespace lib {
enum class Status { ok, failed };
inline void report(Status s) { std::printf("%d\n", (int)s); }
__host__ __device__ inline int twice(int x) { return 2 * x; }
}  // namespace lib
H
cat > rtc/lib/num.h <<'H'
#pragma once
#include <lib/base.h>
#if defined(__CUDACC_RTC__)
#include <lib/num_rtc.h>
#else
#include <cstring>
#endif
H
cat > rtc/lib/num_rtc.h <<'H'
#pragma once
#include <lib/base.h>
H
cat > rtc.cu <<'K'
#include <lib/num.h>
__global__ void k(int *a) { a[0] = lib::twice(a[0]) + (int)lib::Status::ok; }
K
expect rtc-only-header 0 "" -- "$tool" --check -I rtc rtc.cu -o rtc.out.cu
# The same header read from the disk before the view inlines what it
# includes (CUTLASS's float8.h includes floating_point_nvrtc.h, which takes
# CUTLASS_HOST_DEVICE from helper_macros.hpp, before cutlass.h brings
# helper_macros.hpp to the parse): NVRTC reads, under that name, the inlined
# header's device view behind the guard its inlined copy stands behind, so
# the macros are there and nothing is defined twice.
mkdir -p rtc2/lib && cat > rtc2/lib/macros.h <<'H'
#pragma once
#include <cstdio>
#define LIB_HD __host__ __device__
namespace lib {
inline void log_line(const char *s) { std::puts(s); }
struct Pair { int a, b; };
}  // namespace lib
H
cat > rtc2/lib/num.h <<'H'
#pragma once
#if defined(__CUDACC_RTC__)
#include <lib/num_rtc.h>
#else
#include <cstring>
#endif
#include <lib/macros.h>
namespace lib {
LIB_HD inline int twice(int x) { return 2 * x; }
}  // namespace lib
H
cat > rtc2/lib/num_rtc.h <<'H'
#pragma once
#include <lib/macros.h>
namespace lib {
LIB_HD inline int classify(float f) { return f != f ? 0 : 1; }
}  // namespace lib
H
cat > rtc2.cu <<'K'
#include <lib/num.h>
__global__ void k(int *a) { lib::Pair p{a[0], 1}; a[0] = lib::twice(p.a) + p.b; }
K
expect rtc-only-header-first 0 "" -- "$tool" --check -I rtc2 rtc2.cu -o rtc2.out.cu
# A header whose text NVRTC is given includes one of its own relative to
# itself ("detail/io.h", host code): that name is not one NVRTC is given, so
# the text would read the file from the disk; the header is read as empty
# instead, as before the view gave texts.
mkdir -p rtc3/lib/detail && cat > rtc3/lib/detail/io.h <<'H'
#pragma once
#include <cuda_runtime.h>
namespace lib {
inline void copy_back(float *h, const float *d, int n) { cudaMemcpy(h, d, n * 4, cudaMemcpyDeviceToHost); }
}  // namespace lib
H
printf '#pragma once\n#include "detail/io.h"\n#define LIB_HD __host__ __device__\n' > rtc3/lib/macros.h
printf '#pragma once\n#include <lib/macros.h>\nnamespace lib {\n__host__ __device__ inline int classify(float f) { return f != f ? 0 : 1; }\n}\n' > rtc3/lib/num_rtc.h
printf '#pragma once\n#if defined(__CUDACC_RTC__)\n#include <lib/num_rtc.h>\n#endif\n#include <lib/macros.h>\nnamespace lib {\nLIB_HD inline int twice(int x) { return 2 * x; }\n}\n' > rtc3/lib/num.h
printf '#include <lib/num.h>\n__global__ void k(int *a) { a[0] = lib::twice(a[0]); }\n' > rtc3.cu
expect rtc-only-header-relative-child 0 "" -- "$tool" --check -I rtc3 rtc3.cu -o rtc3.out.cu
# A header read once whose first #include stands in a branch NVRTC skips
# (CUTLASS's threadblock_swizzle_streamk.h includes core_io.h, which includes
# matrix_shape.h, under `#if !defined(__CUDACC_RTC__)`): inlined there, its
# classes were never defined for NVRTC, and every later #include of it read
# nothing ("MatrixShape is not a template"). A later #include now names the
# header's text behind the guard of its inlined copy: NVRTC reads it there.
mkdir -p rtc4/lib && cat > rtc4/lib/shape.h <<'H'
#pragma once
#include <cstdio>
namespace lib {
template <int R> struct Shape { static const int kRow = R; };
inline void print_row() { std::printf("%d\n", Shape<1>::kRow); }
}  // namespace lib
H
printf '#pragma once\n#include <lib/shape.h>\nnamespace lib {\ninline void print_io() { print_row(); }\n}\n' > rtc4/lib/io.h
printf '#pragma once\n#if !defined(__CUDACC_RTC__)\n#include <lib/io.h>\n#endif\n' > rtc4/lib/swizzle.h
printf '#pragma once\n#include <lib/shape.h>\nnamespace lib {\ntemplate <int R> struct Epilogue { using S = Shape<R>; };\n}\n' > rtc4/lib/epilogue.h
cat > rtc4.cu <<'K'
#include <lib/swizzle.h>
#include <lib/epilogue.h>
__global__ void k(int *a) { a[0] = lib::Epilogue<2>::S::kRow + undeclared_after; }
K
expect rtc-skipped-first-include 1 "rtc4.cu:3:64: error: identifier \"undeclared_after\" is undefined
__global__ void k(int *a) { a[0] = lib::Epilogue<2>::S::kRow + undeclared_after; }
                                                               ^" -- "$tool" --check -I rtc4 rtc4.cu -o rtc4.out.cu
# A class the view keeps (its member functions, host code, blanked) whose
# data member names a class that a library declares for the host only, where
# NVRTC does not read it (CUTLASS's platform::unique_ptr, under `#if
# !defined(__CUDACC_RTC__)`, a member of tools/util's DeviceAllocation): the
# member is blanked with the host code, and so are a typedef and an alias
# that name such a class (`#ifndef __CUDACC_RTC__`, the #else of `#ifdef
# __CUDACC_RTC__`). A member of a class that NVRTC reads in another branch
# (`counter`, declared under both) stays, for device code that reads it.
mkdir -p rtc5/lib && cat > rtc5/lib/ptr.h <<'H'
#pragma once
#include <cstdio>
namespace lib {
#if !defined(__CUDACC_RTC__) && !defined(LIB_NO_OWNER)
template <class T> struct owner {
  T *p = nullptr;
  ~owner() { delete p; }
};
#endif
#ifndef __CUDACC_RTC__
struct host_clock { long t; };
#endif
#if defined(__CUDACC_RTC__)
struct counter { int n; };
#else
struct counter { long n; };
struct host_counter { long n; };
#endif
__host__ __device__ inline int twice(int x) { return 2 * x; }
inline void log_line(const char *s) { std::puts(s); }
}  // namespace lib
H
cat > rtc5.cu <<'K'
#include <lib/ptr.h>
template <class T> class Allocation {
 public:
  size_t n;
  lib::owner<T> ptr;
  lib::host_clock clock;
  lib::counter count;
  Allocation() : n(0) {}
  T *get() const { return ptr.p; }
};
typedef lib::host_clock Clock;
using Counter = lib::host_counter;
__global__ void k(int *a, const Allocation<float> *al) { lib::counter c{a[0]}; a[0] = lib::twice((int)c.n) + (int)al->count.n; }
int main() { Allocation<float> x; lib::log_line("x"); return x.get() != nullptr; }
K
expect rtc-skipped-member-type 0 "" -- "$tool" --check -I rtc5 rtc5.cu -o rtc5.out.cu
# A library's branch for NVRTC that names libcu++ where nvcc's names the
# host's C++ library, without including libcu++'s header (CUTLASS's
# relatively_equal.h: `using cuda::std::abs;` under `#if
# defined(__CUDACC_RTC__)`; its CUTLASS_STL_NAMESPACE, `cuda::std` for NVRTC,
# before `::tuple` and `::get` in conv3d_problem_size.h): nvcc's host headers
# declare std's, NVRTC reads names nothing declared. <cuda/std/cmath> and
# <cuda/std/tuple> are included before the declaration at namespace scope
# that names them, after the headers included before it: fpclass.h's enum,
# like CUTLASS's floating_point_nvrtc.h, defines FP_NAN, which libcu++'s
# <cmath> would define first. Errors after them, in the header and in the
# file, are still reported at their lines, and a name the rule does not know
# (`cuda::std::not_a_name`) is NVRTC's error, as before.
mkdir -p rtc6/lib && cat > rtc6/lib/fpclass.h <<'H'
#pragma once
#if defined(__CUDACC_RTC__)
namespace lib {
enum {
  FP_NAN =
#define FP_NAN 0
      FP_NAN,
  FP_INFINITE =
#define FP_INFINITE 1
      FP_INFINITE
};
}  // namespace lib
#define LIB_STL cuda::std
#else
#include <cmath>
#define LIB_STL std
#endif
H
cat > rtc6/lib/compare.h <<'H'
#pragma once
#include "lib/fpclass.h"
namespace lib {
template <class T> __host__ __device__ bool near(T a, T b, T eps) {
#if defined(__CUDACC_RTC__)
  using cuda::std::abs;
#else
  using std::abs;
#endif
  return abs(a - b) < eps;
}
#ifdef LIB_BAD
__device__ int bad() { return undeclared_in_header; }
#if defined(__CUDACC_RTC__)
using cuda::std::not_a_name;
#endif
#endif
}  // namespace lib
H
cat > rtc6/lib/pad.h <<'H'
#pragma once
#include "lib/fpclass.h"
#if !defined(__CUDACC_RTC__)
#include <tuple>
#endif
namespace lib {
struct Pad {
  int lo, hi;
  __host__ __device__ Pad(LIB_STL::tuple<int, int> p) : lo(LIB_STL::get<0>(p)), hi(LIB_STL::get<1>(p)) {}
};
}  // namespace lib
H
cat > rtc6.cu <<'K'
#include <lib/compare.h>
#include <lib/pad.h>
__global__ void k(float *a, lib::Pad p) { a[0] = lib::near(a[1], a[2], 1e-3f) ? p.lo : p.hi + RTC6_EXTRA; }
int main() { return 0; }
K
expect rtc-only-std-names 0 "" -- "$tool" --check -DRTC6_EXTRA=0 -I rtc6 rtc6.cu -o rtc6.out.cu
cmp -s rtc6.cu rtc6.out.cu && ok rtc-only-std-names-output || bad rtc-only-std-names-output
expect rtc-only-std-names-errors 1 'rtc6/lib/compare.h:13:31: error: identifier "undeclared_in_header" is undefined
__device__ int bad() { return undeclared_in_header; }
                              ^
rtc6/lib/compare.h:15:18: error: namespace "cuda::std" has no member "not_a_name"
using cuda::std::not_a_name;
                 ^
rtc6.cu:3:95: error: identifier "undeclared_main" is undefined
__global__ void k(float *a, lib::Pad p) { a[0] = lib::near(a[1], a[2], 1e-3f) ? p.lo : p.hi + RTC6_EXTRA; }
                                                                                              ^' -- \
  "$tool" --check -DLIB_BAD -DRTC6_EXTRA=undeclared_main -I rtc6 rtc6.cu -o rtc6.out2.cu
# A declaration with no body and a trailing return type, named only inside
# decltype (CuTe's has_tuple_size, which its is_tuple trait stands on), is
# not host code to blank: the trait would lose its base.
mkdir -p trait && cat > trait/traits.h <<'H'
#pragma once
#include <type_traits>
namespace lib {
template <class T> struct size_of_tuple;
template <> struct size_of_tuple<int2> { static constexpr int value = 2; };
namespace detail {
template <class T>
auto has_tuple_size(T *) -> std::integral_constant<bool, (0 <= size_of_tuple<T>::value)>;
auto has_tuple_size(...) -> std::false_type;
}  // namespace detail
template <class T> struct is_tuple : decltype(detail::has_tuple_size((T *)0)) {};
}  // namespace lib
H
cat > trait.cu <<'K'
#include <lib/traits.h>
__global__ void k(int *a) {
  static_assert(lib::is_tuple<int2>::value && !lib::is_tuple<float>::value, "traits");
  a[0] = 1;
}
K
mv trait/traits.h trait/lib_traits.h && mkdir -p trait/lib && mv trait/lib_traits.h trait/lib/traits.h
expect trait-declaration-in-decltype 0 "" -- "$tool" --check -I trait trait.cu -o trait.out.cu

# nvcc's --extended-lambda (--expt-extended-lambda) includes <functional> in
# every file: apex's layer_norm/ln.h names std::function without including it.
printf 'using F = std::function<void(int)>;\n__global__ void k(float *a) { a[threadIdx.x] = 1.f; }\n' > lambda_functional.cu
expect extended-lambda-functional 0 "" -- "$tool" --check lambda_functional.cu -o lambda_functional.out.cu -- \
  -std=c++17 --expt-extended-lambda

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

# -imacros reaches NVRTC too (it has no such option: the file is included
# first), and -iquote and -idirafter are include paths: NTH was undefined.
mkdir -p quoted && printf '#define NTH 128\n' > imacros.h && printf '#define NTH2 4\n' > quoted/q.h
cat > imacros.cu <<'K'
#include "q.h"
__global__ void k(float *o) {
  float a[NTH];
  for (int i = 0; i < NTH2; ++i) a[i] = i;
  o[threadIdx.x] = a[threadIdx.x % NTH2];
}
K
expect imacros 0 "" -- "$tool" --check -imacros imacros.h -iquote quoted imacros.cu -o imacros.out.cu
expect idirafter 0 "" -- "$tool" --check -imacros imacros.h -idirafter quoted imacros.cu -o imacros.out2.cu

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

# A real file: the C, C++, POSIX and CUDA headers that real projects include,
# host code that uses them, device code that uses assert, printf, memcpy, math,
# <cfloat>/<climits> macros, std:: functions and cooperative groups. NVRTC has
# no C or C++ library: the stand-ins of headers/tirx/nvrtc_include give what device
# code uses (libcu++'s std:: names, the macros), the rest is host code.
cat > real.cu <<'K'
#include <cassert>
#include <cstdlib>
#include <unistd.h>
#include <vector>
#include <stdio.h>
#include <string.h>
#include <math.h>
#include <algorithm>
#include <cstring>
#include <cstdint>
#include <cfloat>
#include <climits>
#include <cmath>
#include <limits>
#include <type_traits>
#include <string>
#include <cuda_runtime.h>
#include <cuda_bf16.h>
#include <cooperative_groups.h>

namespace cg = cooperative_groups;
using namespace std;  // unqualified sqrt, abs, min: NVRTC's, as under nvcc

struct Params {  // a host member in a struct that the kernel takes
  std::vector<float> host_copy;
  int n;
};

__global__ void k(float *out, const float *in, int n) {
  cg::thread_block block = cg::this_thread_block();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  assert(n > 0);
  float acc = 0.f;
#pragma tirx unroll
  for (int j = 0; j < 4; ++j) acc += sqrtf(fabsf(in[i * 4 + j])) + std::sqrt(2.f) * (float)M_PI;
  float tmp[2];
  memcpy(tmp, &acc, sizeof(float));
  if (i == 0) printf("acc %f %d %f\n", tmp[0], INT_MAX, FLT_MAX);
  __nv_bfloat16 b = __float2bfloat16(fminf(acc, FLT_MAX) + std::numeric_limits<float>::digits);
  uint32_t u = std::is_same<int32_t, int>::value ? (uint32_t)i : 0u;
  block.sync();
  if (i < n) out[i] = __bfloat162float(b) + (float)u + abs(n) + sqrt(acc) + min(acc, 1.f);
}

int main() {
  std::vector<float> h(1024);
  std::sort(h.begin(), h.end());
  std::string name = "k";
  char buf[16];
  strcpy(buf, "x");
  assert(!h.empty());
  float *d;
  cudaMalloc(&d, 1024 * sizeof(float));
  k<<<1, 256>>>(d, d, 256);
  printf("%d %s %s %f\n", (int)getpid(), buf, name.c_str(), sqrt(2.0));
  exit(h.size() > 0 ? 0 : 1);
}
K
expect real-file 0 "" -- "$tool" --check real.cu -o real.out.cu
"$tool" real.cu -o real.plain.cu; cmp -s real.out.cu real.plain.cu && ok real-file-writes-output || bad real-file-writes-output
# The same file with an error in its device code: still found, at its line.
sed 's/block.sync();/block.sync(); float *p = \&n;/' real.cu > realerr.cu
expect real-file-error 1 'realerr.cu:41:28: error: a value of type "int *" cannot be used to initialize an entity of type "float *"
  block.sync(); float *p = &n;
                           ^' -- "$tool" --check realerr.cu -o realerr.out.cu
[ ! -e realerr.out.cu ] && ok real-file-error-writes-nothing || bad real-file-error-writes-nothing

# A library header NVRTC has no stand-in for (glibc's <error.h>, <sys/uio.h>):
# left out of what NVRTC compiles, in the file and in its user headers (one
# with host code, one without), and the lines after it keep their numbers.
mkdir -p lib && cat > lib/dev.h <<'H'
#pragma once
#include <sys/uio.h>
__device__ inline float sq(float x) { return x * x; }
H
cat > lib/host.h <<'H'
#pragma once
#include <error.h>
inline void fail(const char *what) { error(1, 0, "%s", what); }
__device__ inline float cube(float x) { return x * x * x; }
H
cat > lib.cu <<'K'
#include "dev.h"
#include <error.h>
#include "host.h"
__global__ void k(float *a) {
#pragma tirx unroll
  for (int i = 0; i < 2; ++i) a[i] = sq(a[i]) + cube(a[i]);
}
int main() { fail("no GPU"); }
K
expect library-header 0 "" -- "$tool" --check -I lib lib.cu -o lib.out.cu
"$tool" -I lib lib.cu -o lib.plain.cu; cmp -s lib.out.cu lib.plain.cu && ok library-header-writes-output || bad library-header-writes-output
printf '__device__ float bad() { return missing_name; }\n' >> lib.cu
expect library-header-error 1 'lib.cu:9:33: error: identifier "missing_name" is undefined
__device__ float bad() { return missing_name; }
                                ^' -- "$tool" --check -I lib lib.cu -o lib.out2.cu
printf '__device__ float worse() { return also_missing; }\n' >> lib/dev.h
expect library-header-error-in-header 1 "lib/dev.h:4:35: error: identifier \"also_missing\" is undefined
__device__ float worse() { return also_missing; }
                                  ^
lib.cu:9:33: error: identifier \"missing_name\" is undefined
__device__ float bad() { return missing_name; }
                                ^" -- "$tool" --check -I lib lib.cu -o lib.out2.cu

# User headers inlined to any depth (cuda-samples: <helper_cuda.h> includes
# helper_string.h): a chain of three, the last through -I with <...>, whose
# innermost header has host code NVRTC cannot compile (strlen, std::string);
# each guarded header once (l3.h's #include of l1.h, a cycle, reads nothing,
# as does the file's second #include of l3.h), and a header without a guard
# inlined each time it is included (among the file's leading #include lines,
# which the parse reads again after its PCH: it must not read that one twice).
mkdir -p deep && cat > deep/l1.h <<'H'
#ifndef L1_H
#define L1_H
#include "l2.h"
__device__ inline float l1_scale(float x) { return l2_half(x) * 3.f; }
#endif
H
cat > deep/l2.h <<'H'
#pragma once
#include <l3.h>
__device__ inline float l2_half(float x) { return l3_twice(x) * 0.5f; }
H
cat > deep/l3.h <<'H'
#pragma once
#include <string.h>
#include <string>
#include "l1.h"
inline size_t l3_host_len(const char *s) { return strlen(s); }
static std::string l3_name = "level three";
__device__ inline float l3_twice(float x) { return 2.f * x; }
H
cat > deep/twice.inc <<'H'
__device__ inline float DEV(float x) { return x * FACTOR; }
inline size_t HOST(const char *s) { return strlen(s) * FACTOR; }
H
cat > deep.cu <<'K'
#include <cstdio>
#include "deep/l1.h"
#include "deep/l3.h"
#define DEV dev_two
#define HOST host_two
#define FACTOR 2
#include "deep/twice.inc"
#undef DEV
#undef HOST
#undef FACTOR
#define DEV dev_three
#define HOST host_three
#define FACTOR 3
#include "deep/twice.inc"

__global__ void k(float *a) {
#pragma tirx unroll
  for (int i = 0; i < 2; ++i) a[i] = l1_scale(a[i]) + dev_two(a[i]) + dev_three(a[i]);
}

int main() { printf("%zu %zu %zu\n", l3_host_len(l3_name.c_str()), host_two("a"), host_three("b")); }
K
expect nested-headers 0 "" -- "$tool" --check -I deep deep.cu -o deep.out.cu
"$tool" -I deep deep.cu -o deep.plain.cu; cmp -s deep.out.cu deep.plain.cu && ok nested-headers-same-output || bad nested-headers-same-output
# A device error in the innermost header: reported there, at its line.
printf '__device__ float l3_bad() { return undeclared_in_l3; }\n' >> deep/l3.h
expect nested-header-error 1 "deep/l3.h:8:36: error: identifier \"undeclared_in_l3\" is undefined
__device__ float l3_bad() { return undeclared_in_l3; }
                                   ^" -- "$tool" --check -I deep deep.cu -o deep.out2.cu
[ ! -e deep.out2.cu ] && ok nested-header-error-writes-nothing || bad nested-header-error-writes-nothing

# A header that tirx-pp rewrites (unroll, elect: tirx.h) is inlined as
# rewritten, with its host code blanked and the user header it includes
# inlined too; the output is the same as without --check, and a device error
# in it is reported at the header's line.
mkdir -p ann && cat > ann/inner.h <<'H'
#pragma once
#include <string.h>
inline size_t inner_len(const char *s) { return strlen(s); }
__device__ inline float inner_twice(float x) { return 2.f * x; }
H
cat > ann/kern.cuh <<'H'
#pragma once
#include <string>
#include "inner.h"
inline std::string kern_name() { return "kern"; }
__global__ void kern(float *a) {
#pragma tirx unroll
  for (int i = 0; i < 4; ++i) a[threadIdx.x * 4 + i] = inner_twice(a[i]);
#pragma tirx elect
  a[0] = 1.f;
}
H
cat > ann.cu <<'K'
#include <cstdio>
#include "ann/kern.cuh"
int main() { printf("%s %zu\n", kern_name().c_str(), inner_len("x")); }
K
"$tool" ann.cu -o ann.out.cu && mv ann.out.cu ann.plain.cu && mv ann.out.cu.headers ann.plain.headers
expect rewritten-header 0 "" -- "$tool" --check ann.cu -o ann.out.cu
cmp -s ann.out.cu ann.plain.cu && diff -r ann.out.cu.headers ann.plain.headers > /dev/null &&
  ok rewritten-header-same-output || bad rewritten-header-same-output
printf '__device__ float kern_bad(const int *p) { float *q = p; return *q; }\n' >> ann/kern.cuh
expect rewritten-header-error 1 'ann/kern.cuh:11:54: error: a value of type "const int *" cannot be used to initialize an entity of type "float *"
__device__ float kern_bad(const int *p) { float *q = p; return *q; }
                                                     ^' -- "$tool" --check ann.cu -o ann.out2.cu
[ ! -e ann.out2.cu ] && ok rewritten-header-error-writes-nothing || bad rewritten-header-error-writes-nothing

# Headers with device code only, named with "..." from an inlined header
# (sub/host.h's "dev.h") and from the file, the output written elsewhere or
# tirx-pp run from elsewhere: NVRTC would look for them beside the view's name
# (and the output's #include names them from where the output goes), so they
# are inlined too.
mkdir -p sub elsewhere && printf '#pragma once\n__device__ inline float plus1(float x) { return x + 1.f; }\n' > sub/dev.h
printf '#pragma once\n#include <string.h>\n#include "dev.h"\ninline size_t host_len(const char *s) { return strlen(s); }\n' > sub/host.h
printf '#include "sub/host.h"\n#include "sub/dev.h"\n__global__ void k(float *a) { a[0] = plus1(a[0]); }\nint main() { return (int)host_len("x"); }\n' > quoted.cu
expect quoted-device-header 0 "" -- "$tool" --check quoted.cu -o /dev/null
expect quoted-device-header-output-elsewhere 0 "" -- "$tool" --check quoted.cu -o elsewhere/quoted.cu
expect quoted-device-header-run-elsewhere 0 "" -- sh -c 'cd elsewhere && "$0" --check ../quoted.cu -o /dev/null' "$tool"

# NVRTC missing or refusing: exit 3, a clear message, nothing written.
expect nvrtc-missing 3 "tirx-pp: error: --check: cannot load NVRTC: /nonexistent/libnvrtc.so.13: cannot open shared object file: No such file or directory" -- \
  env TIRX_NVRTC_LIBRARY=/nonexistent/libnvrtc.so.13 "$tool" --check warn.cu -o missing.cu
[ ! -e missing.cu ] && ok nvrtc-missing-writes-nothing || bad nvrtc-missing-writes-nothing
expect nvrtc-bad-arch 3 "tirx-pp: error: --check: nvrtc: error: invalid value for --gpu-architecture (-arch)" -- \
  "$tool" --check -arch=sm_70 warn.cu -o old.cu

# What real projects' builds give --check (CUDA-GEMM-Optimization, cuda_hgemm,
# ggml): each file compiles with nvcc as written; --check must pass on it.
# A C++14 project: NVRTC's C++ library (libcu++) needs C++17, nvcc's headers
# do not; the device code is checked as C++17, and one note says so.
cat > cxx14.cu <<'K'
#include <limits>
#include <type_traits>
__global__ void k(float *a) {
  static_assert(std::is_same<float, float>::value, "");
  a[0] = std::numeric_limits<float>::max();
}
K
expect cxx14 0 "tirx-pp: note: --check: NVRTC's C++ library needs C++17: the device code was checked as C++17, not as c++14" -- \
  "$tool" --check cxx14.cu -o cxx14.out.cu -- -std=c++14 --expt-relaxed-constexpr
expect cxx11 0 "tirx-pp: note: --check: NVRTC's C++ library needs C++17: the device code was checked as C++17, not as c++11" -- \
  "$tool" --check -std=c++11 cxx14.cu -o cxx14.out.cu

# Explicit instantiations of a host launcher template, which libclang does
# not show as declarations: blanked with the template (NVRTC said "is not a
# template"); those of a kernel template stay.
cat > inst.cu <<'K'
#include <cstddef>
template <typename T>
__global__ void scale(T *a, size_t n) {
  size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] *= T(2);
}
template __global__ void scale<float>(float *, size_t);
template __global__ void scale(int *, size_t);

namespace lib {
template <typename T>
void launch_scale(T *a, size_t n, cudaStream_t stream) {
  scale<T><<<(n + 255) / 256, 256, 0, stream>>>(a, n);
}
}  // namespace lib

// Explicit instantiation.
template void lib::launch_scale<float>(float *a, size_t n,
                                       cudaStream_t stream);
template void lib::launch_scale(double *a, size_t n, cudaStream_t stream);
extern template void lib::launch_scale<int>(int *a, size_t n, cudaStream_t stream);
K
expect explicit-instantiation 0 "" -- "$tool" --check inst.cu -o inst.out.cu
sed -i 's/scale(int \*, size_t)/scale(int *, size_t, int)/' inst.cu
expect explicit-instantiation-kernel-kept 1 'inst.cu:8:26: error: no instance of function template "scale" matches the specified type
template __global__ void scale(int *, size_t, int);
                         ^' -- "$tool" --check inst.cu -o inst.out.cu

# Explicit instantiations spelled through a macro (ggml's `extern
# DECL_MMQ_CASE(GGML_TYPE_Q4_0);` in mmq.cuh and its template-instances/), in a
# header and in the file, one macro inside another: blanked with the host
# template they instantiate (NVRTC said "launch_fill is not a template"); one
# of a kernel template stays.
cat > minst.h <<'H'
#pragma once
template <int N> __global__ void fill(float *a) { a[threadIdx.x] = N; }
template <int N> void launch_fill(float *a, cudaStream_t s) { fill<N><<<1, 32, 0, s>>>(a); }
#define DECL_FILL_CASE(N) \
    template void launch_fill<N>(float *a, cudaStream_t s)
#define DECL_FILL_CASES_EXTERN(N) \
    extern DECL_FILL_CASE(N); \
    extern DECL_FILL_CASE(2 * N)
#define DECL_FILL_KERNEL(T) template __global__ void fill<3>(T *)
extern DECL_FILL_CASE(1);
DECL_FILL_CASES_EXTERN(4);
H
cat > minst.cu <<'K'
#include <cstdio>
#include "minst.h"
DECL_FILL_CASE(1);
DECL_FILL_CASES_EXTERN(16);
DECL_FILL_KERNEL(float);
int main() { printf("%d\n", 1); }
K
expect macro-instantiation 0 "" -- "$tool" --check minst.cu -o minst.out.cu
sed -i 's/DECL_FILL_KERNEL(float)/DECL_FILL_KERNEL(int)/' minst.cu
expect macro-instantiation-kernel-kept 1 'minst.cu:5:1: error: no instance of function template "fill" matches the specified type
DECL_FILL_KERNEL(int);
^' -- "$tool" --check minst.cu -o minst.out.cu

# The instantiating macro #undef'd after its uses (vllm's INSTANTIATE ...
# #undef INSTANTIATE): libclang then calls it not function-like, and NVRTC
# said "invoke is not a template".
cat > minst_undef.cu <<'K'
template <typename T, int N> __global__ void kern(T *p) { p[threadIdx.x] = N; }
template <typename T, int N> void invoke(T *p, cudaStream_t s) { kern<T, N><<<1, 32, 0, s>>>(p); }
#define INSTANTIATE(M) template void invoke<float, M>(float *, cudaStream_t);
INSTANTIATE(1)
INSTANTIATE(2)
#undef INSTANTIATE
K
expect macro-instantiation-undef 0 "" -- "$tool" --check minst_undef.cu -o minst_undef.out.cu

# A function made constexpr by a macro (CUTLASS's CUTLASS_CONSTEXPR_IF_CXX17
# in cutlass/exmy_base.h): device code may call it, as nvcc allows a
# constexpr function there, so the view keeps it (clang's declaration says
# constexpr; the text before its name does not). It was blanked as a host
# function: 'identifier "select_width" is undefined'.
cat > constexpr_macro.cu <<'K'
#define MY_CONSTEXPR constexpr
template <int N> MY_CONSTEXPR int select_width() { return N > 4 ? 8 : 4; }
MY_CONSTEXPR int twice(int x) { return 2 * x; }
__global__ void k(int *o) { o[0] = select_width<5>() + twice(o[1]); }
K
expect constexpr-by-macro 0 "" -- "$tool" --check -std=c++17 constexpr_macro.cu -o constexpr_macro.out.cu

# CUB's umbrella header (ggml's argsort.cu, cumsum.cu, sum.cu): its
# device-wide algorithms are host functions that NVRTC refuses ("A function
# explicitly marked as a __host__ function is not allowed in JIT mode"), its
# block-level parts are device code: NVRTC reads those only, and a
# <cub/device/...> header is left out as a host library is. libcu++'s cmath,
# which CUB brings, defines INFINITY and NAN again: no warning about the
# stand-ins' own macros.
cat > cub.cu <<'K'
#include <cub/cub.cuh>
#include <cub/device/device_scan.cuh>
using namespace cub;
template <int B> __global__ void scan_block(float *a) {
  using BlockScanT = cub::BlockScan<float, B>;
  __shared__ typename BlockScanT::TempStorage tmp;
  float x = a[threadIdx.x];
  BlockScanT(tmp).InclusiveSum(x, x);
  a[threadIdx.x] = x + INFINITY * 0.f;
}
void scan(float *a, float *b, int n, cudaStream_t s) {
  size_t bytes = 0;
  cub::DeviceScan::InclusiveSum(nullptr, bytes, a, b, n, s);
  scan_block<128><<<1, 128, 0, s>>>(a);
}
K
expect cub 0 "" -- "$tool" --check cub.cu -o cub.out.cu
# The toolkit's graphics interop headers are host APIs that include EGL's and
# OpenGL's headers from /usr/include, which NVRTC does not search
# (cuda-samples' EGLStream_CUDA_CrossGPU): left out as a host library is.
printf '#include <cudaEGL.h>\n#include <cuda_gl_interop.h>\n__global__ void k(float *a) { a[0] = 1.f; }\n' > egl.cu
expect graphics-interop 0 "" -- "$tool" --check egl.cu -o egl.out.cu
# The host's system macros, which nvcc's device pass has too (cuda-samples'
# simpleIPC.cu picks its atomics by platform and stops with #error otherwise).
printf '#if defined(__linux__)\n#define PLATFORM 1\n#elif defined(_WIN32)\n#define PLATFORM 2\n#else\n#error Unsupported system\n#endif\n__global__ void k(int *a) { a[0] = PLATFORM; }\n' > platform.cu
expect platform-macros 0 "" -- "$tool" --check platform.cu -o platform.out.cu
# Thrust does not compile under NVRTC, and its classes reach device code (a
# functor for thrust::generate, cuda-samples' cdpQuadtree.cu): nothing is
# checked, one note says why, exit 0 and the output written.
cat > thrust.cu <<'K'
#include <cstdio>
#include <thrust/device_vector.h>
#include <thrust/random.h>
struct uniform {
  __host__ __device__ float operator()() const {
    thrust::default_random_engine rng;
    thrust::uniform_real_distribution<float> dist;
    return dist(rng);
  }
};
__global__ void k(float *a) { a[threadIdx.x] = uniform()(); }
int main() { thrust::device_vector<float> v(32); k<<<1, 32>>>(thrust::raw_pointer_cast(v.data())); }
K
expect thrust 0 "thrust.cu:2:1: note: --check: nothing checked: <thrust/device_vector.h> does not compile under NVRTC (Thrust's containers and algorithms are host code to it), and device code here may use it" -- \
  "$tool" --check thrust.cu -o thrust.out.cu
[ -s thrust.out.cu ] && ok thrust-output-written || bad thrust-output-written
# The same spelled with quotes, found in CUDA's directory (cuda-samples'
# particles_kernel_impl.cuh: #include "thrust/device_ptr.h").
printf '#include "thrust/device_ptr.h"\n__global__ void k(float *a) { a[0] = 1.f; }\nint main() { thrust::device_ptr<float> p; (void)p; }\n' > thrq.cu
expect thrust-quoted 0 'thrq.cu:1:1: note: --check: nothing checked: "thrust/device_ptr.h" does not compile under NVRTC (Thrust'"'"'s containers and algorithms are host code to it), and device code here may use it' -- \
  "$tool" --check thrq.cu -o thrq.out.cu

# A constant whose initializer names host functions (ggml-cuda.cu's
# `static const ggml_backend_buffer_i ggml_backend_cuda_buffer_interface = {...}`)
# is host code, blanked with them; one computed by a constexpr function stays
# for device code.
cat > iface.cu <<'K'
#include <cstdio>
struct buffer_i {
  void (*free_buffer)(void *);
  const char *(*name)(void *);
};
static void buffer_free(void *p) { cudaFree(p); }
static const char *buffer_name(void *) { return "CUDA"; }
static const buffer_i buffer_interface = {
    /* .free_buffer = */ buffer_free,
    /* .name        = */ buffer_name,
};
constexpr int tile() { return 32; }
static const int TILE = tile();
__global__ void k(float *a) { a[threadIdx.x] *= TILE; }
int main() { printf("%s\n", buffer_interface.name(nullptr)); }
K
expect host-function-table 0 "" -- "$tool" --check iface.cu -o iface.out.cu
# A class's constant of a cuBLAS enumeration (ggml-cuda.cu's batched_mul_mat_traits),
# <cublas_v2.h> left out: the stand-in keeps cuBLAS's enumerations.
printf '#include <cublas_v2.h>\nstruct traits { static inline const cublasComputeType_t compute_type = CUBLAS_COMPUTE_32F; static inline const cublasOperation_t op = CUBLAS_OP_T; };\n__global__ void k(float *a) { a[0] = 1.f; }\nint main() { return traits::compute_type == CUBLAS_COMPUTE_32F ? 0 : 1; }\n' > cbenum.cu
expect cublas-enum-member 0 "" -- "$tool" --check cbenum.cu -o cbenum.out.cu
# <cublasLt.h> left out: its descriptor types stay (bitsandbytes' compat.cuh).
printf '#include <cublasLt.h>\nstruct lt { cublasLtHandle_t h; cublasLtMatmulDesc_t d; cublasLtMatrixLayout_t a; cublasLtMatmulPreference_t p; cublasLtMatmulAlgo_t algo; };\n__global__ void k(float *x) { x[threadIdx.x] *= 2.f; }\nint main() { lt l = {}; return l.d ? 1 : 0; }\n' > cblt.cu
expect cublaslt-descriptors 0 "" -- "$tool" --check cblt.cu -o cblt.out.cu
# A static data member of a class type (ggml-cuda.cu's `static inline const half
# alpha = 1.0;`) is a host variable to nvcc: blanked, and so is its definition
# outside the class (NVRTC said "dynamic initialization is not supported for a
# __device__ variable", then 'class "traits<1>" has no member "gamma"'); one of
# a scalar type stays for device code.
cat > smember.cu <<'K'
#include <cuda_fp16.h>
template <int T> struct traits;
template <> struct traits<1> {
  static inline const half alpha = 1.0;
  static inline const float beta = 0.0f;
  static const int n = 4;
  static const half gamma;
};
const half traits<1>::gamma = 2.0;
__global__ void k(float *a) { a[0] = traits<1>::beta * traits<1>::n; }
int main() { return __half2float(traits<1>::alpha) > 0.f ? 0 : 1; }
K
expect static-member-of-class-type 0 "" -- "$tool" --check smember.cu -o smember.out.cu

# Host declarations that the check keeps (typedefs, classes, using-declarations)
# name POSIX and iostream types (cuda-samples' multithreading.h, helper_multiprocess.h,
# simpleMPI.cu) and initialize members of standard library classes
# (cuda_hgemm's matrix.h): the stand-ins declare them and take any initializer.
cat > hostdecl.cu <<'K'
#include <iostream>
#include <memory>
#include <string>
#include <vector>
#include <pthread.h>
#include <semaphore.h>
#include <unistd.h>
using std::cerr;
using std::endl;
typedef pthread_t Thread;
typedef pid_t Process;
struct Barrier {
  pthread_mutex_t mutex;
  pthread_cond_t cond;
  sem_t sem;
};
class Matrix {
 public:
  explicit Matrix(size_t n) : n_(n) {}
  __device__ static float twice(float x) { return 2.f * x; }
 private:
  size_t n_ = 0;
  std::string name_ = "Matrix";
  std::shared_ptr<float> host_ = nullptr;
  std::vector<int> dims_{1, 2};
};
__global__ void k(float *a) { a[threadIdx.x] = Matrix::twice(a[threadIdx.x]); }
int main() { Matrix m(4); cerr << getpid() << endl; }
K
expect host-declarations 0 "" -- "$tool" --check hostdecl.cu -o hostdecl.out.cu
# libstdc++'s <random> and <iostream> bring std::string (cuda_hgemm's matrix.h).
printf '#include <random>\n#include <iostream>\nstruct M { const std::string name = "M"; std::ostream *os = nullptr; };\n__global__ void k(float *a) { a[0] = 1.f; }\nint main() { M m; std::cout << m.name << std::endl; }\n' > rnd.cu
expect string-through-random 0 "" -- "$tool" --check rnd.cu -o rnd.out.cu
# A host functor the check keeps that holds <random>'s engine and
# distributions (CUTLASS's tools/util RandomUniformFunc: `using engine_type =
# std::mt19937; engine_type rnd; std::bernoulli_distribution dist;`).
printf '#include <random>\nstruct F { using engine_type = std::mt19937; engine_type rnd; std::bernoulli_distribution b; std::uniform_int_distribution<> u{0, 9}; std::normal_distribution<double> n; F(int s) : rnd(s), b(0.5) {} int operator()() { return u(rnd); } };\n__global__ void k(float *a) { a[0] = 1.f; }\nint main() { F f(1); return f(); }\n' > rnd2.cu
expect random-engine-members 0 "" -- "$tool" --check rnd2.cu -o rnd2.out.cu

# A project's -I /usr/include and -I of CUDA's include directory (cuda_hgemm):
# the C library's headers are not the user's, NVRTC gets the stand-ins; a
# quoted #include of a cuBLAS header (in the file and in a user header) and of
# gcc's "omp.h" is left out like the <...> ones; <functional> and <random>
# bring std::enable_if, as libstdc++'s do (CUDA-GEMM-Optimization).
mkdir -p hg && cat > hg/common.h <<'H'
#pragma once
#include <stdint.h>
#include <stdio.h>
#include "cublas_v2.h"
#include "cuda_fp16.h"
inline void check_blas(cublasStatus_t s) { if (s != CUBLAS_STATUS_SUCCESS) printf("cublas %d\n", (int)s); }
struct context {  // a class is not blanked: its handle member must be declared
  cublasHandle_t handles[2] = {nullptr};
  __device__ int device() const { return 0; }
};
H
cat > hg.cu <<'K'
#include <functional>
#include <random>
#include "omp.h"
#include "cublas_v2.h"
#include "common.h"

template <typename T, typename std::enable_if<std::is_same<T, half>::value, bool>::type = true>
__global__ void k(T *a, uint32_t n) {
  uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = __hadd(a[i], a[i]);
}

int main() {
  cublasHandle_t h;
  check_blas(cublasCreate(&h));
  half *a = nullptr;
  k<<<1, 32>>>(a, 32u);
#pragma omp parallel for
  for (int i = 0; i < 4; ++i) printf("%d\n", omp_get_thread_num());
}
K
expect usr-include 0 "" -- "$tool" --check hg.cu -o hg.out.cu -- -std=c++17 -Xcompiler -fopenmp -I "$tmp/hg" -I /usr/local/cuda/include -I /usr/include


# Attributes before a host declaration (ggml.h: `GGML_NORETURN
# GGML_ATTRIBUTE_FORMAT(3, 4)` on the line before `GGML_API void ggml_abort(...)`)
# are blanked with it: left behind they would apply to the next declaration.
# Programmatic dependent launch's device calls, which nvcc declares and NVRTC
# does not, and GNU's __extension__, which gcc takes (ggml's common.cuh and
# ggml-common.h).
cat > attr.cu <<'K'
#include <cstdio>
#define NORETURN [[noreturn]]
#define FORMAT(...) __attribute__((format(printf, __VA_ARGS__)))
#define API __attribute__((visibility("default"))) extern
extern "C" {
    NORETURN FORMAT(3, 4)
    API void lib_abort(const char *file, int line, const char *fmt, ...);
    enum lib_status { LIB_OK = 1 };
}
[[nodiscard]] int lib_count(int);
[[noreturn]] void lib_exit();
typedef struct {
    __extension__ union {
        struct { short d, m; } s;
        int dm;
    } u;
    int x;
} block;

__global__ void k(block *b) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  cudaGridDependencySynchronize();
#endif
  b->x = LIB_OK;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  cudaTriggerProgrammaticLaunchCompletion();
#endif
}
K
expect attributes-pdl 0 "" -- "$tool" --check attr.cu -o attr.out.cu

# Members a macro declares (tiny-cuda-nn's TVEC_BODY): a host-only one is not
# blanked with the whole macro use, whose device members device code calls.
cat > macro_members.cu <<'K'
#define BODY \
  V() = default; \
  void host_only() {} \
  __host__ __device__ V(float s) : x(s) {}

struct V {
  BODY
  float x;
};

__global__ void k(float *a) { V v(2.f); a[threadIdx.x] = v.x; }
K
expect macro-declared-members 0 "" -- "$tool" --check macro_members.cu -o macro_members.out.cu
# Host classes derived from or holding the standard exceptions (nlohmann::json's).
cat > exceptions.cu <<'K'
#include <stdexcept>
#include <string>
class my_error : public std::exception {
 public:
  explicit my_error(const char *w) : m(w) {}
  const char *what() const noexcept override { return m.what(); }
 private:
  std::runtime_error m;
};
struct bad_size : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};
__global__ void k(float *a) { a[threadIdx.x] = 1.f; }
K
expect std-exceptions 0 "" -- "$tool" --check exceptions.cu -o exceptions.out.cu

# What DeepSpeed's, flashinfer's and tvm-ffi's headers hold, each of which nvcc
# builds: a host declaration with a conditional inside it (blanked, its #if
# and #endif stay), explicitly __host__ members of a class device code uses,
# a host class's `struct timespec` member, std::alignment_of_v with no
# standard include, a test of __GLIBC__ that includes <endian.h>, and the
# device runtime's own header included directly.
cat > first_contact.cu <<'K'
#include <cuda_device_runtime_api.h>
#include <stdexcept>
#include <time.h>
int host_api(int m,
#if defined(SOME_OTHER_PLATFORM) && \
    defined(ITS_VERSION_2)
             long algo = 0);
#else
             int algo = 1);
#endif
class IntFastDiv {
 public:
  __host__ IntFastDiv() : d(1) {}
  __host__ IntFastDiv(int divisor) : d(divisor) {
    if (d == 0) throw std::runtime_error("IntFastDiv: cannot divide by 0");
  }
  __host__ __device__ operator int() const { return d; }
 private:
  int d;
};
class Stopwatch {
  struct timespec m_start;
 public:
  void start() { clock_gettime(CLOCK_MONOTONIC, &m_start); }
};
#if defined(__GLIBC__)
#include <endian.h>
#define LITTLE (__BYTE_ORDER == __LITTLE_ENDIAN)
#else
#error "Unable to determine endianness"
#endif
template <typename T> struct Pack { struct __align__(std::alignment_of_v<T>) type { T a[LITTLE]; }; };
__global__ void k(IntFastDiv f, float *a) {
  cudaGridDependencySynchronize();
  Pack<float>::type p;
  p.a[0] = 1.f;
  a[threadIdx.x] = p.a[0] + threadIdx.x / int(f);
}
K
expect first-contact-headers 0 "" -- "$tool" --check first_contact.cu -o first_contact.out.cu -- -std=c++17

# An #include in a branch NVRTC skips: the guard that stands for it is more
# lines than the #include, and the error after the conditional is still
# reported at its own line; an #elif continued on the next line stays whole.
mkdir -p skipped
cat > skipped/h.h <<'K'
#pragma once
#if defined(NOT_DEFINED_ANYWHERE)
#include <endian.h>
#include <cstddef>
#elif defined(NOR_THIS) || \
    defined(NOR_THAT)
#include <cstdint>
#endif
__device__ float f() { return missing_thing; }
K
printf '#include "skipped/h.h"\n__global__ void k(float *a) { a[threadIdx.x] = f(); }\n' > skipped.cu
expect skipped-include-lines 1 'skipped/h.h:9:31: error: identifier "missing_thing" is undefined
__device__ float f() { return missing_thing; }
                              ^' -- "$tool" --check skipped.cu -o skipped.out.cu

# Functions deleted (or defaulted) at namespace scope (tvm-ffi's `void f(A) =
# delete;`): clang's extent stops before `= delete`, and the view blanked the
# declaration but left ` = delete;` ("expected a declaration"). They stay whole.
cat > deleted.cu <<'K'
#include <string>
struct A {};
void take(A) = delete;
template <class T>
void take_any(T) = delete;
std::string label();
__global__ void k(float *a) {
#pragma tirx unroll
  for (int i = 0; i < 2; ++i) a[i] = 1.f;
}
K
expect deleted-at-namespace-scope 0 "" -- "$tool" --check deleted.cu -o deleted.out.cu

# std::max of an initializer list and std::char_traits in constexpr code,
# which nvcc compiles with --expt-relaxed-constexpr (tvm-ffi's): the stand-ins have them.
cat > std_constexpr.cu <<'K'
#include <algorithm>
#include <string>
struct Key {
  const char *s;
  __host__ __device__ constexpr size_t size() const { return std::char_traits<char>::length(s); }
};
constexpr int widest = std::max({4, 8, 2}), narrowest = std::min({4, 8, 2});
__global__ void k(float *a) {
  constexpr Key key{"abc"};
  static_assert(key.size() == 3 && widest == 8 && narrowest == 2, "the stand-ins compute as the library does");
#pragma tirx unroll
  for (int i = 0; i < 2; ++i) a[i] = key.size() + widest;
}
K
expect std-list-max-char-traits 0 "" -- "$tool" --check std_constexpr.cu -o std_constexpr.out.cu

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
