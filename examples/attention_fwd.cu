// attention_fwd.cu - attention forward on Hopper, FlashAttention-3 style:
// O = softmax(Q K^T / sqrt(D)) V in bf16 with fp32 accumulation, and the
// row logsumexp; warp-specialized (docs/language.md: regions, events, schedules) on TMA and wgmma (sm_90a).
// tirx-pp: required
//
//   attention_fwd [s]       every variant (head dim 64 and 128, causal and not)
//                           at sequence length s (default 300), 2 batches x 3
//                           heads, against a CPU reference
//
// Q, K, V and O are [batch][head][s][D] bf16, lse [batch][head][s] float (the
// natural log of each row's sum of exp(score / sqrt(D))). Causal: query i sees
// keys 0..i (torch's is_causal for equal lengths).
//
// One block per SM walks the 128-row query tiles of every (batch, head)
// (`persistent` in the order `longest_first`: the last query tile of a head
// first, dealt to the blocks back and forth, so that causal, where a tile's
// work grows with its index, their sums of work even out; a head's tiles
// together, so that the blocks running at once read the same K and V from L2).
// Warpgroup 0 is the producer: one thread copies each tile of Q into one of two
// slots (`qfull`/`qempty`) and each block of BN keys of K and V into 2-slot
// rings (`kfull`/`kempty`, `vfull`/`vempty`) with TMA, which reads zeros past
// s. Warpgroups 1 and 2 are the consumers, 64 query rows each: per key block j,
// S = Q K_j^T (wgmma from shared memory), the online softmax on S in registers
// (row max over the thread's 2 rows and its quad, exp2, rescale of O and the
// row sums), and O += P V_j with P from registers (wgmma's RS form) and V as it
// lies (MN-major). Q K_{j+1}^T and P_j V_j are issued together, so the softmax
// of block j+1 runs while P_j V_j is on the tensor cores, and the two consumers
// issue their GEMMs in turns (`turns`, FlashAttention-3's ping-pong): one's
// softmax runs under the other's GEMMs. Masks (keys past s, keys after the
// query) cost only in the blocks that need them. O goes out through the
// consumer's rows of its Q slot and a TMA store, which clips at s.
//
// The CPU reference computes the same bf16 inputs in double; O is within 2^-7
// relative of the largest |reference| (bf16 rounding of P and O) and lse within 1e-3.
//
// attention_fwd() (below the kernel) is the host call that bench/attention
// loads; define ATTENTION_FWD_NO_MAIN to include this file elsewhere.
#include <cuda_bf16.h>

#include "tirx.h"
#include "tirx/tma.h"
#include "tirx/wgmma.h"

#define EXAMPLE "attention_fwd"
#define EXAMPLE_ARGS "[s]"
#include "harness.h"

// ---- kernel ------------------------------------------------------------------

typedef __nv_bfloat16 bf16;
constexpr int BM = 128;    // query rows per tile (64 per consumer)
constexpr int STAGES = 2;  // slots of the K and V rings, and of Q
// Keys per block (BN): 128, or 160 (fewer, longer steps; what fits beside two Q
// slots in 227 KiB) where that wastes little at the sequence's end (not causal, s >= 2048).
inline int block_n(bool causal, int s) { return !causal && s >= 2048 ? 160 : 128; }

template <int D, int BN>
constexpr int smem_bytes() { return STAGES * (BM + 2 * BN) * D * 2 + 1024; }  // + room to align to 1024

// 2^x (ex2.approx: -inf gives 0).
__device__ __forceinline__ float exp2_approx(float x) {
  float y;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}

// The key blocks query tile qt reads: all nk, or (causal) those up to its last query.
template <bool CAUSAL, int BN>
__device__ __forceinline__ int kv_blocks(int qt, int nk) { return CAUSAL ? min(nk, (qt * BM + BM + BN - 1) / BN) : nk; }

// A tile of ROWS rows of Q, K or V (D / 64 boxes of 64 columns) into dst, completing on bar.
template <int D, int ROWS>
__device__ __forceinline__ void load_tile(bf16* dst, const CUtensorMap* map, int bh, int row, uint64_t* bar) {
#pragma unroll
  for (int d = 0; d < D / 64; ++d) tirx_tma_load_3d(dst + d * ROWS * 64, map, bh, row, d * 64, bar);
}

