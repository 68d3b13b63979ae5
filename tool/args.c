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
#include "output.h"

static const char usage[] =
    "usage: tirx-pp [options] IN.cu [-o OUT.cu] [-- compiler flags]\n"
    "       tirx-pp [ccache|sccache] nvcc NVCC-ARGS...  (as a compiler launcher)\n"
    "       tirx-pp --launch COMPILER NVCC-ARGS...\n"
    "\n"
    "Rewrites the tirx annotations of a CUDA file into plain CUDA for nvcc.\n"
    "Without -o the result goes to standard output; IN.cu '-' is standard input.\n"
    "As a launcher (CMAKE_CUDA_COMPILER_LAUNCHER=tirx-pp, or NVCC=\"tirx-pp nvcc\")\n"
    "it runs nvcc on the rewritten copy (OBJ.tirx.cu) of an annotated source, and\n"
    "nvcc with its arguments as given on any other (docs/launcher.md). It is one\n"
    "when its first argument is nvcc, a compiler named in TIRX_PP_COMPILERS, or\n"
    "ccache or sccache before one of those; --launch names any other compiler.\n"
    "tirx-nvcc (beside tirx-pp) is nvcc with tirx-pp in front, for FindCUDA.\n"
    "\n"
    "options:\n"
    "  -o FILE            write the result to FILE (replaced only on success;\n"
    "                     '-' is standard output)\n"
    "  --headers-out=DIR  where rewritten copies of annotated headers go (also\n"
    "                     --headers-out DIR)\n"
    "                     (default OUT.headers/)\n"
    "  -I DIR, -D X[=V], -U X, -std=STD, -include FILE, -isystem DIR\n"
    "                     passed to the parse, as nvcc would see them; so are\n"
    "                     -Xcompiler's preprocessor flags, placed first as nvcc\n"
    "                     places them (its device pass reads them too)\n"
    "  --cuda-path=DIR    CUDA toolkit root (default $CUDA_PATH, $CUDA_HOME or\n"
    "                     /usr/local/cuda)\n"
    "  -arch=sm_XX        target architecture (default sm_90a); also compute_XX,\n"
    "                     native, all, all-major, --gpu-architecture, -code and\n"
    "                     -gencode=arch=compute_XX,code=[sm_XX,...]. With several,\n"
    "                     the parse assumes the highest; one clang 19 cannot parse\n"
    "                     (sm_100a, sm_120, ...) is parsed as sm_90a with nvcc's\n"
    "                     __CUDA_ARCH__; a note says so\n"
    "  -p BUILD_DIR       read the file's flags from BUILD_DIR/compile_commands.json\n"
    "                     (an error when the file has no entry there)\n"
    "  -MD, -MMD          write a make depfile (OUT.d, or the file -MF names;\n"
    "                     -MF is needed when the output is not a file)\n"
    "  -MF FILE           the depfile's name\n"
    "  -MT TARGET         the depfile's target (default OUT, - for standard output)\n"
    "  --check            compile the output's device code with NVRTC for the target\n"
    "                     (-arch) and report its errors at the original lines; the\n"
    "                     output (standard output or -o) is written only when it\n"
    "                     compiles. Needs NVRTC (libnvrtc.so.13), no GPU.\n"
    "  --watchdog[=CYCLES]\n"
    "                     every event wait gives up after CYCLES (default 2e9),\n"
    "                     prints where it was stuck and traps, instead of hanging\n"
    "  --trace[=all|regions]\n"
    "                     record each region's start and end, each wait, trigger and\n"
    "                     turn (=regions: only the regions' start and end) into a\n"
    "                     ring per block; the host writes a Perfetto JSON and a\n"
    "                     summary (docs/trace.md)\n"
    "  --no-line          do not emit #line directives\n"
    "  -Werror            treat warnings as errors\n"
    "  -Rpass             print remarks (why a loop was not vectorized, ...)\n"
    "  --color=WHEN       colour diagnostics: auto, always, never (default auto)\n"
    "  --parse-always     run the libclang parse even when nothing is annotated\n"
    "  --version          print the version and exit\n"
    "  --help             print this help and exit\n"
    "\n"
    "Other nvcc flags (-c, -O3, -g, -G, -lineinfo, -rdc=true, --expt-relaxed-constexpr,\n"
    "--extended-lambda, -Xcompiler -fPIC, -Xptxas X, -x cu, -ccbin X, -keep-dir X, -t 0, ...)\n"
    "are accepted and ignored: they do not change how the file parses. After --, every\n"
    "nvcc option is accepted as nvcc takes it.\n"
    "\n";
