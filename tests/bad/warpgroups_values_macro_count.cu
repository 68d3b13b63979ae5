// A count written through a macro that names D: tirx-pp puts the value where
// D is written in the annotation, not inside the macro.
#define CONSUMERS (D == 64 ? 3 : 2)
template <int D>
__global__ void k(float *out) {
#pragma tirx warpgroups(wg: 1 + CONSUMERS) values(D: 64, 128)
#pragma tirx async(wg >= 0)
  { out[threadIdx.x] = D; }
}
