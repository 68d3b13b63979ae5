// bench/attention/attention_lib.cu - examples/attention_fwd.cu (through
// tirx-pp) as a shared library with one C entry point, for bench.py (ctypes).
//
//   tirx-pp -I headers -I examples examples/attention_fwd.cu -o PP.cu
//   nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -Xcompiler -fPIC -shared \
//        -I headers -I examples -DATTENTION_FWD_SOURCE='"PP.cu"' bench/attention/attention_lib.cu -o libattn.so
#define ATTENTION_FWD_NO_MAIN
#ifndef ATTENTION_FWD_SOURCE
#error "-DATTENTION_FWD_SOURCE='\"path/to/tirx-pp output of examples/attention_fwd.cu\"'"
#endif
#include ATTENTION_FWD_SOURCE

// Q, K, V, O [b][h][s][d] bf16 and lse [b][h][s] float, device pointers; the
// stream is a cudaStream_t (torch.cuda.current_stream().cuda_stream). Returns a
// cudaError_t (0: launched).
extern "C" int tirx_attention_fwd(const void* q, const void* k, const void* v, void* o, float* lse, int b, int h,
                                  int s, int d, int causal, void* stream) {
  return (int)attention_fwd((const bf16*)q, (const bf16*)k, (const bf16*)v, (bf16*)o, lse, b, h, h, s, d, causal != 0,
                            (cudaStream_t)stream);
}

// GQA: Q, O [b][hq][s][d], K, V [b][hkv][s][d], lse [b][hq][s].
extern "C" int tirx_attention_fwd_gqa(const void* q, const void* k, const void* v, void* o, float* lse, int b, int hq,
                                      int hkv, int s, int d, int causal, void* stream) {
  return (int)attention_fwd((const bf16*)q, (const bf16*)k, (const bf16*)v, (bf16*)o, lse, b, hq, hkv, s, d,
                            causal != 0, (cudaStream_t)stream);
}

// varlen: Q, O [total][hq][d], K, V [total][hkv][d], lse [hq][total], cu_seqlens
// int32 [b + 1] on the device.
extern "C" int tirx_attention_fwd_varlen(const void* q, const void* k, const void* v, void* o, float* lse,
                                         const int* cu_seqlens, int b, int total, int max_seqlen, int hq, int hkv,
                                         int d, int causal, void* stream) {
  return (int)attention_fwd_varlen((const bf16*)q, (const bf16*)k, (const bf16*)v, (bf16*)o, lse, cu_seqlens, b,
                                   total, max_seqlen, hq, hkv, d, causal != 0, (cudaStream_t)stream);
}
