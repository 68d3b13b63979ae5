// TIRX_PP_OWN_HEADER 0.1.0
// tirx/wgmma.h - warpgroup matrix multiply-accumulate (wgmma, sm_90a): shared-
// memory descriptors and the instructions that issue, fence and wait for it.
// One function per PTX instruction.
//
// A wgmma is issued by all 128 threads of a warpgroup (4 consecutive warps,
// the first at a warp index divisible by 4); it runs asynchronously and reads
// its operands from shared memory through 64-bit descriptors (K-major, or
// MN-major for B), or A from registers (the `_rs` forms: P * V in attention,
// where P is an accumulator converted to 16-bit pairs). The accumulator
// of m64nNk16 is N/2 floats per thread: element j of thread t (warp w = t/32
// in the warpgroup, lane l) is row 16w + l/4 + 8*((j/2)%2), column
// 8*(j/4) + 2*(l%4) + j%2 of the 64 x N tile.
//
// The order that works: tirx_wgmma_fence() (after the accumulators were last
// touched by ordinary instructions), the wgmmas, tirx_wgmma_commit(),
// tirx_wgmma_wait<N>(), then tirx_wgmma_fence_operand() on the accumulators
// before ordinary code reads them. Only sm_90a has these instructions; on other
// targets they trap.
#pragma once

#include "ptx.h"

// Shared-memory matrix descriptor, K-major with the 128-byte swizzle, from a
// 32-bit shared address: a tile whose rows are 128 bytes (64 bf16 of K),
// stored as TMA's 128-byte swizzle writes it, the 8-row atoms 1024 bytes
// apart; the address 1024-byte aligned, or advanced from such an address by
// k * 32 bytes for the k-th 16-wide K step. Host and device, so it can be tested.
#if defined(__CUDACC__)
__host__ __device__
#endif
inline constexpr uint64_t tirx_wgmma_desc_sw128_at(uint32_t addr) {
  return ((uint64_t)(addr & 0x3FFFF) >> 4)  // start address, 16-byte units
         | (uint64_t)1 << 16                // leading byte offset: unused when swizzled K-major
         | (uint64_t)(1024 >> 4) << 32      // stride byte offset: from one 8-row atom to the next
         | (uint64_t)1 << 62;               // layout: 128-byte swizzle
}

// The same for a generic pointer into shared memory.
TIRX_DEVICE uint64_t tirx_wgmma_desc_sw128(const void *smem) { return tirx_wgmma_desc_sw128_at(tirx_smem_addr(smem)); }

// Shared-memory matrix descriptor, MN-major with the 128-byte swizzle (for an
// operand whose rows run along M or N: B = V in P * V, where a row of V is one
// key, K of the product, and holds N = head-dim values). Each 128-byte row is 64
// bf16 of MN, 8 rows (8 of K) make a 1024-byte atom, atoms of the next 8 K rows
// 1024 bytes further (the stride byte offset), and the next 64 of MN `mn_bytes`
// further (the leading byte offset: where TMA put the next 64-column box). The
// k-th 16-wide K step starts k * 2048 bytes further. Use with TRANS_B = 1.
#if defined(__CUDACC__)
__host__ __device__
#endif
inline constexpr uint64_t tirx_wgmma_desc_sw128_mn_at(uint32_t addr, uint32_t mn_bytes) {
  return ((uint64_t)(addr & 0x3FFFF) >> 4)         // start address, 16-byte units
         | (uint64_t)((mn_bytes >> 4) & 0x3FFF) << 16  // leading byte offset: the next 64 of MN
         | (uint64_t)(1024 >> 4) << 32             // stride byte offset: the next 8 rows of K
         | (uint64_t)1 << 62;                      // layout: 128-byte swizzle
}

// The same for a generic pointer into shared memory.
TIRX_DEVICE uint64_t tirx_wgmma_desc_sw128_mn(const void *smem, uint32_t mn_bytes) {
  return tirx_wgmma_desc_sw128_mn_at(tirx_smem_addr(smem), mn_bytes);
}

// wgmma.fence: orders earlier register and shared-memory accesses before the
// next wgmma that reads them (the accumulators, the operand tiles).
TIRX_DEVICE void tirx_wgmma_fence() {
#if defined(TIRX_SM90A_)
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
#else
  TIRX_NO_INSTRUCTION_();
#endif
}

