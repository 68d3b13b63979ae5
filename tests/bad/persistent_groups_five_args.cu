// max(...) left out.
__global__ void k(float *out, const int *sizes, int groups) {
#pragma tirx persistent(g, t: groups(sizes, groups, offsets, rows(128), cols(8)))
  out[g * 64 + t] = 0.f;
}
