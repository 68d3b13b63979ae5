// test_rt.c - libtirx_rt below the Driver API: SHA-256, the cache key, cache
// entries (truncation and corruption detected), cache files, the build from
// annotated source to cubin (rewriter in-process, NVRTC), and the rewrite
// cache that serves a machine where the rewriter cannot run.
#define _GNU_SOURCE
#include <check.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rt_internal.h"

static char dir[] = "/tmp/test_rt.XXXXXX";
static char msg[1024];

static void setup(void) { ck_assert_ptr_nonnull(mkdtemp(strcpy(dir, "/tmp/test_rt.XXXXXX"))); }

static void teardown(void) {
  char cmd[256];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  ck_assert_int_eq(system(cmd), 0);
}

static void hex_of(const char *s, size_t len, char out[65]) {
  RtSha256 h;
  RtKey k;
  rt_sha256_init(&h);
  rt_sha256_update(&h, s, len);
  rt_sha256_final(&h, k.b);
  rt_key_hex(&k, out);
}

START_TEST(sha256_vectors) {
  char hex[65];
  hex_of("", 0, hex);
  ck_assert_str_eq(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  hex_of("abc", 3, hex);
  ck_assert_str_eq(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  const char *two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
  hex_of(two, strlen(two), hex);
  ck_assert_str_eq(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  // A million 'a's, fed in uneven pieces.
  RtSha256 h;
  RtKey k;
  char a[997];
  memset(a, 'a', sizeof a);
  rt_sha256_init(&h);
  for (size_t left = 1000000; left > 0;) {
    size_t n = left < sizeof a ? left : sizeof a;
    rt_sha256_update(&h, a, n);
    left -= n;
  }
  rt_sha256_final(&h, k.b);
  rt_key_hex(&k, hex);
  ck_assert_str_eq(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}
END_TEST

static const char *kernel_src =
    "#include \"tirx.h\"\n"
    "template <int N> __global__ void fill(int *p) {\n"
    "  int base = threadIdx.x * 4;\n"
    "#pragma tirx unroll\n"
    "  for (int i = 0; i < 4; ++i) p[base + i] = N + i;\n"
    "}\n"
    "extern \"C\" __global__ void plain(float *p) { p[threadIdx.x] = 1.0f; }\n";

static const char *kernels[] = {"fill<3>", "plain"};

static RtBuild build_of(const char *src, const TirxRtCompileOptions *o) {
  return (RtBuild){.src = src, .len = strlen(src), .name = "k.cu", .rewrite = true, .arch = "sm_90a", .opt = o,
                   .cache_dir = dir, .driver_version = 13000};
}

START_TEST(key_stable_and_sensitive) {
  TirxRtCompileOptions o = {.kernels = kernels, .nkernels = 2};
  RtBuild b = build_of(kernel_src, &o);
  RtKey k1, k2;
  ck_assert_int_eq(rt_build_key(&b, &k1, msg, sizeof msg), TIRX_RT_OK);
  ck_assert_int_eq(rt_build_key(&b, &k2, msg, sizeof msg), TIRX_RT_OK);
  ck_assert(memcmp(k1.b, k2.b, 32) == 0);
  // Each input changes it: driver, arch, a define, a kernel name, the source, rewriting.
  RtBuild v[6] = {b, b, b, b, b, b};
  v[0].driver_version = 13010;
  v[1].arch = "sm_90";
  const char *defs[] = {"X=1"};
  TirxRtCompileOptions od = o;
  od.defines = defs, od.ndefines = 1;
  v[2].opt = &od;
  TirxRtCompileOptions ok1 = o;
  ok1.nkernels = 1;
  v[3].opt = &ok1;
  v[4].len--;
  v[5].rewrite = false;
  for (int i = 0; i < 6; i++) {
    ck_assert_int_eq(rt_build_key(&v[i], &k2, msg, sizeof msg), TIRX_RT_OK);
    ck_assert_msg(memcmp(k1.b, k2.b, 32) != 0, "variant %d has the same key", i);
  }
}
END_TEST

static RtImage sample_image(void) {
  RtImage im = {.n = 2};
  im.exprs = calloc(3, sizeof(char *));
  im.lowered = calloc(3, sizeof(char *));
  im.exprs[0] = strdup("f<1>"), im.lowered[0] = strdup("_Z1fILi1EEvv");
  im.exprs[1] = strdup("g"), im.lowered[1] = strdup("g");
  im.image_size = 100;
  im.image = malloc(100);
  for (int i = 0; i < 100; i++) im.image[i] = (char)(i * 7);
  return im;
}

static bool decodes_image(const RtKey *key, const char *e, size_t len) {
  RtImage im;
  bool ok = rt_entry_decode(key, e, len, &im);
  rt_image_free(&im);
  return ok;
}

static bool decodes_rewrite(const RtKey *key, const char *e, size_t len) {
  RtRewrite rw;
  bool ok = rt_rewrite_decode(key, e, len, &rw);
  rt_rewrite_free(&rw);
  return ok;
}

// Every truncation of an entry, every flipped byte: refused.
static void refuses_damage(bool (*decodes)(const RtKey *, const char *, size_t), const RtKey *key, char *e,
                           size_t len) {
  for (size_t n = 0; n < len; n++) ck_assert_msg(!decodes(key, e, n), "truncated to %zu", n);
  for (size_t i = 0; i < len; i++) {
    e[i] ^= 0x40;
    ck_assert_msg(!decodes(key, e, len), "byte %zu flipped", i);
    e[i] ^= 0x40;
  }
}

START_TEST(entry_round_trip_and_damage) {
  RtKey key = {{1, 2, 3}}, other = {{1, 2, 4}};
  RtImage im = sample_image(), back;
  char *e;
  size_t len;
  ck_assert(rt_entry_encode(&key, &im, &e, &len));
  ck_assert(rt_entry_decode(&key, e, len, &back));
  ck_assert_int_eq(back.n, 2);
  ck_assert_str_eq(back.exprs[0], "f<1>");
  ck_assert_str_eq(back.lowered[0], "_Z1fILi1EEvv");
  ck_assert_str_eq(back.lowered[1], "g");
  ck_assert_uint_eq(back.image_size, 100);
  ck_assert(memcmp(back.image, im.image, 100) == 0);
  rt_image_free(&back);
  ck_assert(!rt_entry_decode(&other, e, len, &back));
  refuses_damage(decodes_image, &key, e, len);
  // One byte too many: refused.
  char *longer = malloc(len + 1);
  memcpy(longer, e, len);
  longer[len] = 0;
  ck_assert(!rt_entry_decode(&key, longer, len + 1, &back));
  free(longer);
  free(e);
  rt_image_free(&im);
}
END_TEST

START_TEST(cache_files) {
  RtKey key = {{9}};
  RtImage im = sample_image(), back;
  ck_assert(!rt_cache_load(dir, &key, &back));
  ck_assert(rt_cache_store(dir, &key, &im));
  ck_assert(rt_cache_load(dir, &key, &back));
  ck_assert_uint_eq(back.image_size, 100);
  rt_image_free(&back);
  // No temporary file is left behind.
  char cmd[512];
  snprintf(cmd, sizeof cmd, "test $(ls '%s' | wc -l) -eq 1", dir);
  ck_assert_int_eq(system(cmd), 0);
  // Truncated: a miss.
  char path[4200];
  rt_cache_path(dir, &key, path, sizeof path);
  ck_assert_int_eq(truncate(path, 70), 0);
  ck_assert(!rt_cache_load(dir, &key, &back));
  rt_image_free(&im);
}
END_TEST

// Corrupts the one cache entry of that kind (".tirxrt", ".tirxpp") in dir at byte `off`.
static void corrupt_entry(const char *ext, size_t off) {
  char cmd[512];
  snprintf(cmd, sizeof cmd,
           "f=$(ls '%s'/*%s) && printf 'X' | dd of=\"$f\" bs=1 seek=%zu conv=notrunc status=none", dir, ext, off);
  ck_assert_int_eq(system(cmd), 0);
}

START_TEST(build_rewrite_nvrtc_cache) {
  TirxRtCompileOptions o = {.kernels = kernels, .nkernels = 2};
  RtBuild b = build_of(kernel_src, &o);
  RtImage im;
  bool cached;
  char *log;
  ck_assert_int_eq(rt_build(&b, &im, &cached, &log, msg, sizeof msg), TIRX_RT_OK);
  ck_assert(!cached);
  ck_assert(memcmp(im.image, "\177ELF", 4) == 0);
  ck_assert_int_eq(im.n, 2);
  ck_assert_str_eq(im.lowered[0], "_Z4fillILi3EEvPi");
  ck_assert_str_eq(im.lowered[1], "plain");
  size_t size = im.image_size;
  rt_image_free(&im);
  free(log);
  // Again: from the cache, the same image.
  ck_assert_int_eq(rt_build(&b, &im, &cached, &log, msg, sizeof msg), TIRX_RT_OK);
  ck_assert(cached);
  ck_assert_uint_eq(im.image_size, size);
  ck_assert_str_eq(im.lowered[0], "_Z4fillILi3EEvPi");
  rt_image_free(&im);
  free(log);
  // A corrupt entry: detected, rebuilt, replaced.
  corrupt_entry(".tirxrt", 200);
  ck_assert_int_eq(rt_build(&b, &im, &cached, &log, msg, sizeof msg), TIRX_RT_OK);
  ck_assert(!cached);
  rt_image_free(&im);
  free(log);
  ck_assert_int_eq(rt_build(&b, &im, &cached, &log, msg, sizeof msg), TIRX_RT_OK);
  ck_assert(cached);
  rt_image_free(&im);
  free(log);
}
END_TEST

START_TEST(build_errors) {
  RtImage im;
  bool cached;
  char *log;
  // NVRTC's error, at the line of the original file (#line from the rewrite).
  const char *bad =
      "#include \"tirx.h\"\n"
      "__global__ void k(int *p) {\n"
      "#pragma tirx unroll\n"
      "  for (int i = 0; i < 2; ++i) p[i] = 0;\n"
      "  p[0] = undeclared_name;\n"
      "}\n";
  RtBuild b = build_of(bad, NULL);
  ck_assert_int_eq(rt_build(&b, &im, &cached, &log, msg, sizeof msg), TIRX_RT_ERR_COMPILE);
  ck_assert_msg(strstr(log, "k.cu(5)") != NULL, "log: %s", log);
  ck_assert_ptr_nonnull(strstr(log, "undeclared_name"));
  free(log);
  // tirx-pp's error.
  const char *pp_bad =
      "__global__ void k(int *p, int n) {\n"
      "#pragma tirx unroll\n"
      "  for (int i = 0; i < n; ++i) p[i] = 0;\n"
      "}\n";
  b = build_of(pp_bad, NULL);
  ck_assert_int_eq(rt_build(&b, &im, &cached, &log, msg, sizeof msg), TIRX_RT_ERR_REWRITE);
  ck_assert_msg(strstr(log, "k.cu:3:") != NULL, "log: %s", log);
  ck_assert_ptr_nonnull(strstr(msg, "tirx-pp"));
  free(log);
  // An unknown kernel name: NVRTC's message, not a crash.
  const char *names[] = {"no_such_kernel"};
  TirxRtCompileOptions o = {.kernels = names, .nkernels = 1};
  b = build_of("__global__ void k() {}\n", &o);
  ck_assert_int_ne(rt_build(&b, &im, &cached, &log, msg, sizeof msg), TIRX_RT_OK);
  free(log);
}
END_TEST

START_TEST(nvrtc_unavailable) {
  setenv("TIRX_NVRTC_LIBRARY", "/nonexistent/libnvrtc.so", 1);
  RtBuild b = build_of("__global__ void k() {}\n", NULL);
  RtImage im;
  bool cached;
  char *log;
  ck_assert_int_eq(rt_build(&b, &im, &cached, &log, msg, sizeof msg), TIRX_RT_ERR_NVRTC);
  ck_assert_ptr_nonnull(strstr(msg, "NVRTC"));
  free(log);
}
END_TEST


// ---- the rewrite cache ----

START_TEST(rewrite_key_fields) {
  TirxRtCompileOptions o = {.kernels = kernels, .nkernels = 2};
  RtBuild b = build_of(kernel_src, &o);
  RtKey k1, k2;
  rt_rewrite_key(&b, &k1);
  // Not in it: the driver, NVRTC's options, the kernels, rewrite-or-not's
  // cubin side, the rewriter's own PCH cache.
  const char *more[] = {"-G"};
  TirxRtCompileOptions same = o;
  same.nvrtc_options = more, same.nnvrtc_options = 1, same.nkernels = 1;
  RtBuild s[3] = {b, b, b};
  s[0].driver_version = 12080;
  s[1].opt = &same;
  s[2].arch = "sm_100a";  // parsed as sm_90a: the same rewrite
  for (int i = 0; i < 3; i++) {
    rt_rewrite_key(&s[i], &k2);
    ck_assert_msg(memcmp(k1.b, k2.b, 32) == 0, "variant %d changed the rewrite key", i);
  }
  // In it: the source, its name, the parse arch, -D, -I.
  const char *defs[] = {"X=1"}, *incs[] = {"/inc"};
  TirxRtCompileOptions od = o, oi = o;
  od.defines = defs, od.ndefines = 1;
  oi.include_dirs = incs, oi.ninclude_dirs = 1;
  RtBuild v[5] = {b, b, b, b, b};
  v[0].len--;
  v[1].name = "other.cu";
  v[2].arch = "sm_80";
  v[3].opt = &od;
  v[4].opt = &oi;
  for (int i = 0; i < 5; i++) {
    rt_rewrite_key(&v[i], &k2);
    ck_assert_msg(memcmp(k1.b, k2.b, 32) != 0, "variant %d has the same rewrite key", i);
  }
}
END_TEST

START_TEST(rewrite_entry_round_trip_and_damage) {
  RtKey key = {{5, 6}}, other = {{5, 7}};
  RtRewrite rw = {.text = "#line 1 \"k.cu\"\n__global__ void k() {}\n", .log = "k.cu:1:1: warning: w\n"}, back;
  rw.len = strlen(rw.text);
  char *e;
  size_t len;
  ck_assert(rt_rewrite_encode(&key, &rw, &e, &len));
  ck_assert(rt_rewrite_decode(&key, e, len, &back));
  ck_assert_uint_eq(back.len, rw.len);
  ck_assert_str_eq(back.text, rw.text);
  ck_assert_str_eq(back.log, rw.log);
  rt_rewrite_free(&back);
  ck_assert(!rt_rewrite_decode(&other, e, len, &back));
  refuses_damage(decodes_rewrite, &key, e, len);
  // A cubin entry under the same key is not a rewrite, nor the other way round.
  RtImage im;
  ck_assert(!rt_entry_decode(&key, e, len, &im));
  free(e);
  RtImage sample = sample_image();
  ck_assert(rt_entry_encode(&key, &sample, &e, &len));
  ck_assert(!rt_rewrite_decode(&key, e, len, &back));
  free(e);
  rt_image_free(&sample);
  // An empty rewrite with an empty log survives too.
  RtRewrite empty = {.text = "", .len = 0, .log = ""};
  ck_assert(rt_rewrite_encode(&key, &empty, &e, &len));
  ck_assert(rt_rewrite_decode(&key, e, len, &back));
  ck_assert_uint_eq(back.len, 0);
  ck_assert_str_eq(back.log, "");
  rt_rewrite_free(&back);
  free(e);
}
END_TEST

static int count_files(const char *ext) {
  char cmd[512];
  snprintf(cmd, sizeof cmd, "ls '%s' | grep -c '\\%s$'", dir, ext);
  FILE *p = popen(cmd, "r");
  int n = -1;
  ck_assert_int_eq(fscanf(p, "%d", &n), 1);
  pclose(p);
  return n;
}

// What the GPU machine does: the rewriter unavailable (TIRX_RT_REWRITER=off
// stands for a machine without libclang), the rewrite from the cache that
// tirx_rt_prepare filled where it ran.
START_TEST(prepared_rewrite_without_rewriter) {
  setenv("TIRX_RT_CACHE_DIR", dir, 1);
  TirxRtCompileOptions o = {.kernels = kernels, .nkernels = 2, .name = "k.cu", .arch = "sm_90a"};
  char *log;
  ck_assert_int_eq(tirx_rt_prepare(kernel_src, strlen(kernel_src), &o, &log, msg, sizeof msg), TIRX_RT_OK);
  ck_assert_str_eq(msg, "");
  free(log);
  ck_assert_int_eq(count_files(".tirxpp"), 1);
  ck_assert_int_eq(count_files(".tirxrt"), 0);  // no NVRTC, no cubin

  setenv("TIRX_RT_REWRITER", "off", 1);
  RtBuild b = build_of(kernel_src, &o);
  b.driver_version = 12345;  // another machine's driver: the rewrite still serves
  RtImage im;
  bool cached;
  ck_assert_int_eq(rt_build(&b, &im, &cached, &log, msg, sizeof msg), TIRX_RT_OK);
  ck_assert(!cached);
  ck_assert(memcmp(im.image, "\177ELF", 4) == 0);
  ck_assert_str_eq(im.lowered[0], "_Z4fillILi3EEvPi");
  rt_image_free(&im);
  free(log);

  // Another source: no rewrite, a clear error, no crash.
  const char *other = "// changed\n";
  size_t n = strlen(kernel_src) + strlen(other);
  char *src2 = malloc(n + 1);
  strcat(strcpy(src2, other), kernel_src);
  RtBuild b2 = build_of(src2, &o);
  ck_assert_int_eq(rt_build(&b2, &im, &cached, &log, msg, sizeof msg), TIRX_RT_ERR_UNSUPPORTED);
  ck_assert_msg(strstr(msg, "k.cu: the rewriter is unavailable here (TIRX_RT_REWRITER=off)") != NULL, "%s", msg);
  ck_assert_msg(strstr(msg, "tirx_rt_prepare") && strstr(msg, ".tirxpp") && strstr(msg, "sm_90a"), "%s", msg);
  free(log);
  free(src2);
  // The cache off: the same error, saying so.
  b.cache_dir = NULL;
  ck_assert_int_eq(rt_build(&b, &im, &cached, &log, msg, sizeof msg), TIRX_RT_ERR_UNSUPPORTED);
  ck_assert_msg(strstr(msg, "the cache is off") != NULL, "%s", msg);
  free(log);
  b.cache_dir = dir;
  // A damaged rewrite is no rewrite: refused, not compiled.
  corrupt_entry(".tirxpp", 80);
  char cmd[512];
  snprintf(cmd, sizeof cmd, "rm -f '%s'/*.tirxrt", dir);
  ck_assert_int_eq(system(cmd), 0);
  ck_assert_int_eq(rt_build(&b, &im, &cached, &log, msg, sizeof msg), TIRX_RT_ERR_UNSUPPORTED);
  free(log);
  // tirx_rt_prepare itself needs the rewriter.
  ck_assert_int_eq(tirx_rt_prepare(kernel_src, strlen(kernel_src), &o, &log, msg, sizeof msg),
                   TIRX_RT_ERR_UNSUPPORTED);
  free(log);
  // A source without annotations needs no libclang: it still compiles.
  RtBuild plain = build_of("extern \"C\" __global__ void plain2(int *p) { *p = 1; }\n", NULL);
  ck_assert_int_eq(rt_build(&plain, &im, &cached, &log, msg, sizeof msg), TIRX_RT_OK);
  rt_image_free(&im);
  free(log);
}
END_TEST

// With the rewriter at hand, a compile caches its rewrite as a side effect;
// a later compile with other NVRTC options takes it from there.
START_TEST(rewrite_cached_by_compile) {
  TirxRtCompileOptions o = {.kernels = kernels, .nkernels = 2};
  RtBuild b = build_of(kernel_src, &o);
  RtImage im;
  bool cached;
  char *log;
  ck_assert_int_eq(rt_build(&b, &im, &cached, &log, msg, sizeof msg), TIRX_RT_OK);
  rt_image_free(&im);
  free(log);
  ck_assert_int_eq(count_files(".tirxpp"), 1);
  setenv("TIRX_RT_REWRITER", "off", 1);
  const char *more[] = {"-maxrregcount=64"};
  TirxRtCompileOptions o2 = o;
  o2.nvrtc_options = more, o2.nnvrtc_options = 1;
  b.opt = &o2;
  ck_assert_int_eq(rt_build(&b, &im, &cached, &log, msg, sizeof msg), TIRX_RT_OK);
  ck_assert(!cached);
  rt_image_free(&im);
  free(log);
  ck_assert_int_eq(count_files(".tirxrt"), 2);
}
END_TEST

START_TEST(prepare_errors) {
  char *log = (char *)1;
  ck_assert_int_eq(tirx_rt_prepare(NULL, 0, NULL, &log, msg, sizeof msg), TIRX_RT_ERR_ARGUMENT);
  ck_assert_ptr_null(log);
  setenv("TIRX_RT_CACHE_DIR", "off", 1);
  ck_assert_int_eq(tirx_rt_prepare(kernel_src, strlen(kernel_src), NULL, NULL, msg, sizeof msg), TIRX_RT_ERR_CACHE);
  ck_assert_ptr_nonnull(strstr(msg, "TIRX_RT_CACHE_DIR"));
  // tirx-pp's error: its diagnostics in the log, nothing stored.
  setenv("TIRX_RT_CACHE_DIR", dir, 1);
  const char *pp_bad =
      "__global__ void k(int *p, int n) {\n"
      "#pragma tirx unroll\n"
      "  for (int i = 0; i < n; ++i) p[i] = 0;\n"
      "}\n";
  TirxRtCompileOptions o = {.name = "bad.cu"};
  ck_assert_int_eq(tirx_rt_prepare(pp_bad, strlen(pp_bad), &o, &log, msg, sizeof msg), TIRX_RT_ERR_REWRITE);
  ck_assert_msg(strstr(log, "bad.cu:3:") != NULL, "log: %s", log);
  free(log);
  ck_assert_int_eq(count_files(".tirxpp"), 0);
  ck_assert_str_eq(tirx_rt_status_name(TIRX_RT_ERR_CACHE), "TIRX_RT_ERR_CACHE");
}
END_TEST

// compute_XX was parsed as sm_90a: __CUDA_ARCH__ 900, so the annotations of
// the branch meant for the device were skipped and reached NVRTC unrewritten.
START_TEST(parse_arch_of_virtual_arch) {
  char out[RT_ARCH_MAX];
  const char *cases[][2] = {
      {"compute_80", "sm_80"}, {"compute_90a", "sm_90a"}, {"compute_75", "sm_75"}, {"sm_86", "sm_86"},
      {"sm_90a", "sm_90a"},    {"sm_100a", "sm_90a"},     {"compute_120", "sm_90a"}, {"gfx90a", "gfx90a"},
      {"sm_80x", "sm_80x"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    ck_assert_str_eq(rt_parse_arch(cases[i][0], out), cases[i][1]);
  const char *src =
      "#include \"tirx.h\"\n"
      "__global__ void k(int *p) {\n"
      "  int x = 0;\n"
      "#if __CUDA_ARCH__ >= 900\n"
      "  x = 90;\n"
      "#else\n"
      "#pragma tirx unroll\n"
      "  for (int i = 0; i < 3; ++i) x += i;\n"
      "#endif\n"
      "  p[0] = x;\n"
      "}\n";
  RtBuild b = build_of(src, NULL);
  b.arch = "compute_80";
  RtImage im;
  bool cached;
  char *log;
  ck_assert_int_eq(rt_build(&b, &im, &cached, &log, msg, sizeof msg), TIRX_RT_OK);
  ck_assert_msg(strstr(im.image, ".target sm_80") != NULL, "not PTX for sm_80");
  rt_image_free(&im);
  free(log);
  RtKey key;
  RtRewrite rw;
  rt_rewrite_key(&b, &key);
  ck_assert(rt_rewrite_load(dir, &key, &rw));
  ck_assert_msg(strstr(rw.text, "{ int i = 2;") != NULL, "the sm_80 branch was not rewritten:\n%s", rw.text);
  ck_assert_ptr_null(strstr(rw.text, "#pragma tirx"));
  rt_rewrite_free(&rw);
  // The same parse as sm_80, so the same rewrite.
  RtKey k80;
  b.arch = "sm_80";
  rt_rewrite_key(&b, &k80);
  ck_assert(memcmp(key.b, k80.b, 32) == 0);
}
END_TEST

// shared_bytes is a size_t; the Driver API takes an int: 4 GiB + 1 KiB became
// 1 KiB. Refused instead, before any driver call.
START_TEST(launch_shared_bytes_range) {
  TirxRtLaunch l = {.shared_bytes = (size_t)1 << 32 | 1024};
  ck_assert_int_eq(rt_check_launch(&l, msg, sizeof msg), TIRX_RT_ERR_ARGUMENT);
  ck_assert_str_eq(msg, "4294968320 bytes of dynamic shared memory: at most 2147483647 can be asked for");
  l.shared_bytes = (size_t)INT_MAX + 1;
  ck_assert_int_eq(rt_check_launch(&l, msg, sizeof msg), TIRX_RT_ERR_ARGUMENT);
  l.shared_bytes = INT_MAX;
  ck_assert_int_eq(rt_check_launch(&l, msg, sizeof msg), TIRX_RT_OK);
  l.shared_bytes = 227 * 1024;
  ck_assert_int_eq(rt_check_launch(&l, msg, sizeof msg), TIRX_RT_OK);
}
END_TEST

// ---- the files an entry was made from ----

static void write_header(const char *name, const char *text) {
  char path[512];
  snprintf(path, sizeof path, "%s/inc/%s", dir, name);
  FILE *f = fopen(path, "w");
  ck_assert_ptr_nonnull(f);
  fputs(text, f);
  ck_assert_int_eq(fclose(f), 0);
}

static TirxRtStatus build_once(RtBuild *b, bool *cached, char **text_out) {
  RtImage im;
  char *log;
  TirxRtStatus st = rt_build(b, &im, cached, &log, msg, sizeof msg);
  if (text_out) {
    RtKey key;
    RtRewrite rw;
    rt_rewrite_key(b, &key);
    *text_out = rt_rewrite_load(dir, &key, &rw) ? strdup(rw.text) : NULL;
    if (*text_out) rt_rewrite_free(&rw);
  }
  rt_image_free(&im);
  free(log);
  return st;
}

// A header the source includes changes: the rewrite and the cubin made from
// it are no longer used (the keys held the source and options only, and
// served the old ones).
START_TEST(changed_header_invalidates) {
  char inc[512];
  snprintf(inc, sizeof inc, "%s/inc", dir);
  ck_assert_int_eq(mkdir(inc, 0777), 0);
  write_header("trips.h", "#define TRIPS 3\n");
  const char *src =
      "#include \"tirx.h\"\n"
      "#include \"trips.h\"\n"
      "extern \"C\" __global__ void k(int *p) {\n"
      "#pragma tirx unroll\n"
      "  for (int i = 0; i < TRIPS; ++i) p[i] = i;\n"
      "}\n";
  const char *dirs[] = {inc};
  TirxRtCompileOptions o = {.include_dirs = dirs, .ninclude_dirs = 1};
  RtBuild b = build_of(src, &o);
  bool cached;
  char *text;
  ck_assert_int_eq(build_once(&b, &cached, &text), TIRX_RT_OK);
  ck_assert(!cached);
  ck_assert_ptr_nonnull(strstr(text, "{ int i = 2;"));
  ck_assert_ptr_null(strstr(text, "{ int i = 3;"));
  free(text);
  ck_assert_int_eq(build_once(&b, &cached, NULL), TIRX_RT_OK);
  ck_assert(cached);
  // Four trips now: rewritten and compiled again.
  write_header("trips.h", "#define TRIPS 4 /* more */\n");
  ck_assert_int_eq(build_once(&b, &cached, &text), TIRX_RT_OK);
  ck_assert(!cached);
  ck_assert_msg(strstr(text, "{ int i = 3;") != NULL, "the rewrite is stale:\n%s", text);
  free(text);
  ck_assert_int_eq(build_once(&b, &cached, NULL), TIRX_RT_OK);
  ck_assert(cached);
  // The same size, another content (and time): changed too.
  write_header("trips.h", "#define TRIPS 5 /* more */\n");
  ck_assert_int_eq(build_once(&b, &cached, &text), TIRX_RT_OK);
  ck_assert(!cached);
  ck_assert_ptr_nonnull(strstr(text, "{ int i = 4;"));
  free(text);
  // Touched but the same: still used.
  write_header("trips.h", "#define TRIPS 5 /* more */\n");
  ck_assert_int_eq(build_once(&b, &cached, NULL), TIRX_RT_OK);
  ck_assert(cached);
  // Where the rewriter cannot run, a changed header is an error that names
  // it, not the old rewrite.
  write_header("trips.h", "#define TRIPS 6\n");
  setenv("TIRX_RT_REWRITER", "off", 1);
  ck_assert_int_eq(build_once(&b, &cached, NULL), TIRX_RT_ERR_UNSUPPORTED);
  char want[1024];
  snprintf(want, sizeof want, "was made before %s/trips.h changed: prepare it again", inc);
  ck_assert_msg(strstr(msg, want) != NULL, "msg: %s", msg);
  unsetenv("TIRX_RT_REWRITER");
}
END_TEST

// Without the rewriter (tirx_rt_compile_rewritten), what NVRTC reads still
// keys the cubin: a header found through -I, and the one it includes.
START_TEST(changed_header_invalidates_cubin) {
  char inc[512];
  snprintf(inc, sizeof inc, "%s/inc", dir);
  ck_assert_int_eq(mkdir(inc, 0777), 0);
  write_header("outer.h", "#include \"inner.h\"\n");
  write_header("inner.h", "__device__ int value() { return 1; }\n");
  const char *src =
      "#include <outer.h>\n"
      "extern \"C\" __global__ void k(int *p) { p[0] = value(); }\n";
  const char *dirs[] = {inc};
  TirxRtCompileOptions o = {.include_dirs = dirs, .ninclude_dirs = 1};
  RtBuild b = build_of(src, &o);
  b.rewrite = false;
  bool cached;
  ck_assert_int_eq(build_once(&b, &cached, NULL), TIRX_RT_OK);
  ck_assert(!cached);
  ck_assert_int_eq(build_once(&b, &cached, NULL), TIRX_RT_OK);
  ck_assert(cached);
  write_header("inner.h", "__device__ int value() { return 22; }\n");
  ck_assert_int_eq(build_once(&b, &cached, NULL), TIRX_RT_OK);
  ck_assert(!cached);
  ck_assert_int_eq(build_once(&b, &cached, NULL), TIRX_RT_OK);
  ck_assert(cached);
}
END_TEST

// The #include lines that key a cubin are read with the lexer: one in a
// comment or a raw string is none, one after a comment or spelled `%:` is.
START_TEST(deps_scan_reads_tokens) {
  char inc[512];
  snprintf(inc, sizeof inc, "%s/inc", dir);
  ck_assert_int_eq(mkdir(inc, 0777), 0);
  const char *names[] = {"a.h", "b.h", "c.h", "d.h", "e.h"};
  for (int i = 0; i < 5; i++) write_header(names[i], "\n");
  const char *src =
      "#include \"a.h\"\n"
      "/*\n#include \"b.h\"\n*/\n"
      "/* x */ %:include <c.h>\n"
      "const char *s = R\"(\n#include \"d.h\"\n)\";\n"
      "// #include \"e.h\"\n";
  const char *dirs[] = {inc};
  RtDeps d = {0};
  ck_assert(rt_deps_scan(&d, src, strlen(src), dirs, 1));
  ck_assert_int_eq(d.n, 2);
  char real[PATH_MAX], path[600];
  for (int i = 0; i < 5; i++) {
    snprintf(path, sizeof path, "%s/%s", inc, names[i]);
    ck_assert_ptr_nonnull(realpath(path, real));
    ck_assert_msg(rt_deps_has(&d, real) == (i == 0 || i == 2), "%s", names[i]);
  }
  rt_deps_free(&d);
}
END_TEST

// The headers that key a cubin are found as the rewriter finds them (one
// search, tirx_find_include): a quoted name beside the including header
// before -I, an angled one only in -I, an absolute name as it is; an
// #include_next and a missing file add nothing.
static bool deps_has_file(const RtDeps *d, const char *name) {
  char path[600], real[PATH_MAX];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  return realpath(path, real) && rt_deps_has(d, real);
}

START_TEST(deps_scan_searches_as_the_rewriter) {
  char inc[512], sub[512], src[1024];
  snprintf(inc, sizeof inc, "%s/inc", dir);
  snprintf(sub, sizeof sub, "%s/inc/sub", dir);
  ck_assert_int_eq(mkdir(inc, 0777), 0);
  ck_assert_int_eq(mkdir(sub, 0777), 0);
  write_header("sub/top.h", "#include \"twice.h\"\n#include <angled.h>\n#include_next <next.h>\n#include \"gone.h\"\n");
  write_header("sub/twice.h", "\n");
  write_header("twice.h", "\n");
  write_header("sub/angled.h", "\n");
  write_header("angled.h", "\n");
  write_header("next.h", "\n");
  write_header("abs.h", "\n");
  snprintf(src, sizeof src, "#include \"sub/top.h\"\n#include \"%s/inc/abs.h\"\n", dir);
  const char *dirs[] = {inc};
  RtDeps d = {0};
  ck_assert(rt_deps_scan(&d, src, strlen(src), dirs, 1));
  ck_assert(deps_has_file(&d, "inc/sub/top.h"));
  ck_assert_msg(deps_has_file(&d, "inc/sub/twice.h"), "a quoted name is found beside the including header");
  ck_assert_msg(!deps_has_file(&d, "inc/twice.h"), "and not in -I when it is there");
  ck_assert_msg(deps_has_file(&d, "inc/angled.h"), "an angled name is found in -I");
  ck_assert_msg(!deps_has_file(&d, "inc/sub/angled.h"), "and never beside");
  ck_assert_msg(!deps_has_file(&d, "inc/next.h"), "#include_next is not followed");
  ck_assert_msg(deps_has_file(&d, "inc/abs.h"), "an absolute name is found as it is");
  ck_assert_int_eq(d.n, 4);
  rt_deps_free(&d);
}
END_TEST

// A header reached through a symbolic link finds its quoted includes beside
// the link, as the preprocessor does (the directory of the path it opened),
// not beside the file the link points to.
START_TEST(deps_scan_beside_the_name) {
  char inc[512], path[600], target[600];
  snprintf(inc, sizeof inc, "%s/inc", dir);
  ck_assert_int_eq(mkdir(inc, 0777), 0);
  snprintf(path, sizeof path, "%s/inc/link", dir);
  ck_assert_int_eq(mkdir(path, 0777), 0);
  snprintf(path, sizeof path, "%s/inc/real", dir);
  ck_assert_int_eq(mkdir(path, 0777), 0);
  write_header("real/top.h", "#include \"near.h\"\n");
  write_header("real/near.h", "\n");
  write_header("link/near.h", "\n");
  snprintf(path, sizeof path, "%s/inc/link/top.h", dir);
  snprintf(target, sizeof target, "%s/inc/real/top.h", dir);
  ck_assert_int_eq(symlink(target, path), 0);
  const char *src = "#include \"link/top.h\"\n", *dirs[] = {inc};
  RtDeps d = {0};
  ck_assert(rt_deps_scan(&d, src, strlen(src), dirs, 1));
  ck_assert(deps_has_file(&d, "inc/real/top.h"));
  ck_assert_msg(deps_has_file(&d, "inc/link/near.h"), "found beside the link");
  ck_assert_msg(!deps_has_file(&d, "inc/real/near.h"), "not beside its target");
  rt_deps_free(&d);
}
END_TEST

int main(void) {
  // The rewriter's parsed headers go to a cache of their own (or none).
  if (!getenv("TIRX_PP_CACHE_DIR")) setenv("TIRX_PP_CACHE_DIR", "off", 1);
  Suite *s = suite_create("rt");
  TCase *tc = tcase_create("rt");
  tcase_set_timeout(tc, 120);
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_add_test(tc, sha256_vectors);
  tcase_add_test(tc, key_stable_and_sensitive);
  tcase_add_test(tc, entry_round_trip_and_damage);
  tcase_add_test(tc, cache_files);
  tcase_add_test(tc, build_rewrite_nvrtc_cache);
  tcase_add_test(tc, build_errors);
  tcase_add_test(tc, rewrite_key_fields);
  tcase_add_test(tc, rewrite_entry_round_trip_and_damage);
  tcase_add_test(tc, prepared_rewrite_without_rewriter);
  tcase_add_test(tc, rewrite_cached_by_compile);
  tcase_add_test(tc, prepare_errors);
  tcase_add_test(tc, parse_arch_of_virtual_arch);
  tcase_add_test(tc, launch_shared_bytes_range);
  tcase_add_test(tc, changed_header_invalidates);
  tcase_add_test(tc, changed_header_invalidates_cubin);
  tcase_add_test(tc, deps_scan_reads_tokens);
  tcase_add_test(tc, deps_scan_searches_as_the_rewriter);
  tcase_add_test(tc, deps_scan_beside_the_name);
  // Last, and in its own process (Check forks): NVRTC is loaded once.
  tcase_add_test(tc, nvrtc_unavailable);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