// (Two strings: C99 compilers need to take only 4095 characters in one.)
static const char usage_environment[] =
    "environment:\n"
    "  TIRX_PP_CACHE_DIR  where parsed CUDA headers are cached (default\n"
    "                     ~/.cache/tirx-pp; 'off' for no cache)\n"
    "  TIRX_PP_CACHE_MAX  how much it may hold, least recently used entries\n"
    "                     removed first (default 256M; K, M, G suffixes)\n"
    "  TIRX_NVRTC_LIBRARY the NVRTC library --check loads (default libnvrtc.so.13)\n"
    "  TIRX_PP_COMPILERS  colon-separated names (or paths) of compilers that a\n"
    "                     launcher's first argument may be besides nvcc\n"
    "  TIRX_PP_NVCC       the nvcc that tirx-nvcc runs (default: the next nvcc\n"
    "                     on PATH, else /usr/local/cuda/bin/nvcc)\n"
    "  NVCC_PREPEND_FLAGS, NVCC_APPEND_FLAGS, CPATH, CPLUS_INCLUDE_PATH\n"
    "                     read as nvcc and its host compiler read them\n"
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

static bool is(const char *a, const char *flag) { return !strcmp(a, flag); }
static bool starts(const char *a, const char *flag) { return !strncmp(a, flag, strlen(flag)); }

// The standards -std takes (clang 19 parses each), and whether nvcc 13 and
// NVRTC take it too (they take c++03 ... c++20: `nvcc --help`, --std).
static const struct Standard {
  const char *name;
  bool nvcc;
} standards[] = {
    {"c++11", true},   {"c++14", true},   {"c++17", true},   {"c++20", true},    {"c++23", false},  {"c++2a", true},
    {"c++2b", false},  {"gnu++11", true}, {"gnu++14", true}, {"gnu++17", true},  {"gnu++20", true}, {"gnu++23", false},
};

// The entry of standards[] for -std's value; NULL for none.
static const struct Standard *standard(const char *v) {
  for (size_t k = 0; v && k < sizeof standards / sizeof *standards; k++)
    if (is(v, standards[k].name)) return &standards[k];
  return NULL;
}

// Whether text holds what a shell would change (quotes, escapes, expansions):
// then what a program behind that shell receives is not plain to read.
static bool shell_quoted(const char *text) { return strpbrk(text, "\"'\\$`~") != NULL; }

// The preprocessor flags of the host compiler (gcc's and clang's spellings)
// that the parse takes, as clang names them.
static const struct HostFlag {
  const char *name, *as;
  bool path;
} host_flags[] = {
    {"--include-directory-after", "-idirafter", true},
    {"--include-directory", "-I", true},
    {"--include", "-include", true},
    {"--imacros", "-imacros", true},
    {"--define-macro", "-D", false},
    {"--undefine-macro", "-U", false},
    {"-isystem", "-isystem", true},
    {"-include", "-include", true},
    {"-imacros", "-imacros", true},
    {"-iquote", "-iquote", true},
    {"-idirafter", "-idirafter", true},
    {"-D", "-D", false},
    {"-U", "-U", false},
    {"-I", "-I", true},
};

