// A floating count: not an integer constant (and not 2147483647).
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 1e400)
  a[0] = 0.f;
}
