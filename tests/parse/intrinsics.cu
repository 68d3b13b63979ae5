// Every documented family of CUDA device intrinsics (CUDA C++ Programming
// Guide, "C++ Language Extensions", nvcc's built-in __nv_atomic_* functions,
// and the toolkit's cuda_fp16/bf16/fp8/fp6/fp4, cooperative groups, libcu++
// barrier, pipeline, atomic and ptx headers), each called inside a
// `#pragma tirx unroll` loop: clang 19 must parse all of it (tirx-pp reports
// clang's errors inside annotated code) and the expansion must compile with
// nvcc for sm_90a and sm_80 without a warning. tests/parse.sh.
#include <assert.h>
#include <stdio.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>
#include <cuda_fp6.h>
#include <cuda_fp4.h>
#include <mma.h>
#include <cuda_pipeline.h>
#include <cuda_awbarrier_primitives.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda/atomic>
#include <cuda/std/atomic>
#include <cuda/ptx>

namespace cg = cooperative_groups;

// Cache-hint loads (__ldcg, __ldca, __ldcs, __ldlu, __ldcv), the read-only
// load __ldg, and cache-hint stores (__stwb, __stcg, __stcs, __stwt), for every
// scalar and vector type the toolkit declares them for, half and bfloat16
// included. A macro, not a template: clang's errors in a template's body would
// lie outside the annotated loop, where tirx-pp leaves them to nvcc.
#define HINTS(p)                                                                                            \
  (__stwb((p) + 1, __ldcg(p)), __stcg((p) + 1, __ldca(p)), __stcs((p) + 1, __ldcs(p)),                    \
   __stwt((p) + 1, __ldlu(p)), __stwb((p) + 2, __ldcv(p)), __stcg((p) + 2, __ldg(p)))

__global__ void hints(char *c, signed char *sc, unsigned char *uc, short *s, unsigned short *us, int *i, unsigned *u,
                      long *l, unsigned long *ul, long long *ll, unsigned long long *ull, float *f, double *d,
                      char2 *c2, char4 *c4, uchar2 *uc2, uchar4 *uc4, short2 *s2, short4 *s4, ushort2 *us2,
                      ushort4 *us4, int2 *i2, int4 *i4, uint2 *u2, uint4 *u4, longlong2 *ll2, ulonglong2 *ull2,
                      float2 *f2, float4 *f4, double2 *d2, __half *h, __half2 *h2, __nv_bfloat16 *b,
                      __nv_bfloat162 *b2) {
#pragma tirx unroll
  for (int k = 0; k < 2; ++k) {
    HINTS(c + k), HINTS(sc + k), HINTS(uc + k), HINTS(s + k), HINTS(us + k);
    HINTS(i + k), HINTS(u + k), HINTS(l + k), HINTS(ul + k), HINTS(ll + k);
    HINTS(ull + k), HINTS(f + k), HINTS(d + k);
    HINTS(c2 + k), HINTS(c4 + k), HINTS(uc2 + k), HINTS(uc4 + k), HINTS(s2 + k);
    HINTS(s4 + k), HINTS(us2 + k), HINTS(us4 + k), HINTS(i2 + k), HINTS(i4 + k);
    HINTS(u2 + k), HINTS(u4 + k), HINTS(ll2 + k), HINTS(ull2 + k), HINTS(f2 + k);
    HINTS(f4 + k), HINTS(d2 + k), HINTS(h + k), HINTS(h2 + k), HINTS(b + k);
    HINTS(b2 + k);
    f[k] = __ldcs(f + 2) + __ldcg(f + 3) + __ldca(f + 4) + __ldlu(f + 5) + __ldcv(f + 6);
    __stcs(f4 + 4, __ldlu(f4 + 3));
    __stwt(i4 + 4, __ldcv(i4 + 3));
    __stwb(d + 4, __ldca(d + 3));
    __stcg(ull2 + 4, __ldcs(ull2 + 3));
  }
}