// The host flag that word starts (NULL: none) and, when the value is in the
// same word, the value (`-DX`, `--define-macro=X`).
static const struct HostFlag *host_flag(const char *word, const char **value) {
  for (size_t k = 0; k < sizeof host_flags / sizeof *host_flags; k++) {
    const struct HostFlag *f = &host_flags[k];
    size_t n = strlen(f->name);
    if (strncmp(word, f->name, n)) continue;
    if (!word[n]) return *value = NULL, f;
    if (f->name[1] == '-' && word[n] != '=') continue;  // a longer name
    return *value = word + n + (f->name[1] == '-'), f;
  }
  return NULL;
}

// -Xcompiler's value (or --compiler-options'), split into words as nvcc
// splits it (at commas) and its command line's shell does (at blanks), each
// kept with dir for the end (add_host_flags). A value quoted for the shell
// could reach the host compiler in more than one way: when a preprocessor
// flag is among its words, the value is left out, with a warning.
static void keep_host_words(Args *a, const char *v, const char *dir) {
  int start = a->host.len;
  bool flagged = false;
  for (const char *p = v; *p;) {
    size_t n = strcspn(p, ", \t");
    if (n) {
      const char *w = arena_strndup(a->arena, p, n), *value;
      char *bare = arena_strndup(a->arena, p, n), *o = bare;  // w as the shell may leave it: no quotes
      for (const char *q = w; *q; q++)
        if (!strchr("\"'\\", *q)) *o++ = *q;
      *o = 0;
      flagged |= host_flag(bare, &value) != NULL;
      VEC_PUSH(a->arena, a->host, ((struct HostWord){w, dir}));
    }
    p += n + (p[n] != 0);
  }
  if (!shell_quoted(v)) return;
  a->host.len = start;
  if (!flagged) return;
  buf_printf(&a->notes,
             "tirx-pp: warning: -Xcompiler '%s' holds shell syntax (quotes, \\, $, `, ~): tirx-pp's parse does "
             "not see its preprocessor flags\n",
             v);
  a->opt.flags_hidden = true;  // (and a computed #include stays unsettled)
}

// A path flag's value for the parse: a relative one made relative to dir (a
// compile_commands.json entry's directory). A forced include that is not
// there is given as written: the host compiler looks in the working
// directory, then along the include path, which the parse searches too.
static const char *path_for_parse(Args *a, const char *flag, const char *value, const char *dir) {
  if (!dir || value[0] == '/') return value;
  const char *p = arena_printf(a->arena, "%s/%s", dir, value);
  bool forced = !strcmp(flag, "-include") || !strcmp(flag, "-imacros");
  return forced && access(p, F_OK) != 0 ? value : p;
}

// The host preprocessor's flags among the -Xcompiler words, for the parse:
// nvcc gives them to the host compiler, whose preprocessor runs for nvcc's
// device pass too, and puts them before its own -I, -D, -U and -include, so
// here they go first too. Other host flags change nothing for the parse.
static void add_host_flags(Args *a) {
  const char **own = a->clang;
  int nown = a->nclang;
  a->clang = NULL, a->nclang = a->capclang = 0;
  for (int w = 0; w < a->host.len; w++) {
    const char *value;
    const struct HostFlag *f = host_flag(a->host.items[w].word, &value);
    if (!f) continue;
    if (!value && w + 1 < a->host.len) value = a->host.items[++w].word;
    if (!value) {
      buf_printf(&a->notes, "tirx-pp: warning: -Xcompiler: nothing follows '%s'; tirx-pp's parse does not see it\n",
                 a->host.items[w].word);
      continue;
    }
    add_clang(a, f->as, f->path ? path_for_parse(a, f->as, value, a->host.items[w].dir) : value);
  }
  for (int i = 0; i < nown; i++) add_clang(a, own[i], NULL);
  free(own);
}

