// attention_fwd.cu - attention forward on Hopper, FlashAttention-3 style:
// O = softmax(Q K^T / sqrt(D)) V in bf16 with fp32 accumulation, and the
// row logsumexp; warp-specialized (docs/language.md: regions, events, schedules) on TMA and wgmma (sm_90a).
// tirx-pp: required
//
//   attention_fwd [s]       every variant (head dim 64 and 128, causal and not)
//                           at sequence length s (default 300), 2 batches x 3
//                           heads, and with 8 query heads over 2 K/V heads
//                           (GQA), and varlen (sequences of 1, 17, 129, s and
//                           300 rows packed, GQA 8/2), against a CPU reference
//
// Q and O are [batch][head][s][D] bf16, K and V [batch][kv head][s][D], lse
// [batch][head][s] float (the natural log of each row's sum of exp(score /
// sqrt(D))). Causal: query i sees keys 0..i (torch's is_causal for equal
// lengths). GQA: hq query heads over hkv K/V heads, query head h reading K/V
// head h / (hq / hkv) (hkv = hq: multi-head). Varlen (attention_fwd_varlen):
// sequences of different lengths packed as FlashAttention's varlen API takes
// them, Q and O [total][head][D], K and V [total][kv head][D], lse
// [head][total], cu_seqlens the int32 prefix sums of the lengths.
//
// One block per SM walks the query tiles (64 rows per consumer warpgroup) of every (batch, head)
// (`persistent` in the order `longest_first`: the last query tile of a head
// first, dealt to the blocks back and forth, so that causal, where a tile's
// work grows with its index, their sums of work even out; a head's tiles
// together, then the next head's (under GQA, the query heads of one K/V head
// come one after the other), so that the blocks running at once read the same
// K and V from L2). Varlen: every sequence gets as many
// query tiles as the longest, and the tiles past a sequence's end are skipped.
// Warpgroup 0 is the producer: one thread copies each tile of Q into one of two
// slots (`qfull`/`qempty`) and each block of BN keys of K and V into 2-slot
// rings (`kfull`/`kempty`, `vfull`/`vempty`) with TMA, which reads zeros past
// s. Warpgroups 1 and 2 (and 3) are the consumers, 64 query rows each: per key block j,
// S = Q K_j^T (wgmma from shared memory), the online softmax on S in registers
// (row max over the thread's 2 rows and its quad, exp2, rescale of O and the
// row sums), and O += P V_j with P from registers (wgmma's RS form) and V as it
// lies (MN-major). Q K_{j+1}^T and P_j V_j are issued together, so the softmax
// of block j+1 runs while P_j V_j is on the tensor cores, and the consumers
// issue their GEMMs in turns (`turns`, FlashAttention-3's ping-pong): one's
// softmax runs under the other's GEMMs. Masks (keys past s, keys after the
// query) cost only in the blocks that need them; packed, they also hide the
// next sequence's keys, which the K and V boxes reach into (a masked key's P
// is 0, so its V row adds nothing). O goes out through the consumer's rows of
// its Q slot and a TMA store, which clips at s; packed, a tile that ends past
// its sequence stores its rows with plain stores, never the next sequence's.
// The slot goes back to the producer after the next tile's first softmax: the
// store reads it meanwhile, and the consumer does not wait for it.
//
// The CPU reference computes the same bf16 inputs in double; O is within 2^-7
// relative of the largest |reference| (bf16 rounding of P and O) and lse within 1e-3.
//
// attention_fwd() (below the kernel) is the host call that bench/attention
// loads; define ATTENTION_FWD_NO_MAIN to include this file elsewhere.
#include <cuda_bf16.h>

#include <algorithm>

#include "tirx.h"
#include "tirx/tma.h"
#include "tirx/wgmma.h"

#define EXAMPLE "attention_fwd"
#define EXAMPLE_ARGS "[s]"
#include "harness.h"

// ---- kernel ------------------------------------------------------------------

