// attention_bwd.cu - attention backward on Hopper, FlashAttention-2/3 style:
// dQ, dK, dV (bf16) of O = softmax(Q K^T / sqrt(D)) V from Q, K, V, O, dO and
// the forward's row logsumexp (examples/attention_fwd.cu writes it), D = 64 or
// 128, causal or not, GQA (K and V heads shared by groups of Q heads: their dK
// and dV summed over the group); warp-specialized (docs/language.md: regions,
// events) on TMA and wgmma (sm_90a).
// tirx-pp: required
//
//   attention_bwd [s]       every variant (head dim 64 and 128, causal and not,
//                           3 heads and 4 Q heads over 2 K/V heads) at sequence
//                           length s (default: s = 1, 17, 129 and 300), 2 batches,
//                           against a CPU reference
//
// Q, O, dO, dQ are [batch][head][s][D] bf16, K, V, dK, dV [batch][kv head][s][D]
// bf16, lse [batch][head][s] float (natural log). Three kernels:
//  1. bwd_prep: per query row, delta = rowsum(dO * O) and lse * log2(e) into
//     rows padded to a multiple of 64 (padding: delta 0, lse +inf, so that P = 0
//     there), and the fp32 dQ accumulator set to 0.
//  2. attention_bwd_kernel: one block per 128-key tile of K and V of one
//     (batch, kv head). Warp 0 copies K and V once (`kv`), then for each
//     64-row query tile of each Q head of the group (causal: those that reach
//     the tile; otherwise starting at a tile that differs between key tiles)
//     Q with its lse and dO with its delta into 2-slot rings
//     (`qfull`/`qempty`, `dofull`/`doempty`) with TMA. Warpgroups 1 and 2 own
//     64 keys each: S^T = K Q^T and dP^T = V dO^T (wgmma, shared memory),
//     P^T = 2^(S^T c - lse), dS^T = P^T (dP^T - delta) in registers, dS^T
//     written as dS into shared memory by transposing stmatrix (K-major, TMA's
//     128-byte swizzle; two buffers, used in turn), dV += P^T dO with P^T from registers (the
//     accumulator layout is A's), then a region barrier (both halves of dS in
//     place) and, in FlashAttention-3's order, dQ += dS K (each consumer 64
//     columns of D over all 128 keys; D = 64: the first alone) and dK += dS^T Q
//     (dS^T from registers) behind it, so that dQ goes out while dK runs:
//     each consumer stages its dQ in shared memory in the accumulator's own
//     order (float4 stores, no bank conflicts) and arrives on `dqfull`; warp 1
//     adds the 64 x D floats to the fp32 accumulator (kept in that order) with
//     one bulk reduce-add (or, with `deterministic`, a bulk store into this key
//     tile's own slice of a partial buffer, summed in key-tile order by the
//     third kernel) and arrives on `dqempty` once the copy has read them.
//  3. bwd_dq: dQ = accumulator / sqrt(D) in bf16, put back in rows.
// dK and dV (dK / sqrt(D)) leave from registers.
//
// The CPU reference computes the same bf16 inputs in double; each of dQ, dK, dV is
// within 2^-6 of its largest |reference| (bf16 rounding of P, dS and the outputs).
//
// attention_bwd() (below the kernels) is the host call; define
// ATTENTION_BWD_NO_MAIN to include this file elsewhere.
#include <cuda_bf16.h>

#include "tirx.h"
#include "tirx/tma.h"
#include "tirx/wgmma.h"

#define EXAMPLE "attention_bwd"
#define EXAMPLE_ARGS "[s]"
#include "harness.h"

// ---- kernels -----------------------------------------------------------------

