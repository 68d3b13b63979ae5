// tirx_region_sync() outside any region.
__global__ void k(float *a) {
  tirx_region_sync();
}