typedef __nv_bfloat16 bf16;
// Consumer warpgroups (NC), 64 query rows of a tile each: 3 (192-row tiles, 160 registers a
// thread: FlashAttention-3's shape at D = 64) or 2 (128-row tiles, 240 registers); each launch
// picks (consumers()). -DATTN_NC=2 or 3 (to tirx-pp and to nvcc alike) forces one.
#ifndef ATTN_NC
#define ATTN_NC 0
#endif
constexpr int STAGES = 2;    // slots of the K and V rings, and of Q
// Keys per block (BN): 128, or 160 (fewer, longer steps; what fits beside two Q
// slots in 227 KiB) where that wastes little at the sequence's end (not causal, s >= 2048);
// with three consumers (160 registers hold S, P and O) 128 at D = 64 and 64 at D = 128.
constexpr int bn_of(int d, int nc, bool longer) { return nc == 3 ? (d == 64 ? 128 : 64) : longer ? 160 : 128; }
inline int block_n(int d, int nc, bool causal, int s) { return bn_of(d, nc, !causal && s >= 2048); }

template <int D, int BM, int BN>
constexpr int smem_bytes() { return STAGES * (BM + 2 * BN) * D * 2 + 1024; }  // + room to align to 1024

// 2^x (ex2.approx: -inf gives 0).
__device__ __forceinline__ float exp2_approx(float x) {
  float y;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x));
  return y;
}

// The key blocks query tile qt reads: all nk, or (causal) those up to its last query.
template <int BM, bool CAUSAL, int BN>
__device__ __forceinline__ int kv_blocks(int qt, int nk) { return CAUSAL ? min(nk, (qt * BM + BM + BN - 1) / BN) : nk; }

// A tile of ROWS rows of Q, K or V (D / 64 boxes of 64 columns) into dst, completing on bar.
template <int D, int ROWS>
__device__ __forceinline__ void load_tile(bf16* dst, const CUtensorMap* map, int bh, int row, uint64_t* bar) {
#pragma unroll
  for (int d = 0; d < D / 64; ++d) tirx_tma_load_3d(dst + d * ROWS * 64, map, bh, row, d * 64, bar);
}

