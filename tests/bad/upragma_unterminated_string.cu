// _Pragma("tirx ... with the string never closed: the annotation must not
// vanish silently (nvcc only says "_Pragma takes a parenthesized string literal").
__global__ void k(float *a) {
  _Pragma("tirx unroll)
  for (int i = 0; i < 2; ++i) a[i] = 0.f;
}
