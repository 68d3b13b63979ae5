// '#pragma tirx wait' names no event.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event e
#pragma tirx async(wg == 0)
  {
#pragma tirx wait
  }
#pragma tirx async(wg == 1)
  {
#pragma tirx trigger e
  }
}
