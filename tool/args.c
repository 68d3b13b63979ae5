// args.c - option parsing and nvcc flag translation.
#define _GNU_SOURCE
#include "args.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "libclang.h"

static const char usage[] =
    "usage: tirx-pp [options] IN.cu [-o OUT.cu] [-- compiler flags]\n"
    "\n"
    "Rewrites the tirx annotations of a CUDA file into plain CUDA for nvcc.\n"
    "Without -o the result goes to standard output.\n"
    "\n"
    "options:\n"
    "  -o FILE            write the result to FILE (replaced only on success)\n"
    "  -I DIR, -D X[=V], -U X, -std=STD, -include FILE, -isystem DIR\n"
    "                     passed to the parse, as nvcc would see them\n"
    "  --cuda-path=DIR    CUDA toolkit root (default $CUDA_PATH, $CUDA_HOME or\n"
    "                     /usr/local/cuda)\n"
    "  -arch=sm_XX        target architecture, sm_50 ... sm_90a (default sm_90a);\n"
    "                     -gencode=arch=compute_XX,code=sm_XX names it too\n"
    "  -p BUILD_DIR       read the file's flags from BUILD_DIR/compile_commands.json\n"
    "  -MD                write a make depfile (OUT.d, or the file -MF names)\n"
    "  -MF FILE           the depfile's name\n"
    "  -MT TARGET         the depfile's target (default OUT)\n"
    "  --check            compile the output's device code with NVRTC for the target\n"
    "                     (-arch) and report its errors at the original lines; the\n"
    "                     output (standard output or -o) is written only when it\n"
    "                     compiles. Needs NVRTC (libnvrtc.so.13), no GPU.\n"
    "  --watchdog[=CYCLES]\n"
    "                     every event wait gives up after CYCLES (default 2e9),\n"
    "                     prints where it was stuck and traps, instead of hanging\n"
    "  --no-line          do not emit #line directives\n"
    "  -Werror            treat warnings as errors\n"
    "  -Rpass             print remarks (why a loop was not vectorized, ...)\n"
    "  --color=WHEN       colour diagnostics: auto, always, never (default auto)\n"
    "  --parse-always     run the libclang parse even when nothing is annotated\n"
    "  --version          print the version and exit\n"
    "  --help             print this help and exit\n"
    "\n"
    "Other nvcc flags (-c, -O3, -g, -G, -lineinfo, -rdc=true, --expt-relaxed-constexpr,\n"
    "--extended-lambda, -Xcompiler X, -Xptxas X, -x cu, -ccbin X, ...) are accepted and\n"
    "ignored: they do not change how the file parses. Flags after -- are nvcc's too.\n"
    "\n"
    "environment:\n"
    "  TIRX_PP_CACHE_DIR  where parsed CUDA headers are cached (default\n"
    "                     ~/.cache/tirx-pp; 'off' for no cache)\n"
    "  TIRX_PP_CACHE_MAX  how much it may hold, least recently used entries\n"
    "                     removed first (default 256M; K, M, G suffixes)\n"
    "  TIRX_NVRTC_LIBRARY the NVRTC library --check loads (default libnvrtc.so.13)\n"
    "\n"
    "exit status: 0 done, 1 errors in the input, 2 bad usage, 3 I/O or internal failure\n";

static int bad_usage(const char *fmt, const char *arg) {
  fputs("tirx-pp: error: ", stderr);
  fprintf(stderr, fmt, arg);
  fputs("\ntry 'tirx-pp --help'\n", stderr);
  return TIRX_USAGE;
}

static void add_clang(Args *a, const char *flag, const char *value) {
  if (a->nclang + 2 > a->capclang) {
    a->capclang = a->capclang ? a->capclang * 2 : 32;
    a->clang = xrealloc(a->clang, sizeof(char *) * (size_t)a->capclang);
  }
  a->clang[a->nclang++] = flag;
  if (value) a->clang[a->nclang++] = value;
}

