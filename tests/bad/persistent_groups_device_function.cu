// A loop over groups in a __device__ function: the table is the kernel's.
__device__ void tiles(float *out, const int *sizes, int groups) {
#pragma tirx persistent(g, t: groups(sizes, groups, offsets, rows(128), cols(8), max(64)))
  out[g * 64 + t] = 0.f;
}
