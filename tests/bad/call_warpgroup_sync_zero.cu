// Barrier 0 is __syncthreads()'s.
__global__ void k(float *a) {
  a[threadIdx.x] = 0.f;
  tirx_warpgroup_sync(0);
}