// S = Q K^T for this warpgroup's 64 rows: D / 16 wgmma m64nBNk16, each 16
// columns of D further; Q and K are D / 64 boxes of 64 columns (128-byte rows).
template <int D, int BN>
__device__ __forceinline__ void issue_qk(float (&s)[BN / 2], const bf16* q, const bf16* k) {
  tirx_wgmma_fence();
#pragma unroll
  for (int kk = 0; kk < D / 16; ++kk) {
    const uint64_t a = tirx_wgmma_desc_sw128(q + kk / 4 * BM * 64 + kk % 4 * 16);
    const uint64_t b = tirx_wgmma_desc_sw128(k + kk / 4 * BN * 64 + kk % 4 * 16);
    if constexpr (BN == 128)
      tirx_wgmma_m64n128k16_bf16(s, a, b, kk > 0);
    else
      tirx_wgmma_m64n160k16_bf16(s, a, b, kk > 0);
  }
  tirx_wgmma_commit();
}

// O += P V: BN / 16 wgmma m64nDk16 with P from registers; V's rows (keys) are
// K of the product, 16 keys = 2048 bytes per step, its 64-column boxes BN * 128 bytes apart.
template <int D, int BN>
__device__ __forceinline__ void issue_pv(float (&o)[D / 2], const uint32_t (&p)[BN / 16][4], const bf16* v) {
  tirx_wgmma_fence();
#pragma unroll
  for (int kk = 0; kk < BN / 16; ++kk) {
    const uint64_t desc = tirx_wgmma_desc_sw128_mn(v + kk * 16 * 64, BN * 128);
    if constexpr (D == 128)
      tirx_wgmma_m64n128k16_bf16_rs<1>(o, p[kk], desc, 1);
    else
      tirx_wgmma_m64n64k16_bf16_rs<1>(o, p[kk], desc, 1);
  }
  tirx_wgmma_commit();
}

// The online softmax of one block of scores s (raw Q K^T) in place: masked
// scores to -inf, new row maxima m, s = 2^(s * c - m * c), the factor that O
// and the row sums l must be scaled by (returned in scale[]), l += row sums of
// this thread's part. Thread t holds rows r and r + 8 (h = i / 2 % 2), columns
// 8 * (i / 4) + 2 * (t % 4) + i % 2 (tirx/wgmma.h); a row's 4 threads are a quad.
template <bool CAUSAL, int BN>
__device__ __forceinline__ void softmax_block(float (&s)[BN / 2], float (&m)[2], float (&l)[2], float (&scale)[2],
                                              float c, bool mask, int key0, int row0, int S) {
  const int t = threadIdx.x % 128;
  if (mask) {
#pragma unroll
    for (int i = 0; i < BN / 2; ++i) {
      const int key = key0 + 8 * (i / 4) + 2 * (t % 4) + i % 2, row = row0 + i / 2 % 2 * 8;
      if (key >= S || (CAUSAL && key > row)) s[i] = -INFINITY;
    }
  }
  float mx[2] = {m[0], m[1]};
#pragma unroll
  for (int i = 0; i < BN / 2; ++i) mx[i / 2 % 2] = fmaxf(mx[i / 2 % 2], s[i]);
#pragma unroll
  for (int h = 0; h < 2; ++h) {
    mx[h] = fmaxf(mx[h], __shfl_xor_sync(0xffffffffu, mx[h], 1));
    mx[h] = fmaxf(mx[h], __shfl_xor_sync(0xffffffffu, mx[h], 2));
    scale[h] = exp2_approx((m[h] - mx[h]) * c);  // m = -inf at first: 0
    m[h] = mx[h];
    l[h] *= scale[h];
  }
  const float mc[2] = {mx[0] * c, mx[1] * c};
#pragma unroll
  for (int i = 0; i < BN / 2; ++i) {
    s[i] = exp2_approx(fmaf(s[i], c, -mc[i / 2 % 2]));
    l[i / 2 % 2] += s[i];
  }
}

// O (and so its rows' sums) to the maxima of the last softmax: row h of the thread by scale[h].
template <int D>
__device__ __forceinline__ void rescale(float (&o)[D / 2], const float (&scale)[2]) {
#pragma unroll
  for (int i = 0; i < D / 2; ++i) o[i] *= scale[i / 2 % 2];
}