// sm_XX or compute_XX, as the parse's --cuda-gpu-arch; NULL when clang 19
// does not know it.
static const char *parse_arch(Arena *a, const char *arch) {
  static const char *known[] = {"50", "52", "53", "60", "61", "62", "70", "72", "75",
                                "80", "86", "87", "89", "90", "90a"};
  const char *num = !strncmp(arch, "sm_", 3) ? arch + 3 : !strncmp(arch, "compute_", 8) ? arch + 8 : NULL;
  for (size_t i = 0; num && i < sizeof known / sizeof *known; i++)
    if (!strcmp(num, known[i])) {
      return arena_printf(a, "sm_%s", num);
    }
  return NULL;
}

// arch=compute_90a,code=sm_90a (or code=[sm_90a,compute_90a]): the first sm_.
static const char *gencode_arch(Arena *a, const char *spec) {
  const char *code = strstr(spec, "code=");
  const char *sm = code ? strstr(code, "sm_") : NULL;
  if (!sm) sm = strstr(spec, "compute_");
  if (!sm) return NULL;
  char buf[32];
  size_t n = strcspn(sm, ",]\"' ");
  if (n >= sizeof buf) return NULL;
  memcpy(buf, sm, n);
  buf[n] = '\0';
  return parse_arch(a, buf);
}

static bool set_arch(Args *a, const char *arch, bool strict) {
  if (!strcmp(arch, "native") || !strcmp(arch, "all") || !strcmp(arch, "all-major")) return true;
  const char *sm = parse_arch(a->arena, arch);
  if (!sm) return !strict;
  if (!a->arch_given) a->opt.arch = sm;
  a->arch_given = true;
  return true;
}

// The value of a flag written "-X value", "-Xvalue" or "--flag=value";
// advances *i past a separate value. NULL when missing.
static const char *value(int argc, char **argv, int *i, size_t prefix) {
  const char *a = argv[*i];
  if (a[prefix] == '=') return a + prefix + 1;
  if (a[prefix]) return a + prefix;
  if (*i + 1 < argc) return argv[++*i];
  return NULL;
}

static bool is(const char *a, const char *flag) { return !strcmp(a, flag); }
static bool starts(const char *a, const char *flag) { return !strncmp(a, flag, strlen(flag)); }
static bool flag_with_value(const char *a, const char *flag) {
  size_t n = strlen(flag);
  return !strncmp(a, flag, n) && (a[n] == '\0' || a[n] == '=');
}

// nvcc flags that take a separate value and change nothing for the parse.
static const char *const ignored_with_value[] = {
    "-Xcompiler", "--compiler-options", "-Xptxas", "--ptxas-options", "-Xlinker", "--linker-options",
    "-Xnvlink", "--nvlink-options", "-Xarchive", "-ccbin", "--compiler-bindir", "-x", "--x",
    "-maxrregcount", "--maxrregcount", "-t", "--threads", "-diag-suppress", "--diag-suppress",
    "-Xcudafe", "-Xfatbin", "--default-stream", "-default-stream", "-split-compile", "--split-compile",
    "-l", "-L", "--library", "--library-path", "-odir", "--output-directory", "-MT", "-MF", "-MQ", "-o",
    "-dlto", "-code", "--gpu-code", NULL};

// nvcc flags (whole, or as prefixes ending in '=' or '*') that change nothing for the parse.
static const char *const ignored[] = {
    "-c", "--compile", "-dc", "--device-c", "-dw", "--device-w", "-g", "--debug", "-G", "--device-debug",
    "-lineinfo", "--generate-line-info", "--expt-relaxed-constexpr", "-expt-relaxed-constexpr",
    "--expt-extended-lambda", "-expt-extended-lambda", "--extended-lambda", "-extended-lambda",
    "-use_fast_math", "--use_fast_math", "-w", "--disable-warnings", "-m64", "-shared", "-fPIC",
    "-forward-unknown-to-host-compiler", "-forward-unknown-to-host-linker", "-keep", "--keep",
    "-MD", "-MMD", "-M", "-MM", "-MP", "-E", "-v", "--verbose", "-lto", "-Werror",
    "-O*", "-W*", "-rdc=*", "--relocatable-device-code=*", "-cudart=*", "--cudart=*", "-Xcompiler=*",
    "-Xptxas=*", "-Xcudafe=*", "--compiler-options=*", "-diag-suppress=*", "--diag-suppress=*",
    "-ftz=*", "-prec-div=*", "-prec-sqrt=*", "-fmad=*", "--ftz=*", "--prec-div=*", "--prec-sqrt=*",
    "--fmad=*", "--std=*", "-x=*", "-maxrregcount=*", "--maxrregcount=*", "-t=*", "--threads=*", "-f*", "-m*",
    "-code=*", "--gpu-code=*", "-Xfatbin=*", "--default-stream=*", "-static-global-template-stub=*", NULL};

