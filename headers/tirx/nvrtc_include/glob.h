// glob.h - host code only, which tirx-pp --check leaves out of what NVRTC
// compiles; this keeps an #include of it from stopping the compile. glob_t
// stays (glibc's fields): a host class may hold one (llm.c's DataLoader), and
// classes are not blanked.
#pragma once
#include <cstddef>
typedef struct {
  size_t gl_pathc;
  char **gl_pathv;
  size_t gl_offs;
  int gl_flags;
  void *gl_reserved[5];
} glob_t;
