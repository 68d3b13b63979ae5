// nvcc.c - nvcc's options and target names (from `nvcc --help` of CUDA 13).
#include "nvcc.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *lng, *shrt;
  bool value;
} NvccOption;

// Every option of `nvcc --help` (CUDA 13.0), plus the hidden -Xcudafe and
// -Xfatbin that CMake and real projects pass.
static const NvccOption options[] = {
    {"--output-file", "-o", 1}, {"--pre-include", "-include", 1}, {"--library", "-l", 1},
    {"--define-macro", "-D", 1}, {"--undefine-macro", "-U", 1}, {"--include-path", "-I", 1},
    {"--system-include", "-isystem", 1}, {"--library-path", "-L", 1}, {"--output-directory", "-odir", 1},
    {"--compiler-bindir", "-ccbin", 1}, {"--archiver-binary", "-arbin", 1}, {"--cudart", "-cudart", 1},
    {"--cudadevrt", "-cudadevrt", 1}, {"--libdevice-directory", "-ldir", 1}, {"--target-directory", "-target-dir", 1},
    {"--optimization-info", "-opt-info", 1}, {"--optimize", "-O", 1}, {"--Ofast-compile", "-Ofc", 1},
    {"--dopt", "-dopt", 1}, {"--ftemplate-backtrace-limit", "-ftemplate-backtrace-limit", 1},
    {"--ftemplate-depth", "-ftemplate-depth", 1}, {"--x", "-x", 1}, {"--std", "-std", 1}, {"--machine", "-m", 1},
    {"--compiler-options", "-Xcompiler", 1}, {"--linker-options", "-Xlinker", 1}, {"--archive-options", "-Xarchive", 1},
    {"--ptxas-options", "-Xptxas", 1}, {"--nvlink-options", "-Xnvlink", 1}, {"--cudafe-options", "-Xcudafe", 1},
    {"--fatbin-options", "-Xfatbin", 1}, {"--static-global-template-stub", "-static-global-template-stub", 1},
    {"--device-entity-has-hidden-visibility", "-device-entity-has-hidden-visibility", 1}, {"--threads", "-t", 1},
    {"--split-compile", "-split-compile", 1}, {"--split-compile-extended", "-split-compile-extended", 1},
    {"--fdevice-time-trace", "-fdevice-time-trace", 1}, {"--keep-dir", "-keep-dir", 1}, {"--time", "-time", 1},
    {"--run-args", "-run-args", 1}, {"--input-drive-prefix", "-idp", 1}, {"--dependency-drive-prefix", "-ddp", 1},
    {"--drive-prefix", "-dp", 1}, {"--dependency-target-name", "-MT", 1}, {"--dependency-output", "-MF", 1},
    {"--gpu-architecture", "-arch", 1}, {"--gpu-code", "-code", 1}, {"--generate-code", "-gencode", 1},
    {"--relocatable-device-code", "-rdc", 1}, {"--entries", "-e", 1}, {"--maxrregcount", "-maxrregcount", 1},
    {"--ftz", "-ftz", 1}, {"--prec-div", "-prec-div", 1}, {"--prec-sqrt", "-prec-sqrt", 1}, {"--fmad", "-fmad", 1},
    {"--default-stream", "-default-stream", 1}, {"--Werror", "-Werror", 1}, {"--diag-error", "-diag-error", 1},
    {"--diag-suppress", "-diag-suppress", 1}, {"--diag-warn", "-diag-warn", 1}, {"--host-linker-script", "-hls", 1},
    {"--brief-diagnostics", "-brief-diag", 1}, {"--jump-table-density", "-jtd", 1},
    {"--device-stack-protector", "-device-stack-protector", 1}, {"--compress-mode", "-compress-mode", 1},
    {"--frandom-seed", "-frandom-seed", 1}, {"--sanitize", "-sanitize", 1}, {"--options-file", "-optf", 1},
    // flags
    {"--cuda", "-cuda", 0}, {"--cubin", "-cubin", 0}, {"--fatbin", "-fatbin", 0}, {"--ptx", "-ptx", 0},
    {"--optix-ir", "-optix-ir", 0}, {"--ltoir", "-ltoir", 0}, {"--preprocess", "-E", 0},
    {"--generate-dependencies", "-M", 0}, {"--generate-nonsystem-dependencies", "-MM", 0},
    {"--generate-dependencies-with-compile", "-MD", 0}, {"--generate-nonsystem-dependencies-with-compile", "-MMD", 0},
    {"--generate-dependency-targets", "-MP", 0}, {"--compile", "-c", 0}, {"--device-c", "-dc", 0},
    {"--device-w", "-dw", 0}, {"--device-link", "-dlink", 0}, {"--link", "-link", 0}, {"--lib", "-lib", 0},
    {"--run", "-run", 0}, {"--help", "-h", 0}, {"--version", "-V", 0}, {"--dryrun", "-dryrun", 0},
    {"--list-gpu-code", "-code-ls", 0}, {"--list-gpu-arch", "-arch-ls", 0}, {"--debug", "-g", 0},
    {"--device-debug", "-G", 0}, {"--generate-line-info", "-lineinfo", 0}, {"--use_fast_math", "-use_fast_math", 0},
    {"--disable-warnings", "-w", 0}, {"--verbose", "-v", 0}, {"--keep", "-keep", 0}, {"--save-temps", "-save-temps", 0},
    {"--expt-relaxed-constexpr", "-expt-relaxed-constexpr", 0}, {"--extended-lambda", "-extended-lambda", 0},
    {"--expt-extended-lambda", "-expt-extended-lambda", 0}, {"--m64", "-m64", 0}, {"--shared", "-shared", 0},
    {"--dlink-time-opt", "-dlto", 0}, {"--lto", "-lto", 0}, {"--resource-usage", "-res-usage", 0},
    {"--forward-unknown-to-host-compiler", "-forward-unknown-to-host-compiler", 0},
    {"--forward-unknown-to-host-linker", "-forward-unknown-to-host-linker", 0},
    {"--allow-unsupported-compiler", "-allow-unsupported-compiler", 0}, {"--objdir-as-tempdir", "-objtemp", 0},
    {"--no-exceptions", "-noeh", 0}, {"--relocatable-ptx", "-reloc-ptx", 0}, {"--source-in-ptx", "-src-in-ptx", 0},
    {"--restrict", "-restrict", 0}, {"--extra-device-vectorization", "-extra-device-vectorization", 0},
    {"--keep-device-functions", "-keep-device-functions", 0}, {"--clean-targets", "-clean", 0},
    {"--display-error-number", "-err-no", 0}, {"--no-display-error-number", "-no-err-no", 0},
    {"--no-device-link", "-nodlink", 0}, {"--relocatable-link", "-r", 0}, {"--profile", "-pg", 0},
    {"--fdevice-syntax-only", "-fdevice-syntax-only", 0}, {"--jobserver", "-jobserver", 0},
    {"--Wno-deprecated-gpu-targets", "-Wno-deprecated-gpu-targets", 0},
    {"--Wno-deprecated-declarations", "-Wno-deprecated-declarations", 0}, {"--Wreorder", "-Wreorder", 0},
    {"--Wdefault-stream-launch", "-Wdefault-stream-launch", 0}, {"--Wmissing-launch-bounds", "-Wmissing-launch-bounds", 0},
    {"--Wext-lambda-captures-this", "-Wext-lambda-captures-this", 0}, {"--no-compress", "-no-compress", 0},
};

