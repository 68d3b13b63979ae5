// A struct read by a member's name in the body while a vectorized pointer
// was made from its address: the scalar loop reads f.y after lane 1 doubled
// it, the vector path would read it as it was before the loop (s: 7 * y,
// not 4 * y). The loop falls back; without the address taken, it vectorizes.
struct F4 {
  float x, y, z, w;
};

__global__ void through_address(float *out, const float *in) {
  F4 f = {in[0], in[1], in[2], in[3]};
  float *p = (float *)&f;
  float s = 0;
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) {
    p[v] = p[v] * 2.f;
    s += f.y;
  }
  out[threadIdx.x] = s + f.x;
}

__global__ void apart(float *out, const float *in, float *p) {
  F4 f = {in[0], in[1], in[2], in[3]};
  float s = 0;
#pragma tirx vectorize
  for (int v = 0; v < 4; ++v) {
    p[v] = p[v] * 2.f;
    s += f.y;
  }
  out[threadIdx.x] = s + f.x;
}