// wgmma.commit_group: the wgmmas issued since the last commit become one group.
TIRX_DEVICE void tirx_wgmma_commit() {
#if defined(TIRX_SM90A_)
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
#else
  TIRX_NO_INSTRUCTION_();
#endif
}

// wgmma.wait_group N: wait until at most N committed groups are still running
// (N = 0: all done; their shared-memory operands may then be overwritten).
template <int N>
TIRX_DEVICE void tirx_wgmma_wait() {
  static_assert(N >= 0 && N <= 7, "wgmma.wait_group: N in [0, 7]");
#if defined(TIRX_SM90A_)
  asm volatile("wgmma.wait_group.sync.aligned %0;" ::"n"(N) : "memory");
#else
  TIRX_NO_INSTRUCTION_();
#endif
}

// No instruction: tells the compiler that each accumulator may change here, so
// that it neither moves reads of them above a wait nor keeps them in other
// registers across a wgmma.
template <int R>
TIRX_DEVICE void tirx_wgmma_fence_operand(float (&d)[R]) {
#ifdef __CUDACC__
#pragma unroll
#endif
  for (int i = 0; i < R; ++i) asm volatile("" : "+f"(d[i])::"memory");
}

// stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 (sm_90): the warp stores four
// 8 x 8 blocks of 16-bit values to shared memory, each transposed. Register i of
// lane l holds the pair (row l / 4, columns 2 * (l % 4) and + 1) of block i, as
// an accumulator converted to bf16 pairs holds them; lane l gives the address of
// row l % 8 of block l / 8 as it lands (16 bytes, 16-byte aligned). All 32 lanes
// take part. Elsewhere it traps.
TIRX_DEVICE void tirx_stmatrix_x4_trans(uint32_t addr, uint32_t r0, uint32_t r1, uint32_t r2, uint32_t r3) {
#if defined(TIRX_SM90_)
  asm volatile("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1, %2, %3, %4};" ::"r"(addr), "r"(r0),
               "r"(r1), "r"(r2), "r"(r3)
               : "memory");
#else
  (void)addr, (void)r0, (void)r1, (void)r2, (void)r3;
  TIRX_NO_INSTRUCTION_();
#endif
}

// The instruction in a macro-made function (a macro's body cannot hold #if):
// the asm on sm_90a, elsewhere a trap (TIRX_NO_INSTRUCTION_).
#if defined(TIRX_SM90A_)
#define TIRX_WGMMA_ASM_(...) asm volatile(__VA_ARGS__)
#else
#define TIRX_WGMMA_ASM_(...) TIRX_NO_INSTRUCTION_()
#endif

// wgmma.mma_async m64n256k16 bf16 x bf16 -> f32, both operands from shared memory
// (K-major descriptors): d (128 floats per thread) = a * b^T + (scale_d ? d : 0).
TIRX_DEVICE void tirx_wgmma_m64n256k16_bf16(float (&d)[128], uint64_t desc_a, uint64_t desc_b, int scale_d) {
#if defined(TIRX_SM90A_)
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %130, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 {"
      "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
      "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, "
      "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, "
      "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, "
      "%64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, "
      "%80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, "
      "%96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, "
      "%112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127"
      "}, %128, %129, p, 1, 1, 0, 0;\n}"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),
        "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),
        "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]),
        "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]),
        "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]),
        "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]),
        "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]),
        "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]),
        "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]),
        "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]),
        "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]),
        "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]),
        "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]),
        "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111]),
        "+f"(d[112]), "+f"(d[113]), "+f"(d[114]), "+f"(d[115]), "+f"(d[116]), "+f"(d[117]), "+f"(d[118]), "+f"(d[119]),
        "+f"(d[120]), "+f"(d[121]), "+f"(d[122]), "+f"(d[123]), "+f"(d[124]), "+f"(d[125]), "+f"(d[126]), "+f"(d[127])
      : "l"(desc_a), "l"(desc_b), "r"(scale_d));
#else
  (void)d, (void)desc_a, (void)desc_b, (void)scale_d;
  TIRX_NO_INSTRUCTION_();
#endif
}

