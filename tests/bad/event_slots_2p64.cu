// 2^64 + 1 slots: clang's error must point at the literal, not column 1.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event e[18446744073709551617]
#pragma tirx async(wg == 0)
  {
    tirx_wait(e[0]);
    a[0] = 0.f;
  }
#pragma tirx async(wg == 1)
  {
    tirx_trigger(e[0]);
  }
}
