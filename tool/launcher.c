// launcher.c - tirx-pp as a compiler launcher (docs/language.md#headers-and-existing-builds): one setting
// (CMAKE_CUDA_COMPILER_LAUNCHER=tirx-pp, or NVCC="tirx-pp nvcc") and an
// existing build adopts tirx-pp. A command that compiles one CUDA source
// whose translation unit is annotated runs on the rewritten copy, with
// nvcc's depfile naming the originals; every other command runs as given.
#define _GNU_SOURCE
#include "tirx_support.h"
#include "launcher.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <ftw.h>
#include <sys/wait.h>
#include <unistd.h>

#include "output.h"

static bool is(const char *a, const char *b) { return a && !strcmp(a, b); }

static const char *extension(const char *path) {
  const char *base = strrchr(path, '/');
  const char *dot = strrchr(base ? base + 1 : path, '.');
  return dot ? dot + 1 : "";
}

static bool is_executable(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

static const char *base_name(const char *path) {
  const char *slash = strrchr(path, '/');
  return slash ? slash + 1 : path;
}

// Whether name is on the list $TIRX_PP_COMPILERS (colon-separated names or
// paths: the user's own compilers, wrappers of nvcc under another name).
static bool marked_compiler(const char *arg) {
  const char *list = getenv("TIRX_PP_COMPILERS");
  for (const char *p = list ? list : ""; *p;) {
    size_t n = strcspn(p, ":");
    bool path = memchr(p, '/', n) != NULL;  // a path names that file; a name, any file so named
    const char *have = path ? arg : base_name(arg);
    if (n && strlen(have) == n && !strncmp(have, p, n)) return true;
    p += n;
    if (*p) p++;
  }
  return false;
}

// Whether arg runs: a path to an executable file, or a name found on PATH.
static bool runs(const char *arg) {
  if (strchr(arg, '/')) return is_executable(arg);
  const char *path = getenv("PATH");
  if (!path) return false;
  char buf[4096];
  for (const char *p = path; *p;) {
    size_t n = strcspn(p, ":");
    if (n && n + strlen(arg) + 2 < sizeof buf) {
      snprintf(buf, sizeof buf, "%.*s/%s", (int)n, p, arg);
      if (is_executable(buf)) return true;
    }
    p += n;
    if (*p) p++;
  }
  return false;
}

// tirx-nvcc: nvcc with tirx-pp in front already.
static bool is_tirx_nvcc(const char *arg) { return !strcmp(base_name(arg), "tirx-nvcc"); }

// nvcc by its name, tirx-nvcc, or a program the user marked as a compiler.
// Nothing else is run: `tirx-pp sort -o sort.out.cu` rewrites a CUDA file
// named sort.
static bool is_compiler(const char *arg) {
  if (!*arg || arg[0] == '-') return false;
  return (!strcmp(base_name(arg), "nvcc") || is_tirx_nvcc(arg) || marked_compiler(arg)) && runs(arg);
}

// The compiler caches that run the compiler named after them.
static bool is_compiler_cache(const char *arg) {
  return (!strcmp(base_name(arg), "ccache") || !strcmp(base_name(arg), "sccache")) && runs(arg);
}

int launcher_command(int argc, char **argv) {
  if (argc > 2 && !strcmp(argv[1], "--launch")) return 2;
  if (argc > 1 && is_compiler(argv[1])) return 1;
  if (argc > 2 && is_compiler_cache(argv[1]) && is_compiler(argv[2])) return 1;
  return 0;
}

// What an nvcc command does, as far as the launcher needs to know.
typedef struct {
  int src;           // argv index of the CUDA source (the first)
  int nsources;      // how many CUDA sources
  int *sources;      // their indices
  const char *o, *mf, *mt;
  const char *odir;     // -odir: where nvcc's outputs go when -o names none
  const char *out_ext;  // the mode's output suffix (".o" for -c), NULL: standard output or a.out
  bool with_compile;    // -MD, -MMD
  bool deps_only;       // -M, -MM
  bool mp;              // -MP
  bool as_given;        // --version, --help, --dryrun, a missing value: nvcc's business
  const char *optf;     // an --options-file: flags tirx-pp cannot see
} Command;

static const struct {
  const char *flag, *ext;
} modes[] = {{"-c", ".o"},         {"-dc", ".o"},        {"-dw", ".o"},         {"-ptx", ".ptx"},
             {"-cubin", ".cubin"}, {"-fatbin", ".fatbin"}, {"-optix-ir", ".optixir"}, {"-ltoir", ".ltoir"},
             {"-cuda", ".cu.cpp.ii"}};

static void scan_command(Arena *ar, int argc, char **argv, Command *c) {
  *c = (Command){.src = -1};
  const char *lang = NULL;
  int *inputs = arena_alloc(ar, sizeof(int) * (size_t)argc), ninputs = 0;
  for (int i = 1; i < argc; i++) {
    NvccArg n = nvcc_arg(argc, argv, i);
    if (!n.name) {
      inputs[ninputs++] = i;
      continue;
    }
    if (n.known && !n.nargs) c->as_given = true;
    const char *f = n.name;
    if (is(f, "-o")) c->o = n.value;
    if (is(f, "-odir")) c->odir = n.value;
    if (is(f, "-MF")) c->mf = n.value;
    if (is(f, "-MT")) c->mt = n.value;
    if (is(f, "-x")) lang = n.value;
    if (is(f, "-MD") || is(f, "-MMD")) c->with_compile = true;
    if (is(f, "-M") || is(f, "-MM")) c->deps_only = true;
    if (is(f, "-MP")) c->mp = true;
    if (is(f, "-h") || is(f, "-V") || is(f, "-dryrun") || is(f, "-code-ls") || is(f, "-arch-ls")) c->as_given = true;
    if (is(f, "-optf")) c->optf = n.value;
    for (size_t k = 0; k < sizeof modes / sizeof *modes; k++)
      if (is(f, modes[k].flag)) c->out_ext = modes[k].ext;
    if (n.nargs > 0) i += n.nargs - 1;
  }
  c->sources = arena_alloc(ar, sizeof(int) * (size_t)(ninputs + 1));
  for (int k = 0; k < ninputs; k++) {
    const char *ext = extension(argv[inputs[k]]);
    bool c_like = !strcmp(ext, "c") || !strcmp(ext, "cc") || !strcmp(ext, "cpp") || !strcmp(ext, "cxx");
    bool cuda = lang ? is(lang, "cu") && (c_like || !strcmp(ext, "cu")) : !strcmp(ext, "cu");
    if (cuda) c->sources[c->nsources++] = inputs[k];
  }
  if (c->nsources) c->src = c->sources[0];
}

static int run_as_given(char **argv) {
  execvp(argv[0], argv);
  fprintf(stderr, "tirx-pp: error: cannot run '%s': %s\n", argv[0], strerror(errno));
  return TIRX_IO_ERROR;
}

// Runs argv and waits: its exit status.
static int run_compiler(char **argv) {
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0) {
    fprintf(stderr, "tirx-pp: error: cannot run '%s': %s\n", argv[0], strerror(errno));
    return TIRX_IO_ERROR;
  }
  if (pid == 0) {
    execvp(argv[0], argv);
    fprintf(stderr, "tirx-pp: error: cannot run '%s': %s\n", argv[0], strerror(errno));
    _exit(TIRX_IO_ERROR);
  }
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return TIRX_IO_ERROR;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// The file name without directory and last suffix: "src/k.cu" -> "k".
static const char *stem(Arena *ar, const char *path) {
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  const char *dot = strrchr(base, '.');
  return arena_strndup(ar, base, dot ? (size_t)(dot - base) : strlen(base));
}

// nvcc's own rule for -MD's file: the object (-o, or the source's stem in
// -odir or the current directory) with its suffix replaced by .d.
static const char *default_depfile(Arena *ar, const char *obj) {
  const char *base = strrchr(obj, '/');
  const char *dot = strrchr(base ? base + 1 : obj, '.');
  return arena_printf(ar, "%.*s.d", (int)(dot ? dot - obj : (long)strlen(obj)), obj);
}

// Where nvcc writes the output of a command without -o: the source's stem
// with the mode's suffix, in -odir's directory or the current one.
static const char *default_output(Arena *ar, const Command *c, const char *src) {
  const char *name = arena_printf(ar, "%s%s", stem(ar, src), c->out_ext);
  return c->odir ? arena_printf(ar, "%s/%s", c->odir, name) : name;
}

// Whether the copy cannot go beside the output: -o names a device or a pipe
// (-o /dev/null), not a file.
static bool output_not_a_file(const char *obj) {
  struct stat st;
  return obj && stat(obj, &st) == 0 && !S_ISREG(st.st_mode);
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
  (void)st, (void)flag, (void)ftw;
  return remove(path);
}

// A path through the copies' directory (nvcc names a header that a copy
// includes from there: OBJ.tirx.cu.headers/../src/local.h) without the
// detour: `dir/..` pairs and `.` dropped by the letters (every directory on
// the way is a real one, made by the launcher).
static char *tidy_path(Arena *ar, const char *path) {
  size_t n = strlen(path);
  char *out = arena_alloc(ar, n + 2);
  size_t len = 0;
  int kept = 0;  // segments in out that a `..` may remove
  if (path[0] == '/') out[len++] = '/';
  for (const char *p = path; *p;) {
    while (*p == '/') p++;
    size_t seg = strcspn(p, "/");
    if (!seg) break;
    bool dot = seg == 1 && p[0] == '.', dotdot = seg == 2 && !strncmp(p, "..", 2);
    if (dotdot && kept) {
      while (len > 0 && out[len - 1] == '/') len--;
      while (len > 0 && out[len - 1] != '/') len--;
      kept--;
    } else if (!dot) {
      if (len && out[len - 1] != '/') out[len++] = '/';
      memcpy(out + len, p, seg);
      len += seg;
      if (!dotdot) kept++;
    }
    p += seg;
  }
  if (!len) out[len++] = '.';
  out[len] = '\0';
  return out;
}

// ---- nvcc's depfile, renamed back to the originals ----

typedef struct {
  VEC(char *) targets;
  VEC(char *) deps;
} Rule;
typedef VEC(Rule) Rules;

// Make's syntax as nvcc writes it: TARGETS : DEPS, lines continued with
// a backslash, spaces escaped with one, $$ for $.
static Rules read_rules(Arena *ar, const char *p, size_t len) {
  Rules rules = {0};
  Rule r = {0};
  bool colon = false;
  Buf w = {0};
  const char *end = p + len;
  for (;; p++) {
    bool eof = p >= end;
    char ch = eof ? '\n' : *p;
    if (!eof && ch == '\\' && p + 1 < end && p[1] == '\n') {
      p++;
      ch = ' ';
    } else if (!eof && ch == '\\' && p + 1 < end && (p[1] == ' ' || p[1] == '#')) {
      buf_putc(&w, *++p);
      continue;
    } else if (!eof && ch == '$' && p + 1 < end && p[1] == '$') {
      buf_putc(&w, *++p);
      continue;
    }
    bool sep = ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n';
    bool is_colon = ch == ':' && !colon && (p + 1 >= end || strchr(" \t\r\n", p[1]));
    if (!sep && !is_colon) {
      buf_putc(&w, ch);
      continue;
    }
    if (w.len) {
      char *word = arena_strndup(ar, w.data, w.len);
      if (colon) VEC_PUSH(ar, r.deps, word);
      else VEC_PUSH(ar, r.targets, word);
      w.len = 0;
    }
    if (is_colon) colon = true;
    if (ch == '\n' && (r.targets.len || r.deps.len)) {
      VEC_PUSH(ar, rules, r);
      r = (Rule){0};
      colon = false;
    }
    if (eof) break;
  }
  buf_free(&w);
  return rules;
}

typedef struct {
  const char *copy, *orig;
  struct stat st;
} Rename;

// The original for a rewritten copy's path; a path through the copies'
// directory without it; the path itself otherwise.
static char *original_of(Arena *ar, char *path, const Rename *rn, int n, const char *copies) {
  struct stat st;
  if (stat(path, &st) != 0) return path;
  for (int i = 0; i < n; i++)
    if (st.st_dev == rn[i].st.st_dev && st.st_ino == rn[i].st.st_ino) return (char *)rn[i].orig;
  if (!strncmp(path, copies, strlen(copies))) return tidy_path(ar, path);
  return path;
}

typedef struct {
  dev_t dev;
  ino_t ino;
} FileId;
typedef VEC(FileId) FileIds;

// Whether path is one of the files seen (adding it when not).
static bool seen(Arena *ar, FileIds *ids, const char *path) {
  struct stat st;
  if (stat(path, &st) != 0) return false;
  for (int i = 0; i < ids->len; i++)
    if (ids->items[i].dev == st.st_dev && ids->items[i].ino == st.st_ino) return true;
  VEC_PUSH(ar, *ids, ((FileId){st.st_dev, st.st_ino}));
  return false;
}

// Renames the copies in nvcc's depfile back to the originals, and adds
// every file tirx-pp read, so that an edit of any of them rebuilds.
static int fix_depfile(Arena *ar, const char *path, const char *src, const char *copy, const TirxResult *r, bool mp,
                       Buf *out) {
  size_t len;
  char *data = sys_read_file(path, &len);
  if (!data) {
    fprintf(stderr, "tirx-pp: error: cannot read nvcc's depfile '%s': %s\n", path, strerror(errno));
    return TIRX_IO_ERROR;
  }
  Rename *rn = arena_alloc(ar, sizeof(Rename) * (size_t)(r->nheaders + 1));
  int n = 0;
  rn[n] = (Rename){.copy = copy, .orig = src};
  if (stat(copy, &rn[n].st) == 0) n++;
  for (int i = 0; i < r->nheaders; i++) {
    rn[n] = (Rename){.copy = r->headers[i].out, .orig = r->headers[i].orig};
    if (stat(rn[n].copy, &rn[n].st) == 0) n++;
  }
  Rules rules = read_rules(ar, data, len);
  free(data);
  const char *copies = arena_printf(ar, "%s.headers/", copy);
  for (int k = 0; k < rules.len; k++) {
    Rule *rule = &rules.items[k];
    for (int i = 0; i < rule->targets.len; i++)
      rule->targets.items[i] = original_of(ar, rule->targets.items[i], rn, n, copies);
    for (int i = 0; i < rule->deps.len; i++) rule->deps.items[i] = original_of(ar, rule->deps.items[i], rn, n, copies);
  }
  if (rules.len) {
    // The first rule's files, each once (the copy named the original in
    // its #line directives, so nvcc may list it twice), then tirx-pp's.
    Rule *first = &rules.items[0];
    FileIds ids = {0};
    int kept = 0;
    for (int i = 0; i < first->deps.len; i++)
      if (!seen(ar, &ids, first->deps.items[i])) first->deps.items[kept++] = first->deps.items[i];
    first->deps.len = kept;
    const char **mine = arena_alloc(ar, sizeof(char *) * (size_t)(r->ndeps + 1));
    int nmine = unique_deps(r, false, mine);
    int before = first->deps.len;
    for (int i = 0; i < nmine; i++)
      if (!seen(ar, &ids, mine[i])) VEC_PUSH(ar, first->deps, (char *)mine[i]);
    for (int i = before; mp && i < first->deps.len; i++) {
      Rule phony = {0};
      VEC_PUSH(ar, phony.targets, first->deps.items[i]);
      VEC_PUSH(ar, rules, phony);
    }
  }
  for (int k = 0; k < rules.len; k++) {
    const Rule *rule = &rules.items[k];
    if (k) buf_putc(out, '\n');
    for (int i = 0; i < rule->targets.len; i++) {
      if (i) buf_putc(out, ' ');
      put_make_path(out, rule->targets.items[i]);
    }
    buf_puts(out, " :");
    for (int i = 0; i < rule->deps.len; i++) {
      buf_puts(out, i ? " \\\n    " : " ");
      put_make_path(out, rule->deps.items[i]);
    }
    buf_putc(out, '\n');
  }
  return TIRX_OK;
}

// A command with several CUDA sources is nvcc's to run as given only when
// none of them is annotated: the launcher rewrites one source per command.
static int check_unannotated(Args *a, char **argv, const Command *c) {
  for (int k = 0; k < c->nsources; k++) {
    const char *src = argv[c->sources[k]];
    size_t len;
    char *data = sys_read_file(src, &len);
    if (!data) continue;  // nvcc will say
    TirxOptions opt = a->opt;
    opt.path = src;
    bool annotated = tirx_tu_annotated(&opt, data, len);
    free(data);
    if (annotated) {
      fprintf(stderr,
              "tirx-pp: error: '%s' is annotated, and the launcher rewrites only a command that compiles one CUDA "
              "source; compile it with a command of its own\n",
              src);
      return TIRX_USAGE;
    }
  }
  return run_as_given(argv);
}

// The flags of the command, for the parse.
static int parse_flags(Args *a, int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    if (nvcc_arg(argc, argv, i).name == NULL) continue;
    int rc = args_nvcc_flag(a, argc, argv, &i);
    if (rc >= 0) return rc;
  }
  return -1;
}