typedef __nv_bfloat16 bf16;
namespace bwd {
constexpr int BM = 64;     // query rows per step
constexpr int BN = 128;    // keys per block (64 per consumer warpgroup)
constexpr int STAGES = 2;  // slots of the Q and dO rings
constexpr float LOG2E = 1.4426950408889634f;

template <int D>
constexpr int smem_bytes() { return (2 * BN * D + 2 * STAGES * BM * D + 4 * 64 * 64) * 2 + (2 * STAGES * BM + 2 * 64 * 64) * 4 + 1024; }

inline int padded(int s) { return (s + BM - 1) / BM * BM; }

__device__ __forceinline__ float exp2_approx(float x) {
  float y;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}

// The first query tile that reaches key tile n: 0, or (causal) the tile of its first key.
template <bool CAUSAL>
__device__ __forceinline__ int first_q_tile(int n) { return CAUSAL ? n * BN / BM : 0; }

// A tile of ROWS rows (D / 64 boxes of 64 columns) into dst, completing on bar.
template <int D, int ROWS>
__device__ __forceinline__ void load_tile(bf16* dst, const CUtensorMap* map, int bh, int row, uint64_t* bar) {
#pragma unroll
  for (int d = 0; d < D / 64; ++d) tirx_tma_load_3d(dst + d * ROWS * 64, map, bh, row, d * 64, bar);
}

// acc = A B^T for this warpgroup's 64 rows of A (a tile of BN or BM rows) and
// the BM rows of B, both K-major over D: S^T = K Q^T, dP^T = V dO^T.
template <int D, int AROWS>
__device__ __forceinline__ void issue_abt(float (&acc)[32], const bf16* a, const bf16* b) {
  tirx_wgmma_fence();
#pragma unroll
  for (int kk = 0; kk < D / 16; ++kk)
    tirx_wgmma_m64n64k16_bf16(acc, tirx_wgmma_desc_sw128(a + kk / 4 * AROWS * 64 + kk % 4 * 16),
                              tirx_wgmma_desc_sw128(b + kk / 4 * BM * 64 + kk % 4 * 16), kk > 0);
  tirx_wgmma_commit();
}

// acc += A b with A (64 x 64 queries) from registers and b the BM x D tile (MN-major): dV += P^T dO, dK += dS^T Q.
template <int D>
__device__ __forceinline__ void issue_rs(float (&acc)[D / 2], const uint32_t (&a)[4][4], const bf16* b) {
#pragma unroll
  for (int kk = 0; kk < BM / 16; ++kk) {
    const uint64_t desc = tirx_wgmma_desc_sw128_mn(b + kk * 16 * 64, BM * 128);
    if constexpr (D == 128)
      tirx_wgmma_m64n128k16_bf16_rs<1>(acc, a[kk], desc, 1);
    else
      tirx_wgmma_m64n64k16_bf16_rs<1>(acc, a[kk], desc, 1);
  }
}

// Accumulator (32 floats of a 64 x 64 tile) as wgmma's A operand, bf16 pairs.
__device__ __forceinline__ void to_bf16(uint32_t (&p)[4][4], const float (&s)[32]) {
#pragma unroll
  for (int i = 0; i < 16; ++i) {
    __nv_bfloat162 v = __floats2bfloat162_rn(s[2 * i], s[2 * i + 1]);
    p[i / 4][i % 4] = *reinterpret_cast<uint32_t*>(&v);
  }
}

// dS^T (this thread's part in bf16 pairs: key rows r, r + 8, query columns) into ds as dS,
// 64 query rows of 64 keys, 128-byte rows in TMA's 128-byte swizzle (K-major A of dQ = dS K).
__device__ __forceinline__ void store_ds(bf16* ds, const uint32_t (&v)[4][4], int t) {
  // stmatrix.trans: instruction x stores the 8 x 8 blocks (query group 2x + i / 2, key half i % 2)
  // of register v[x][i] transposed; lane l gives the address of row l % 8 (a query) of block l / 8.
  const int l = t % 32, kc = t / 32 * 2 + l / 8 % 2;  // 16-byte chunk of the query's keys
#pragma unroll
  for (int x = 0; x < 4; ++x) {
    const int q = 8 * (2 * x + l / 16) + l % 8;
    tirx_stmatrix_x4_trans(tirx_smem_addr(ds) + q * 128 + ((kc ^ (q % 8)) * 16), v[x][0], v[x][1], v[x][2],
                           v[x][3]);
  }
}

// An accumulator of 64 rows x N columns (N / 2 floats) at rows row0 + r (+ 8) of a
// [rows][ld] bf16 matrix (rows past `rows` left out), scaled.
template <int N>
__device__ __forceinline__ void put_rows(bf16* out, const float* acc, int rows, int ld, int row0, int r, int t,
                                         float scale) {
#pragma unroll
  for (int i = 0; i < N / 2; i += 2) {
    const int row = row0 + r + i / 2 % 2 * 8, col = 8 * (i / 4) + 2 * (t % 4);
    if (row >= rows) continue;
    const size_t at = (size_t)row * ld + col;
    reinterpret_cast<__nv_bfloat162*>(out)[at / 2] = __floats2bfloat162_rn(acc[i] * scale, acc[i + 1] * scale);
  }
}

// delta = rowsum(dO * O) and lse * log2(e) for row `row` of head bh (padded rows: 0
// and +inf), and D floats of dQ's accumulator zeroed (its order is wgmma's, not rows'):
// one warp per padded row.
template <int D>
__global__ void bwd_prep(const bf16* O, const bf16* dO, const float* lse, float* delta, float* lse2, float* dq_acc,
                         int rows_total, int S, bool zero_acc) {
  const int w = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x % 32, sp = (S + BM - 1) / BM * BM;
  if (w >= rows_total) return;
  const int bh = w / sp, row = w % sp;
  float sum = 0.f;
  if (row < S) {
    const size_t at = ((size_t)bh * S + row) * D;
    for (int x = lane; x < D; x += 32) sum += __bfloat162float(O[at + x]) * __bfloat162float(dO[at + x]);
  }
  if (zero_acc)
    for (int x = lane; x < D; x += 32) dq_acc[(size_t)w * D + x] = 0.f;
#pragma unroll
  for (int o = 16; o > 0; o /= 2) sum += __shfl_xor_sync(0xffffffffu, sum, o);
  if (lane == 0) delta[w] = sum, lse2[w] = row < S ? lse[(size_t)bh * S + row] * LOG2E : INFINITY;
}

// dQ = (sum over `parts` partial buffers `stride` floats apart) * scale, in bf16, from the
// accumulator in wgmma's order: one block of 256 threads per 64 x 64 tile (1024 float4,
// float4 f = thread f % 128's floats 4 (f / 128) .. + 3), put back in rows through shared memory;
// causal: only the partials of the key tiles that reach the tile (the others are never written).
__global__ void bwd_dq(const float* acc, bf16* dq, int S, int D, int parts, size_t stride, float scale,
                             bool causal) {
  __shared__ float tile[64][65];
  const int nq = (S + BM - 1) / BM, c = blockIdx.x, w = c % (D / 64), m = c / (D / 64) % nq, bh = c / (D / 64) / nq;
  const int used = causal ? min(parts, (m * BM + BM - 1) / BN + 1) : parts;  // the key tiles that reach tile m
  for (int f = threadIdx.x; f < 1024; f += 256) {
    float4 v = make_float4(0.f, 0.f, 0.f, 0.f);
    for (int p = 0; p < used; ++p) {
      const float4 x = reinterpret_cast<const float4*>(acc + p * stride)[(size_t)c * 1024 + f];
      v.x += x.x, v.y += x.y, v.z += x.z, v.w += x.w;
    }
    const int t = f % 128, r = t / 32 * 16 + t % 32 / 4, col = 8 * (f / 128) + 2 * (t % 4);
    tile[r][col] = v.x, tile[r][col + 1] = v.y, tile[r + 8][col] = v.z, tile[r + 8][col + 1] = v.w;
  }
  __syncthreads();
  for (int e = threadIdx.x; e < 64 * 32; e += 256) {
    const int r = e / 32, col = e % 32 * 2;
    if (m * BM + r < S)
      reinterpret_cast<__nv_bfloat162*>(dq)[(((size_t)bh * S + m * BM + r) * D + w * 64 + col) / 2] =
          __floats2bfloat162_rn(tile[r][col] * scale, tile[r][col + 1] * scale);
  }
}

template <int D, bool CAUSAL, bool DETERMINISTIC>
__global__ void attention_bwd_kernel(const __grid_constant__ CUtensorMap mapQ, const __grid_constant__ CUtensorMap mapK,
                                     const __grid_constant__ CUtensorMap mapV, const __grid_constant__ CUtensorMap mapdO,
                                     const __grid_constant__ CUtensorMap mapL, const __grid_constant__ CUtensorMap mapDelta,
                                     float* dq_acc, bf16* dK, bf16* dV, int H, int group, int S, float c) {
  extern __shared__ unsigned char smem[];
  // 1024-byte aligned (the 128-byte swizzle): K, V, the Q slots, the dO slots, dS (two buffers of
  // both consumers), lse, delta, dQ on its way out.
  bf16* Ks = reinterpret_cast<bf16*>(smem + ((1024 - tirx_smem_addr(smem) % 1024) % 1024));
  bf16* Vs = Ks + BN * D;
  bf16* Qs = Vs + BN * D;
  bf16* dOs = Qs + STAGES * BM * D;
  bf16* dSs = dOs + STAGES * BM * D;
  float* Ls = reinterpret_cast<float*>(dSs + 4 * 64 * 64);
  float* Deltas = Ls + STAGES * BM;
  float* dQs = Deltas + STAGES * BM;  // each consumer's 64 x 64 of dQ, on its way out
  const int nk = (S + BN - 1) / BN, nq = (S + BM - 1) / BM;
  const int n = blockIdx.x % nk, bkv = blockIdx.x / nk;  // key tile, batch x kv head
  const int b = bkv / (H / group), hkv = bkv % (H / group);
  const int m0 = first_q_tile<CAUSAL>(n), per_head = nq - m0, steps = group * per_head;
  // Query tile m of step i: not causal, from the tile of the block's first key on, wrapping
  // around, so that the blocks of one head do not add into the same rows of dQ at the same time.
#pragma tirx warps(wp: 12)
#pragma tirx event kv[1]
#pragma tirx event qfull[STAGES], qempty[STAGES] ready
#pragma tirx event dofull[STAGES], doempty[STAGES] ready
#pragma tirx event dqfull[1], dqempty[1] ready
#pragma tirx async(wp < 4) regs(24)
  {
#pragma tirx async(wp == 0)
  {  // producer: warp 0
    tirx_trigger_bytes(kv[0], 2 * BN * D * 2);
    if (threadIdx.x == 0) {
      load_tile<D, BN>(Ks, &mapK, bkv, n * BN, &kv[0]);
      load_tile<D, BN>(Vs, &mapV, bkv, n * BN, &kv[0]);
    }
    for (int i = 0; i < steps; ++i) {
      const int s = i % STAGES, bh = b * H + hkv * group + i / per_head;
      const int m = m0 + (i + (CAUSAL ? 0 : n * BN / BM)) % per_head;
      tirx_wait(qempty[s]);
      tirx_trigger_bytes(qfull[s], BM * D * 2 + BM * 4);
      if (threadIdx.x == 0) {
        load_tile<D, BM>(Qs + s * BM * D, &mapQ, bh, m * BM, &qfull[s]);
        tirx_tma_load_2d(Ls + s * BM, &mapL, bh, m * BM, &qfull[s]);
      }
      tirx_wait(doempty[s]);
      tirx_trigger_bytes(dofull[s], BM * D * 2 + BM * 4);
      if (threadIdx.x == 0) {
        load_tile<D, BM>(dOs + s * BM * D, &mapdO, bh, m * BM, &dofull[s]);
        tirx_tma_load_2d(Deltas + s * BM, &mapDelta, bh, m * BM, &dofull[s]);
      }
    }
  }
#pragma tirx async(wp == 1)
  {  // dQ's copies out, one a step (both consumers' halves, 64 x D floats in wgmma's order)
    for (int i = 0; i < steps; ++i) {
      const int bh = b * H + hkv * group + i / per_head;
      const int m = m0 + (i + (CAUSAL ? 0 : n * BN / BM)) % per_head;
      tirx_wait(dqfull[0]);
      if (threadIdx.x == 32) {
        const size_t part = DETERMINISTIC ? (size_t)n * (gridDim.x / nk) * group : 0;  // key tile's slice
        float* to = dq_acc + ((part + bh) * nq + m) * BM * D;
        if constexpr (DETERMINISTIC)
          tirx_bulk_store(to, dQs, BM * D * 4);
        else
          tirx_bulk_reduce_add_f32(to, dQs, BM * D * 4);
        tirx_tma_store_commit();
        tirx_tma_store_wait_read<0>();
      }
      __syncwarp();
#pragma tirx elect
      tirx_trigger(dqempty[0]);
    }
    if (threadIdx.x == 32) tirx_tma_store_wait<0>();  // finish before exit
  }
  }
#pragma tirx async(wp >= 4) regs(240)
  {  // consumers: warpgroup 1 owns keys 0-63 of the tile, warpgroup 2 keys 64-127
    const int w = wp / 4 - 1, t = threadIdx.x % 128, r = t / 32 * 16 + t % 32 / 4;
    const int key0 = n * BN + w * 64;  // this warpgroup's first key
    const bf16* Kw = Ks + w * 64 * 64;
    float dv[D / 2], dk[D / 2];
#pragma unroll
    for (int i = 0; i < D / 2; ++i) dv[i] = dk[i] = 0.f;
    tirx_wait(kv[0]);
    for (int i = 0; i < steps; ++i) {
      const int s = i % STAGES, m = m0 + (i + (CAUSAL ? 0 : n * BN / BM)) % per_head;
      const bf16* q = Qs + s * BM * D;
      const bf16* dO = dOs + s * BM * D;
      float st[32], dp[32];
      tirx_wait(qfull[s]);
      issue_abt<D, BN>(st, Kw, q);  // S^T = K Q^T
      tirx_wait(dofull[s]);
      issue_abt<D, BN>(dp, Vs + w * 64 * 64, dO);  // dP^T = V dO^T
      tirx_wgmma_wait<1>();
      tirx_wgmma_fence_operand(st);
      const bool mask = CAUSAL && key0 + 63 > m * BM;  // some key after some query
      float lse[16], delta[16];  // of this thread's 16 query columns, loaded in pairs
#pragma unroll
      for (int g = 0; g < 8; ++g) {
        *reinterpret_cast<float2*>(&lse[2 * g]) = *reinterpret_cast<const float2*>(Ls + s * BM + 8 * g + 2 * (t % 4));
        *reinterpret_cast<float2*>(&delta[2 * g]) =
            *reinterpret_cast<const float2*>(Deltas + s * BM + 8 * g + 2 * (t % 4));
      }
#pragma unroll
      for (int j = 0; j < 32; ++j) {  // P^T: key r (+ 8), query column
        const int col = 8 * (j / 4) + 2 * (t % 4) + j % 2;
        st[j] = exp2_approx(st[j] * c - lse[j / 4 * 2 + j % 2]);
        if (mask && key0 + r + j / 2 % 2 * 8 > m * BM + col) st[j] = 0.f;
      }
      tirx_wgmma_wait<0>();
      tirx_wgmma_fence_operand(dp);
#pragma unroll
      for (int j = 0; j < 32; ++j) dp[j] = st[j] * (dp[j] - delta[j / 4 * 2 + j % 2]);
      uint32_t pa[4][4], dsa[4][4];
      to_bf16(pa, st);
      to_bf16(dsa, dp);
      bf16* ds = dSs + i % 2 * 2 * 64 * 64;  // two buffers: no barrier before the next step's stores
      store_ds(ds + w * 64 * 64, dsa, t);
      tirx_wgmma_fence();
      issue_rs<D>(dv, pa, dO);  // dV += P^T dO
      tirx_wgmma_commit();
      tirx_fence_proxy_async_smem();  // the stores above, before wgmma reads them
      tirx_region_sync();             // dS of both consumers is in place
      tirx_wgmma_wait<0>();  // dV is done: dO may go, P^T's registers are free for dQ
      tirx_wgmma_fence_operand(dv);
#pragma tirx elect
      tirx_trigger(doempty[s]);
      float dq[32];
      if (D == 128 || w == 0) {  // dQ += dS K over the 128 keys, 64 columns of D per consumer
        tirx_wgmma_fence();
#pragma unroll
        for (int kk = 0; kk < 8; ++kk)
          tirx_wgmma_m64n64k16_bf16_ss<1>(dq, tirx_wgmma_desc_sw128(ds + kk / 4 * 64 * 64 + kk % 4 * 16),
                                          tirx_wgmma_desc_sw128_mn(Ks + w * BN * 64 + kk * 16 * 64, BN * 128), kk > 0);
        tirx_wgmma_commit();
        if (D == 64) tirx_wgmma_wait<0>();  // (one consumer: ptxas tracks the groups only if both have as many)
      }
      tirx_wgmma_fence();
      issue_rs<D>(dk, dsa, q);  // dK += dS^T Q
      tirx_wgmma_commit();
      tirx_wait(dqempty[0]);  // the dQ warp's last copy has read dQs
      if (D == 128 || w == 0) {
        tirx_wgmma_wait<1>();  // dQ is done, dK runs on
        tirx_wgmma_fence_operand(dq);
#pragma unroll
        for (int j = 0; j < 8; ++j)  // in the accumulator's order: float4 stores without bank conflicts
          reinterpret_cast<float4*>(dQs + w * 64 * 64)[j * 128 + t] =
              make_float4(dq[4 * j], dq[4 * j + 1], dq[4 * j + 2], dq[4 * j + 3]);
        tirx_fence_proxy_async_smem();  // the stores above, before the bulk copy reads them
      }
      __syncwarp();  // the warp's dQ stores, before its arrival
#pragma tirx elect
      tirx_trigger(dqfull[0]);  // (D = 64: consumer 2 arrives with nothing staged)
      tirx_wgmma_wait<0>();  // dK is done: Q may go
      tirx_wgmma_fence_operand(dk);
#pragma tirx elect
      tirx_trigger(qempty[s]);
    }
    // Epilogue: dK / sqrt(D) and dV in bf16, rows past s left out.
    const float inv_sqrt_d = c / LOG2E;
    put_rows<D>(dK, dk, (bkv + 1) * S, D, bkv * S + key0, r, t, inv_sqrt_d);
    put_rows<D>(dV, dv, (bkv + 1) * S, D, bkv * S + key0, r, t, 1.f);
  }
}
}  // namespace bwd

