// nvcc.h - what tirx-pp knows of nvcc's command line: which options take a
// value (and how it may be written), and how targets are named.
#pragma once
#include <stdbool.h>

#include "tirx_support.h"

// One argument of an nvcc command line, read at argv[i].
typedef struct {
  const char *name;   // the option's short spelling ("-o", "-I", "-arch"), NULL for an input file
  const char *value;  // its value (or the input file), NULL for a flag
  int nargs;          // argv slots used: 1, 2 (value apart); 0 when the value is missing
  bool known;         // an option nvcc lists
} NvccArg;

NvccArg nvcc_arg(int argc, char **argv, int i);

// The target architectures of a command line, as numbers (900 for sm_90),
// for the parse: the virtual architectures nvcc compiles from.
typedef struct {
  int nums[32];
  char suffix[32];  // 'a', 'f' (architecture- or family-specific features) or 0
  int n;
  bool native;  // -arch=native: the machine's GPU
  bool all;     // -arch=all / all-major
} ArchList;

// -arch=V / --gpu-architecture=V: sm_XX, compute_XX, native, all, all-major.
// False when V is not one of those.
bool nvcc_add_arch(ArchList *l, const char *v);
// -code=V: a comma list of sm_XX / compute_XX / lto_XX; validated only (the
// parse follows the virtual architecture).
bool nvcc_check_code(const char *v);
// -gencode=arch=compute_XX,code=sm_XX (code=[sm_XX,compute_XX] lists too).
bool nvcc_add_gencode(ArchList *l, const char *spec);
