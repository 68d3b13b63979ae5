// grid(i = 4): says how to write it.
__global__ void k(float *out) {
#pragma tirx grid(i = 4)
  out[i] = 0.f;
}
