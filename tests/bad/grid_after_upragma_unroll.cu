// nvcc's unroll pragma in its _Pragma spelling before a grid: the same as
// `#pragma unroll 2` there, an error.
__global__ void fill(float *a, int n) {
  _Pragma("unroll 2")
#pragma tirx grid(i: n)
  a[i] = 3;
}