// Short options nvcc also takes glued to their value: -Iinc, -DX=1, -O3.
static const char glued[] = "IDULlOmxte";

NvccArg nvcc_arg(int argc, char **argv, int i) {
  const char *a = argv[i];
  if (a[0] != '-' || !a[1]) return (NvccArg){.value = a, .nargs = 1};
  for (size_t k = 0; k < sizeof options / sizeof *options; k++) {
    const NvccOption *o = &options[k];
    for (int form = 0; form < 2; form++) {
      const char *s = form ? o->lng : o->shrt;
      size_t n = strlen(s);
      if (strncmp(a, s, n)) continue;
      if (a[n] == '\0') {
        if (!o->value) return (NvccArg){.name = o->shrt, .nargs = 1, .known = true};
        if (i + 1 >= argc) return (NvccArg){.name = o->shrt, .nargs = 0, .known = true};
        return (NvccArg){.name = o->shrt, .value = argv[i + 1], .nargs = 2, .known = true};
      }
      if (a[n] == '=' && o->value) return (NvccArg){.name = o->shrt, .value = a + n + 1, .nargs = 1, .known = true};
    }
  }
  if (a[1] != '-' && a[2] && strchr(glued, a[1])) {
    static const char *const names[] = {"-I", "-D", "-U", "-L", "-l", "-O", "-m", "-x", "-t", "-e"};
    return (NvccArg){.name = names[strchr(glued, a[1]) - glued], .value = a + 2, .nargs = 1, .known = true};
  }
  return (NvccArg){.name = a, .nargs = 1};
}

