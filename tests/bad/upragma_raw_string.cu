__global__ void k(float *a) {
  _Pragma(R"(tirx unroll)")
  for (int i = 0; i < 2; ++i) a[i] = 0;
}
