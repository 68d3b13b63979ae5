// A type as the columns of order(grouped(...)): copied into tirx_tile_grouped, nvcc would refuse it.
__global__ void k(float *a) {
#pragma tirx persistent(t: 64) order(grouped(int, 2))
  a[t] = 0.f;
}
