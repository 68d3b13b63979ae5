// '#pragma tirx trigger' with two slots.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event e[2]
#pragma tirx async(wg == 0)
  {
#pragma tirx wait e[0]
  }
#pragma tirx async(wg == 1)
  {
#pragma tirx trigger e[0] e[1]
  }
}