static bool matches(const char *a, const char *pattern) {
  size_t n = strlen(pattern);
  if (pattern[n - 1] == '*') return !strncmp(a, pattern, n - 1);
  return !strcmp(a, pattern);
}

// Flags that mean the same to nvcc and to the parse, and nvcc's spellings of
// them. Returns 1 when taken, 0 when not a compiler flag, -1 on a missing value.
static int compiler_flag(Args *a, int argc, char **argv, int *i, bool strict, const char *dir) {
  const char *f = argv[*i], *v;
  static const struct {
    const char *nvcc, *clang;
  } same[] = {{"--include-path", "-I"}, {"--define-macro", "-D"}, {"--undefine-macro", "-U"},
              {"--pre-include", "-include"}, {"--system-include", "-isystem"}};
  for (size_t k = 0; k < sizeof same / sizeof *same; k++)
    if (flag_with_value(f, same[k].nvcc)) {
      if (!(v = value(argc, argv, i, strlen(same[k].nvcc)))) return -1;
      add_clang(a, same[k].clang, v);
      return 1;
    }
  if (starts(f, "-I") || starts(f, "-D") || starts(f, "-U")) {
    const char *flag = f[1] == 'I' ? "-I" : f[1] == 'D' ? "-D" : "-U";
    if (!(v = value(argc, argv, i, 2))) return -1;
    if (f[1] == 'I' && dir && v[0] != '/') v = arena_printf(a->arena, "%s/%s", dir, v);
    add_clang(a, flag, v);
    return 1;
  }
  if (is(f, "-include") || is(f, "-isystem")) {
    if (!(v = value(argc, argv, i, strlen(f)))) return -1;
    if (dir && v[0] != '/') v = arena_printf(a->arena, "%s/%s", dir, v);
    add_clang(a, is(f, "-include") ? "-include" : "-isystem", v);
    return 1;
  }
  if (starts(f, "-std=") || flag_with_value(f, "--std")) {
    if (!(v = value(argc, argv, i, starts(f, "-std=") ? 4 : 5))) return -1;
    static const char *const known[] = {"c++11", "c++14", "c++17", "c++20", "c++23", "c++2a", "c++2b",
                                        "gnu++11", "gnu++14", "gnu++17", "gnu++20", "gnu++23", NULL};
    bool fine = false;
    for (const char *const *k = known; *k; k++) fine |= !strcmp(v, *k);
    if (!fine) {
      if (!strict) return 1;  // someone else's flag: leave the default
      bad_usage("unknown language standard '%s' (c++11 ... c++23)", v);
      return -2;
    }
    a->opt.std = v;
    return 1;
  }
  if (flag_with_value(f, "-arch") || flag_with_value(f, "--gpu-architecture")) {
    if (!(v = value(argc, argv, i, f[1] == 'a' ? 5 : 18))) return -1;
    if (!set_arch(a, v, strict)) {
      bad_usage("unknown architecture '%s' (sm_50 ... sm_90a)", v);
      return -2;
    }
    return 1;
  }
  if (flag_with_value(f, "-gencode") || flag_with_value(f, "--generate-code")) {
    if (!(v = value(argc, argv, i, f[1] == 'g' ? 8 : 15))) return -1;
    const char *sm = gencode_arch(a->arena, v);
    if (sm && !a->arch_given) a->opt.arch = sm;
    if (sm) a->arch_given = true;
    return 1;
  }
  for (const char *const *k = ignored_with_value; *k; k++)
    if (is(f, *k)) {
      if (*i + 1 >= argc) return -1;
      ++*i;
      return 1;
    }
  for (const char *const *k = ignored; *k; k++)
    if (matches(f, *k)) return 1;
  return 0;
}

