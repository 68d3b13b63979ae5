// A helper with two elects: the second's condition is on a parameter that is
// lane-dependent at the call; only the first elect was checked with the
// call's arguments.
__device__ void h(float *out, int w, int l) {
  if (w == 0)
    if (tirx_elect_sync()) out[0] = 1.f;
  if (l < 16)
    if (tirx_elect_sync()) out[1] = 1.f;
}
__global__ void k(float *out) { h(out, threadIdx.x / 32, threadIdx.x % 32); }
