__device__ int counter(int n) {
  int total = 0;
  TIRX_UNROLL for (int i = 0; i < 3; ++i) {
    static int calls = 0;
    total += ++calls + n;
  }
  return total;
}