// P (bf16) as wgmma's A operand: the accumulator layout of S is the register
// layout of A, so k-step kk takes s[8kk .. 8kk+7] in pairs.
template <int BN>
__device__ __forceinline__ void to_bf16(uint32_t (&p)[BN / 16][4], const float (&s)[BN / 2]) {
#pragma unroll
  for (int i = 0; i < BN / 4; ++i) {
    __nv_bfloat162 v = __floats2bfloat162_rn(s[2 * i], s[2 * i + 1]);
    p[i / 4][i % 4] = *reinterpret_cast<uint32_t*>(&v);
  }
}

template <int D, bool CAUSAL, int BN>
__global__ void attention_fwd_kernel(const __grid_constant__ CUtensorMap mapQ, const __grid_constant__ CUtensorMap mapK,
                                     const __grid_constant__ CUtensorMap mapV, const __grid_constant__ CUtensorMap mapO,
                                     float* lse, int BH, int S, float c) {
  extern __shared__ unsigned char smem[];
  // 1024-byte aligned for the 128-byte swizzle: the Q slots, then the K slots, then the V slots.
  bf16* Qs = reinterpret_cast<bf16*>(smem + ((1024 - tirx_smem_addr(smem) % 1024) % 1024));
  bf16* Ks = Qs + STAGES * BM * D;
  bf16* Vs = Ks + STAGES * BN * D;
  const int nq = (S + BM - 1) / BM, nk = (S + BN - 1) / BN, tiles = nq * BH;
  // The heads walked together: one (its tiles share K and V in L2), or, causal with
  // many tiles per head, all (the longest tiles of every head first: the blocks' work evens out best).
  const int group = CAUSAL && nq >= 64 ? BH : 1;
#pragma tirx warpgroups(wg: 3)
#pragma tirx event qfull[STAGES]
#pragma tirx event qempty[STAGES] ready
#pragma tirx event kfull[STAGES]
#pragma tirx event kempty[STAGES] ready
#pragma tirx event vfull[STAGES]
#pragma tirx event vempty[STAGES] ready
#pragma tirx async(wg == 0) regs(24)
  {  // producer
    int it = 0, n = 0;  // key blocks and tiles loaded so far: the ring positions
#pragma tirx persistent(tile: tiles) order(longest_first(nq, group))
    {
      const int qt = tile % nq, bh = tile / nq;
      const int nkv = kv_blocks<CAUSAL, BN>(qt, nk);
      const int qs = n++ % STAGES;
      tirx_wait(qempty[qs]);
      tirx_trigger_bytes(qfull[qs], BM * D * 2);
      if (threadIdx.x == 0) load_tile<D, BM>(Qs + qs * BM * D, &mapQ, bh, qt * BM, &qfull[qs]);
      // The order the consumers use them in: K_0, then K_j before V_{j-1}, then the last V.
      int s = it % STAGES;
      tirx_wait(kempty[s]);
      tirx_trigger_bytes(kfull[s], BN * D * 2);
      if (threadIdx.x == 0) load_tile<D, BN>(Ks + s * BN * D, &mapK, bh, 0, &kfull[s]);
      for (int j = 1; j < nkv; ++j) {
        const int prev = s;
        s = (it + j) % STAGES;
        tirx_wait(kempty[s]);
        tirx_trigger_bytes(kfull[s], BN * D * 2);
        if (threadIdx.x == 0) load_tile<D, BN>(Ks + s * BN * D, &mapK, bh, j * BN, &kfull[s]);
        tirx_wait(vempty[prev]);
        tirx_trigger_bytes(vfull[prev], BN * D * 2);
        if (threadIdx.x == 0) load_tile<D, BN>(Vs + prev * BN * D, &mapV, bh, j * BN - BN, &vfull[prev]);
      }
      tirx_wait(vempty[s]);
      tirx_trigger_bytes(vfull[s], BN * D * 2);
      if (threadIdx.x == 0) load_tile<D, BN>(Vs + s * BN * D, &mapV, bh, nkv * BN - BN, &vfull[s]);
      it += nkv;
    }
  }
#pragma tirx async(wg >= 1) regs(240)
  {  // consumers: warpgroup 1 takes query rows 0-63 of the tile, warpgroup 2 rows 64-127
    const int w = wg - 1, t = threadIdx.x % 128, r = t / 32 * 16 + t % 32 / 4;
    int it = 0, n = 0;  // key blocks and tiles consumed so far: follow the producer
    auto wg_sync = [&] { w == 0 ? tirx_warpgroup_sync(1) : tirx_warpgroup_sync(2); };  // this warpgroup's barrier
#pragma tirx turns mma  // the two consumers issue their GEMMs in turns: one's softmax runs under the other's GEMMs
#pragma tirx persistent(tile: tiles) order(longest_first(nq, group))
    {
      const int qt = tile % nq, bh = tile / nq;
      const int nkv = kv_blocks<CAUSAL, BN>(qt, nk);
      const int row0 = qt * BM + w * 64 + r;  // this thread's first row (the other: + 8)
      // A block needs masks when it reaches past s or past this warpgroup's first query.
      auto needs_mask = [&](int j) { return j * BN + BN > S || (CAUSAL && j * BN + BN - 1 > qt * BM + w * 64); };
      float o[D / 2], sc[BN / 2], m[2] = {-INFINITY, -INFINITY}, l[2] = {0.f, 0.f}, scale[2];
      uint32_t p[BN / 16][4];
#pragma unroll
      for (int i = 0; i < D / 2; ++i) o[i] = 0.f;
      const int qs = n++ % STAGES;
      bf16* q = Qs + qs * BM * D + w * 64 * 64;  // this warpgroup's rows of Q (and then of O)
      int s = it % STAGES;
      tirx_wait(qfull[qs]);
      tirx_wait(kfull[s]);
#pragma tirx turn(mma)
      issue_qk<D, BN>(sc, q, Ks + s * BN * D);
      tirx_wgmma_wait<0>();
      tirx_wgmma_fence_operand(sc);
#pragma tirx elect
      tirx_trigger(kempty[s]);
      softmax_block<CAUSAL, BN>(sc, m, l, scale, c, needs_mask(0), 0, row0, S);
      to_bf16<BN>(p, sc);
      for (int j = 1; j < nkv; ++j) {
        const int prev = s;
        s = (it + j) % STAGES;
        tirx_wait(kfull[s]);
        tirx_wait(vfull[prev]);
#pragma tirx turn(mma)
        {
          issue_qk<D, BN>(sc, q, Ks + s * BN * D);  // S_j = Q K_j^T ...
          rescale<D>(o, scale);                     // (O to block j-1's maxima, while S_j runs)
          issue_pv<D, BN>(o, p, Vs + prev * BN * D);  // ... and O += P_{j-1} V_{j-1}, queued behind it
        }
        tirx_wgmma_wait<1>();                   // S_j is done
        tirx_wgmma_fence_operand(sc);
#pragma tirx elect
        tirx_trigger(kempty[s]);
        softmax_block<CAUSAL, BN>(sc, m, l, scale, c, needs_mask(j), j * BN, row0, S);
        tirx_wgmma_wait<0>();  // P_{j-1} V_{j-1} is done: V's slot may be reused
        tirx_wgmma_fence_operand(o);
#pragma tirx elect
        tirx_trigger(vempty[prev]);
        to_bf16<BN>(p, sc);
      }
      tirx_wait(vfull[s]);
#pragma tirx turn(mma)
      {
        rescale<D>(o, scale);
        issue_pv<D, BN>(o, p, Vs + s * BN * D);
      }
      tirx_wgmma_wait<0>();
      tirx_wgmma_fence_operand(o);
#pragma tirx elect
      tirx_trigger(vempty[s]);
      it += nkv;
      // Epilogue: the row sums over the quad, O / l into this warpgroup's rows of
      // its Q slot in TMA's 128-byte swizzle (row x's 16-byte chunk k at k ^ x % 8:
      // a warp's stores hit 32 banks), then thread 0 stores them with TMA (which
      // clips rows past s) and the slot goes back to the producer once TMA has read it.
#pragma unroll
      for (int h = 0; h < 2; ++h) {
        l[h] += __shfl_xor_sync(0xffffffffu, l[h], 1);
        l[h] += __shfl_xor_sync(0xffffffffu, l[h], 2);
        const int x = r + 8 * h;
        const float inv = 1.f / l[h];
#pragma unroll
        for (int g = 0; g < D / 8; ++g)
          *reinterpret_cast<__nv_bfloat162*>(reinterpret_cast<char*>(q + g / 8 * BM * 64) + x * 128 +
                                             (g % 8 ^ x % 8) * 16 + t % 4 * 4) =
              __floats2bfloat162_rn(o[4 * g + 2 * h] * inv, o[4 * g + 2 * h + 1] * inv);
        if (t % 4 == 0 && row0 + 8 * h < S) lse[(size_t)bh * S + row0 + 8 * h] = (m[h] * c + log2f(l[h])) * 0.69314718f;
      }
      tirx_fence_proxy_async_smem();  // the stores above, before TMA reads them
      wg_sync();
      if (t == 0) {
        for (int d = 0; d < D / 64; ++d) tirx_tma_store_3d(&mapO, bh, qt * BM + w * 64, d * 64, q + d * BM * 64);
        tirx_tma_store_commit();
        tirx_tma_store_wait_read<0>();
      }
      wg_sync();  // TMA has read the slot
#pragma tirx elect
      tirx_trigger(qempty[qs]);
    }
    if (t == 0) tirx_tma_store_wait<0>();  // the last stores: finish before exit
  }
}

