// A value that the parameter's type cannot hold: no instantiation has it.
template <signed char C>
__global__ void k(float *out) {
#pragma tirx warps(w: C / 50) values(C: 100, 300)
#pragma tirx async(w >= 0)
  { out[threadIdx.x] = C; }
}
