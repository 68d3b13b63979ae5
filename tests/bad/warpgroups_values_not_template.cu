// values() on a kernel that is not a template: D is a constant of the file.
constexpr int D = 64;
__global__ void k(float *out) {
#pragma tirx warpgroups(wg: 1 + (D == 64 ? 3 : 2)) values(D: 64, 128)
#pragma tirx async(wg >= 0)
  { out[threadIdx.x] = D; }
}
