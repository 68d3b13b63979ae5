// A file that uses elect without including tirx.h gets the include added.
__global__ void k(int *c) {
#pragma tirx elect
  atomicAdd(c, 1);
}
