// tests/gpu/trace_smem.cu - a kernel that leaves 256 bytes of the device's
// shared memory free (docs/trace.md, "Shared memory"). tests/gpu/run_trace.sh
// builds it three ways: plain, it launches; with --trace, the two regions'
// stages (2 x 512 bytes) do not fit and the launch stops with a message that
// says by how much and what to do; with --trace and -DTIRX_TRACE_STAGE=2
// (2 x 32 bytes), it launches and its trace is written. The launch takes
// its error with status(VAR), under which the message is printed only
// while a trace records.
//   trace_smem   prints "static S dynamic D most M", then launches; exit 0
//                when the kernel ran and its output is right, 1 with the
//                launch's error
#include <cstdio>

#include "tirx.h"

__global__ void halves(float *out) {
  extern __shared__ float buf[];
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0)
  {
    buf[threadIdx.x] = 1.f + (float)threadIdx.x;
    out[threadIdx.x] = buf[threadIdx.x];
  }
#pragma tirx async(wg == 1)
  { out[threadIdx.x] = 2.f; }
}

int main() {
  int device = 0, most = 0;
  cudaFuncAttributes attr;
  if (cudaGetDevice(&device) != cudaSuccess ||
      cudaDeviceGetAttribute(&most, cudaDevAttrMaxSharedMemoryPerBlockOptin, device) != cudaSuccess ||
      cudaFuncGetAttributes(&attr, halves) != cudaSuccess) {
    fprintf(stderr, "trace_smem: no device\n");
    return 2;
  }
  const size_t smem = (size_t)most - 256;  // 256 bytes left for static shared memory
  printf("static %zu dynamic %zu most %d\n", attr.sharedSizeBytes, smem, most);
  fflush(stdout);
  float *out = nullptr;
  if (cudaMalloc(&out, 256 * sizeof(float)) != cudaSuccess) return 2;
  cudaError_t err;
#pragma tirx launch smem(smem) status(err)
  halves<<<1, 256>>>(out);
  if (err != cudaSuccess) {
    fprintf(stderr, "trace_smem: %s\n", cudaGetErrorString(err));
    return 1;
  }
  float h[256];
  if (cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost) != cudaSuccess) return 2;
  for (int i = 0; i < 256; ++i)
    if (h[i] != (i < 128 ? 1.f + (float)i : 2.f)) {
      fprintf(stderr, "trace_smem: out[%d] = %g\n", i, h[i]);
      return 1;
    }
  cudaFree(out);
  puts("trace_smem: ran");
  return 0;
}