#ifndef __CUDACC_RTC__  // host code
template <int D, bool CAUSAL, int BN = 128>
static cudaError_t attention_launch(const CUtensorMap* map, float* lse, int BH, int S, cudaStream_t stream) {
  const float c = 1.4426950408889634f / sqrtf((float)D);  // log2(e) / sqrt(D): exp(x / sqrt(D)) = 2^(x c)
  const int tiles = (S + BM - 1) / BM * BH;
  constexpr int smem = smem_bytes<D, BN>();
  cudaError_t err;
#pragma tirx launch grid(persistent) smem(smem) stream(stream) async status(err)
  attention_fwd_kernel<D, CAUSAL, BN><<<tiles, 384>>>(map[0], map[1], map[2], map[3], lse, BH, S, c);
  return err;
}

// The kernel for head dimension D whose key block is block_n(causal, S).
template <int D>
static cudaError_t attention_dispatch(const CUtensorMap* map, float* lse, int BH, int S, bool causal,
                                      cudaStream_t stream) {
  if (causal) return attention_launch<D, true>(map, lse, BH, S, stream);
  if (block_n(false, S) == 160) return attention_launch<D, false, 160>(map, lse, BH, S, stream);
  return attention_launch<D, false>(map, lse, BH, S, stream);
}

// O = softmax(Q K^T / sqrt(d)) V and lse on `stream`, not waited for: Q, K, V,
// O [b][h][s][d] bf16, lse [b][h][s] float, d = 64 or 128, Q, K, V and O 16-byte
// aligned. Returns the first error (cudaErrorNotSupported: the driver has no TMA).
static cudaError_t attention_fwd(const bf16* Q, const bf16* K, const bf16* V, bf16* O, float* lse, int b, int h,
                                 int s, int d, bool causal, cudaStream_t stream = 0) {
  if (b < 1 || h < 1 || s < 1 || (d != 64 && d != 128) || !lse) return cudaErrorInvalidValue;
  if (((uintptr_t)Q | (uintptr_t)K | (uintptr_t)V | (uintptr_t)O) % 16 != 0) return cudaErrorMisalignedAddress;
  CUtensorMap map[4];  // Q: 128-row boxes, K and V: a key block's, O: 64 rows (one consumer's)
  const bf16* src[4] = {Q, K, V, O};
  for (int i = 0; i < 4; ++i) {
    CUresult r = tirx_tensor_map_3d(&map[i], CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, src[i], (uint64_t)b * h, s, d,
                                    (uint64_t)d * 2, (uint64_t)s * d * 2, i == 0 ? BM : i < 3 ? block_n(causal, s) : 64, 64,
                                    CU_TENSOR_MAP_SWIZZLE_128B);
    if (r != CUDA_SUCCESS) return r == CUDA_ERROR_NOT_SUPPORTED ? cudaErrorNotSupported : cudaErrorInvalidValue;
  }
  return d == 64 ? attention_dispatch<64>(map, lse, b * h, s, causal, stream)
                 : attention_dispatch<128>(map, lse, b * h, s, causal, stream);
}
#endif

