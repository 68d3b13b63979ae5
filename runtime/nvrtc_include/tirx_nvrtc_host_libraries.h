// tirx_nvrtc_host_libraries.h - what stays of the toolkit's host-only
// libraries (<cublas_v2.h>, <cufft.h>, <curand.h>, ...) when tirx-pp --check
// leaves their #include out of what NVRTC compiles: their handle types, which
// a class that device code sees may hold as members (ggml's
// ggml_backend_cuda_context: cublasHandle_t cublas_handles[...]). The same
// types as the libraries declare; their functions stay host code.
#pragma once
typedef struct cublasContext *cublasHandle_t;
typedef struct cublasLtContext *cublasLtHandle_t;
typedef struct cusparseContext *cusparseHandle_t;
typedef struct cusolverDnContext *cusolverDnHandle_t;
typedef struct curandGenerator_st *curandGenerator_t;
typedef int cufftHandle;
typedef struct ncclComm *ncclComm_t;