// Synchronization, fences, time, sleep, warp vote/shuffle/match/reduce.
__global__ void warp(unsigned *u, int *i, long long *t, float *f, double *d, __half2 *h2) {
#pragma tirx unroll
  for (int k = 0; k < 2; ++k) {
    __syncthreads();
    int n = __syncthreads_count(u[k] > 0) + __syncthreads_and(u[k] > 1) + __syncthreads_or(u[k] > 2);
    __syncwarp();
    __syncwarp(0xffffffffu);
    __threadfence_block();
    __threadfence();
    __threadfence_system();
    // No intrinsic reads %globaltimer; <cuda/ptx> does.
    t[k] = clock64() + clock() + (long long)cuda::ptx::get_sreg_globaltimer() + cuda::ptx::get_sreg_laneid();
    __nanosleep(100);
    unsigned m = __activemask();
    m += __ballot_sync(m, k) + __all_sync(m, k) + __any_sync(m, k) + __uni_sync(m, k);
    m += __shfl_sync(m, m, 0) + __shfl_up_sync(m, m, 1) + __shfl_down_sync(m, m, 1) + __shfl_xor_sync(m, m, 1, 16);
    f[k] = __shfl_sync(m, f[k], 3) + (float)__shfl_xor_sync(m, d[k], 1);
    h2[k] = __shfl_down_sync(m, h2[k], 2);
    int pred;
    m += __match_any_sync(m, i[k]) + __match_all_sync(m, (unsigned long long)d[k], &pred);
    m += __reduce_add_sync(m, u[k]) + __reduce_min_sync(m, u[k]) + __reduce_max_sync(m, u[k]);
    i[k] = __reduce_add_sync(m, i[k]) + __reduce_min_sync(m, i[k]) + __reduce_max_sync(m, i[k]) + pred + n;
    u[k] = m + __reduce_and_sync(m, u[k]) + __reduce_or_sync(m, u[k]) + __reduce_xor_sync(m, u[k]);
  }
}

// Integer, SIMD-in-word, DPX and type-punning intrinsics; fast-math and
// rounding-mode float intrinsics; compiler hints.
__global__ void arith(unsigned *u, int *i, unsigned long long *ull, float *f, double *d) {
#pragma tirx unroll
  for (int k = 0; k < 2; ++k) {
    unsigned a = u[k], b = u[k + 1];
    int x = i[k], y = i[k + 1];
    a += __brev(a) + __clz(x) + __ffs(x) + __popc(a) + __popcll(ull[k]) + __clzll(ull[k]) + __ffsll(ull[k]);
    a += __byte_perm(a, b, 0x3210) + __funnelshift_l(a, b, 3) + __funnelshift_r(a, b, 3);
    a += __funnelshift_lc(a, b, 40) + __funnelshift_rc(a, b, 40) + __fns(a, 0, 1);
    a += __mul24(x, y) + __umul24(a, b) + __mulhi(x, y) + __umulhi(a, b) + __sad(x, y, a) + __usad(a, b, a);
    a += __hadd(x, y) + __rhadd(x, y) + __uhadd(a, b) + __urhadd(a, b);
    ull[k] = __brevll(ull[k]) + __umul64hi(ull[k], ull[k]) + __mul64hi((long long)ull[k], 3);
    a += __dp4a(x, y, 0) + __dp4a(a, b, 0u) + __dp2a_lo(x, y, 0) + __dp2a_hi(a, b, 0u);
    a += __vadd2(a, b) + __vsub4(a, b) + __vabsdiffu4(a, b) + __vcmpeq2(a, b) + __vmaxs2(a, b) + __vavgu4(a, b);
    a += __vsetltu4(a, b) + __vneg2(a) + __vsads2(a, b);
    x += __vimax3_s32(x, y, 3) + __viaddmax_s32(x, y, 3) + __vimin_s32_relu(x, y) + __vibmax_s32(x, y, (bool *)&u[8]);
    a += __vimax3_u32(a, b, 3) + __viaddmin_u16x2(a, b, a) + __vimax3_s16x2_relu(a, b, a);
    float g = f[k];
    g += __sinf(g) + __cosf(g) + __expf(g) + __logf(g) + __powf(g, 2.f) + __tanf(g) + __exp10f(g) + __log2f(g);
    g += __fdividef(g, 3.f) + __saturatef(g) + __fmaf_rn(g, g, g) + __fmul_rz(g, g) + __fadd_rd(g, g);
    g += __frcp_rn(g) + __fsqrt_rn(g) + __frsqrt_rn(g) + __fdiv_ru(g, 3.f) + __fmaf_ieee_rn(g, g, g);
    float sn, cs;
    __sincosf(g, &sn, &cs);
    sincosf(g, &sn, &cs);
    g += sn + cs + rsqrtf(g) + normcdff(g) + erfcinvf(g) + rcbrtf(g) + sinpif(g) + fmaf(g, g, g);
    double e = d[k];
    e += __dadd_rn(e, e) + __dmul_ru(e, e) + __fma_rz(e, e, e) + __ddiv_rd(e, 3.0) + __drcp_rn(e) + __dsqrt_rn(e);
    x += __float2int_rn(g) + __float_as_int(g) + (int)__float_as_uint(g) + __double2hiint(e) + __double2loint(e);
    g += __int_as_float(x) + __uint_as_float(a) + __ll2float_rn(x) + __half2float(__float2half_rn(g));
    e += __hiloint2double(x, y) + __longlong_as_double(x) + (double)__double_as_longlong(e) + __int2double_rn(x);
    float *al = (float *)__builtin_assume_aligned(f, 16);
    __builtin_assume(k >= 0);
    if (__builtin_expect(x == 7, 0)) __builtin_unreachable();
    al[k] = g + (float)e;
    u[k] = a;
    i[k] = x;
  }
}

