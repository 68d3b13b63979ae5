// hopper_compile.cu - every function of tirx/tma.h and tirx/wgmma.h in two
// kernels, for tests/headers/compile.sh (compiled for sm_90a, sm_90, sm_80 and
// sm_75, its PTX read), and a host main that checks what the host can compute: the
// descriptor's fields for several shared addresses.
#include "tirx/tma.h"
#include "tirx/wgmma.h"

#include <cstdio>

__global__ void every_function(const __grid_constant__ CUtensorMap map, int row, int col, int scale) {
  __shared__ __align__(1024) unsigned char tile[64 * 128];
  __shared__ uint64_t bar;
  float acc256[128] = {}, acc128[64] = {};
  tirx_tma_prefetch_map(&map);
  tirx_tma_load_2d(tile, &map, row, col, &bar);
  tirx_tma_load_2d_hint(tile, &map, row, col, &bar, scale ? tirx_l2_policy_evict_first() : tirx_l2_policy_evict_last());
  tirx_tma_load_2d_multicast(tile, &map, row, col, &bar, (uint16_t)scale);
  tirx_tma_load_3d_multicast(tile, &map, scale, row, col, &bar, (uint16_t)3);
  tirx_tma_load_2d_multicast_hint(tile, &map, row, col, &bar, (uint16_t)3, tirx_l2_policy_evict_first());
  tirx_wgmma_fence();
  const uint64_t d = tirx_wgmma_desc_sw128(tile);
  tirx_wgmma_m64n256k16_bf16(acc256, d, d + 2, scale);
  tirx_wgmma_m64n128k16_bf16(acc128, d, d + 2, scale);
  tirx_wgmma_commit();
  tirx_wgmma_wait<1>();
  tirx_wgmma_wait<0>();
  tirx_wgmma_fence_operand(acc256);
  tirx_wgmma_fence_operand(acc128);
  reinterpret_cast<float *>(tile)[threadIdx.x] = acc256[0] + acc256[127] + acc128[63];
  tirx_fence_proxy_async_smem();
  tirx_tma_store_2d(&map, row, col, tile);
  tirx_tma_store_commit();
  tirx_tma_store_wait_read<0>();
  tirx_tma_store_wait<0>();
}

// The rest of tirx/wgmma.h (the other shapes, the RS form, MN-major
// descriptors, the SS form with MN-major B), the 3D copies (the reduce-add
// too) and the bulk copies without a map, in a kernel of their own (one kernel
// with every accumulator live would serialize the wgmmas: ptxas advisory C7511).
__global__ void every_function_2(const __grid_constant__ CUtensorMap map, int row, int col, int scale, float *out) {
  __shared__ __align__(1024) unsigned char tile[64 * 128];
  __shared__ uint64_t bar;
  float acc160[80] = {}, acc64[32] = {};
  const uint32_t a[4] = {(uint32_t)row, (uint32_t)col, (uint32_t)scale, 0u};
  tirx_tma_load_3d(tile, &map, scale, row, col, &bar);
  tirx_tma_load_3d_hint(tile, &map, scale, row, col, &bar, tirx_l2_policy_evict_last());
  tirx_wgmma_fence();
  const uint64_t d = tirx_wgmma_desc_sw128(tile), mn = tirx_wgmma_desc_sw128_mn(tile, 64 * 128);
  tirx_wgmma_m64n160k16_bf16(acc160, d, d + 2, scale);
  tirx_wgmma_m64n160k16_f16(acc160, d, d + 2, scale);
  tirx_wgmma_m64n64k16_bf16(acc64, d, d + 2, scale);
  tirx_wgmma_m64n64k16_f16(acc64, d, d + 2, scale);
  tirx_wgmma_m64n64k16_bf16_rs<1>(acc64, a, mn, scale);
  tirx_wgmma_m64n64k16_f16_rs<0>(acc64, a, d, scale);
  tirx_wgmma_m64n64k16_bf16_ss<1>(acc64, d, mn, scale);
  tirx_wgmma_commit();
  tirx_wgmma_wait<0>();
  tirx_wgmma_fence_operand(acc160);
  tirx_wgmma_fence_operand(acc64);
  float acc128[64] = {};
  tirx_wgmma_fence();
  tirx_wgmma_m64n128k16_f16(acc128, d, d + 2, scale);
  tirx_wgmma_m64n128k16_bf16_rs<1>(acc128, a, mn, scale);
  tirx_wgmma_m64n128k16_f16_rs<0>(acc128, a, d, scale);
  tirx_wgmma_commit();
  tirx_wgmma_wait<0>();
  tirx_wgmma_fence_operand(acc128);
  reinterpret_cast<float *>(tile)[threadIdx.x] = acc160[79] + acc64[31] + acc128[63];
  tirx_fence_proxy_async_smem();
  tirx_tma_store_3d(&map, scale, row, col, tile);
  tirx_tma_reduce_add_3d(&map, scale, row, col, tile);
  tirx_bulk_reduce_add_f32(out, reinterpret_cast<float *>(tile), 64);
  tirx_bulk_store(out, tile, 64);
  tirx_tma_store_commit();
  tirx_tma_store_wait<0>();
}

