// A collective whose literal mask names lanes that the elect leaves out.
__global__ void k(int *out, int v) {
#pragma tirx elect
  out[blockIdx.x] = __shfl_sync(0x3, v, 0);
}
