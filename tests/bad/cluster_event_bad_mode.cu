#include "tirx.h"
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2] cluster(z)
}