// The bf16 widths of examples/gemm_bf16.cu's ragged tile shapes (152 and
// 80), in a kernel of their own for the same reason.
__global__ void every_function_widths(int scale) {
  __shared__ __align__(1024) unsigned char tile[64 * 128];
  float acc152[76] = {}, acc80[40] = {};
  tirx_wgmma_fence();
  const uint64_t d = tirx_wgmma_desc_sw128(tile);
  tirx_wgmma_m64n152k16_bf16(acc152, d, d + 2, scale);
  tirx_wgmma_m64n80k16_bf16(acc80, d, d + 2, scale);
  tirx_wgmma_commit();
  tirx_wgmma_wait<0>();
  tirx_wgmma_fence_operand(acc152);
  tirx_wgmma_fence_operand(acc80);
  reinterpret_cast<float *>(tile)[threadIdx.x] = acc152[75] + acc80[39];
}

// The fp8 (e4m3) wgmmas, in a kernel of their own for the same reason.
__global__ void every_function_fp8(int scale) {
  __shared__ __align__(1024) unsigned char tile[64 * 128];
  float acc256[128] = {}, acc128[64] = {};
  tirx_wgmma_fence();
  const uint64_t d = tirx_wgmma_desc_sw128(tile);
  tirx_wgmma_m64n256k32_e4m3(acc256, d, d + 2, scale);
  tirx_wgmma_m64n128k32_e4m3(acc128, d, d + 2, scale);
  tirx_wgmma_commit();
  tirx_wgmma_wait<0>();
  tirx_wgmma_fence_operand(acc256);
  tirx_wgmma_fence_operand(acc128);
  reinterpret_cast<float *>(tile)[threadIdx.x] = acc256[0] + acc256[127] + acc128[63];
}

// The narrower fp8 wgmmas of gemm_fp8.cu's 192 x 160 and 256 x 152 tiles (a kernel
// of their own: beside the two above, ptxas serializes the wgmmas for lack of registers).
__global__ void every_function_fp8_narrow(int scale) {
  __shared__ __align__(1024) unsigned char tile[64 * 128];
  float acc152[76] = {}, acc80[40] = {};
  tirx_wgmma_fence();
  const uint64_t d = tirx_wgmma_desc_sw128(tile);
  tirx_wgmma_m64n152k32_e4m3(acc152, d, d + 2, scale);
  tirx_wgmma_m64n80k32_e4m3(acc80, d, d + 2, scale);
  tirx_wgmma_commit();
  tirx_wgmma_wait<0>();
  tirx_wgmma_fence_operand(acc152);
  tirx_wgmma_fence_operand(acc80);
  reinterpret_cast<float *>(tile)[threadIdx.x] = acc152[75] + acc80[39];
}

// The fp8 wgmma of gemm_fp8.cu's 256 x 184 tiles (a kernel of its own, as above).
__global__ void every_function_fp8_184(int scale) {
  __shared__ __align__(1024) unsigned char tile[64 * 128];
  float acc184[92] = {};
  tirx_wgmma_fence();
  const uint64_t d = tirx_wgmma_desc_sw128(tile);
  tirx_wgmma_m64n184k32_e4m3(acc184, d, d + 2, scale);
  tirx_wgmma_commit();
  tirx_wgmma_wait<0>();
  tirx_wgmma_fence_operand(acc184);
  reinterpret_cast<float *>(tile)[threadIdx.x] = acc184[91];
}

// One descriptor, with its expected bits spelled out.
static int check_desc(uint32_t addr, uint64_t want) {
  const uint64_t got = tirx_wgmma_desc_sw128_at(addr);
  if (got == want) return 0;
  printf("FAIL descriptor of 0x%x: %016llx, expected %016llx\n", addr, (unsigned long long)got,
         (unsigned long long)want);
  return 1;
}

int main() {
  const uint64_t fixed = (uint64_t)1 << 16 | (uint64_t)64 << 32 | (uint64_t)1 << 62;  // LBO 1, SBO 1024 B, 128B swizzle
  int fails = check_desc(0, fixed) + check_desc(0x400, fixed | 0x40) + check_desc(0x420, fixed | 0x42) +
              check_desc(0x3fc00, fixed | 0x3fc0) + check_desc(0x40400, fixed | 0x40);  // 18 bits of address
  static_assert(tirx_wgmma_desc_sw128_at(0x800) == (fixed | 0x80), "constexpr");
  // MN-major: the leading byte offset is the distance to the next 64 of MN (16-byte units, 14 bits).
  const uint64_t mn = (uint64_t)64 << 32 | (uint64_t)1 << 62;
  if (tirx_wgmma_desc_sw128_mn_at(0x800, 16384) != (mn | (uint64_t)1024 << 16 | 0x80) ||
      tirx_wgmma_desc_sw128_mn_at(0x40400, 20480) != (mn | (uint64_t)1280 << 16 | 0x40)) {
    printf("FAIL MN-major descriptor: %016llx\n", (unsigned long long)tirx_wgmma_desc_sw128_mn_at(0x800, 16384));
    fails++;
  }
  if (!fails) printf("descriptor fields and start addresses\n");
  return fails != 0;
}