#ifndef __CUDACC_RTC__  // host code
// Bytes of device workspace attention_bwd needs (fp32 dQ accumulator(s), delta, lse).
static size_t attention_bwd_workspace(int b, int h, int s, int d, bool deterministic) {
  const size_t parts = deterministic ? (size_t)((s + bwd::BN - 1) / bwd::BN) : 1;
  return (parts * b * h * bwd::padded(s) * d + 2 * (size_t)b * h * bwd::padded(s)) * 4;
}

template <int D, bool CAUSAL, bool DET>
static cudaError_t attention_bwd_launch(const CUtensorMap* map, float* acc, bf16* dK, bf16* dV, int b, int h,
                                        int hkv, int S, cudaStream_t stream) {
  const float c = bwd::LOG2E / sqrtf((float)D);
  constexpr int smem = bwd::smem_bytes<D>();
  const int blocks = (S + bwd::BN - 1) / bwd::BN * b * hkv;
  cudaError_t err;
#pragma tirx launch smem(smem) stream(stream) async status(err)
  bwd::attention_bwd_kernel<D, CAUSAL, DET><<<blocks, 384>>>(map[0], map[1], map[2], map[3], map[4], map[5], acc, dK, dV, h, h / hkv, S, c);
  return err;
}

template <int D>
static cudaError_t attention_bwd_dispatch(const CUtensorMap* map, float* acc, bf16* dK, bf16* dV, int b, int h,
                                          int hkv, int s, bool causal, bool det, cudaStream_t stream) {
  if (causal)
    return det ? attention_bwd_launch<D, true, true>(map, acc, dK, dV, b, h, hkv, s, stream)
               : attention_bwd_launch<D, true, false>(map, acc, dK, dV, b, h, hkv, s, stream);
  return det ? attention_bwd_launch<D, false, true>(map, acc, dK, dV, b, h, hkv, s, stream)
             : attention_bwd_launch<D, false, false>(map, acc, dK, dV, b, h, hkv, s, stream);
}