// The values of an nvcc option that takes a comma-separated list (-I inc1,inc2;
// -D A,B=1), each given to the parse as nvcc gives it to its passes; a
// relative path made relative to dir (when not NULL).
static void add_list(Args *a, const char *flag, const char *value, const char *dir) {
  for (const char *p = value;;) {
    const char *comma = strchr(p, ',');
    const char *v = comma ? arena_strndup(a->arena, p, (size_t)(comma - p)) : p;
    if (*v) add_clang(a, flag, dir ? path_for_parse(a, flag, v, dir) : v);
    if (!comma) return;
    p = comma + 1;
  }
}

// An nvcc option at argv[*i], translated for the parse or ignored; advances
// *i past its value. Returns 1 when taken, 0 when not an option nvcc knows,
// -1 on a missing value, -2 after reporting a bad value. dir: the directory
// relative -I paths are relative to (compile_commands.json), or NULL.
static int compiler_flag(Args *a, int argc, char **argv, int *i, bool strict, const char *dir) {
  NvccArg n = nvcc_arg(argc, argv, *i);
  const char *f = argv[*i];
  if (!n.name || !n.known) {  // clang's spellings that nvcc lacks
    if ((is(f, "-iquote") || is(f, "-idirafter") || is(f, "-imacros")) && *i + 1 < argc) {
      const char *v = argv[++*i];
      add_clang(a, f, dir && v[0] != '/' ? arena_printf(a->arena, "%s/%s", dir, v) : v);
      return 1;
    }
    return 0;
  }
  if (!n.nargs) return -1;
  *i += n.nargs - 1;
  const char *v = n.value;
  if (is(n.name, "-Xcompiler")) {
    keep_host_words(a, v, dir);
  } else if (is(n.name, "-I") || is(n.name, "-include") || is(n.name, "-isystem") || is(n.name, "-D") ||
             is(n.name, "-U")) {
    add_list(a, n.name, v, is(n.name, "-D") || is(n.name, "-U") ? NULL : dir);
  } else if (is(n.name, "-extended-lambda") || is(n.name, "-expt-extended-lambda")) {
    // nvcc then includes <functional> in every file (its wrappers of extended
    // lambdas use it): code may name std::function without including it
    // (apex's layer_norm/ln.h), so the parse and NVRTC (the stand-in) read it too.
    add_clang(a, "-include", "functional");
  } else if (is(n.name, "-std")) {
    if (standard(v)) {
      a->opt.std = v;
      a->std_from = dir ? arena_printf(a->arena, "%s/compile_commands.json", a->build_dir)
                        : arena_printf(a->arena, "argument %d", *i - (n.nargs - 1));
    } else if (strict) {
      bad_usage("unknown language standard '%s' (c++11 ... c++23)", v);
      return -2;
    }
  } else if (is(n.name, "-arch")) {
    if (!nvcc_add_arch(&a->archs, v)) {
      bad_usage("unknown architecture '%s' (sm_50 ... sm_121, compute_XX, native, all, all-major)", v);
      return -2;
    }
  } else if (is(n.name, "-code")) {
    if (!nvcc_check_code(v)) {
      bad_usage("-code takes a comma list of sm_XX and compute_XX, not '%s'", v);
      return -2;
    }
  } else if (is(n.name, "-gencode")) {
    if (!nvcc_add_gencode(&a->archs, v)) {
      bad_usage("-gencode takes arch=compute_XX,code=sm_XX (or code=[sm_XX,compute_XX]), not '%s'", v);
      return -2;
    }
  }
  return 1;  // every other nvcc option changes nothing for the parse
}

// "sm_90a" for 900 with suffix 'a'.
static const char *arch_name(Arena *ar, int num, char suffix) {
  return arena_printf(ar, "sm_%d%s", num / 10, suffix == 'a' ? "a" : suffix == 'f' ? "f" : "");
}