// Flags from compile_commands.json for the input, translated like nvcc's.
static int read_build_dir(Args *a) {
  const char *why;
  if (!libclang_load(&why)) {
    fprintf(stderr, "tirx-pp: error: cannot load libclang: %s\n", why);
    return TIRX_IO_ERROR;
  }
  // libclang prints its own complaints to stderr; ours is enough.
  CXCompilationDatabase_Error err = CXCompilationDatabase_CanNotLoadDatabase;
  CXCompilationDatabase db = NULL;
  char *json = arena_printf(a->arena, "%s/compile_commands.json", a->build_dir);
  if (access(json, R_OK) == 0) {
    fflush(stderr);
    int saved = dup(STDERR_FILENO), null = open("/dev/null", O_WRONLY);
    if (null >= 0) dup2(null, STDERR_FILENO);
    db = clang_CompilationDatabase_fromDirectory(a->build_dir, &err);
    if (saved >= 0) dup2(saved, STDERR_FILENO), close(saved);
    if (null >= 0) close(null);
  }
  if (err != CXCompilationDatabase_NoError) {
    if (db) clang_CompilationDatabase_dispose(db);
    fprintf(stderr, "tirx-pp: error: cannot read '%s/compile_commands.json'\n", a->build_dir);
    return TIRX_USAGE;
  }
  char *abs = realpath(a->in, NULL);
  CXCompileCommands cmds = clang_CompilationDatabase_getCompileCommands(db, abs ? abs : a->in);
  int rc = -1;
  // libclang answers for any file with a neighbour's command; only the
  // file's own entry will do.
  bool own = false;
  if (cmds && clang_CompileCommands_getSize(cmds) > 0) {
    CXCompileCommand cmd = clang_CompileCommands_getCommand(cmds, 0);
    CXString file = clang_CompileCommand_getFilename(cmd), d = clang_CompileCommand_getDirectory(cmd);
    const char *f = clang_getCString(file);
    char *path = f[0] == '/' ? strdup(f) : arena_printf(a->arena, "%s/%s", clang_getCString(d), f);
    char *resolved = realpath(path, NULL);
    own = resolved && abs && !strcmp(resolved, abs);
    free(resolved);
    if (f[0] == '/') free(path);
    clang_disposeString(file);
    clang_disposeString(d);
  }
  free(abs);
  if (!own) {
    fprintf(stderr, "tirx-pp: warning: '%s' has no entry in '%s/compile_commands.json'; using only the flags given\n",
            a->in, a->build_dir);
  } else {
    CXCompileCommand cmd = clang_CompileCommands_getCommand(cmds, 0);
    CXString d = clang_CompileCommand_getDirectory(cmd);
    const char *dir = arena_printf(a->arena, "%s", clang_getCString(d));
    clang_disposeString(d);
    unsigned n = clang_CompileCommand_getNumArgs(cmd);
    char **argv = arena_alloc(a->arena, sizeof(char *) * (n + 1));
    for (unsigned k = 0; k < n; k++) {
      CXString s = clang_CompileCommand_getArg(cmd, k);
      argv[k] = arena_printf(a->arena, "%s", clang_getCString(s));
      clang_disposeString(s);
    }
    const char *std = a->opt.std;  // flags on the command line win
    for (int k = 1; k < (int)n; k++)  // argv[0] is the compiler; the input and unknown flags are skipped
      if (compiler_flag(a, (int)n, argv, &k, false, dir) == -2) rc = TIRX_USAGE;
    if (std) a->opt.std = std;
  }
  if (cmds) clang_CompileCommands_dispose(cmds);
  clang_CompilationDatabase_dispose(db);
  return rc;
}

// The CUDA toolkit: --cuda-path, else $CUDA_PATH, $CUDA_HOME, /usr/local/cuda.
static const char *cuda_root(const char *given) {
  if (given) return given;
  const char *env[] = {"CUDA_PATH", "CUDA_HOME"};
  for (int i = 0; i < 2; i++)
    if (getenv(env[i]) && *getenv(env[i])) return getenv(env[i]);
  return "/usr/local/cuda";
}

