// TIRX_PP_OWN_HEADER 0.1.0
// tirx_intrinsics.h - the CUDA device functions that nvcc's headers declare
// and clang 19's CUDA wrapper leaves out. Only tirx-pp's libclang parse sees
// this file (build_args in rewriters/driver.c passes -include); nvcc compiles
// the output with the toolkit's own headers.
//
// clang's wrapper (__clang_cuda_runtime_wrapper.h) includes a chosen subset of
// the toolkit's headers and defines the rest itself. What it skips and nothing
// else declares: sm_32_intrinsics.h's cache-hint loads and stores,
// surface_indirect_functions.h, sm_90_rt.h's 128-bit atomics, sm_100_rt.h's
// float2 arithmetic, __nv_aligned_device_malloc; nvcc's built-in
// __nv_atomic_* functions; and cooperative groups offers clusters to nvcc
// only. These are declarations only: the parse needs names and types, never
// code. They are declared for every architecture: the parse assumes at most
// sm_90a, and a declaration too many can only let a file parse that nvcc
// then judges on its own.
#pragma once
#if defined(__CUDA__) && defined(__cplusplus)

// --- sm_32_intrinsics.h: loads and stores with cache hints -----------------
// The toolkit declares each for the same 30 types; cuda_fp16.h and
// cuda_bf16.h add their own overloads, which these do not touch.
#define TIRX_SHIM_HINTS(T)                                                                                  \
  __device__ T __ldcg(const T *ptr);                                                                       \
  __device__ T __ldca(const T *ptr);                                                                       \
  __device__ T __ldcs(const T *ptr);                                                                       \
  __device__ T __ldlu(const T *ptr);                                                                       \
  __device__ T __ldcv(const T *ptr);                                                                       \
  __device__ void __stwb(T *ptr, T value);                                                                 \
  __device__ void __stcg(T *ptr, T value);                                                                 \
  __device__ void __stcs(T *ptr, T value);                                                                 \
  __device__ void __stwt(T *ptr, T value);
TIRX_SHIM_HINTS(char)
TIRX_SHIM_HINTS(signed char)
TIRX_SHIM_HINTS(unsigned char)
TIRX_SHIM_HINTS(short)
TIRX_SHIM_HINTS(unsigned short)
TIRX_SHIM_HINTS(int)
TIRX_SHIM_HINTS(unsigned int)
TIRX_SHIM_HINTS(long)
TIRX_SHIM_HINTS(unsigned long)
TIRX_SHIM_HINTS(long long)
TIRX_SHIM_HINTS(unsigned long long)
TIRX_SHIM_HINTS(float)
TIRX_SHIM_HINTS(double)
TIRX_SHIM_HINTS(char2)
TIRX_SHIM_HINTS(char4)
TIRX_SHIM_HINTS(uchar2)
TIRX_SHIM_HINTS(uchar4)
TIRX_SHIM_HINTS(short2)
TIRX_SHIM_HINTS(short4)
TIRX_SHIM_HINTS(ushort2)
TIRX_SHIM_HINTS(ushort4)
TIRX_SHIM_HINTS(int2)
TIRX_SHIM_HINTS(int4)
TIRX_SHIM_HINTS(uint2)
TIRX_SHIM_HINTS(uint4)
TIRX_SHIM_HINTS(longlong2)
TIRX_SHIM_HINTS(ulonglong2)
TIRX_SHIM_HINTS(float2)
TIRX_SHIM_HINTS(float4)
TIRX_SHIM_HINTS(double2)
#undef TIRX_SHIM_HINTS

// --- surface_indirect_functions.h: surf1Dread ... surfCubemapLayeredwrite ---
// The toolkit's own header, its bodies emptied: they expand
// __nv_tex_surf_handler, which clang implements for textures only.
#if __has_include(<surface_indirect_functions.h>)
#pragma push_macro("__nv_tex_surf_handler")
#undef __nv_tex_surf_handler
#define __nv_tex_surf_handler(...)
#include <surface_indirect_functions.h>
#pragma pop_macro("__nv_tex_surf_handler")
#endif

// --- sm_90_rt.h: 128-bit atomicCAS and atomicExch --------------------------
// Templates for any trivially copyable type of 16 bytes aligned to 16, as
// the toolkit's (which the int/unsigned/... overloads beat on their types).
namespace tirx_shim {
template <bool B, class T> struct enable_if {};
template <class T> struct enable_if<true, T> { typedef T type; };
template <class T> struct atomic128 : enable_if<sizeof(T) == 16 && alignof(T) >= 16 && __is_trivially_copyable(T), T> {};
}  // namespace tirx_shim
template <class T> __device__ typename tirx_shim::atomic128<T>::type atomicCAS(T *address, T compare, T val);
template <class T> __device__ typename tirx_shim::atomic128<T>::type atomicCAS_block(T *address, T compare, T val);
template <class T> __device__ typename tirx_shim::atomic128<T>::type atomicCAS_system(T *address, T compare, T val);
template <class T> __device__ typename tirx_shim::atomic128<T>::type atomicExch(T *address, T val);
template <class T> __device__ typename tirx_shim::atomic128<T>::type atomicExch_block(T *address, T val);
template <class T> __device__ typename tirx_shim::atomic128<T>::type atomicExch_system(T *address, T val);

