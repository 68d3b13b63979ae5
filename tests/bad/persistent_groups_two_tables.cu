// Two loops of one kernel over different groups: a kernel has one table.
__global__ void k(float *out, const int *a, const int *b, int groups) {
  if (threadIdx.x < 128) {
#pragma tirx persistent(g, t: groups(a, groups, counts, rows(64), cols(4), max(64)))
    out[g * 64 + t] = 0.f;
  } else {
#pragma tirx persistent(g, t: groups(b, groups, counts, rows(64), cols(4), max(64)))
    out[g * 64 + t] = 1.f;
  }
}
