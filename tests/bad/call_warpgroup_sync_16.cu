// There are 16 named barriers, 0 to 15.
__global__ void k(float *a) {
  a[threadIdx.x] = 0.f;
  tirx_warpgroup_sync(16);
}