// --- sm_100_rt.h: float2 arithmetic with a rounding mode --------------------
#define TIRX_SHIM_FLOAT2(R)                                                                                 \
  __device__ float2 __ffma2_##R(float2 x, float2 y, float2 z);                                             \
  __device__ float2 __fadd2_##R(float2 x, float2 y);                                                       \
  __device__ float2 __fmul2_##R(float2 x, float2 y);
TIRX_SHIM_FLOAT2(rn)
TIRX_SHIM_FLOAT2(rz)
TIRX_SHIM_FLOAT2(rd)
TIRX_SHIM_FLOAT2(ru)
#undef TIRX_SHIM_FLOAT2

// --- nvcc's built-in atomics: __nv_atomic_fetch_add, ... (CUDA 12.8) -------
// Built into nvcc and declared by no header. The orders and scopes have
// nvcc's values; like nvcc's, the value operand converts to the pointee type,
// and the scope defaults to the system's.
enum {
  __NV_ATOMIC_RELAXED = 0,
  __NV_ATOMIC_CONSUME = 1,
  __NV_ATOMIC_ACQUIRE = 2,
  __NV_ATOMIC_RELEASE = 3,
  __NV_ATOMIC_ACQ_REL = 4,
  __NV_ATOMIC_SEQ_CST = 5,
  __NV_THREAD_SCOPE_THREAD = 0,
  __NV_THREAD_SCOPE_BLOCK = 1,
  __NV_THREAD_SCOPE_CLUSTER = 2,
  __NV_THREAD_SCOPE_DEVICE = 3,
  __NV_THREAD_SCOPE_SYSTEM = 4,
};
namespace tirx_shim {
template <class T> struct same { typedef T type; };  // not deduced from
}  // namespace tirx_shim
#define TIRX_SHIM_SCOPE int scope = __NV_THREAD_SCOPE_SYSTEM
#define TIRX_SHIM_RMW(op)                                                                                   \
  template <class T>                                                                                       \
  __device__ T __nv_atomic_fetch_##op(T *ptr, typename tirx_shim::same<T>::type val, int order, TIRX_SHIM_SCOPE); \
  template <class T>                                                                                       \
  __device__ void __nv_atomic_##op(T *ptr, typename tirx_shim::same<T>::type val, int order, TIRX_SHIM_SCOPE);
TIRX_SHIM_RMW(add)
TIRX_SHIM_RMW(sub)
TIRX_SHIM_RMW(min)
TIRX_SHIM_RMW(max)
TIRX_SHIM_RMW(and)
TIRX_SHIM_RMW(or)
TIRX_SHIM_RMW(xor)
#undef TIRX_SHIM_RMW
template <class T> __device__ void __nv_atomic_exchange(T *ptr, T *val, T *ret, int order, TIRX_SHIM_SCOPE);
template <class T>
__device__ T __nv_atomic_exchange_n(T *ptr, typename tirx_shim::same<T>::type val, int order, TIRX_SHIM_SCOPE);
template <class T>
__device__ bool __nv_atomic_compare_exchange(T *ptr, T *expected, T *desired, bool weak, int success_order,
                                             int failure_order, TIRX_SHIM_SCOPE);
template <class T>
__device__ bool __nv_atomic_compare_exchange_n(T *ptr, T *expected, typename tirx_shim::same<T>::type desired,
                                               bool weak, int success_order, int failure_order, TIRX_SHIM_SCOPE);
template <class T> __device__ void __nv_atomic_load(T *ptr, T *ret, int order, TIRX_SHIM_SCOPE);
template <class T> __device__ T __nv_atomic_load_n(T *ptr, int order, TIRX_SHIM_SCOPE);
template <class T> __device__ void __nv_atomic_store(T *ptr, T *val, int order, TIRX_SHIM_SCOPE);
template <class T>
__device__ void __nv_atomic_store_n(T *ptr, typename tirx_shim::same<T>::type val, int order, TIRX_SHIM_SCOPE);
__device__ void __nv_atomic_thread_fence(int order, TIRX_SHIM_SCOPE);
#undef TIRX_SHIM_SCOPE

// --- cooperative_groups.h: cluster_group, this_cluster() --------------------
// cooperative_groups/details/info.h offers them to nvcc and NVRTC, or where
// this macro says the compiler has the cluster intrinsics: clang 19 does
// (__clang_cuda_intrinsics.h, sm_90 and later).
#define _CG_CLUSTER_INTRINSICS_AVAILABLE 1

// --- crt/math_functions.h: aligned device malloc ----------------------------
extern "C" __device__ void *__nv_aligned_device_malloc(size_t size, size_t align);

#endif