// dQ, dK, dV of attention on `stream`, not waited for: Q, O, dO, dQ [b][h][s][d],
// K, V, dK, dV [b][hkv][s][d] bf16 (16-byte aligned), lse [b][h][s] float (the
// forward's), d = 64 or 128, h a multiple of hkv; `work`: attention_bwd_workspace()
// bytes of device memory. deterministic: dQ summed in a fixed order (no atomic
// adds; a partial dQ per 128 keys in `work`). Returns the first error.
static cudaError_t attention_bwd(const bf16* Q, const bf16* K, const bf16* V, const bf16* O, const bf16* dO,
                                 const float* lse, bf16* dQ, bf16* dK, bf16* dV, int b, int h, int hkv, int s, int d,
                                 bool causal, bool deterministic, void* work, cudaStream_t stream = 0) {
  if (b < 1 || h < 1 || hkv < 1 || h % hkv || s < 1 || (d != 64 && d != 128) || !lse || !work)
    return cudaErrorInvalidValue;
  if (((uintptr_t)Q | (uintptr_t)K | (uintptr_t)V | (uintptr_t)dO) % 16 != 0) return cudaErrorMisalignedAddress;
  const int sp = bwd::padded(s);
  const size_t parts = deterministic ? (s + bwd::BN - 1) / bwd::BN : 1;
  float* acc = (float*)work;
  const size_t part = (size_t)b * h * sp * d;  // floats of one dQ accumulator
  float* delta = acc + parts * part;
  float* lse2 = delta + (size_t)b * h * sp;
  CUtensorMap map[6];  // Q, K, V, dO (128-byte swizzled 64-column boxes), lse, delta (64 floats)
  const bf16* src[4] = {Q, K, V, dO};
  for (int i = 0; i < 4; ++i) {
    const bool kv = i == 1 || i == 2;
    CUresult r = tirx_tensor_map_3d(&map[i], CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, src[i], (uint64_t)b * (kv ? hkv : h), s,
                                    d, (uint64_t)d * 2, (uint64_t)s * d * 2, kv ? bwd::BN : bwd::BM, 64,
                                    CU_TENSOR_MAP_SWIZZLE_128B);
    if (r != CUDA_SUCCESS) return r == CUDA_ERROR_NOT_SUPPORTED ? cudaErrorNotSupported : cudaErrorInvalidValue;
  }
  for (int i = 0; i < 2; ++i)
    if (tirx_tensor_map_2d(&map[4 + i], CU_TENSOR_MAP_DATA_TYPE_FLOAT32, i ? delta : lse2, (uint64_t)b * h, sp,
                           (uint64_t)sp * 4, 1, bwd::BM, CU_TENSOR_MAP_SWIZZLE_NONE) != CUDA_SUCCESS)
      return cudaErrorInvalidValue;
  const int rows = b * h * sp;
  if (d == 64)
    bwd::bwd_prep<64><<<(rows + 7) / 8, 256, 0, stream>>>(O, dO, lse, delta, lse2, acc, rows, s, !deterministic);
  else
    bwd::bwd_prep<128><<<(rows + 7) / 8, 256, 0, stream>>>(O, dO, lse, delta, lse2, acc, rows, s, !deterministic);
  cudaError_t err = d == 64 ? attention_bwd_dispatch<64>(map, acc, dK, dV, b, h, hkv, s, causal, deterministic, stream)
                            : attention_bwd_dispatch<128>(map, acc, dK, dV, b, h, hkv, s, causal, deterministic, stream);
  if (err) return err;
  bwd::bwd_dq<<<(int)(part / 4096), 256, 0, stream>>>(acc, dQ, s, d, (int)parts, part, 1.f / sqrtf((float)d), causal);
  return cudaGetLastError();
}
#endif