// wgmma.mma_async m64n128k16 T x T (T: bf16 or f16) -> f32, both operands from shared memory
// (K-major descriptors): d (64 floats per thread) = a * b^T + (scale_d ? d : 0).
// Made by TIRX_WGMMA_M64N128K16_ (a macro: the two differ only in T):
//   tirx_wgmma_m64n128k16_bf16, tirx_wgmma_m64n128k16_f16
#define TIRX_WGMMA_M64N128K16_(T)                                                                               \
TIRX_DEVICE void tirx_wgmma_m64n128k16_##T(float (&d)[64], uint64_t desc_a, uint64_t desc_b, int scale_d) {     \
  (void)d, (void)desc_a, (void)desc_b, (void)scale_d;                                                           \
  TIRX_WGMMA_ASM_(                                                                                              \
      "{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\n"                                                              \
      "wgmma.mma_async.sync.aligned.m64n128k16.f32." #T "." #T " {"                                             \
      "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "                                  \
      "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, "                        \
      "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, "                        \
      "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63"                          \
      "}, %64, %65, p, 1, 1, 0, 0;\n}"                                                                          \
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),         \
        "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),   \
        "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), \
        "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), \
        "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), \
        "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), \
        "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), \
        "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])  \
      : "l"(desc_a), "l"(desc_b), "r"(scale_d));                                                                \
}
TIRX_WGMMA_M64N128K16_(bf16)
TIRX_WGMMA_M64N128K16_(f16)

// wgmma.mma_async m64n64k16 T x T (T: bf16 or f16) -> f32, both operands from shared memory
// (K-major descriptors): d (32 floats per thread) = a * b^T + (scale_d ? d : 0).
// Made by TIRX_WGMMA_M64N64K16_ (a macro: the two differ only in T):
//   tirx_wgmma_m64n64k16_bf16, tirx_wgmma_m64n64k16_f16
#define TIRX_WGMMA_M64N64K16_(T)                                                                                \
TIRX_DEVICE void tirx_wgmma_m64n64k16_##T(float (&d)[32], uint64_t desc_a, uint64_t desc_b, int scale_d) {      \
  (void)d, (void)desc_a, (void)desc_b, (void)scale_d;                                                           \
  TIRX_WGMMA_ASM_(                                                                                              \
      "{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\n"                                                              \
      "wgmma.mma_async.sync.aligned.m64n64k16.f32." #T "." #T " {"                                              \
      "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "                                  \
      "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31"                          \
      "}, %32, %33, p, 1, 1, 0, 0;\n}"                                                                          \
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),         \
        "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),   \
        "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), \
        "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31])  \
      : "l"(desc_a), "l"(desc_b), "r"(scale_d));                                                                \
}
TIRX_WGMMA_M64N64K16_(bf16)
TIRX_WGMMA_M64N64K16_(f16)

// wgmma.mma_async m64n160k16 T x T (T: bf16 or f16) -> f32, both operands from shared memory
// (K-major descriptors): d (80 floats per thread) = a * b^T + (scale_d ? d : 0).
// Made by TIRX_WGMMA_M64N160K16_ (a macro: the two differ only in T):
//   tirx_wgmma_m64n160k16_bf16, tirx_wgmma_m64n160k16_f16
#define TIRX_WGMMA_M64N160K16_(T)                                                                               \
TIRX_DEVICE void tirx_wgmma_m64n160k16_##T(float (&d)[80], uint64_t desc_a, uint64_t desc_b, int scale_d) {     \
  (void)d, (void)desc_a, (void)desc_b, (void)scale_d;                                                           \
  TIRX_WGMMA_ASM_(                                                                                              \
      "{\n.reg .pred p;\nsetp.ne.b32 p, %82, 0;\n"                                                              \
      "wgmma.mma_async.sync.aligned.m64n160k16.f32." #T "." #T " {"                                             \
      "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "                                  \
      "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, "                        \
      "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, "                        \
      "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, "                        \
      "%64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79"                          \
      "}, %80, %81, p, 1, 1, 0, 0;\n}"                                                                          \
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),         \
        "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),   \
        "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), \
        "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), \
        "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), \
        "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), \
        "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), \
        "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), \
        "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), \
        "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79])  \
      : "l"(desc_a), "l"(desc_b), "r"(scale_d));                                                                \
}
TIRX_WGMMA_M64N160K16_(bf16)
TIRX_WGMMA_M64N160K16_(f16)

