// check_options.c - NVRTC's options for tirx-pp --check (check_options.h); a file of
// its own so that the fuzzer's oracle (fuzz/fuzz_rewrite.c) compiles with the
// same options without the rest of the tool.
#define _GNU_SOURCE
#include <string.h>
#include <unistd.h>

#include "check_options.h"
#include "tirx_support.h"

// The stand-ins for the C++ standard library headers, which NVRTC lacks:
// installed beside tirx.h, else the source tree's.
static const char *stand_ins(Arena *ar, const char *header_dir) {
  const char *dir = arena_printf(ar, "%s/tirx/nvrtc_include", header_dir);
  return access(dir, R_OK) == 0 ? dir : TIRX_SOURCE_NVRTC_INCLUDE_DIR;
}

// NVRTC knows c++03 ... c++20; to it the GNU dialects are the same language.
// Below C++17 the stand-ins' libcu++ stops with an #error (nvcc's own headers
// do not need it): such a file is checked as C++17 (check_std_raised).
static const char *nvrtc_std(Arena *ar, const char *std) {
  if (!std || check_std_raised(std)) return "-std=c++17";
  if (!strncmp(std, "gnu", 3)) std = arena_printf(ar, "c%s", std + 3);
  if (!strcmp(std, "c++2a")) std = "c++20";
  return arena_printf(ar, "-std=%s", std);
}

bool check_std_raised(const char *std) {
  static const char *const old[] = {"98", "03", "0x", "11", "1y", "14"};
  if (!std) return false;
  const char *v = !strncmp(std, "c++", 3) ? std + 3 : !strncmp(std, "gnu++", 5) ? std + 5 : NULL;
  for (size_t i = 0; v && i < sizeof old / sizeof *old; i++)
    if (!strcmp(v, old[i])) return true;
  return false;
}

// The parse's -I/-D/-U/-include/-imacros/-isystem/-iquote/-idirafter (flag,
// value pairs) in NVRTC's spelling. NVRTC has no -imacros: the file is
// included before the source, as -include would, which for a file of macros
// (what -imacros is for) means the same, and for one with declarations
// declares them too; every directory is an include path.
static const char *nvrtc_flag(Arena *ar, const char *flag, const char *value) {
  const char *name = !strcmp(flag, "-D")                                      ? "--define-macro"
                     : !strcmp(flag, "-U")                                    ? "--undefine-macro"
                     : !strcmp(flag, "-include") || !strcmp(flag, "-imacros") ? "--pre-include"
                                                                              : "--include-path";
  return arena_printf(ar, "%s=%s", name, value);
}

// An -I or -isystem of the C library's directories (a project's
// -I /usr/include): NVRTC would read glibc's headers there, in place of the
// stand-ins.
static bool is_system_dir(Arena *ar, const char *flag, const char *dir) {
  if (strcmp(flag, "-I") && strcmp(flag, "-isystem")) return false;
  const char *real = arena_realpath(ar, dir);
  return real && sys_is_system_include_dir(real);
}

int check_nvrtc_options(Arena *ar, const TirxOptions *o, const char **out) {
  int n = 0;
  const char *cuda = o->cuda_path ? o->cuda_path : "/usr/local/cuda";
  out[n++] = arena_printf(ar, "-arch=%s", o->arch ? o->arch : "sm_90a");
  out[n++] = nvrtc_std(ar, o->std);
  // The view keeps constexpr functions and constants unannotated; this lets
  // device code use them, as nvcc's --expt-relaxed-constexpr does.
  out[n++] = "-default-device";
  out[n++] = "-DTIRX_PP_OUTPUT";  // what the output is compiled with
  // "declared but never referenced": the host code that uses it is left out.
  out[n++] = "-diag-suppress=177";
  // GNU C's `__extension__` before an anonymous union (ggml-common.h): gcc
  // takes it under nvcc, NVRTC does not know it. It only silences -pedantic.
  out[n++] = "--define-macro=__extension__=";
#ifdef __linux__
  // The host compiler's system macros, which nvcc's device pass has too: code
  // that picks its platform (`#if defined(__linux__) ... #else #error`,
  // cuda-samples' simpleIPC.cu) takes the same branch.
  out[n++] = "--define-macro=__linux__";
  out[n++] = "--define-macro=__unix__";
#endif
  for (int i = 0; i + 1 < o->nclang_args; i += 2)
    if (!is_system_dir(ar, o->clang_args[i], o->clang_args[i + 1]))
      out[n++] = nvrtc_flag(ar, o->clang_args[i], o->clang_args[i + 1]);
  out[n++] = arena_printf(ar, "--include-path=%s", o->header_dir);
  out[n++] = arena_printf(ar, "--include-path=%s/include", cuda);
  out[n++] = arena_printf(ar, "--include-path=%s/include/cccl", cuda);
  const char *std_dir = stand_ins(ar, o->header_dir);
  out[n++] = arena_printf(ar, "--include-path=%s", std_dir);
  // nvcc pre-includes cuda_runtime.h, which brings the fixed-width integers
  // that tirx.h uses, <math.h> (INFINITY, NAN, M_PI in a file that includes
  // no math header), glibc's <sys/types.h> (uint, ushort, ulong) and the
  // device runtime's functions; NVRTC does not.
  out[n++] = arena_printf(ar, "--pre-include=%s/cstdint", std_dir);
  out[n++] = arena_printf(ar, "--pre-include=%s/cmath", std_dir);
  out[n++] = arena_printf(ar, "--pre-include=%s/sys/types.h", std_dir);
  out[n++] = arena_printf(ar, "--pre-include=%s/tirx_nvrtc_runtime.h", std_dir);  // cudaGridDependencySynchronize
  // ... and libstdc++'s <type_traits> (std::alignment_of_v in flashinfer's
  // cudaFp8Utils.h, which includes no standard header), and glibc's version
  // macros, on which headers choose their code (tvm-ffi's endian.h stops with
  // an #error without them).
  out[n++] = arena_printf(ar, "--pre-include=%s/type_traits", std_dir);
#ifdef __GLIBC__
  out[n++] = arena_printf(ar, "-D__GLIBC__=%d", __GLIBC__);
  out[n++] = arena_printf(ar, "-D__GLIBC_MINOR__=%d", __GLIBC_MINOR__);
  out[n++] = "-D__GNU_LIBRARY__=6";
#endif
  return n;
}
