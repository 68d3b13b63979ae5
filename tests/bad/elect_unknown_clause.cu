// 'elect' with a clause it does not know.
__global__ void k(float *a) {
#pragma tirx elect now
  a[0] = 0.f;
}
