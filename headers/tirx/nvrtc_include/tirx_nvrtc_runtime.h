// tirx_nvrtc_runtime.h - the device functions of CUDA's runtime that nvcc
// declares (cuda_device_runtime_api.h, which cuda_runtime.h brings) and NVRTC
// does not: programmatic dependent launch's, which device code calls with no
// include (ggml's common.cuh). Pre-included by tirx-pp --check: the toolkit's
// own header, as cuda_runtime.h includes it (its internal headers then do not
// warn), so that a program's own #include of it (flashinfer's utils.cuh) is a
// second inclusion, which its guard skips; where NVRTC cannot find it, the
// same bodies as nvcc's.
#pragma once
#if __has_include(<cuda_device_runtime_api.h>)
#if !defined(__CUDA_INCLUDE_COMPILER_INTERNAL_HEADERS__)
#define __CUDA_INCLUDE_COMPILER_INTERNAL_HEADERS__
#define __TIRX_UNDEF_INTERNAL_HEADERS
#endif
#include <cuda_device_runtime_api.h>
#if defined(__TIRX_UNDEF_INTERNAL_HEADERS)
#undef __CUDA_INCLUDE_COMPILER_INTERNAL_HEADERS__
#undef __TIRX_UNDEF_INTERNAL_HEADERS
#endif
#else
static inline __device__ void cudaGridDependencySynchronize(void) { asm volatile("griddepcontrol.wait;" ::: "memory"); }
static inline __device__ void cudaTriggerProgrammaticLaunchCompletion(void) {
  asm volatile("griddepcontrol.launch_dependents;" :::);
}
#endif
// GCC's bit builtins that nvcc takes in device code and NVRTC does not know
// (a constexpr host function such as vllm's next_pow_2 is compiled for the
// device here): nvcc's meaning, its device intrinsics. The ones nvcc refuses
// in device code (__builtin_ctz, __builtin_clzl, ...) stay unknown.
#ifndef __builtin_clz
#define __builtin_clz(x) __clz((int)(x))
#define __builtin_clzll(x) __clzll((long long)(x))
#define __builtin_ffs(x) __ffs((int)(x))
#define __builtin_ffsll(x) __ffsll((long long)(x))
#define __builtin_popcount(x) __popc((unsigned)(x))
#define __builtin_popcountll(x) __popcll((unsigned long long)(x))
#endif
