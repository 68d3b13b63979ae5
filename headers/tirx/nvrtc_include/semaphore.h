// semaphore.h - host code only, which tirx-pp --check leaves out of what NVRTC
// compiles; this keeps an #include of it from stopping the compile.
#pragma once
typedef union { char size[32]; long align; } sem_t;  // a class may hold one
