#define KNAME a_kernel_with_a_long_name
__global__ void KNAME(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0)
  { a[0] = 1.f; }
#pragma tirx async(wg == 1)
  { a[1] = 2.f; }
}
