// _Pragma spelling of an unknown directive.
__global__ void k(float *a) {
  _Pragma("tirx unrol") for (int i = 0; i < 2; ++i) a[i] = 0.f;
}