// half, bfloat16, fp8, fp6, fp4 types and their conversions and arithmetic.
__global__ void types(float *f, __half *h, __half2 *h2, __nv_bfloat16 *b, __nv_bfloat162 *b2, __nv_fp8_e4m3 *e4,
                      __nv_fp8x2_e5m2 *e52, __nv_fp8x4_e4m3 *e44, __nv_fp8_e8m0 *e8, __nv_fp6_e2m3 *f6,
                      __nv_fp4_e2m1 *f4, __nv_fp4x2_e2m1 *f42) {
#pragma tirx unroll
  for (int k = 0; k < 2; ++k) {
    float g = f[k];
    __half x = __float2half(g), y = __hadd(x, h[k]);
    y = __hfma(x, y, x) + __hmax(x, y) + hsqrt(__habs(y)) + hexp(y) + __hdiv(y, x) + __hneg(y);
    __half2 z = __floats2half2_rn(g, g);
    z = __hfma2(z, h2[k], z) + __hmul2(z, z) + h2exp(z) + __hmax2(z, z) + __halves2half2(x, y) + __lowhigh2highlow(z);
    g += __half2float(y) + __low2float(z) + __high2float(z) + (float)(x < y) + (float)__hgt(x, y) + __hbeq2(z, z);
    __nv_bfloat16 p = __float2bfloat16(g), q = __hadd(p, b[k]);
    q = __hfma(p, q, p) + __hmax(p, q) + hsqrt(q) + __double2bfloat16((double)g) + __short2bfloat16_rn(3);
    __nv_bfloat162 r = __floats2bfloat162_rn(g, g);
    r = __hfma2(r, b2[k], r) + __hmul2(r, r) + __float22bfloat162_rn(make_float2(g, g)) + __halves2bfloat162(p, q);
    g += __bfloat162float(q) + __low2float(r) + __high2float(r) + float(__nv_bfloat16(x)) + __bfloat162float(__ushort_as_bfloat16(3));
    __nv_fp8_e4m3 s(g);
    __nv_fp8_e5m2 t(x);
    __nv_fp8x2_e4m3 s2(make_float2(g, g));
    __nv_fp8x4_e4m3 s4(make_float4(g, g, g, g));
    g += float(s) + float(t) + float(e4[k]) + float2(s2).x + float4(s4).w + float(__half(e4[k])) + float2(e52[k]).y;
    __nv_fp8x2_storage_t raw = __nv_cvt_float2_to_fp8x2(make_float2(g, g), __NV_SATFINITE, __NV_E4M3);
    __half2_raw hr = __nv_cvt_fp8x2_to_halfraw2(raw, __NV_E4M3);
    __nv_fp8_storage_t one = __nv_cvt_float_to_fp8(g, __NV_NOSAT, __NV_E5M2);
    one ^= __nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw(q), __NV_SATFINITE, __NV_E4M3);
    raw ^= __nv_cvt_halfraw2_to_fp8x2(hr, __NV_SATFINITE, __NV_E5M2);
    __nv_fp8_e8m0 scale(g);
    g += float(scale) + float(e8[k]) + float(__nv_fp6_e2m3(g)) + float(f6[k]) + float(__nv_fp4_e2m1(g)) + float(f4[k]);
    g += float2(f42[k]).x + float(__nv_fp6_e3m2(g)) + (float)one + (float)raw + float(e44[k].operator float4().x);
    f[k] = g;
    h[k] = y;
    h2[k] = z;
    b[k] = q;
    b2[k] = r;
  }
}

