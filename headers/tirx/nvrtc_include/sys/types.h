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
// The POSIX types that glibc's <sys/types.h> (which nvcc's host compiler reads
// through <stdlib.h> in every file) declares, for host declarations the check
// keeps: `typedef pid_t Process;` (cuda-samples' helper_multiprocess.h), a
// class's `pthread_mutex_t` member (multithreading.h). Their layout is not
// glibc's: device code never uses them.
typedef int pid_t;
typedef unsigned int uid_t;
typedef unsigned int gid_t;
typedef unsigned int mode_t;
typedef long off_t;
typedef long ssize_t;
typedef int key_t;
typedef unsigned int useconds_t;
typedef long suseconds_t;
typedef unsigned long pthread_t;
typedef unsigned int pthread_key_t;
typedef int pthread_once_t;
typedef volatile int pthread_spinlock_t;
typedef union { char size[56]; long align; } pthread_attr_t;
typedef union { char size[40]; long align; } pthread_mutex_t;
typedef union { char size[4]; int align; } pthread_mutexattr_t;
typedef union { char size[48]; long long align; } pthread_cond_t;
typedef union { char size[4]; int align; } pthread_condattr_t;
typedef union { char size[56]; long align; } pthread_rwlock_t;
typedef union { char size[8]; long align; } pthread_rwlockattr_t;
typedef union { char size[32]; long align; } pthread_barrier_t;
typedef union { char size[4]; int align; } pthread_barrierattr_t;