// nvcc on the copy: the source argument replaced, the outputs nvcc would
// have named after the source named explicitly after the original, and
// tirx.h's directory searched last (the rewrite may call tirx.h where the
// user never included it: one setting adopts tirx-pp, not two).
static char **compiler_argv(Arena *ar, int argc, char **argv, const Command *c, const char *copy, const char *obj,
                            const char *depfile, const char *target, const char *tirx_headers) {
  char **v = arena_alloc(ar, sizeof(char *) * (size_t)(argc + 9));
  int n = 0;
  for (int i = 0; i < argc; i++) v[n++] = i == c->src ? (char *)copy : argv[i];
  if (tirx_headers) v[n++] = "-I", v[n++] = (char *)tirx_headers;
  if (!c->o && obj) v[n++] = "-o", v[n++] = (char *)obj;
  if (!c->mf && depfile) v[n++] = "-MF", v[n++] = (char *)depfile;
  if (!c->mt && target) v[n++] = "-MT", v[n++] = (char *)target;
  v[n] = NULL;
  return v;
}

// Whether the parent process started with name in its environment.
static bool in_parent_environment(const char *name) {
  char path[64];
  snprintf(path, sizeof path, "/proc/%ld/environ", (long)getppid());
  size_t len, n = strlen(name);
  char *env = sys_read_file(path, &len);
  bool found = false;
  for (size_t i = 0; env && i < len && !found; i += strnlen(env + i, len - i) + 1)
    found = len - i > n && !strncmp(env + i, name, n) && env[i + n] == '=';
  free(env);
  return found;
}