// wgmma.mma_async m64n80k16 bf16 x bf16 -> f32, both operands from shared memory
// (K-major descriptors): d (40 floats per thread) = a * b^T + (scale_d ? d : 0).
TIRX_DEVICE void tirx_wgmma_m64n80k16_bf16(float (&d)[40], uint64_t desc_a, uint64_t desc_b, int scale_d) {
  (void)d, (void)desc_a, (void)desc_b, (void)scale_d;
  TIRX_WGMMA_ASM_(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %42, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n80k16.f32.bf16.bf16 {"
      "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
      "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, "
      "%32, %33, %34, %35, %36, %37, %38, %39"
      "}, %40, %41, p, 1, 1, 0, 0;\n}"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),
        "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),
        "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]),
        "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]),
        "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39])
      : "l"(desc_a), "l"(desc_b), "r"(scale_d));
}

// wgmma.mma_async m64n152k16 bf16 x bf16 -> f32, both operands from shared memory
// (K-major descriptors): d (76 floats per thread) = a * b^T + (scale_d ? d : 0).
TIRX_DEVICE void tirx_wgmma_m64n152k16_bf16(float (&d)[76], uint64_t desc_a, uint64_t desc_b, int scale_d) {
  (void)d, (void)desc_a, (void)desc_b, (void)scale_d;
  TIRX_WGMMA_ASM_(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %78, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n152k16.f32.bf16.bf16 {"
      "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
      "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, "
      "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, "
      "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, "
      "%64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75"
      "}, %76, %77, p, 1, 1, 0, 0;\n}"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),
        "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),
        "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]),
        "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]),
        "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]),
        "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]),
        "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]),
        "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]),
        "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]),
        "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75])
      : "l"(desc_a), "l"(desc_b), "r"(scale_d));
}

// wgmma.mma_async m64n256k32 e4m3 x e4m3 -> f32, both operands from shared memory
// (K-major descriptors, the only layout fp8 has: no transpose): d (128 floats
// per thread, laid out as m64n256k16's) = a * b^T + (scale_d ? d : 0). A K-major row of
// 128 bytes is 128 e4m3 values, so tirx_wgmma_desc_sw128 serves as for bf16, and
// the k-th 32-wide K step starts k * 32 bytes further, as bf16's 16-wide one.
TIRX_DEVICE void tirx_wgmma_m64n256k32_e4m3(float (&d)[128], uint64_t desc_a, uint64_t desc_b, int scale_d) {
#if defined(TIRX_SM90A_)
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %130, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n256k32.f32.e4m3.e4m3 {"
      "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
      "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, "
      "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, "
      "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, "
      "%64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, "
      "%80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, "
      "%96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, "
      "%112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127"
      "}, %128, %129, p, 1, 1;\n}"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),
        "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),
        "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]),
        "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]),
        "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]),
        "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]),
        "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]),
        "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]),
        "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]),
        "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]),
        "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]),
        "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]),
        "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]),
        "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111]),
        "+f"(d[112]), "+f"(d[113]), "+f"(d[114]), "+f"(d[115]), "+f"(d[116]), "+f"(d[117]), "+f"(d[118]), "+f"(d[119]),
        "+f"(d[120]), "+f"(d[121]), "+f"(d[122]), "+f"(d[123]), "+f"(d[124]), "+f"(d[125]), "+f"(d[126]), "+f"(d[127])
      : "l"(desc_a), "l"(desc_b), "r"(scale_d));
#else
  (void)d, (void)desc_a, (void)desc_b, (void)scale_d;
  TIRX_NO_INSTRUCTION_();
#endif
}

// wgmma.mma_async m64n128k32 e4m3 x e4m3 -> f32, both operands from shared memory
// (K-major descriptors, the only layout fp8 has: no transpose): d (64 floats
// per thread, laid out as m64n128k16's) = a * b^T + (scale_d ? d : 0). A K-major row of
// 128 bytes is 128 e4m3 values, so tirx_wgmma_desc_sw128 serves as for bf16, and
// the k-th 32-wide K step starts k * 32 bytes further, as bf16's 16-wide one.
TIRX_DEVICE void tirx_wgmma_m64n128k32_e4m3(float (&d)[64], uint64_t desc_a, uint64_t desc_b, int scale_d) {
#if defined(TIRX_SM90A_)
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %66, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3 {"
      "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
      "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, "
      "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, "
      "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63"
      "}, %64, %65, p, 1, 1;\n}"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),
        "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),
        "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]),
        "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]),
        "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]),
        "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]),
        "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]),
        "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])
      : "l"(desc_a), "l"(desc_b), "r"(scale_d));
