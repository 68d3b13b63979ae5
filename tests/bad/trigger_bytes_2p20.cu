// 2^20 bytes: one more than expect_tx counts.
__global__ void k(float *a) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[2]
#pragma tirx async(wg == 0)
  { tirx_trigger_bytes(full[1], 1048576u); }
#pragma tirx async(wg == 1)
  { tirx_wait(full[1]); a[0] = 1.f; }
}
