// faiss's L2Norm: an element named in uniform(...), which takes whole variables;
// the elect under it is not reported a second time.
__device__ float allsum(float v) {
  for (int m = 16; m > 0; m /= 2) v += __shfl_xor_sync(0xffffffff, v, m);
  return v;
}
__global__ void k(const float *in, float *out) {
  __shared__ float smem[32];
  float rowNorm[2];
  rowNorm[0] = allsum(in[threadIdx.x]);
#pragma tirx uniform(rowNorm[0])
#pragma tirx elect
  smem[threadIdx.x / 32] = rowNorm[0];
  __syncthreads();
  out[threadIdx.x] = smem[0];
}