// Whether the shell that started this process named this very program in
// $_ (bash and zsh set it to the program they run): a one-off
// `CCACHE_DISABLE=1 tirx-pp ...` at the shell. ccache running tirx-pp in its
// place leaves $_ naming ccache, or what ran the build (make and ninja do
// not set it).
static bool named_by_shell(void) {
  const char *named = getenv("_");
  if (!named || !*named) return false;
  char *self = realpath("/proc/self/exe", NULL), *real = realpath(named, NULL);
  bool same = self && real && !strcmp(self, real);
  free(self);
  free(real);
  return same;
}

// Whether ccache runs this process in its own place. For a command it does
// not cache (tirx-pp is no compiler it knows) ccache sets CCACHE_DISABLE=1
// and execs it, so no parent process shows ccache, and sometimes leaves
// UNCACHED_ERR_FD open. CCACHE_DISABLE is also the user's switch: set for the
// build, the parent (make, ninja) has it too; set by ccache, or for this one
// command at a shell, the parent lacks it, and the shell names tirx-pp in $_.
static bool ccache_in_place(void) {
  const char *fd = getenv("UNCACHED_ERR_FD");
  char *end;
  long n = fd && *fd ? strtol(fd, &end, 10) : -1;
  if (n > 2 && !*end && fcntl((int)n, F_GETFD) != -1) return true;
  return getenv("CCACHE_DISABLE") && !in_parent_environment("CCACHE_DISABLE") && !named_by_shell();
}