// ---- main ----------------------------------------------------------------------
#ifndef ATTENTION_FWD_NO_MAIN

// One variant at sequence length S: random inputs, the kernel, the CPU reference
// (every row up to 1100 rows, else every 16th and the last 130), checks.
static void check_variant(int B, int H, int S, int D, bool causal) {
  const size_t n = (size_t)B * H * S * D;
  std::vector<bf16> hq(n), hk(n), hv(n);
  std::vector<float> fq(n), fk(n), fv(n);
  for (size_t i = 0; i < n; ++i) fq[i] = __bfloat162float(hq[i] = __float2bfloat16_rn(2 * lcg_float()));
  for (size_t i = 0; i < n; ++i) fk[i] = __bfloat162float(hk[i] = __float2bfloat16_rn(2 * lcg_float()));
  for (size_t i = 0; i < n; ++i) fv[i] = __bfloat162float(hv[i] = __float2bfloat16_rn(lcg_float()));
  DeviceArray<bf16> dq(hq), dk(hk), dv(hv), dout(n, kGuard);
  DeviceArray<float> dlse((size_t)B * H * S, kGuard);
  dout.fill(0xFF), dlse.fill(0xFF);  // poison: NaN
  CUDA_CHECK(attention_fwd(dq, dk, dv, dout, dlse, B, H, S, D, causal));
  CUDA_CHECK(cudaDeviceSynchronize());
  const std::vector<bf16> got = dout.download();
  const std::vector<float> got_lse = dlse.download();
  char what[64];
  snprintf(what, sizeof what, "O (d=%d%s)", D, causal ? " causal" : "");
  std::vector<double> sc(S), want(n, NAN);  // NAN: a row not checked
  double max_ref = 0;
  for (int bh = 0; bh < B * H; ++bh)
    for (int i = 0; i < S; ++i) {
      if (S > 1100 && i % 16 != 0 && i < S - 130) continue;
      const float* q = &fq[((size_t)bh * S + i) * D];
      const int keys = causal ? i + 1 : S;
      double mx = -INFINITY, sum = 0;
      for (int j = 0; j < keys; ++j) {
        double dot = 0;
        for (int x = 0; x < D; ++x) dot += (double)q[x] * fk[((size_t)bh * S + j) * D + x];
        mx = fmax(mx, sc[j] = dot / sqrt((double)D));
      }
      for (int j = 0; j < keys; ++j) sum += (sc[j] = exp(sc[j] - mx));
      const double want_lse = mx + log(sum), g_lse = got_lse[(size_t)bh * S + i];
      if (!(fabs(g_lse - want_lse) <= 1e-3 * (1 + fabs(want_lse)))) fail("lse", (size_t)bh * S + i, g_lse, want_lse);
      for (int x = 0; x < D; ++x) {
        double o = 0;
        for (int j = 0; j < keys; ++j) o += sc[j] * fv[((size_t)bh * S + j) * D + x];
        max_ref = fmax(max_ref, fabs(want[((size_t)bh * S + i) * D + x] = o / sum));
      }
    }
  for (size_t i = 0; i < n; ++i) {
    const double g = __bfloat162float(got[i]);
    if (!std::isnan(want[i]) && !(fabs(g - want[i]) <= max_ref / 128)) {
      fail(what, i, g, want[i]);
      break;
    }
  }
  check_guard(what, got.data() + n, dout.guard(), dout.poison());
  check_guard("lse", got_lse.data() + (size_t)B * H * S, dlse.guard(), dlse.poison());
  printf(EXAMPLE ": s=%d d=%d causal=%d checked\n", S, D, causal ? 1 : 0);
}

int main(int argc, char** argv) {
  skip_without_sm90();  // wgmma and setmaxnreg are sm_90a only
  const int S = parse_size(argc, argv, 1, 300, 1 << 16);
  for (int D : {64, 128})
    for (bool causal : {false, true}) check_variant(2, 3, S, D, causal);
  return finish();
}
#endif