// ---- main ----------------------------------------------------------------------
#ifndef ATTENTION_BWD_NO_MAIN

static std::vector<float> bf16_random(std::vector<bf16>& h, size_t n, float scale) {
  std::vector<float> f(n);
  h.resize(n);
  for (size_t i = 0; i < n; ++i) f[i] = __bfloat162float(h[i] = __float2bfloat16_rn(scale * lcg_float()));
  return f;
}

// Compares a bf16 result with the reference within 2^-6 of the largest |reference|
// (at least 2^-6 * 1e-3: at s = 1, dQ and dK are 0 up to rounding); returns the largest
// error over that.
static double check_grad(const char* what, const DeviceArray<bf16>& got_d, const std::vector<double>& want) {
  const std::vector<bf16> got = got_d.download();
  double max_ref = 1e-3, max_err = 0;
  for (double x : want) max_ref = fmax(max_ref, fabs(x));
  for (size_t i = 0; i < want.size(); ++i) {
    const double e = fabs(__bfloat162float(got[i]) - want[i]);
    if (!(e <= max_ref / 64)) fail(what, i, __bfloat162float(got[i]), want[i]), max_err = INFINITY;
    max_err = fmax(max_err, e);
  }
  check_guard(what, got.data() + want.size(), got_d.guard(), got_d.poison());
  return max_err / max_ref;
}

