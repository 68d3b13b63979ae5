// The third argument says what SIZES holds: offsets or counts.
__global__ void k(float *out, const int *sizes, int groups) {
#pragma tirx persistent(g, t: groups(sizes, groups, offset, rows(128), cols(8), max(64)))
  out[g * 64 + t] = 0.f;
}
