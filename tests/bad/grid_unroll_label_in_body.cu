__global__ void k(float *out) {
#pragma tirx grid(i: 2) unroll
  {
    if (out[i] > 0) goto done;
    out[i] = 0;
  done:;
  }
}