// One variant: random Q, K, V, dO; O and lse from the CPU forward (bf16 O); the
// kernels; dQ, dK, dV against the CPU backward in double.
static void check_variant(int B, int H, int HKV, int S, int D, bool causal, bool det) {
  const size_t nq = (size_t)B * H * S * D, nkv = (size_t)B * HKV * S * D;
  std::vector<bf16> hq, hk, hv, hdo, ho(nq);
  const std::vector<float> fq = bf16_random(hq, nq, 2), fk = bf16_random(hk, nkv, 2), fv = bf16_random(hv, nkv, 1),
                           fdo = bf16_random(hdo, nq, 1);
  std::vector<float> lse((size_t)B * H * S);
  std::vector<double> P((size_t)S * S), dP((size_t)S * S), dq(nq, 0), dk(nkv, 0), dv(nkv, 0);
  const double scale = 1 / sqrt((double)D);
  for (int bh = 0; bh < B * H; ++bh) {
    const int bkv = bh / H * HKV + bh % H / (H / HKV);
    const float *q = &fq[(size_t)bh * S * D], *k = &fk[(size_t)bkv * S * D], *v = &fv[(size_t)bkv * S * D];
    const float* dO = &fdo[(size_t)bh * S * D];
    for (int i = 0; i < S; ++i) {  // forward: P, O (bf16), lse
      const int keys = causal ? i + 1 : S;
      double mx = -INFINITY, sum = 0, delta = 0;
      for (int j = 0; j < keys; ++j) {
        double dot = 0;
        for (int x = 0; x < D; ++x) dot += (double)q[i * D + x] * k[j * D + x];
        mx = fmax(mx, P[(size_t)i * S + j] = dot * scale);
      }
      for (int j = 0; j < keys; ++j) sum += (P[(size_t)i * S + j] = exp(P[(size_t)i * S + j] - mx));
      for (int j = 0; j < S; ++j) P[(size_t)i * S + j] = j < keys ? P[(size_t)i * S + j] / sum : 0;
      lse[(size_t)bh * S + i] = (float)(mx + log(sum));
      for (int x = 0; x < D; ++x) {
        double o = 0;
        for (int j = 0; j < keys; ++j) o += P[(size_t)i * S + j] * v[j * D + x];
        ho[((size_t)bh * S + i) * D + x] = __float2bfloat16_rn((float)o);
        delta += (double)__bfloat162float(ho[((size_t)bh * S + i) * D + x]) * dO[i * D + x];
      }
      for (int j = 0; j < keys; ++j) {  // dS = P (dO V^T - delta)
        double dot = 0;
        for (int x = 0; x < D; ++x) dot += (double)dO[i * D + x] * v[j * D + x];
        dP[(size_t)i * S + j] = P[(size_t)i * S + j] * (dot - delta);
      }
    }
    for (int i = 0; i < S; ++i)
      for (int j = 0; j < (causal ? i + 1 : S); ++j)
        for (int x = 0; x < D; ++x) {
          dv[((size_t)bkv * S + j) * D + x] += P[(size_t)i * S + j] * dO[i * D + x];
          dk[((size_t)bkv * S + j) * D + x] += dP[(size_t)i * S + j] * q[i * D + x] * scale;
          dq[((size_t)bh * S + i) * D + x] += dP[(size_t)i * S + j] * k[j * D + x] * scale;
        }
  }
  DeviceArray<bf16> d_q(hq), d_k(hk), d_v(hv), d_o(ho), d_do(hdo), d_dq(nq, kGuard), d_dk(nkv, kGuard),
      d_dv(nkv, kGuard);
  DeviceArray<float> d_lse(lse);
  DeviceArray<unsigned char> work(attention_bwd_workspace(B, H, S, D, det));
  d_dq.fill(0xFF), d_dk.fill(0xFF), d_dv.fill(0xFF), work.fill(0xFF);  // poison: NaN
  CUDA_CHECK(attention_bwd(d_q, d_k, d_v, d_o, d_do, d_lse, d_dq, d_dk, d_dv, B, H, HKV, S, D, causal, det, work));
  CUDA_CHECK(cudaDeviceSynchronize());
  const double eq = check_grad("dQ", d_dq, dq), ek = check_grad("dK", d_dk, dk), ev = check_grad("dV", d_dv, dv);
  printf(EXAMPLE ": s=%d d=%d h=%d/%d causal=%d deterministic=%d: max |err| / max |ref|: dQ %.1e dK %.1e dV %.1e\n", S,
         D, H, HKV, causal ? 1 : 0, det ? 1 : 0, eq, ek, ev);
}

int main(int argc, char** argv) {
  skip_without_sm90();  // wgmma and setmaxnreg are sm_90a only
  const int one = argc > 1 ? parse_size(argc, argv, 1, 300, 1 << 16) : 0;
  for (int S : {1, 17, 129, 300}) {
    if (one) S = one;
    // The reference costs O(s^2 d) per head: past s = 2048, one GQA variant, at d = 128 and causal.
    const int B = S > 1100 ? 1 : 2;
    for (int D : {64, 128})
      for (bool causal : {false, true}) {
        if (S > 2048) {
          if (D == 128 && causal) check_variant(1, 2, 1, S, D, causal, false);
          continue;
        }
        check_variant(B, 3, 3, S, D, causal, false);
        check_variant(B, 4, 2, S, D, causal, D == 128);  // GQA (deterministic at D = 128)
      }
    if (one) break;
  }
  return finish();
}
#endif
