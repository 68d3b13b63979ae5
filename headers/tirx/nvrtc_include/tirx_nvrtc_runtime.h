// tirx_nvrtc_runtime.h - the device functions of CUDA's runtime that nvcc
// declares (cuda_device_runtime_api.h, which cuda_runtime.h brings) and NVRTC
// does not: programmatic dependent launch's, which device code calls with no
// include (ggml's common.cuh). Pre-included by tirx-pp --check; the same
// bodies as nvcc's.
#pragma once
static inline __device__ void cudaGridDependencySynchronize(void) { asm volatile("griddepcontrol.wait;" ::: "memory"); }
static inline __device__ void cudaTriggerProgrammaticLaunchCompletion(void) {
  asm volatile("griddepcontrol.launch_dependents;" :::);
}
