// features.h - host code only, which tirx-pp --check leaves out of what NVRTC
// compiles; glibc's version macros are defined by the check's options on a
// glibc host (as nvcc's pre-included headers define them), so an #include of
// it needs nothing more.
#pragma once