// The architecture the parse assumes: the highest one named (nvcc compiles
// the file once for each; an annotation under `#if __CUDA_ARCH__` is read
// as for that one), or the nearest clang 19 knows, with __CUDA_ARCH__ and
// the feature macros set as nvcc sets them. Notes say what was assumed.
static void resolve_arch(Args *a) {
  static const int clang_archs[] = {500, 520, 530, 600, 610, 620, 700, 720, 750, 800, 860, 870, 890, 900};
  ArchList *l = &a->archs;
  if (l->native) {
    buf_puts(&a->notes, "tirx-pp: note: -arch=native: tirx-pp does not ask the GPU; the parse assumes sm_90a\n");
    if (!l->n) l->nums[0] = 900, l->suffix[0] = 'a', l->n = 1;
  }
  if (!l->n) return;  // the default, sm_90a
  int best = 0;
  for (int k = 1; k < l->n; k++)
    if (l->nums[k] > l->nums[best] || (l->nums[k] == l->nums[best] && l->suffix[k] == 'a')) best = k;
  int num = l->nums[best];
  char suffix = l->suffix[best];
  const char *name = arch_name(a->arena, num, suffix);
  if (l->n > 1) {
    buf_puts(&a->notes, l->all ? "tirx-pp: note: -arch=all names " : "tirx-pp: note: several target architectures (");
    for (int k = 0; k < l->n; k++) buf_printf(&a->notes, "%s%s", k ? ", " : "", arch_name(a->arena, l->nums[k], l->suffix[k]));
    buf_printf(&a->notes, "%s; the parse assumes the highest, %s\n", l->all ? "" : ")", name);
  }
  int parse = clang_archs[0];
  for (size_t k = 0; k < sizeof clang_archs / sizeof *clang_archs; k++)
    if (clang_archs[k] <= num) parse = clang_archs[k];
  char parse_suffix = parse == 900 && (suffix || num > 900) ? 'a' : 0;
  a->opt.arch = arch_name(a->arena, parse, parse_suffix);
  if (parse == num && parse_suffix == suffix) return;
  // clang cannot take it: parse as the nearest it can, with nvcc's macros.
  add_clang(a, "-U__CUDA_ARCH__", NULL);
  add_clang(a, arena_printf(a->arena, "-D__CUDA_ARCH__=%d", num), NULL);
  if (parse_suffix) add_clang(a, "-U__CUDA_ARCH_FEAT_SM90_ALL", NULL);
  if (suffix == 'a') {
    add_clang(a, arena_printf(a->arena, "-D__CUDA_ARCH_FEAT_SM%d_ALL=1", num / 10), NULL);
    add_clang(a, arena_printf(a->arena, "-D__CUDA_ARCH_SPECIFIC__=%d", num), NULL);
  }
  if (suffix) add_clang(a, arena_printf(a->arena, "-D__CUDA_ARCH_FAMILY_SPECIFIC__=%d", num), NULL);
  buf_printf(&a->notes, "tirx-pp: note: clang 19 cannot parse for %s; the parse assumes %s with __CUDA_ARCH__=%d\n",
             name, a->opt.arch, num);
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
  // libclang answers a question about one file with a neighbour's command
  // (interpolated, under the file's name); only the file's own entry will
  // do, so look for it among them all.
  CXCompileCommands cmds = clang_CompilationDatabase_getAllCompileCommands(db);
  int rc = -1;
  bool own = false;
  CXCompileCommand cmd = NULL;
  for (unsigned k = 0; cmds && abs && !own && k < clang_CompileCommands_getSize(cmds); k++) {
    cmd = clang_CompileCommands_getCommand(cmds, k);
    CXString file = clang_CompileCommand_getFilename(cmd), d = clang_CompileCommand_getDirectory(cmd);
    const char *f = clang_getCString(file);
    const char *path = f[0] == '/' ? f : arena_printf(a->arena, "%s/%s", clang_getCString(d), f);
    char *resolved = realpath(path, NULL);
    own = resolved && !strcmp(resolved, abs);
    free(resolved);
    clang_disposeString(file);
    clang_disposeString(d);
  }
  free(abs);
  if (!own) {
    // Another file's flags, or none, would be a guess: -D and -I change what
    // the annotations mean.
    fprintf(stderr,
            "tirx-pp: error: '%s' has no entry in '%s/compile_commands.json'; give its flags on the command line "
            "instead of -p\n",
            a->in, a->build_dir);
    rc = TIRX_USAGE;
  } else {
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
    const char *std = a->opt.std, *std_from = a->std_from;  // flags on the command line win
    ArchList archs = a->archs;
    for (int k = 1; k < (int)n; k++)  // argv[0] is the compiler; the input and unknown flags are skipped
      if (compiler_flag(a, (int)n, argv, &k, false, dir) == -2) rc = TIRX_USAGE;
    if (std) a->opt.std = std, a->std_from = std_from;
    if (archs.n || archs.native) a->archs = archs;
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

// -o FILE, -MF FILE, -MT T, -p DIR, --headers-out=DIR: each at most once.
static int set_once(const char **slot, const char *flag, const char *v) {
  if (*slot) {
    fprintf(stderr, "tirx-pp: error: %s given twice ('%s', '%s')\ntry 'tirx-pp --help'\n", flag, *slot, v);
    return TIRX_USAGE;
  }
  *slot = v;
  return -1;
}

// Outputs that would overwrite the input or each other.
static int check_outputs(const Args *a) {
  bool from_stdin = !strcmp(a->in, "-");
  if (a->out && !from_stdin && same_path(a->out, a->in)) {
    fprintf(stderr, "tirx-pp: error: -o '%s' is the input file; tirx-pp does not overwrite its input\n", a->out);
    return TIRX_USAGE;
  }
  if (a->depfile_path && !from_stdin && same_path(a->depfile_path, a->in)) {
    fprintf(stderr, "tirx-pp: error: -MF '%s' is the input file; tirx-pp does not overwrite its input\n",
            a->depfile_path);
    return TIRX_USAGE;
  }
  if (a->out && a->depfile_path && same_path(a->out, a->depfile_path)) {
    fprintf(stderr, "tirx-pp: error: -MF and -o name the same file ('%s')\n", a->out);
    return TIRX_USAGE;
  }
  return -1;
}

// -MD without -MF: the depfile is OUT.d, which needs an OUT that is a file.
// gcc and clang would write '-.d' for -o - and '/dev/stdout.d' for
// -o /dev/stdout, nvcc 'stdout.d'; none is a name a build would look for.
static int check_depfile_name(const Args *a, const char *flag) {
  if (!a->out) {
    fprintf(stderr,
            "tirx-pp: error: %s's depfile is OUT.d after -o OUT, but the output goes to standard output: give -MF FILE\n"
            "try 'tirx-pp --help'\n",
            flag);
    return TIRX_USAGE;
  }
  if (is_stream_path(a->out)) {
    fprintf(stderr,
            "tirx-pp: error: %s's depfile is OUT.d after -o OUT, but '%s' is a device, a pipe or an open file, not a "
            "file to name it after: give -MF FILE\ntry 'tirx-pp --help'\n",
            flag, a->out);
    return TIRX_USAGE;
  }
  return -1;
}

int args_parse(int argc, char **argv, Args *a) {
  a->color = "auto";
  const char *dep_flag = NULL;  // the first of -MD, -MMD, -MT: what asked for a depfile
  bool after_dashes = false;
  for (int i = 1; i < argc; i++) {
    const char *f = argv[i];
    int rc = -1;
    if (after_dashes) {  // nvcc's flags: what nvcc takes, tirx-pp takes
      if (compiler_flag(a, argc, argv, &i, false, NULL) == -2) return TIRX_USAGE;
      continue;
    }
    if (is(f, "--")) {
      after_dashes = true;
    } else if (is(f, "--help") || is(f, "-h")) {
      fputs(usage, stdout);
      fputs(usage_environment, stdout);
      return TIRX_OK;
    } else if (is(f, "--version")) {
      return print_version();
    } else if (is(f, "-o") || is(f, "-MF") || is(f, "-MT") || is(f, "-p")) {
      if (++i >= argc)
        return bad_usage(is(f, "-p") ? "%s needs a build directory" : is(f, "-MT") ? "%s needs a target" : "%s needs a file name", f);
      rc = set_once(is(f, "-o") ? &a->out : is(f, "-MF") ? &a->depfile_path : is(f, "-MT") ? &a->dep_target : &a->build_dir,
                    f, argv[i]);
      if (is(f, "-MT") && !dep_flag) dep_flag = f;
    } else if (starts(f, "--headers-out=")) {
      rc = set_once(&a->opt.headers_out, "--headers-out", f + 14);
    } else if (is(f, "--headers-out")) {  // the library's messages spell it so
      if (++i >= argc) return bad_usage("%s needs a directory", f);
      rc = set_once(&a->opt.headers_out, "--headers-out", argv[i]);
    } else if (is(f, "-MD") || is(f, "-MMD")) {  // -MMD's depfile lists system headers too
      a->depfile = true;
      if (!dep_flag) dep_flag = f;
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
    } else if (is(f, "--trace") || is(f, "--trace=all")) {
      a->opt.trace = TIRXPP_TRACE_ALL;
    } else if (is(f, "--trace=regions")) {
      a->opt.trace = TIRXPP_TRACE_REGIONS;
    } else if (starts(f, "--trace=")) {
      return bad_usage("--trace takes 'all' or 'regions', not '%s'", f + 8);
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
      a->in = f;  // "-": standard input
    }
    if (rc >= 0) return rc;
  }
  if (!a->in) return bad_usage("%s", "no input file");
  if (a->out && is(a->out, "-")) a->out = NULL;  // -o -: standard output, as for gcc
  if ((a->depfile_path || a->dep_target) && !a->depfile) a->depfile = true;
  int rc = a->depfile && !a->depfile_path ? check_depfile_name(a, dep_flag) : -1;
  if (rc >= 0) return rc;
  rc = check_outputs(a);
  if (rc >= 0) return rc;
  if (a->build_dir) {
    if (!strcmp(a->in, "-")) return bad_usage("%s", "-p needs a file name, not standard input");
    rc = read_build_dir(a);
    if (rc >= 0) return rc;
  }
  return args_finish(a);
}

// A standard that nvcc 13 refuses: --check cannot compile it, an error;
// without --check the parse takes it as given, a warning (an error under
// -Werror).
static int check_std(const Args *a) {
  const struct Standard *std = standard(a->opt.std);
  if (!std || std->nvcc) return -1;
  if (a->check) {
    fprintf(stderr,
            "tirx-pp: error: -std=%s (%s): --check compiles with NVRTC, which takes c++03 ... c++20 as nvcc 13 "
            "does; give -std=c++20 or lower\n",
            a->opt.std, a->std_from);
    return TIRX_USAGE;
  }
  fprintf(stderr, "tirx-pp: %s: -std=%s (%s): nvcc 13 takes c++03 ... c++20 and will refuse it%s%s\n",
          a->opt.werror ? "error" : "warning", a->opt.std, a->std_from,
          a->opt.werror ? "" : "; the parse takes ", a->opt.werror ? "" : a->opt.std);
  return a->opt.werror ? TIRX_USAGE : -1;
}

// The flags of an environment variable nvcc reads (NVCC_PREPEND_FLAGS,
// NVCC_APPEND_FLAGS), split at blanks, translated as the command line's.
static void add_environment_flags(Args *a, const char *var) {
  const char *v = getenv(var);
  if (!v || !*v) return;
  VEC(char *) words = {0};
  for (const char *p = v; *p;) {  // (nvcc splits it at blanks alone: quotes stay in the words)
    size_t n = strcspn(p, " \t\n");
    if (n) VEC_PUSH(a->arena, words, arena_strndup(a->arena, p, n));
    p += n + (p[n] != 0);
  }
  for (int i = 0; i < words.len; i++) compiler_flag(a, words.len, words.items, &i, false, NULL);
}

// nvcc puts NVCC_PREPEND_FLAGS before its command line's flags and
// NVCC_APPEND_FLAGS after them; the parse takes them in the same places (the
// command line's -std stays, as nvcc's later flag).
static void add_nvcc_environment(Args *a) {
  const char **own = a->clang, *std = a->opt.std, *std_from = a->std_from;
  int nown = a->nclang, nhost = a->host.len;
  struct HostWord *host = nhost ? arena_alloc(a->arena, sizeof *host * (size_t)nhost) : NULL;
  if (nhost) memcpy(host, a->host.items, sizeof *host * (size_t)nhost);
  a->clang = NULL, a->nclang = a->capclang = 0, a->host.len = 0;
  add_environment_flags(a, "NVCC_PREPEND_FLAGS");
  if (std) a->opt.std = std, a->std_from = std_from;
  for (int i = 0; i < nown; i++) add_clang(a, own[i], NULL);
  for (int i = 0; i < nhost; i++) VEC_PUSH(a->arena, a->host, host[i]);
  free(own);
  add_environment_flags(a, "NVCC_APPEND_FLAGS");
}

// The directories of CPATH (searched as -I dirs, after those given) and of
// CPLUS_INCLUDE_PATH (as -isystem dirs, after those given: nvcc's host
// compiler reads a .cu file as C++), which the host compiler's preprocessor
// searches for nvcc's device pass. clang's parse reads them itself; given
// here, the header scan searches them too, in the same order, and a parse
// cached under one CPATH is not served under another. An empty item is the
// current directory, as for the compilers.
static void add_environment_dirs(Args *a) {
  static const struct { const char *var, *flag; } env[] = {{"CPATH", "-I"}, {"CPLUS_INCLUDE_PATH", "-isystem"}};
  for (size_t k = 0; k < sizeof env / sizeof *env; k++) {
    const char *v = getenv(env[k].var);
    for (const char *p = v && *v ? v : NULL; p;) {
      size_t n = strcspn(p, ":");
      add_clang(a, env[k].flag, n ? arena_strndup(a->arena, p, n) : ".");
      p = p[n] ? p + n + 1 : NULL;
    }
  }
}

int args_finish(Args *a) {
  add_nvcc_environment(a);
  int rc = check_std(a);
  if (rc >= 0) return rc;
  resolve_arch(a);
  a->opt.cuda_path = cuda_root(a->opt.cuda_path);
  char probe[4200];
  snprintf(probe, sizeof probe, "%s/include/cuda_runtime.h", a->opt.cuda_path);
  if (access(probe, R_OK) != 0) {
    fprintf(stderr, "tirx-pp: error: no CUDA toolkit at '%s' (no include/cuda_runtime.h); use --cuda-path=DIR\n",
            a->opt.cuda_path);
    return TIRX_USAGE;
  }
  add_host_flags(a);
  add_environment_dirs(a);
  a->opt.path = !strcmp(a->in, "-") ? "<stdin>" : a->in;
  a->opt.out_path = a->out;
  a->opt.clang_args = a->clang;
  a->opt.nclang_args = a->nclang;
  return -1;
}

int args_nvcc_flag(Args *a, int argc, char **argv, int *i) {
  return compiler_flag(a, argc, argv, i, false, NULL) == -2 ? TIRX_USAGE : -1;
}

void args_print_notes(const Args *a) {
  if (a->notes.len) fwrite(a->notes.data, 1, a->notes.len, stderr);
}

void args_free(Args *a) {
  free(a->clang);
  buf_free(&a->notes);
}