// Atomics on every type they exist for, with _block and _system scopes, and
// libcu++'s cuda::atomic, cuda::atomic_ref and cuda::std::atomic.
__global__ void atomics(int *i, unsigned *u, unsigned long long *ull, long long *ll, unsigned short *us, float *f,
                        double *d, __half *h, __half2 *h2, __nv_bfloat16 *b, __nv_bfloat162 *b2, float2 *f2,
                        float4 *f4, cuda::atomic<int, cuda::thread_scope_device> *ai, cuda::std::atomic<unsigned> *su) {
#pragma tirx unroll
  for (int k = 0; k < 2; ++k) {
    atomicAdd(i, 1), atomicAdd(u, 1u), atomicAdd(ull, 1ull), atomicAdd(f, 1.f), atomicAdd(d, 1.0);
    atomicAdd(h, __float2half(1.f)), atomicAdd(h2, __floats2half2_rn(1.f, 1.f));
    atomicAdd(b, __float2bfloat16(1.f)), atomicAdd(b2, __floats2bfloat162_rn(1.f, 1.f));
    atomicAdd_block(i, 1), atomicAdd_system(f, 1.f), atomicAdd_system(d, 1.0);
    atomicSub(i, 1), atomicSub(u, 1u), atomicExch(i, k), atomicExch(f, 1.f), atomicExch(ull, 2ull);
    atomicMin(i, k), atomicMin(u, 1u), atomicMin(ll, 3ll), atomicMin(ull, 3ull), atomicMax(i, k), atomicMax(ll, 3ll);
    atomicMax_block(u, 1u), atomicMin_system(i, 1);
    atomicInc(u, 9u), atomicDec(u, 9u), atomicCAS(i, 0, k), atomicCAS(u, 0u, 1u), atomicCAS(ull, 0ull, 1ull);
    atomicCAS(us, (unsigned short)0, (unsigned short)1), atomicCAS_block(i, 0, 1), atomicCAS_system(ull, 0ull, 1ull);
    atomicAnd(i, k), atomicOr(u, 3u), atomicXor(ull, 3ull), atomicAnd_block(i, 1), atomicOr_system(u, 1u);
#if __CUDA_ARCH__ >= 900
    atomicAdd(f2, make_float2(1.f, 1.f)), atomicAdd(f4, make_float4(1.f, 1.f, 1.f, 1.f));
    atomicAdd_block(f2, make_float2(1.f, 1.f)), atomicAdd_system(f4, make_float4(1.f, 1.f, 1.f, 1.f));
    atomicCAS((longlong2 *)f4, make_longlong2(0, 0), make_longlong2(1, 1)), atomicExch((longlong2 *)f4, make_longlong2(2, 2));
#endif
    ai->fetch_add(1, cuda::memory_order_relaxed);
    int expected = 0;
    ai->compare_exchange_strong(expected, k);
    cuda::atomic_ref<int, cuda::thread_scope_block> ref(i[1]);
    ref.fetch_max(k);
    ref.store(ref.load() + 1);
    cuda::atomic_ref<float, cuda::thread_scope_system>(f[1]).fetch_add(1.f);
    su->fetch_or(1u);
    // nvcc's built-in atomics (CUDA 12.8).
    int r = __nv_atomic_fetch_add(i, 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
    r += (int)__nv_atomic_fetch_add(f, 1, __NV_ATOMIC_RELAXED) + (int)__nv_atomic_fetch_sub(ull, 1, __NV_ATOMIC_ACQ_REL);
    r += __nv_atomic_fetch_min(i, k, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_BLOCK) + __nv_atomic_fetch_max(i, k, __NV_ATOMIC_SEQ_CST);
    r += (int)__nv_atomic_fetch_and(u, 1u, __NV_ATOMIC_RELAXED) + (int)__nv_atomic_fetch_or(u, 2u, __NV_ATOMIC_RELEASE);
    r += (int)__nv_atomic_fetch_xor(ull, 3ull, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_SYSTEM);
    __nv_atomic_add(d, 1.0, __NV_ATOMIC_RELAXED), __nv_atomic_sub(i, 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_THREAD);
    __nv_atomic_min(u, 1u, __NV_ATOMIC_RELAXED), __nv_atomic_max(ll, 1ll, __NV_ATOMIC_RELAXED);
    __nv_atomic_and(i, 1, __NV_ATOMIC_RELAXED), __nv_atomic_or(i, 1, __NV_ATOMIC_RELAXED), __nv_atomic_xor(i, 1, __NV_ATOMIC_RELAXED);
    int got, want = 0, two = 2;
    __nv_atomic_exchange(i, &two, &got, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE);
    r += got + __nv_atomic_exchange_n(i, 3, __NV_ATOMIC_RELAXED);
    r += __nv_atomic_compare_exchange(i, &want, &two, false, __NV_ATOMIC_ACQ_REL, __NV_ATOMIC_RELAXED);
    r += __nv_atomic_compare_exchange_n(i, &want, 4, true, __NV_ATOMIC_SEQ_CST, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_BLOCK);
    __nv_atomic_load(i, &got, __NV_ATOMIC_ACQUIRE);
    r += got + __nv_atomic_load_n(i, __NV_ATOMIC_CONSUME, __NV_THREAD_SCOPE_DEVICE);
    __nv_atomic_store(i + 1, &r, __NV_ATOMIC_RELEASE);
    __nv_atomic_store_n(i + 2, r, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_BLOCK);
    __nv_atomic_thread_fence(__NV_ATOMIC_SEQ_CST);
    __nv_atomic_thread_fence(__NV_ATOMIC_ACQ_REL, __NV_THREAD_SCOPE_BLOCK);
    cuda::atomic_thread_fence(cuda::memory_order_seq_cst, cuda::thread_scope_device);
    cuda::std::atomic_thread_fence(cuda::std::memory_order_acquire);
  }
}

// Address spaces: predicates and conversions; on sm_90, clusters and
// distributed shared memory.
__global__ void spaces(float *g, unsigned *u, size_t *z, const __grid_constant__ int4 param) {
  __shared__ float sm[64];
#pragma tirx unroll
  for (int k = 0; k < 2; ++k) {
    u[k] = __isGlobal(g) + __isShared(sm) + __isConstant(g) + __isLocal(&k) + __isGridConstant(&param);
    z[k] = __cvta_generic_to_shared(sm + k) + __cvta_generic_to_global(g) + __cvta_generic_to_constant(g) +
           __cvta_generic_to_local(u);
    float *back = (float *)__cvta_shared_to_generic(z[k]) + (size_t)__cvta_global_to_generic(z[k]);
    back += (size_t)__cvta_constant_to_generic(z[k]) + (size_t)__cvta_local_to_generic(z[k]);
    g[k] = *back;
#if __CUDA_ARCH__ >= 900
    u[k] += __isCtaShared(sm) + __isClusterShared(sm) + __cluster_query_shared_rank(sm) + __clusterSizeInBlocks();
    float *peer = (float *)__cluster_map_shared_rank(sm, 0);
    uint2 mc = __cluster_map_shared_multicast(sm, 1);
    dim3 cd = __clusterDim(), ci = __clusterIdx(), cr = __clusterRelativeBlockIdx(), cg = __clusterGridDimInClusters();
    u[k] += __clusterDimIsSpecified() + __clusterRelativeBlockRank() + mc.x + cd.x + ci.y + cr.z + cg.x;
    __cluster_barrier_arrive();
    __cluster_barrier_wait();
    __cluster_barrier_arrive_relaxed();
    __cluster_barrier_wait();
    __threadfence_cluster();
    g[k] += *peer;
#endif
  }
}

// Traps, assertions, printf, device heap, memcpy/memset, the profiler
// trigger, textures and surfaces, warp matrix functions.
__global__ void misc(float *f, int *p, cudaTextureObject_t tex, cudaSurfaceObject_t surf, half *wa, float *wc) {
  using namespace nvcuda;
#pragma tirx unroll
  for (int k = 0; k < 2; ++k) {
    assert(f != nullptr);
    if (p[k] == 42) __trap();
    if (p[k] == 43) __brkpt();
    __prof_trigger(1);
    printf("%d %f\n", k, f[k]);
    int *heap = (int *)malloc(16);
    memset(heap, 0, 16);
    memcpy(heap, p, 4);
    free(heap);
    free(__nv_aligned_device_malloc(64, 32));
    float t = tex1Dfetch<float>(tex, k) + tex2D<float>(tex, 0.5f, 0.5f) + tex3D<float>(tex, 0.f, 0.f, 0.f);
    t += tex2DLod<float>(tex, 0.f, 0.f, 1.f) + tex1DLayered<float>(tex, 0.f, 1) + texCubemap<float>(tex, 0.f, 0.f, 1.f);
    t += tex2Dgather<float4>(tex, 0.f, 0.f, 0).x;
    float v;
    surf2Dread(&v, surf, k * 4, 0);
    surf2Dwrite(v + t, surf, k * 4, 1);
    surf1Dwrite(v, surf, 0);
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> c;
    wmma::fill_fragment(c, 0.f);
    wmma::load_matrix_sync(a, wa, 16);
    wmma::load_matrix_sync(b, wa + 256, 16);
    wmma::mma_sync(c, a, b, c);
    wmma::store_matrix_sync(wc + 256 * k, c, 16, wmma::mem_row_major);
    f[k] = t;
  }
}

// Cooperative groups: block, tiles, coalesced groups, partitions, reduce
// and scan, memcpy_async, the grid and (sm_90) the cluster.
__global__ void groups(int *p, float *f) {
  __shared__ float buf[256];
#pragma tirx unroll
  for (int k = 0; k < 2; ++k) {
    cg::thread_block block = cg::this_thread_block();
    block.sync();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    cg::thread_group any = cg::tiled_partition(block, 16);
    cg::coalesced_group active = cg::coalesced_threads();
    int v = p[block.thread_rank()] + (int)tile.meta_group_rank() + (int)any.size() + (int)active.thread_rank();
    v += cg::reduce(tile, v, cg::plus<int>()) + cg::reduce(tile, v, cg::greater<int>()) + cg::reduce(tile, v, cg::bit_xor<int>());
    v += cg::inclusive_scan(tile, v) + cg::exclusive_scan(tile, v, cg::less<int>());
    v += tile.shfl_down(v, 1) + tile.shfl(v, 0) + (int)tile.ballot(v > 0) + tile.any(v) + tile.all(v);
    v += (int)tile.match_any(v);
    cg::coalesced_group part = cg::labeled_partition(active, v & 3);
    cg::coalesced_group half_ = cg::binary_partition(active, v > 0);
    v += (int)part.size() + (int)half_.size() + (int)block.group_index().x + (int)block.thread_index().y;
    cg::memcpy_async(block, buf, f, sizeof(float) * 256);
    cg::wait(block);
    cg::grid_group grid = cg::this_grid();
    v += (int)grid.thread_rank() + (int)grid.num_blocks() + (int)grid.is_valid();
#if __CUDA_ARCH__ >= 900
    cg::cluster_group cluster = cg::this_cluster();
    float *remote = cluster.map_shared_rank(buf, 0);
    v += (int)cluster.block_rank() + (int)cluster.num_blocks() + (int)*remote;
    cluster.sync();
#endif
    p[k] = v + (int)buf[k];
  }
}

// Asynchronous barriers and copies: cuda::barrier, cuda::memcpy_async,
// cuda::pipeline, the __pipeline_* and __mbarrier_* primitives, and (sm_90)
// the bulk copies of <cuda/barrier>.
__global__ void async_copies(float4 *g, int n) {
  __shared__ __align__(128) float4 smem[2][64];
  // As the Programming Guide writes them. clang 19 refuses both declarations
  // ("initialization is not supported for __shared__ variables"): outside
  // annotated code, that is nvcc's to judge, and tirx-pp goes on.
#pragma nv_diag_suppress static_var_with_dynamic_init
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
  __shared__ __mbarrier_t mbar;
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) {
    init(&bar, block.size());
    __mbarrier_init(&mbar, block.size());
  }
  block.sync();
#pragma tirx unroll
  for (int k = 0; k < 2; ++k) {
    cuda::memcpy_async(block, smem[k], g + 64 * k, cuda::aligned_size_t<16>(sizeof(float4) * 64), bar);
    cuda::barrier<cuda::thread_scope_block>::arrival_token token = bar.arrive();
    bar.wait(cuda::std::move(token));
    bar.arrive_and_wait();
    cuda::pipeline<cuda::thread_scope_block> pipe = cuda::make_pipeline(block, &state);
    pipe.producer_acquire();
    cuda::memcpy_async(block, smem[k], g + 64 * k + n, cuda::aligned_size_t<16>(sizeof(float4) * 64), pipe);
    pipe.producer_commit();
    pipe.consumer_wait();
    pipe.consumer_release();
    cuda::pipeline<cuda::thread_scope_thread> own = cuda::make_pipeline();
    own.producer_acquire();
    cuda::memcpy_async(&smem[k][block.thread_rank() % 64], g + block.thread_rank(), sizeof(float4), own);
    own.producer_commit();
    cuda::pipeline_consumer_wait_prior<0>(own);
    __pipeline_memcpy_async(&smem[k][0], g, sizeof(float4));
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __mbarrier_token_t t = __mbarrier_arrive(&mbar);
    while (!__mbarrier_test_wait(&mbar, t)) {
    }
#if __CUDA_ARCH__ >= 900
    cuda::device::experimental::fence_proxy_async_shared_cta();
    if (block.thread_rank() == 0) {
      cuda::device::experimental::cp_async_bulk_shared_to_global(g, smem[k], sizeof(float4) * 64);
      cuda::device::experimental::cp_async_bulk_commit_group();
      cuda::device::experimental::cp_async_bulk_wait_group_read<0>();
    }
#endif
    g[k] = smem[k][block.thread_rank() % 64];
  }
}

int main() { return 0; }