static int print_version(void) {
  const char *why;
  if (!libclang_load(&why)) {
    fprintf(stderr, "tirx-pp: error: cannot load libclang: %s\n", why);
    return TIRX_IO_ERROR;
  }
  CXString v = clang_getClangVersion();
  printf("tirx-pp %s (%s)\n", TIRX_PP_VERSION, clang_getCString(v));
  clang_disposeString(v);
  return TIRX_OK;
}

int args_parse(int argc, char **argv, Args *a) {
  a->color = "auto";
  bool after_dashes = false;
  for (int i = 1; i < argc; i++) {
    const char *f = argv[i];
    if (after_dashes) {
      if (compiler_flag(a, argc, argv, &i, false, NULL) == -2) return TIRX_USAGE;
      continue;
    }
    if (is(f, "--")) {
      after_dashes = true;
    } else if (is(f, "--help") || is(f, "-h")) {
      fputs(usage, stdout);
      return TIRX_OK;
    } else if (is(f, "--version")) {
      return print_version();
    } else if (is(f, "-o") || is(f, "-MF") || is(f, "-MT") || is(f, "-p")) {
      if (++i >= argc)
        return bad_usage(is(f, "-p") ? "%s needs a build directory" : is(f, "-MT") ? "%s needs a target" : "%s needs a file name", f);
      *(is(f, "-o") ? &a->out : is(f, "-MF") ? &a->depfile_path : is(f, "-MT") ? &a->dep_target : &a->build_dir) =
          argv[i];
    } else if (is(f, "-MD")) {
      a->depfile = true;
    } else if (starts(f, "--cuda-path=")) {
      a->opt.cuda_path = f + 12;
    } else if (is(f, "--no-line")) {
      a->opt.no_line = true;
    } else if (is(f, "--check")) {
      a->check = a->opt.device_view = true;
    } else if (is(f, "--parse-always")) {
      a->opt.always_parse = true;
    } else if (is(f, "--watchdog") || starts(f, "--watchdog=")) {
      a->opt.watchdog = 2000000000LL;  // about a second at Hopper clocks
      if (f[10] == '=') {
        char *end;
        errno = 0;
        a->opt.watchdog = strtoll(f + 11, &end, 0);
        if (*end || errno || a->opt.watchdog <= 0)
          return bad_usage("--watchdog takes a positive cycle count, not '%s'", f + 11);
      }
    } else if (is(f, "-Werror")) {
      a->opt.werror = true;
    } else if (starts(f, "-Rpass")) {
      a->opt.remarks = true;
    } else if (starts(f, "--color=")) {
      a->color = f + 8;
      if (!is(a->color, "auto") && !is(a->color, "always") && !is(a->color, "never"))
        return bad_usage("--color takes auto, always or never, not '%s'", a->color);
    } else if (f[0] == '-' && f[1]) {
      int r = compiler_flag(a, argc, argv, &i, true, NULL);
      if (r == -2) return TIRX_USAGE;
      if (r == -1) return bad_usage("%s needs a value", f);
      if (r == 0) return bad_usage("unknown option '%s'", f);
    } else if (a->in) {
      return bad_usage("more than one input file ('%s')", f);
    } else {
      a->in = f;
    }
  }
  if (!a->in) return bad_usage("%s", "no input file");
  if (a->depfile && !a->depfile_path && !a->out) return bad_usage("%s", "-MD needs -o or -MF");
  if ((a->depfile_path || a->dep_target) && !a->depfile) a->depfile = true;
  if (a->build_dir) {
    int rc = read_build_dir(a);
    if (rc >= 0) return rc;
  }
  a->opt.cuda_path = cuda_root(a->opt.cuda_path);
  char probe[4200];
  snprintf(probe, sizeof probe, "%s/include/cuda_runtime.h", a->opt.cuda_path);
  if (access(probe, R_OK) != 0) {
    fprintf(stderr, "tirx-pp: error: no CUDA toolkit at '%s' (no include/cuda_runtime.h); use --cuda-path=DIR\n",
            a->opt.cuda_path);
    return TIRX_USAGE;
  }
  a->opt.path = a->in;
  a->opt.clang_args = a->clang;
  a->opt.nclang_args = a->nclang;
  return -1;
}

void args_free(Args *a) { free(a->clang); }
