// sys/types.h - host code only, which tirx-pp --check leaves out of what NVRTC
// compiles; this keeps an #include of it from stopping the compile. It keeps
// glibc's short unsigned names, which nvcc's host compiler sees in every file
// (cuda_runtime.h brings <stdlib.h>, which brings them): SGEMM_CUDA's kernels
// take `const uint` parameters with no include. tirx-pp --check pre-includes it.
#pragma once
typedef unsigned int uint;
typedef unsigned short int ushort;
typedef unsigned long int ulong;
typedef unsigned char u_char;
typedef unsigned short int u_short;
typedef unsigned int u_int;
typedef unsigned long int u_long;
