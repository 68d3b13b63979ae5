__global__ void zero(float *x) {
#include "body.inc"
}