#else
  (void)d, (void)desc_a, (void)desc_b, (void)scale_d;
  TIRX_NO_INSTRUCTION_();
#endif
}

// wgmma.mma_async m64n152k32 e4m3 x e4m3 -> f32, both operands from shared
// memory, K-major (as tirx_wgmma_m64n256k32_e4m3; gemm_fp8.cu's 192 x 160 and 256 x 152 tiles): d (76 floats per thread).
TIRX_DEVICE void tirx_wgmma_m64n152k32_e4m3(float (&d)[76], uint64_t desc_a, uint64_t desc_b, int scale_d) {
#if defined(TIRX_SM90A_)
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %78, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n152k32.f32.e4m3.e4m3 {"
      "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
      "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, "
      "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, "
      "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, "
      "%64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75"
      "}, %76, %77, p, 1, 1;\n}"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),
        "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),
        "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]),
        "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]),
        "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]),
        "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]),
        "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]),
        "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]),
        "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]),
        "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75])
      : "l"(desc_a), "l"(desc_b), "r"(scale_d));
#else
  (void)d, (void)desc_a, (void)desc_b, (void)scale_d;
  TIRX_NO_INSTRUCTION_();
#endif
}

// wgmma.mma_async m64n80k32 e4m3 x e4m3 -> f32, both operands from shared
// memory, K-major (as tirx_wgmma_m64n256k32_e4m3; gemm_fp8.cu's 192 x 160 and 256 x 152 tiles): d (40 floats per thread).
TIRX_DEVICE void tirx_wgmma_m64n80k32_e4m3(float (&d)[40], uint64_t desc_a, uint64_t desc_b, int scale_d) {
#if defined(TIRX_SM90A_)
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %42, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n80k32.f32.e4m3.e4m3 {"
      "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
      "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, "
      "%32, %33, %34, %35, %36, %37, %38, %39"
      "}, %40, %41, p, 1, 1;\n}"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),
        "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),
        "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]),
        "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]),
        "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39])
      : "l"(desc_a), "l"(desc_b), "r"(scale_d));
#else
  (void)d, (void)desc_a, (void)desc_b, (void)scale_d;
  TIRX_NO_INSTRUCTION_();
#endif
}

// wgmma.mma_async m64n184k32 e4m3 x e4m3 -> f32, both operands from shared
// memory, K-major (as tirx_wgmma_m64n256k32_e4m3; gemm_fp8.cu's 256 x 184 tiles): d (92 floats per thread).
TIRX_DEVICE void tirx_wgmma_m64n184k32_e4m3(float (&d)[92], uint64_t desc_a, uint64_t desc_b, int scale_d) {
#if defined(TIRX_SM90A_)
  asm volatile(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %94, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n184k32.f32.e4m3.e4m3 {"
      "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
      "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, "
      "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, "
      "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, "
      "%64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, "
      "%80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91"
      "}, %92, %93, p, 1, 1;\n}"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),
        "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),
        "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]),
        "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]),
        "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]),
        "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]),
        "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]),
        "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]),
        "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]),
        "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]),
        "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]),
        "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91])
      : "l"(desc_a), "l"(desc_b), "r"(scale_d));
#else
  (void)d, (void)desc_a, (void)desc_b, (void)scale_d;
  TIRX_NO_INSTRUCTION_();
#endif
}

// wgmma.mma_async m64n64k16 T x T (T: bf16 or f16) -> f32, A from registers (the RS form):
// d (32 floats per thread) += a * b (or = when !scale_d). a is this thread's
// part of the 64 x 16 A tile, two T per register, laid out as an m64n16
// accumulator (element j of a m64n16 accumulator is half j % 2 of a[j / 2]).
// TRANS_B = 0: b is K-major (tirx_wgmma_desc_sw128); 1: MN-major, rows of N
// (tirx_wgmma_desc_sw128_mn), e.g. V as it lies in memory for P * V.
// Made by TIRX_WGMMA_M64N64K16_RS_ (a macro: the two differ only in T):
//   tirx_wgmma_m64n64k16_bf16_rs, tirx_wgmma_m64n64k16_f16_rs
#define TIRX_WGMMA_M64N64K16_RS_(T)                                                                                    \
template <int TRANS_B>                                                                                                 \
TIRX_DEVICE void tirx_wgmma_m64n64k16_##T##_rs(float (&d)[32], const uint32_t (&a)[4], uint64_t desc_b, int scale_d) { \
  static_assert(TRANS_B == 0 || TRANS_B == 1, "wgmma: TRANS_B is 0 or 1");                                             \
  (void)d, (void)a, (void)desc_b, (void)scale_d;                                                                       \
  TIRX_WGMMA_ASM_(                                                                                                     \
      "{\n.reg .pred p;\nsetp.ne.b32 p, %37, 0;\n"                                                                     \
      "wgmma.mma_async.sync.aligned.m64n64k16.f32." #T "." #T " {"                                                     \
      "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "                                         \
      "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31"                                 \
      "}, {%32, %33, %34, %35}, %36, p, 1, 1, %38;\n}"                                                                 \
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),                \
        "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),          \
        "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]),        \
        "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31])         \
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc_b), "r"(scale_d), "n"(TRANS_B));                          \
}
TIRX_WGMMA_M64N64K16_RS_(bf16)
TIRX_WGMMA_M64N64K16_RS_(f16)

