// tirx_nvrtc_host_libraries.h - what stays of the toolkit's host-only
// libraries (<cublas_v2.h>, <cufft.h>, <curand.h>, ...) when tirx-pp --check
// leaves their #include out of what NVRTC compiles: their handle types, which
// a class that device code sees may hold as members (ggml's
// ggml_backend_cuda_context: cublasHandle_t cublas_handles[...]). The same
// types as the libraries declare; their functions stay host code.
#pragma once
typedef struct cublasContext *cublasHandle_t;
typedef struct cublasLtContext *cublasLtHandle_t;
// cuBLASLt's descriptors (cublasLt.h: semi-opaque structures of the same
// size, and pointers to them), which a class may hold (bitsandbytes'
// compat.cuh: cublasLtMatmulDesc_t, cublasLtMatrixLayout_t).
typedef struct {
  unsigned long long data[8];
} cublasLtMatrixLayoutOpaque_t;
typedef cublasLtMatrixLayoutOpaque_t *cublasLtMatrixLayout_t;
typedef struct {
  unsigned long long data[8];
} cublasLtMatmulAlgo_t;
typedef struct {
  unsigned long long data[32];
} cublasLtMatmulDescOpaque_t;
typedef cublasLtMatmulDescOpaque_t *cublasLtMatmulDesc_t;
typedef struct {
  unsigned long long data[8];
} cublasLtMatrixTransformDescOpaque_t;
typedef cublasLtMatrixTransformDescOpaque_t *cublasLtMatrixTransformDesc_t;
typedef struct {
  unsigned long long data[8];
} cublasLtMatmulPreferenceOpaque_t;
typedef cublasLtMatmulPreferenceOpaque_t *cublasLtMatmulPreference_t;
typedef struct cusparseContext *cusparseHandle_t;
typedef struct cusolverDnContext *cusolverDnHandle_t;
typedef struct curandGenerator_st *curandGenerator_t;
typedef int cufftHandle;
typedef struct ncclComm *ncclComm_t;
// cuBLAS enumerations, which a class may hold as constants (ggml-cuda.cu's
// batched_mul_mat_traits: `static inline const cublasComputeType_t compute_type =
// CUBLAS_COMPUTE_32F;`), with cublas_api.h's values.
typedef enum {
  CUBLAS_STATUS_SUCCESS = 0,
  CUBLAS_STATUS_NOT_INITIALIZED = 1,
  CUBLAS_STATUS_ALLOC_FAILED = 3,
  CUBLAS_STATUS_INVALID_VALUE = 7,
  CUBLAS_STATUS_ARCH_MISMATCH = 8,
  CUBLAS_STATUS_MAPPING_ERROR = 11,
  CUBLAS_STATUS_EXECUTION_FAILED = 13,
  CUBLAS_STATUS_INTERNAL_ERROR = 14,
  CUBLAS_STATUS_NOT_SUPPORTED = 15,
  CUBLAS_STATUS_LICENSE_ERROR = 16
} cublasStatus_t;
typedef enum {
  CUBLAS_OP_N = 0,
  CUBLAS_OP_T = 1,
  CUBLAS_OP_C = 2,
  CUBLAS_OP_HERMITAN = 2,
  CUBLAS_OP_CONJG = 3
} cublasOperation_t;
typedef enum {
  CUBLAS_COMPUTE_16F = 64,
  CUBLAS_COMPUTE_16F_PEDANTIC = 65,
  CUBLAS_COMPUTE_32F = 68,
  CUBLAS_COMPUTE_32F_PEDANTIC = 69,
  CUBLAS_COMPUTE_32F_FAST_16F = 74,
  CUBLAS_COMPUTE_32F_FAST_16BF = 75,
  CUBLAS_COMPUTE_32F_FAST_TF32 = 77,
  CUBLAS_COMPUTE_32F_EMULATED_16BFX9 = 78,
  CUBLAS_COMPUTE_64F = 70,
  CUBLAS_COMPUTE_64F_PEDANTIC = 71,
  CUBLAS_COMPUTE_64F_EMULATED_FIXEDPOINT = 79,
  CUBLAS_COMPUTE_32I = 72,
  CUBLAS_COMPUTE_32I_PEDANTIC = 73,
} cublasComputeType_t;
typedef enum {
  CUBLAS_DEFAULT_MATH = 0,


  CUBLAS_TENSOR_OP_MATH = 1,

  /* same as using matching _PEDANTIC compute type when using cublas<T>routine calls or cublasEx() calls with
     cudaDataType as compute type */
  CUBLAS_PEDANTIC_MATH = 2,


  CUBLAS_TF32_TENSOR_OP_MATH = 3,


  CUBLAS_FP32_EMULATED_BF16X9_MATH = 4,


  CUBLAS_FP64_EMULATED_FIXEDPOINT_MATH = 8,

  /* flag to force any reductons to use the accumulator type and not output type in case of mixed precision routines
     with lower size output type */
  CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION = 16,
} cublasMath_t;
