// An undeclared name as the count: clang's word is the cause, not "not a constant expression".
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: nn)
  a[0] = 0.f;
}