// wgmma.mma_async m64n128k16 T x T (T: bf16 or f16) -> f32, A from registers (the RS form):
// d (64 floats per thread) += a * b (or = when !scale_d). a is this thread's
// part of the 64 x 16 A tile, two T per register, laid out as an m64n16
// accumulator (element j of a m64n16 accumulator is half j % 2 of a[j / 2]).
// TRANS_B = 0: b is K-major (tirx_wgmma_desc_sw128); 1: MN-major, rows of N
// (tirx_wgmma_desc_sw128_mn), e.g. V as it lies in memory for P * V.
// Made by TIRX_WGMMA_M64N128K16_RS_ (a macro: the two differ only in T):
//   tirx_wgmma_m64n128k16_bf16_rs, tirx_wgmma_m64n128k16_f16_rs
#define TIRX_WGMMA_M64N128K16_RS_(T)                                                                                    \
template <int TRANS_B>                                                                                                  \
TIRX_DEVICE void tirx_wgmma_m64n128k16_##T##_rs(float (&d)[64], const uint32_t (&a)[4], uint64_t desc_b, int scale_d) { \
  static_assert(TRANS_B == 0 || TRANS_B == 1, "wgmma: TRANS_B is 0 or 1");                                              \
  (void)d, (void)a, (void)desc_b, (void)scale_d;                                                                        \
  TIRX_WGMMA_ASM_(                                                                                                      \
      "{\n.reg .pred p;\nsetp.ne.b32 p, %69, 0;\n"                                                                      \
      "wgmma.mma_async.sync.aligned.m64n128k16.f32." #T "." #T " {"                                                     \
      "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "                                          \
      "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, "                                \
      "%32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, "                                \
      "%48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63"                                  \
      "}, {%64, %65, %66, %67}, %68, p, 1, 1, %70;\n}"                                                                  \
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),                 \
        "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),           \
        "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]),         \
        "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]),         \
        "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]),         \
        "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]),         \
        "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]),         \
        "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])          \
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(desc_b), "r"(scale_d), "n"(TRANS_B));                           \
}
TIRX_WGMMA_M64N128K16_RS_(bf16)
TIRX_WGMMA_M64N128K16_RS_(f16)

// wgmma.mma_async m64n64k16 bf16 x bf16 -> f32, both operands from shared memory,
// A K-major (tirx_wgmma_desc_sw128): d (32 floats per thread) = a * b + (scale_d ? d : 0).
// TRANS_B = 0: b is K-major (as tirx_wgmma_m64n64k16_bf16); 1: MN-major, rows of N
// (tirx_wgmma_desc_sw128_mn), e.g. K as it lies in memory for dQ = dS * K in
// attention's backward.
template <int TRANS_B>
TIRX_DEVICE void tirx_wgmma_m64n64k16_bf16_ss(float (&d)[32], uint64_t desc_a, uint64_t desc_b, int scale_d) {
  static_assert(TRANS_B == 0 || TRANS_B == 1, "wgmma: TRANS_B is 0 or 1");
  (void)d, (void)desc_a, (void)desc_b, (void)scale_d;
  TIRX_WGMMA_ASM_(
      "{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\n"
      "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {"
      "%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, "
      "%16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31"
      "}, %32, %33, p, 1, 1, 0, %35;\n}"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]),
        "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]),
        "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]),
        "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31])
      : "l"(desc_a), "l"(desc_b), "r"(scale_d), "n"(TRANS_B));
}
