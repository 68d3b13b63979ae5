// An elect under a lane test spelled through a macro: tirx-pp read the macro
// name's last letter as the coordinate (threadIdx.y: only a warning).
#define LANE_ID (threadIdx.x % 32)
__global__ void k(float *out) {
  if (LANE_ID == 0)
    if (tirx_elect_sync()) out[0] = 1.f;
}