// The base name of the parent process's program, into exe ("" when unknown).
static const char *parent_program(char *exe, size_t size) {
  char link[64];
  snprintf(link, sizeof link, "/proc/%ld/exe", (long)getppid());
  ssize_t n = readlink(link, exe, size - 1);
  exe[n > 0 ? n : 0] = '\0';
  return base_name(exe);
}

// ccache runs tirx-pp (its parent process, or ccache in its place): the
// wrong order. ccache takes tirx-pp for an unknown compiler and caches
// nothing; in front of nvcc, behind tirx-pp, it caches the rewritten copy's
// compile.
static bool ccache_runs_us(void) {
  char exe[4096];
  return ccache_in_place() || !strcmp(parent_program(exe, sizeof exe), "ccache");
}

bool launcher_refuses_parent(void) {
  char exe[4096];
  if (strcmp(parent_program(exe, sizeof exe), "sccache")) return false;
  // sccache asks its compiler what it is (`tirx-pp -E testfile.c`), then
  // caches what it makes of the command: newer versions run nvcc --dryrun's
  // steps themselves, on the original source, past tirx-pp. Refused for every
  // command, that question first: sccache then stops the build with this
  // message ("Compiler not supported: ..."), which it prints escaped (hence no
  // quotes in it).
  fputs("tirx-pp: error: sccache runs tirx-pp, which it would take for the compiler and cache wrongly: put tirx-pp "
        "first, sccache after it (CMake: CMAKE_CUDA_COMPILER_LAUNCHER set to tirx-pp;sccache, make: NVCC set to "
        "tirx-pp sccache nvcc)\n",
        stderr);
  return true;
}

