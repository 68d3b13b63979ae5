// A region inside another whose indices it never takes: dead code (was only
// a coverage warning).
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx async(wg == 0)
  {
#pragma tirx async(wg == 1)
    { a[1] = 1.f; }
    a[0] = 1.f;
  }
#pragma tirx async(wg == 1)
  { a[2] = 1.f; }
}
