// What an elected statement may do without a message: what it does is the
// same whichever lane runs it (docs/threads.md, "What the elected statement
// may do").
#include <cuda_bf16.h>
struct Acc {
  float x, y;
};
__device__ void copy_tile(void *dst, const void *src, unsigned bytes, unsigned long long *bar) {
  if (bytes) *(float *)dst = *(const float *)src + (float)*bar;
}
__global__ void quiet(float *out, const float *in, int *count, unsigned long long *bar) {
  __shared__ float buf[256];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  Acc acc{0.f, 0.f};
  __nv_bfloat16 h = __float2bfloat16(in[threadIdx.x]);
  float m = in[threadIdx.x];
#pragma tirx elect
  {
    copy_tile(buf + warp * 32, in + blockIdx.x * 256, 128u, bar);  // arguments the same in every lane
    atomicAdd(&count[warp], 1);
    acc.x = (float)lane;  // this thread's own variables: no effect by itself
    h = __float2bfloat16(1.f);
    float s = expf(m);  // a pure call into a local of the statement
    (void)s;
    out[blockIdx.x * 8 + warp] = warp > 2 ? 1.f : 0.f;
  }
  m = in[lane];  // after the elect: cannot reach it
  out[threadIdx.x] = acc.x + __bfloat162float(h) + m;
}
