// endian.h - host code only, which tirx-pp --check leaves out of what NVRTC
// compiles; glibc's byte-order macros, which device code tests too (tvm-ffi's
// endian.h includes this where __GLIBC__ is defined, as NVRTC's check defines
// it on a glibc host, the way nvcc's pre-included headers do). The GPU is
// little-endian.
#pragma once
#define __LITTLE_ENDIAN 1234
#define __BIG_ENDIAN 4321
#define __PDP_ENDIAN 3412
#define __BYTE_ORDER __LITTLE_ENDIAN
#define __FLOAT_WORD_ORDER __BYTE_ORDER
#define LITTLE_ENDIAN __LITTLE_ENDIAN
#define BIG_ENDIAN __BIG_ENDIAN
#define PDP_ENDIAN __PDP_ENDIAN
#define BYTE_ORDER __BYTE_ORDER
