// An atomic's old value differs from lane to lane (each lane's add sees the
// adds of the lanes before it): the elected lane's slot is any one of 32.
// An atomic made under the elect is the elected lane's own (golden
// elect_broadcast_ok.cu has one).
#include "tirx.h"
__global__ void k(int *count, int *out) {
  int slot = atomicAdd(count, 1);
#pragma tirx elect
  out[blockIdx.x] = slot;
}