// S = Q K^T for this warpgroup's 64 rows: D / 16 wgmma m64nBNk16, each 16
// columns of D further; Q and K are D / 64 boxes of 64 columns (128-byte rows).
template <int D, int BM, int BN>
__device__ __forceinline__ void issue_qk(float (&s)[BN / 2], const bf16* q, const bf16* k) {
  tirx_wgmma_fence();
#pragma unroll
  for (int kk = 0; kk < D / 16; ++kk) {
    const uint64_t a = tirx_wgmma_desc_sw128(q + kk / 4 * BM * 64 + kk % 4 * 16);
    const uint64_t b = tirx_wgmma_desc_sw128(k + kk / 4 * BN * 64 + kk % 4 * 16);
    if constexpr (BN == 64) tirx_wgmma_m64n64k16_bf16(s, a, b, kk > 0);
    else if constexpr (BN == 128) tirx_wgmma_m64n128k16_bf16(s, a, b, kk > 0);
    else tirx_wgmma_m64n160k16_bf16(s, a, b, kk > 0);
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
    if constexpr (D == 128) tirx_wgmma_m64n128k16_bf16_rs<1>(o, p[kk], desc, 1);
    else tirx_wgmma_m64n64k16_bf16_rs<1>(o, p[kk], desc, 1);
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

// The sequences: b of them, each `rows` long ([b][h][rows][D]), or packed
// (varlen: cu the b + 1 prefix sums of their lengths, rows = the total, [rows][h][D]);
// hq query heads over hkv K and V heads (GQA: query head h reads K and V head h / (hq / hkv)).
struct Seqs { const int* cu; int b, hq, hkv, rows; };
// Tile row `row` (batch row / hq, head row % hq): the outer TMA coordinates of
// its Q (and O, lse) and of its K and V, its first row there, and its length.
struct Tile { int qo, ko, base, len; };
__device__ __forceinline__ Tile tile_of(int row, const Seqs& sq) {
  const int b = row / sq.hq, h = row % sq.hq, kh = h / (sq.hq / sq.hkv);
  if (!sq.cu) return {row, b * sq.hkv + kh, 0, sq.rows};
  return {h, kh, sq.cu[b], sq.cu[b + 1] - sq.cu[b]};
}

// The first `rows` rows of a consumer's O (its Q slot's rows, 128-byte swizzle)
// to o, ld elements apart: where a TMA store would write past the sequence into the next.
template <int D, int BM>
__device__ __forceinline__ void store_rows(bf16* o, size_t ld, int rows, const bf16* q) {
  for (int i = threadIdx.x % 128; i < min(rows, 64) * D / 8; i += 128) {
    const int x = i / (D / 8), g = i % (D / 8);
    *reinterpret_cast<uint4*>(o + x * ld + g * 8) =
        *reinterpret_cast<const uint4*>(q + g / 8 * BM * 64 + x * 64 + (g % 8 ^ x % 8) * 8);
  }
}

template <int D, int NC, bool CAUSAL, int BN>
__global__ void attention_fwd_kernel(const __grid_constant__ CUtensorMap mapQ, const __grid_constant__ CUtensorMap mapK,
                                     const __grid_constant__ CUtensorMap mapV, const __grid_constant__ CUtensorMap mapO,
                                     bf16* O, float* lse, Seqs sq, int nq, float c) {
  extern __shared__ unsigned char smem[];
  constexpr int BM = 64 * NC;
  // 1024-byte aligned for the 128-byte swizzle: the Q slots, then the K slots, then the V slots.
  bf16* Qs = reinterpret_cast<bf16*>(smem + ((1024 - tirx_smem_addr(smem) % 1024) % 1024));
  bf16* Ks = Qs + STAGES * BM * D;
  bf16* Vs = Ks + STAGES * BN * D;
  // Tiles: (batch, head) rows of nq query tiles, the longest sequence's; a shorter one's
  // are the last columns of its row, those before them skipped (they come last in the walk).
  // The heads walked together: one (its tiles share K and V in L2; the next heads, walked
  // next, share them too under GQA), or, causal with many tiles per head, all (the longest
  // tiles of every head first: the blocks' work evens out best).
  const int tiles = nq * sq.b * sq.hq, group = CAUSAL && nq >= 64 ? sq.b * sq.hq : 1;
#pragma tirx warpgroups(wg: 1 + NC) values(NC: 2, 3)
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
      const Tile tl = tile_of(tile / nq, sq);
      const int qt = tile % nq - nq + (tl.len + BM - 1) / BM;
      if (qt < 0) continue;
      const int nkv = kv_blocks<BM, CAUSAL, BN>(qt, (tl.len + BN - 1) / BN);
      const int qs = n++ % STAGES;
      tirx_wait(qempty[qs]);
      tirx_trigger_bytes(qfull[qs], BM * D * 2);
      if (threadIdx.x == 0) load_tile<D, BM>(Qs + qs * BM * D, &mapQ, tl.qo, tl.base + qt * BM, &qfull[qs]);
      // The order the consumers use them in: K_0, then K_j before V_{j-1}, then the last V.
      int s = it % STAGES;
      tirx_wait(kempty[s]);
      tirx_trigger_bytes(kfull[s], BN * D * 2);
      if (threadIdx.x == 0) load_tile<D, BN>(Ks + s * BN * D, &mapK, tl.ko, tl.base, &kfull[s]);
      for (int j = 1; j < nkv; ++j) {
        const int prev = s;
        s = (it + j) % STAGES;
        tirx_wait(kempty[s]);
        tirx_trigger_bytes(kfull[s], BN * D * 2);
        if (threadIdx.x == 0) load_tile<D, BN>(Ks + s * BN * D, &mapK, tl.ko, tl.base + j * BN, &kfull[s]);
        tirx_wait(vempty[prev]);
        tirx_trigger_bytes(vfull[prev], BN * D * 2);
        if (threadIdx.x == 0) load_tile<D, BN>(Vs + prev * BN * D, &mapV, tl.ko, tl.base + j * BN - BN, &vfull[prev]);
      }
      tirx_wait(vempty[s]);
      tirx_trigger_bytes(vfull[s], BN * D * 2);
      if (threadIdx.x == 0) load_tile<D, BN>(Vs + s * BN * D, &mapV, tl.ko, tl.base + nkv * BN - BN, &vfull[s]);
      it += nkv;
    }
  }
#pragma tirx async(wg >= 1) regs(NC == 3 ? 160 : 240)
  {  // consumers: warpgroup 1 takes query rows 0-63 of the tile, warpgroup 2 rows 64-127, ...
    const int w = wg - 1, t = threadIdx.x % 128, r = t / 32 * 16 + t % 32 / 4;
    int it = 0, n = 0, qdone = -1;  // key blocks and tiles consumed so far: follow the producer; the last O's Q slot
    // This warpgroup's barrier (literal ids: the barriers of `turns` are chosen among the others).
    auto wg_sync = [&] { w == 0 ? tirx_warpgroup_sync(1) : w == 1 ? tirx_warpgroup_sync(2) : tirx_warpgroup_sync(3); };
#pragma tirx turns mma  // the consumers issue their GEMMs in turns: one's softmax runs under the other's GEMMs
#pragma tirx persistent(tile: tiles) order(longest_first(nq, group))
    {
      const Tile tl = tile_of(tile / nq, sq);
      const int S = tl.len, qt = tile % nq - nq + (S + BM - 1) / BM;  // keys past S (the next sequence's) are masked
      if (qt < 0) continue;
      const int nkv = kv_blocks<BM, CAUSAL, BN>(qt, (S + BN - 1) / BN);
      const int row_w = qt * BM + w * 64, row0 = row_w + r;  // this warpgroup's first row, this thread's (and + 8)
      // A block needs masks when it reaches past s or past this warpgroup's first query.
      auto needs_mask = [&](int j) { return j * BN + BN > S || (CAUSAL && j * BN + BN - 1 > row_w); };
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
      issue_qk<D, BM, BN>(sc, q, Ks + s * BN * D);
      tirx_wgmma_wait<0>();
      tirx_wgmma_fence_operand(sc);
#pragma tirx elect
      tirx_trigger(kempty[s]);
      softmax_block<CAUSAL, BN>(sc, m, l, scale, c, needs_mask(0), 0, row0, S);
      to_bf16<BN>(p, sc);
#pragma tirx uniform  // every consumer thread takes the same branch
      if (qdone >= 0) {  // the last tile's O store has had a softmax's time to read its Q slot: hand the slot back
        if (t == 0) tirx_tma_store_wait_read<0>();
        wg_sync();
#pragma tirx elect
        tirx_trigger(qempty[qdone]);
      }
      for (int j = 1; j < nkv; ++j) {
        const int prev = s;
        s = (it + j) % STAGES;
        tirx_wait(kfull[s]);
        tirx_wait(vfull[prev]);
#pragma tirx turn(mma)
        {
          issue_qk<D, BM, BN>(sc, q, Ks + s * BN * D);  // S_j = Q K_j^T ...
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
      // clips rows past s); the slot goes back to the producer in the next tile, once TMA has read it.
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
        if (t % 4 == 0 && row0 + 8 * h < S)
          lse[(size_t)tl.qo * sq.rows + tl.base + row0 + 8 * h] = (m[h] * c + log2f(l[h])) * 0.69314718f;
      }
      tirx_fence_proxy_async_smem();  // the stores above, before TMA reads them
      wg_sync();
      if (sq.cu && row_w + 64 > S) {
        store_rows<D, BM>(O + ((size_t)(tl.base + row_w) * sq.hq + tl.qo) * D, (size_t)sq.hq * D, S - row_w, q);
      } else if (t == 0) {
        for (int d = 0; d < D / 64; ++d) tirx_tma_store_3d(&mapO, tl.qo, tl.base + row_w, d * 64, q + d * BM * 64);
        tirx_tma_store_commit();
      }
      qdone = qs;  // its slot goes back after the next tile's first softmax, not waited for here
    }
    if (t == 0) tirx_tma_store_wait<0>();  // the last stores: finish before exit
  }
}

#ifndef __CUDACC_RTC__  // host code
// On an H200 (bench/RESULTS.md) three consumers are 7-22% faster at D = 64 but on short grids
// (fewer 192-row tiles than two waves of SMs, four causal) and causal rows of 1k or less, and
// 10-19% slower at D = 128.
static int consumers(int d, bool causal, int heads, int s, int sms) {
  if (ATTN_NC) return ATTN_NC;
  const long tiles3 = (long)heads * ((s + 191) / 192);
  return d == 64 && !(causal && s <= 1024) && tiles3 >= (causal ? 4 : 2) * sms ? 3 : 2;
}

template <int D, int NC, bool CAUSAL, int BN>
static cudaError_t attention_launch(const CUtensorMap* map, bf16* O, float* lse, Seqs sq, int nq, cudaStream_t stream) {
  const float c = 1.4426950408889634f / sqrtf((float)D);  // log2(e) / sqrt(D): exp(x / sqrt(D)) = 2^(x c)
  const int tiles = nq * sq.b * sq.hq;
  constexpr int smem = smem_bytes<D, 64 * NC, BN>();
  cudaError_t err;
#pragma tirx launch grid(persistent) smem(smem) stream(stream) async status(err)
  attention_fwd_kernel<D, NC, CAUSAL, BN>
      <<<tiles, 128 * (1 + NC)>>>(map[0], map[1], map[2], map[3], O, lse, sq, nq, c);
  return err;
}

// The kernel for head dimension D and NC consumers whose key block is block_n(D, NC, causal, S),
// S the longest sequence.
template <int D, int NC>
static cudaError_t attention_dispatch(const CUtensorMap* map, bf16* O, float* lse, Seqs sq, int S, bool causal,
                                      cudaStream_t stream) {
  const int nq = (S + 64 * NC - 1) / (64 * NC);
  constexpr int bn = bn_of(D, NC, false), longer = bn_of(D, NC, true);
  if (causal) return attention_launch<D, NC, true, bn>(map, O, lse, sq, nq, stream);
  if (block_n(D, NC, false, S) == longer) return attention_launch<D, NC, false, longer>(map, O, lse, sq, nq, stream);
  return attention_launch<D, NC, false, bn>(map, O, lse, sq, nq, stream);
}

// Both layouts: sq as the kernel takes it, S the longest sequence.
static cudaError_t attention_run(const bf16* Q, const bf16* K, const bf16* V, bf16* O, float* lse, Seqs sq, int S,
                                 int d, bool causal, cudaStream_t stream) {
  if (sq.b < 1 || sq.hkv < 1 || sq.hq % sq.hkv != 0 || S < 1 || sq.rows < 1 || (d != 64 && d != 128) || !lse)
    return cudaErrorInvalidValue;
  if (((uintptr_t)Q | (uintptr_t)K | (uintptr_t)V | (uintptr_t)O) % 16 != 0) return cudaErrorMisalignedAddress;
  int dev, sms;
  cudaError_t e = cudaGetDevice(&dev);
  if (e == cudaSuccess) e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
  if (e != cudaSuccess) return e;
  const int nc = consumers(d, causal, sq.b * sq.hq, S, sms);
  CUtensorMap map[4];  // Q: BM-row boxes, K and V: a key block's, O: 64 rows (one consumer's)
  const bf16* src[4] = {Q, K, V, O};
  for (int i = 0; i < 4; ++i) {
    const uint64_t h = i == 1 || i == 2 ? sq.hkv : sq.hq, row_bytes = (sq.cu ? h : 1) * d * 2;
    CUresult r = tirx_tensor_map_3d(&map[i], CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, src[i], sq.cu ? h : sq.b * h, sq.rows,
                                    d, row_bytes, sq.cu ? (uint64_t)d * 2 : (uint64_t)sq.rows * row_bytes,
                                    i == 0 ? 64 * nc : i < 3 ? block_n(d, nc, causal, S) : 64, 64,
                                    CU_TENSOR_MAP_SWIZZLE_128B);
    if (r != CUDA_SUCCESS) return r == CUDA_ERROR_NOT_SUPPORTED ? cudaErrorNotSupported : cudaErrorInvalidValue;
  }
  constexpr int nc64 = ATTN_NC ? ATTN_NC : 3, nc128 = ATTN_NC ? ATTN_NC : 2;  // what consumers() can pick
  if (d == 128) return attention_dispatch<128, nc128>(map, O, lse, sq, S, causal, stream);
  return nc == 3 ? attention_dispatch<64, nc64>(map, O, lse, sq, S, causal, stream)
                 : attention_dispatch<64, 2>(map, O, lse, sq, S, causal, stream);
}

// O = softmax(Q K^T / sqrt(d)) V and lse on `stream`, not waited for: Q, O
// [b][hq][s][d] bf16, K, V [b][hkv][s][d] (hkv divides hq: query head h reads
// K and V head h / (hq / hkv); hkv = hq is multi-head attention), lse
// [b][hq][s] float, d = 64 or 128, Q, K, V and O 16-byte aligned. Returns the
// first error (cudaErrorNotSupported: the driver has no TMA).
static cudaError_t attention_fwd(const bf16* Q, const bf16* K, const bf16* V, bf16* O, float* lse, int b, int hq,
                                 int hkv, int s, int d, bool causal, cudaStream_t stream = 0) {
  return attention_run(Q, K, V, O, lse, {nullptr, b, hq, hkv, s}, s, d, causal, stream);
}

// Packed sequences, FlashAttention's varlen layout: Q, O [total][hq][d], K, V
// [total][hkv][d], lse [hq][total]; cu_seqlens (device) the b + 1 prefix sums
// of the b lengths (cu_seqlens[0] = 0, cu_seqlens[b] = total), max_seqlen the
// longest. Sequence i's queries see its keys only (causal: up to their own position).
static cudaError_t attention_fwd_varlen(const bf16* Q, const bf16* K, const bf16* V, bf16* O, float* lse,
                                        const int* cu_seqlens, int b, int total, int max_seqlen, int hq, int hkv,
                                        int d, bool causal, cudaStream_t stream = 0) {
  if (!cu_seqlens) return cudaErrorInvalidValue;
  return attention_run(Q, K, V, O, lse, {cu_seqlens, b, hq, hkv, total}, max_seqlen, d, causal, stream);
}
#endif

// ---- main ----------------------------------------------------------------------
#ifndef ATTENTION_FWD_NO_MAIN

// One variant: random inputs, the kernel, the CPU reference, checks. lens: the
// sequences' lengths; packed (varlen) or, all equal, [b][h][s][d]. Rows checked:
// every row of sequences up to 600 rows, else every 16th and the last 130.
static void check_variant(const std::vector<int>& lens, bool packed, int HQ, int HKV, int D, bool causal) {
  const int B = (int)lens.size();
  std::vector<int> cu(B + 1, 0);
  for (int b = 0; b < B; ++b) cu[b + 1] = cu[b] + lens[b];
  const int T = cu[B], S = *std::max_element(lens.begin(), lens.end());
  // Element (sequence b, head h of H, row i, column 0) of Q, K, V, O; and lse's index.
  auto at = [&](int b, int h, int H, int i) {
    return packed ? ((size_t)(cu[b] + i) * H + h) * D : (((size_t)b * H + h) * S + i) * D;
  };
  auto at_lse = [&](int b, int h, int i) { return packed ? (size_t)h * T + cu[b] + i : ((size_t)b * HQ + h) * S + i; };
  const size_t nq = (size_t)T * HQ * D, nk = (size_t)T * HKV * D;
  std::vector<bf16> hq(nq), hk(nk), hv(nk);
  std::vector<float> fq(nq), fk(nk), fv(nk);
  for (size_t i = 0; i < nq; ++i) fq[i] = __bfloat162float(hq[i] = __float2bfloat16_rn(2 * lcg_float()));
  for (size_t i = 0; i < nk; ++i) fk[i] = __bfloat162float(hk[i] = __float2bfloat16_rn(2 * lcg_float()));
  for (size_t i = 0; i < nk; ++i) fv[i] = __bfloat162float(hv[i] = __float2bfloat16_rn(lcg_float()));
  DeviceArray<bf16> dq(hq), dk(hk), dv(hv), dout(nq, kGuard);
  DeviceArray<float> dlse((size_t)T * HQ, kGuard);
  DeviceArray<int> dcu(cu);
  dout.fill(0xFF), dlse.fill(0xFF);  // poison: NaN
  if (packed)
    CUDA_CHECK(attention_fwd_varlen(dq, dk, dv, dout, dlse, dcu, B, T, S, HQ, HKV, D, causal));
  else
    CUDA_CHECK(attention_fwd(dq, dk, dv, dout, dlse, B, HQ, HKV, S, D, causal));
  CUDA_CHECK(cudaDeviceSynchronize());
  const std::vector<bf16> got = dout.download();
  const std::vector<float> got_lse = dlse.download();
  char what[96];
  snprintf(what, sizeof what, "O (d=%d%s, %d/%d heads%s)", D, causal ? " causal" : "", HQ, HKV,
           packed ? ", varlen" : "");
  std::vector<double> sc(S), want(nq, NAN);  // NAN: a row not checked
  double max_ref = 0;
  for (int b = 0; b < B; ++b)
    for (int h = 0; h < HQ; ++h)
      for (int i = 0; i < lens[b]; ++i) {
        if (lens[b] > 600 && i % 16 != 0 && i < lens[b] - 130) continue;
        const float* q = &fq[at(b, h, HQ, i)];
        const int keys = causal ? i + 1 : lens[b], kh = h / (HQ / HKV);
        double mx = -INFINITY, sum = 0;
        for (int j = 0; j < keys; ++j) {
          double dot = 0;
          for (int x = 0; x < D; ++x) dot += (double)q[x] * fk[at(b, kh, HKV, j) + x];
          mx = fmax(mx, sc[j] = dot / sqrt((double)D));
        }
        for (int j = 0; j < keys; ++j) sum += (sc[j] = exp(sc[j] - mx));
        const double want_lse = mx + log(sum), g_lse = got_lse[at_lse(b, h, i)];
        if (!(fabs(g_lse - want_lse) <= 1e-3 * (1 + fabs(want_lse)))) fail("lse", at_lse(b, h, i), g_lse, want_lse);
        for (int x = 0; x < D; ++x) {
          double o = 0;
          for (int j = 0; j < keys; ++j) o += sc[j] * fv[at(b, kh, HKV, j) + x];
          max_ref = fmax(max_ref, fabs(want[at(b, h, HQ, i) + x] = o / sum));
        }
      }
  for (size_t i = 0; i < nq; ++i) {
    const double g = __bfloat162float(got[i]);
    if (!std::isnan(want[i]) && !(fabs(g - want[i]) <= max_ref / 128)) {
      fail(what, i, g, want[i]);
      break;
    }
  }
  check_guard(what, got.data() + nq, dout.guard(), dout.poison());
  check_guard("lse", got_lse.data() + (size_t)T * HQ, dlse.guard(), dlse.poison());
  printf(EXAMPLE ": %s s=%d checked\n", what, S);
}

int main(int argc, char** argv) {
  skip_without_sm90();  // wgmma and setmaxnreg are sm_90a only
  const int S = parse_size(argc, argv, 1, 300, 1 << 16);
  for (int D : {64, 128})
    for (bool causal : {false, true}) {
      check_variant({S, S}, false, 3, 3, D, causal);  // multi-head, 2 batches
      check_variant({S, S}, false, 8, 2, D, causal);  // GQA, 4 query heads a K/V head
      check_variant({1, 17, 129, S, 300}, true, 8, 2, D, causal);  // varlen, GQA
    }
  return finish();
}
#endif