int launch(Args *a, int argc, char **argv) {
  if (!is_compiler_cache(argv[0]) && ccache_runs_us())
    fputs("tirx-pp: warning: ccache runs tirx-pp, so it caches nothing: put tirx-pp first, ccache after it "
          "(CMAKE_CUDA_COMPILER_LAUNCHER=\"tirx-pp;ccache\", or NVCC=\"tirx-pp ccache nvcc\")\n",
          stderr);
  // tirx-nvcc as the compiler (CMAKE_CUDA_COMPILER=tirx-nvcc and the
  // launcher both set): it runs tirx-pp itself, once is enough.
  if (is_tirx_nvcc(argv[0]) || (argc > 1 && is_compiler_cache(argv[0]) && is_tirx_nvcc(argv[1])))
    return run_as_given(argv);
  Command c;
  scan_command(a->arena, argc, argv, &c);
  if (c.as_given || !c.nsources) return run_as_given(argv);
  int rc = parse_flags(a, argc, argv);
  if (rc >= 0) return rc;
  const char *src = argv[c.src];
  // Where nvcc's output goes, and the copy beside it (in a directory of
  // its own, removed after nvcc, when the output is not a file).
  const char *obj = c.o ? c.o : c.out_ext ? default_output(a->arena, &c, src) : NULL;
  const char *copy = arena_printf(a->arena, "%s.tirx.cu", obj ? obj : stem(a->arena, src));
  a->in = src;
  a->out = copy;
  rc = args_finish(a);
  if (rc >= 0) return rc;
  a->opt.color = isatty(STDERR_FILENO);
  // -Rpass through a build that owns nvcc's command line: TIRX_PP_REMARKS=1.
  const char *remarks = getenv("TIRX_PP_REMARKS");
  if (remarks && *remarks && strcmp(remarks, "0")) a->opt.remarks = true;
  a->opt.flags_hidden |= c.optf != NULL;  // (a computed #include is then never settled)
  if (c.nsources > 1) return check_unannotated(a, argv, &c);
  size_t len;
  char *data = sys_read_file(src, &len);
  if (!data) return run_as_given(argv);  // nvcc says what is wrong with it
  // Unannotated: nvcc as given, before any parse (the fast path).
  if (!tirx_tu_annotated(&a->opt, data, len)) {
    free(data);
    return run_as_given(argv);
  }
  if (c.optf) {  // its -D and -I would change the rewrite: no guessing
    fprintf(stderr,
            "tirx-pp: error: '%s' is annotated, and the launcher does not read nvcc's options file '%s'; give "
            "those flags on the command line\n",
            src, c.optf);
    free(data);
    return TIRX_USAGE;
  }
  char *temp_dir = NULL;
  if (output_not_a_file(obj)) {
    const char *tmp = getenv("TMPDIR");
    temp_dir = arena_printf(a->arena, "%s/tirx-pp.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(temp_dir)) {
      fprintf(stderr, "tirx-pp: error: cannot make a directory for the rewritten copy of '%s': %s\n", src,
              strerror(errno));
      free(data);
      return TIRX_IO_ERROR;
    }
    a->opt.out_path = copy = arena_printf(a->arena, "%s/%s.tirx.cu", temp_dir, stem(a->arena, src));
  }
  TirxResult result;
  rc = tirx_rewrite(&a->opt, data, len, &result, stderr);
  // Nothing to rewrite after all (the scan could not rule annotations out:
  // an #include_next or a computed #include it cannot follow): nvcc on the
  // original, whose name goes into the object's internal symbols.
  bool unchanged =
      rc == TIRX_OK && result.nheaders == 0 && result.text.len == len && !memcmp(result.text.data, data, len);
  free(data);
  if (unchanged) {
    tirx_result_free(&result);
    if (temp_dir) nftw(temp_dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    return run_as_given(argv);
  }
  if (rc == TIRX_OK) {
    args_print_notes(a);
    OutFile *files = xmalloc(sizeof(OutFile) * (size_t)(result.nheaders + 1));
    files[0] = (OutFile){.path = copy, .data = result.text.data, .len = result.text.len};
    for (int i = 0; i < result.nheaders; i++)
      files[i + 1] = (OutFile){.path = result.headers[i].out, .data = result.headers[i].text.data,
                               .len = result.headers[i].text.len, .make_dirs = true};
    rc = write_outputs(files, result.nheaders + 1);
    free(files);
  }
  if (rc == TIRX_OK) {
    // nvcc names the depfile and its target after the source: name them
    // after the original.
    bool deps = c.with_compile || c.deps_only;
    bool to_stdout = c.deps_only && !c.mf && !c.o;
    const char *depfile = !deps ? NULL
                          : c.mf ? c.mf
                          : c.with_compile ? default_depfile(a->arena, obj ? obj : stem(a->arena, src))
                          : c.o ? c.o : arena_printf(a->arena, "%s.d", copy);
    // (nvcc puts -odir before the target, -MT's too: the target without it.)
    const char *target = !deps ? NULL : c.with_compile && c.o ? c.o : arena_printf(a->arena, "%s.o", stem(a->arena, src));
    char **v = compiler_argv(a->arena, argc, argv, &c, copy, c.out_ext && !c.deps_only ? obj : NULL,
                             c.mf || (c.deps_only && c.o) ? NULL : depfile, target, a->opt.header_dir);
    rc = run_compiler(v);
    if (rc == 0 && deps) {
      Buf fixed = {0};
      rc = fix_depfile(a->arena, depfile, src, copy, &result, c.mp, &fixed);
      if (rc == TIRX_OK && to_stdout) {
        unlink(depfile);
        if (!write_stdout(fixed.data, fixed.len)) rc = TIRX_IO_ERROR;
      } else if (rc == TIRX_OK) {
        rc = write_outputs(&(OutFile){.path = depfile, .data = fixed.data, .len = fixed.len}, 1);
      }
      buf_free(&fixed);
    }
  }
  tirx_result_free(&result);
  if (temp_dir) nftw(temp_dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
  return rc;
}