// The architectures nvcc 13 compiles for (nvcc --list-gpu-arch), and the
// older ones tirx-pp has always taken (-arch=sm_50 ... for the parse).
static const int known_archs[] = {50, 52, 53, 60, 61, 62, 70, 72, 75, 80, 86, 87, 88, 89, 90, 100, 101, 103, 110, 120, 121};
static const int nvcc_archs[] = {75, 80, 86, 87, 88, 89, 90, 100, 103, 110, 120, 121};

// sm_XX, compute_XX or lto_XX with an optional a or f suffix: the number
// times 10 (sm_90 is 900), the suffix in *suffix. 0 when unknown.
static int arch_number(const char *s, size_t len, char *suffix) {
  static const char *const prefixes[] = {"sm_", "compute_", "lto_"};
  for (int p = 0; p < 3; p++) {
    size_t n = strlen(prefixes[p]);
    if (len <= n || strncmp(s, prefixes[p], n)) continue;
    char *end;
    long num = strtol(s + n, &end, 10);
    size_t rest = len - (size_t)(end - s);
    if (end == s + n || rest > 1 || (rest == 1 && *end != 'a' && *end != 'f')) return 0;
    for (size_t k = 0; k < sizeof known_archs / sizeof *known_archs; k++)
      if (known_archs[k] == num) {
        *suffix = rest == 1 ? *end : 0;
        return (int)num * 10;
      }
  }
  return 0;
}

static void add(ArchList *l, int num, char suffix) {
  for (int k = 0; k < l->n; k++)
    if (l->nums[k] == num && l->suffix[k] == suffix) return;
  if (l->n < (int)(sizeof l->nums / sizeof *l->nums)) l->nums[l->n] = num, l->suffix[l->n++] = suffix;
}

bool nvcc_add_arch(ArchList *l, const char *v) {
  if (!strcmp(v, "native")) return l->native = true;
  if (!strcmp(v, "all") || !strcmp(v, "all-major")) {
    l->all = true;
    for (size_t k = 0; k < sizeof nvcc_archs / sizeof *nvcc_archs; k++) add(l, nvcc_archs[k] * 10, 0);
    return true;
  }
  char suffix;
  int num = arch_number(v, strlen(v), &suffix);
  if (num) add(l, num, suffix);
  return num != 0;
}

// A comma list of target names, optionally in [brackets].
static bool each_name(const char *v, size_t len, ArchList *l) {
  if (len >= 2 && v[0] == '[' && v[len - 1] == ']') v++, len -= 2;
  if (!len) return false;
  while (len) {
    size_t n = 0;
    while (n < len && v[n] != ',') n++;
    char suffix;
    int num = arch_number(v, n, &suffix);
    if (!num) return false;
    if (l) add(l, num, suffix);
    v += n, len -= n;
    if (len) {
      v++, len--;
      if (!len) return false;  // a trailing comma
    }
  }
  return true;
}

bool nvcc_check_code(const char *v) { return each_name(v, strlen(v), NULL); }

bool nvcc_add_gencode(ArchList *l, const char *spec) {
  // arch=X,code=Y (either order); code's list may hold commas inside [].
  const char *arch = NULL, *code = NULL;
  size_t archlen = 0, codelen = 0;
  for (const char *p = spec; *p;) {
    const char **which = !strncmp(p, "arch=", 5) ? &arch : !strncmp(p, "code=", 5) ? &code : NULL;
    if (!which || *which) return false;
    p += 5;
    const char *end = *p == '[' ? strchr(p, ']') : p + strcspn(p, ",");
    if (!end) return false;
    if (*end == ']') end++;
    *which = p;
    *(which == &arch ? &archlen : &codelen) = (size_t)(end - p);
    p = end;
    if (*p == ',') p++;
    else if (*p) return false;
  }
  if (!arch || !code) return false;
  ArchList virt = {0};
  if (!each_name(arch, archlen, &virt) || virt.n != 1 || !each_name(code, codelen, NULL)) return false;
  add(l, virt.nums[0], virt.suffix[0]);
  return true;
}
