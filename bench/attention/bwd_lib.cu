// bench/attention/bwd_lib.cu - examples/attention_bwd.cu (through tirx-pp) as a
// shared library with two C entry points, for bwd.py (ctypes).
//
//   tirx-pp -I headers -I examples examples/attention_bwd.cu -o PP.cu
//   nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -Xcompiler -fPIC -shared \
//        -I headers -I examples -DATTENTION_BWD_SOURCE='"PP.cu"' bench/attention/bwd_lib.cu -o libattnbwd.so
#define ATTENTION_BWD_NO_MAIN
#ifndef ATTENTION_BWD_SOURCE
#error "-DATTENTION_BWD_SOURCE='\"path/to/tirx-pp output of examples/attention_bwd.cu\"'"
#endif
#include ATTENTION_BWD_SOURCE

// Bytes of device workspace tirx_attention_bwd needs.
extern "C" size_t tirx_attention_bwd_workspace(int b, int h, int s, int d, int deterministic) {
  return attention_bwd_workspace(b, h, s, d, deterministic != 0);
}

// Q, O, dO, dQ [b][h][s][d], K, V, dK, dV [b][hkv][s][d] bf16, lse [b][h][s]
// float, work: tirx_attention_bwd_workspace() bytes, device pointers; the stream
// is a cudaStream_t. Returns a cudaError_t (0: launched).
extern "C" int tirx_attention_bwd(const void* q, const void* k, const void* v, const void* o, const void* dout,
                                  const float* lse, void* dq, void* dk, void* dv, int b, int h, int hkv, int s, int d,
                                  int causal, int deterministic, void* work, void* stream) {
  return (int)attention_bwd((const bf16*)q, (const bf16*)k, (const bf16*)v, (const bf16*)o, (const bf16*)dout, lse,
                            (bf16*)dq, (bf16*)dk, (bf16*)dv, b, h, hkv, s, d, causal != 0, deterministic != 0, work,
                            (cudaStream_t)stream);
}
