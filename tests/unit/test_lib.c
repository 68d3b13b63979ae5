// test_lib.c - the library's hygiene: the system helpers shared by the tool
// and the runtime (sys.h), the failure policy (allocation failure inside
// tirx_rewrite comes back as TIRX_IO_ERROR, the process goes on), and no
// process-wide state (spelling_of's text, libclang's load and whole rewrites
// from many threads).
//
// Linked with -Wl,--wrap=malloc,--wrap=realloc: fail_allocation_after(n)
// makes the n-th allocation from now on fail (in this program and the
// static tirx-pp core linked into it; not in libclang or libc).
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ast.h"
#include "libclang.h"
#include "sys.h"
#include "tirxpp.h"

// ---- allocation failure on demand ----

void *__real_malloc(size_t n);
void *__real_realloc(void *p, size_t n);
// Atomic: rewrites_from_threads allocates from several threads at once.
static _Atomic long countdown;    // the allocation that fails, counted from 1; 0: none
static _Atomic long allocations;  // made so far
static long made;                 // by the last tirx_rewrite of rewrite_failing_at

static void fail_allocation_after(long n) { countdown = n; }
static bool fails_now(void) {
  allocations++;
  return countdown > 0 && --countdown == 0;
}
void *__wrap_malloc(size_t n) { return fails_now() ? NULL : __real_malloc(n); }
void *__wrap_realloc(void *p, size_t n) { return fails_now() ? NULL : __real_realloc(p, n); }

static char dir[] = "/tmp/test_lib.XXXXXX";

static void setup(void) { ck_assert_ptr_nonnull(mkdtemp(strcpy(dir, "/tmp/test_lib.XXXXXX"))); }

static void teardown(void) {
  char cmd[256];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  ck_assert_int_eq(system(cmd), 0);
}

static void put_file(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  ck_assert_ptr_nonnull(f);
  fputs(text, f);
  ck_assert_int_eq(fclose(f), 0);
}

static int count_entries(const char *d) {
  char cmd[512];
  snprintf(cmd, sizeof cmd, "exit $(ls -A '%s' | wc -l)", d);
  int st = system(cmd);
  return WEXITSTATUS(st);
}

// ---- sys.h ----

START_TEST(sys_read_file_whole) {
  char path[256];
  snprintf(path, sizeof path, "%s/a.txt", dir);
  // Larger than any first guess at the size, and one byte past a power of two.
  size_t n = 3 * 65536 + 1;
  char *big = malloc(n + 1);
  for (size_t i = 0; i < n; i++) big[i] = (char)('a' + i % 26);
  big[n] = '\0';
  put_file(path, big);
  size_t len = 0;
  char *data = sys_read_file(path, &len);
  ck_assert_ptr_nonnull(data);
  ck_assert_uint_eq(len, n);
  ck_assert(memcmp(data, big, n) == 0);
  ck_assert_int_eq(data[len], '\0');
  free(data);
  free(big);
  put_file(path, "");
  data = sys_read_file(path, &len);
  ck_assert_ptr_nonnull(data);
  ck_assert_uint_eq(len, 0);
  free(data);
  // A pipe has no size: read to its end.
  data = sys_read_file("/proc/self/status", &len);
  ck_assert_ptr_nonnull(data);
  ck_assert_ptr_nonnull(strstr(data, "Pid:"));
  free(data);
  snprintf(path, sizeof path, "%s/missing", dir);
  errno = 0;
  ck_assert_ptr_null(sys_read_file(path, &len));
  ck_assert_int_eq(errno, ENOENT);
  // A directory cannot be read.
  errno = 0;
  ck_assert_ptr_null(sys_read_file(dir, &len));
  ck_assert_int_eq(errno, EISDIR);
}
END_TEST

START_TEST(sys_replace_file_atomic) {
  char path[256];
  snprintf(path, sizeof path, "%s/out.txt", dir);
  mode_t old = umask(027);
  ck_assert_int_eq(sys_replace_file(path, "first", 5), 0);
  struct stat st;
  ck_assert_int_eq(stat(path, &st), 0);
  ck_assert_int_eq(st.st_mode & 0777, 0640);  // 0666 less the umask, not mkstemp's 0600
  umask(old);
  ck_assert_int_eq(sys_replace_file(path, "second!", 7), 0);
  size_t len;
  char *data = sys_read_file(path, &len);
  ck_assert_str_eq(data, "second!");
  free(data);
  ck_assert_int_eq(count_entries(dir), 1);  // no temporary file left
  // A leftover temporary of this process's name is stepped over, not reused.
  char tmp[300];
  snprintf(tmp, sizeof tmp, "%s.tmp.%ld.0", path, (long)getpid());
  put_file(tmp, "leftover");
  ck_assert_int_eq(sys_replace_file(path, "third", 5), 0);
  data = sys_read_file(tmp, &len);
  ck_assert_str_eq(data, "leftover");
  free(data);
  unlink(tmp);
  // Failure (the directory is gone): an errno value, nothing created.
  char bad[300];
  snprintf(bad, sizeof bad, "%s/no/such/dir/f", dir);
  ck_assert_int_eq(sys_replace_file(bad, "x", 1), ENOENT);
  // A device is written in place.
  ck_assert_int_eq(sys_replace_file("/dev/null", "x", 1), 0);
  ck_assert_int_eq(count_entries(dir), 1);
}
END_TEST

START_TEST(sys_write_all_counts) {
  int fds[2];
  ck_assert_int_eq(pipe(fds), 0);
  ck_assert(sys_write_all(fds[1], "hello", 5));
  close(fds[1]);
  char buf[16] = {0};
  ck_assert_int_eq(read(fds[0], buf, sizeof buf), 5);
  ck_assert_str_eq(buf, "hello");
  close(fds[0]);
  errno = 0;
  ck_assert(!sys_write_all(-1, "x", 1));
  ck_assert_int_eq(errno, EBADF);
}
END_TEST

// The directory part of a path, the one rule the include search
// (front/tu.c) and libtirx_rt's dependency scan (runtime/rt_cache.c) share.
START_TEST(sys_path_dir_parts) {
  static const struct {
    const char *path, *dir;
  } cases[] = {{"k.cu", "."}, {"/k.cu", "/"}, {"src/k.cu", "src"}, {"/a/b/k.cuh", "/a/b"}, {"a//k.cu", "a/"}};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    size_t n;
    const char *d = sys_path_dir(cases[i].path, &n);
    ck_assert_int_eq(n, strlen(cases[i].dir));
    ck_assert_int_eq(memcmp(d, cases[i].dir, n), 0);
  }
}
END_TEST

START_TEST(sys_cache_dirs) {
  char buf[512], want[512];
  snprintf(buf, sizeof buf, "%s/a/b/c", dir);
  ck_assert(sys_make_dirs(buf));
  snprintf(want, sizeof want, "%s/a/b/c", dir);
  ck_assert_str_eq(buf, want);  // restored
  struct stat st;
  ck_assert(stat(want, &st) == 0 && S_ISDIR(st.st_mode));
  // A file where the directory should be.
  snprintf(buf, sizeof buf, "%s/file", dir);
  put_file(buf, "");
  ck_assert(!sys_make_dirs(buf));
  // The setting first, "off" for none, then XDG/SUB, then HOME/.cache/SUB
  // (the values of $X, $XDG_CACHE_HOME, $HOME, which the caller reads).
  char env[4200];
  snprintf(env, sizeof env, "%s/env", dir);
  ck_assert_str_eq(sys_user_cache_dir(env, dir, dir, "sub", buf, sizeof buf), env);
  ck_assert_ptr_null(sys_user_cache_dir("off", dir, dir, "sub", buf, sizeof buf));
  snprintf(want, sizeof want, "%s/sub", dir);
  ck_assert_str_eq(sys_user_cache_dir(NULL, dir, dir, "sub", buf, sizeof buf), want);
  ck_assert_str_eq(sys_user_cache_dir("", dir, NULL, "sub", buf, sizeof buf), want);
  snprintf(want, sizeof want, "%s/.cache/sub", dir);
  ck_assert_str_eq(sys_user_cache_dir(NULL, "", dir, "sub", buf, sizeof buf), want);
  ck_assert(stat(want, &st) == 0 && S_ISDIR(st.st_mode));
  ck_assert_ptr_null(sys_user_cache_dir(NULL, NULL, NULL, "sub", buf, sizeof buf));
  // Too long for the buffer: none, rather than a truncated path.
  char small[8];
  ck_assert_ptr_null(sys_user_cache_dir(NULL, NULL, dir, "sub", small, sizeof small));
}
END_TEST

// ---- the failure policy ----

static const char *annotated =
    "__global__ void k(int *p) {\n"
    "#pragma tirx unroll\n"
    "  for (int i = 0; i < 3; ++i) p[i] = i;\n"
    "}\n";

// tirx_rewrite with the n-th allocation failing (0: none): its status, its
// messages in *diag (malloc'ed), and the output's text (malloc'ed) or NULL.
static int rewrite_failing_at(const char *src, long n, char **diag, char **text) {
  TirxOptions opt = {.path = "k.cu", .header_dir = TIRX_SOURCE_HEADER_DIR, .no_line = true};
  size_t dlen;
  FILE *d = open_memstream(diag, &dlen);
  TirxResult r;
  allocations = 0;
  fail_allocation_after(n);
  int rc = tirx_rewrite(&opt, src, strlen(src), &r, d);
  fail_allocation_after(0);
  made = allocations;
  fclose(d);
  *text = r.text.data ? strdup(r.text.data) : NULL;
  if (rc != TIRX_OK) {  // an error leaves the result empty
    ck_assert_ptr_null(r.text.data);
    ck_assert_int_eq(r.ndeps, 0);
  }
  tirx_result_free(&r);
  return rc;
}

// Each allocation that can fail, failed: TIRX_IO_ERROR and the message, the
// process goes on (it ended with exit(3) inside the library); then the same
// call succeeds with the same output.
static void survives_each_failure(const char *src, int step) {
  char *diag, *want, *text;
  ck_assert_int_eq(rewrite_failing_at(src, 0, &diag, &want), TIRX_OK);
  free(diag);
  long total = made;
  ck_assert_int_gt(total, 3);
  for (long n = 1; n <= total; n += n < 8 ? 1 : total / step + 1) {
    int rc = rewrite_failing_at(src, n, &diag, &text);
    ck_assert_msg(rc == TIRX_IO_ERROR, "allocation %ld of %ld failed: status %d, %s", n, total, rc, diag);
    ck_assert_str_eq(diag, "tirx-pp: error: out of memory\n");
    ck_assert_ptr_null(text);
    free(diag);
  }
  ck_assert_int_eq(rewrite_failing_at(src, 0, &diag, &text), TIRX_OK);
  ck_assert_str_eq(text, want);
  free(diag), free(text), free(want);
}

START_TEST(out_of_memory_fast_path) { survives_each_failure("int x;\n", 1000); }
END_TEST

START_TEST(out_of_memory_in_the_parse) { survives_each_failure(annotated, 60); }  // a sample: each is a parse
END_TEST

START_TEST(out_of_memory_has_annotations) {
  // "Maybe" when it cannot tell; the rewrite that follows then says why.
  fail_allocation_after(1);
  ck_assert(tirx_has_annotations("int x;\n", 7));
  fail_allocation_after(0);
  ck_assert(!tirx_has_annotations("int x;\n", 7));
  ck_assert(tirx_has_annotations(annotated, strlen(annotated)));
}
END_TEST

// ---- no process-wide state ----

// Two spellings in one message were one static buffer printed twice.
START_TEST(spelling_of_per_call) {
  Annotation macro = {.spelling = SPELL_MACRO, .name = {"TIRX_UNROLL", 11, 0}};
  Annotation pragma = {.spelling = SPELL_PRAGMA};
  pragma.dir.head.name = (Span){"grid", 4, 0};
  char text[300];
  snprintf(text, sizeof text, "'%s' and '%s'", spelling_of(&macro), spelling_of(&pragma));
  ck_assert_str_eq(text, "'TIRX_UNROLL' and '#pragma tirx grid'");
}
END_TEST

enum { THREADS = 8 };
static pthread_barrier_t start_line;

static void *load_libclang(void *out) {
  pthread_barrier_wait(&start_line);
  const char *why = "not set";
  bool ok = libclang_load(&why);
  // Loaded means every function is there, whoever did the loading.
  CXString v = ok ? clang_getClangVersion() : (CXString){0};
  *(bool *)out = ok && !why && strstr(clang_getCString(v), "clang version");
  if (ok) clang_disposeString(v);
  return NULL;
}

// Threads that ask at once: one load, and each sees it finished.
START_TEST(libclang_load_from_threads) {
  pthread_t t[THREADS];
  bool ok[THREADS];
  ck_assert_int_eq(pthread_barrier_init(&start_line, NULL, THREADS), 0);
  for (int i = 0; i < THREADS; i++) ck_assert_int_eq(pthread_create(&t[i], NULL, load_libclang, &ok[i]), 0);
  for (int i = 0; i < THREADS; i++) pthread_join(t[i], NULL);
  for (int i = 0; i < THREADS; i++) ck_assert_msg(ok[i], "thread %d", i);
  pthread_barrier_destroy(&start_line);
}
END_TEST

// Rewrites in threads at once, sharing one parse cache (two threads per
// source: the same PCH built twice at once), each output as a rewrite alone
// gives it. libtirx_rt no longer holds a lock around tirx_rewrite.
typedef struct {
  const char *src;
  char cache[300];
  int rc;
  char *text, *diag;
} ThreadRewrite;

static void *rewrite_in_thread(void *arg) {
  ThreadRewrite *t = arg;
  TirxOptions opt = {.path = "k.cu", .header_dir = TIRX_SOURCE_HEADER_DIR, .no_line = true, .cache_dir = t->cache};
  size_t dlen;
  FILE *d = open_memstream(&t->diag, &dlen);
  TirxResult r;
  pthread_barrier_wait(&start_line);
  t->rc = tirx_rewrite(&opt, t->src, strlen(t->src), &r, d);
  fclose(d);
  t->text = r.text.data ? strdup(r.text.data) : NULL;
  tirx_result_free(&r);
  return NULL;
}

START_TEST(rewrites_from_threads) {
  static const char *srcs[THREADS / 2] = {
      "__global__ void k(int *p) {\n#pragma tirx unroll\n  for (int i = 0; i < 3; ++i) p[i] = i;\n}\n",
      "#include <cstdio>\n__global__ void k(float *p) {\n  TIRX_UNROLL for (int i = 0; i < 2; ++i) p[i] *= 2;\n}\n",
      "__global__ void k(int *p) {\n#pragma tirx elect\n  { p[0] = 1; }\n}\n",
      "#include <cstdint>\n__global__ void k(int *p) {\n#pragma tirx unroll\n  for (int i = 4; i > 0; --i) p[i] = i;\n}\n",
  };
  ThreadRewrite alone[THREADS / 2], t[THREADS];
  pthread_t th[THREADS];
  char cache[300];
  snprintf(cache, sizeof cache, "%s/alone", dir);
  ck_assert_int_eq(mkdir(cache, 0777), 0);
  snprintf(cache, sizeof cache, "%s/shared", dir);
  ck_assert_int_eq(mkdir(cache, 0777), 0);
  ck_assert_int_eq(pthread_barrier_init(&start_line, NULL, 1), 0);
  for (int i = 0; i < THREADS / 2; i++) {
    alone[i] = (ThreadRewrite){.src = srcs[i]};
    snprintf(alone[i].cache, sizeof alone[i].cache, "%s/alone", dir);
    rewrite_in_thread(&alone[i]);
    ck_assert_msg(alone[i].rc == TIRX_OK, "source %d: %s", i, alone[i].diag);
  }
  pthread_barrier_destroy(&start_line);
  ck_assert_int_eq(pthread_barrier_init(&start_line, NULL, THREADS), 0);
  for (int i = 0; i < THREADS; i++) {
    t[i] = (ThreadRewrite){.src = srcs[i / 2]};
    snprintf(t[i].cache, sizeof t[i].cache, "%s/shared", dir);
    ck_assert_int_eq(pthread_create(&th[i], NULL, rewrite_in_thread, &t[i]), 0);
  }
  for (int i = 0; i < THREADS; i++) pthread_join(th[i], NULL);
  pthread_barrier_destroy(&start_line);
  for (int i = 0; i < THREADS; i++) {
    ck_assert_msg(t[i].rc == TIRX_OK, "thread %d: %s", i, t[i].diag);
    ck_assert_str_eq(t[i].text, alone[i / 2].text);
    ck_assert_str_eq(t[i].diag, alone[i / 2].diag);
    free(t[i].text), free(t[i].diag);
  }
  for (int i = 0; i < THREADS / 2; i++) free(alone[i].text), free(alone[i].diag);
}
END_TEST

// The remembered pass-through answer is the answer for the bytes passed in
// (tirxpp.h: the input is opt->path with those bytes), not for the file on
// disk: a caller that rewrites in memory asks about its own text.
// tirx_find_include, the one include search: its order, the -isystem flag,
// and every path it looks at, asked in order of the caller's file test.
static bool count_and_test(void *n, const char *path) {
  ++*(int *)n;
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

START_TEST(find_include_searches_in_order) {
  char d[5][600], path[PATH_MAX];
  const char *sub[] = {"from", "q", "u", "s", "u/next"};
  for (int i = 0; i < 5; i++) {
    snprintf(d[i], sizeof d[i], "%s/%s", dir, sub[i]);
    ck_assert_int_eq(mkdir(d[i], 0777), 0);
  }
  char f[700];
  const char *files[] = {"from/a.h", "q/a.h", "u/a.h", "q/b.h", "u/b.h", "s/c.h", "from/c.h"};
  for (int i = 0; i < 7; i++) snprintf(f, sizeof f, "%s/%s", dir, files[i]), put_file(f, "\n");
  const char *q[] = {d[1]}, *u[] = {d[2]}, *s[] = {d[3]};
  TirxIncludeDirs dirs = {.quote = q, .user = u, .system = s, .nquote = 1, .nuser = 1, .nsystem = 1};
  bool system;
  char want[700];
  ck_assert(tirx_find_include(&dirs, d[0], "a.h", false, NULL, NULL, path, sizeof path, &system));
  ck_assert_str_eq(path, (snprintf(want, sizeof want, "%s/a.h", d[0]), want));  // beside first
  ck_assert(tirx_find_include(&dirs, NULL, "a.h", false, NULL, NULL, path, sizeof path, &system));
  ck_assert_str_eq(path, (snprintf(want, sizeof want, "%s/a.h", d[1]), want));  // no file: -iquote
  ck_assert(tirx_find_include(&dirs, d[0], "b.h", true, NULL, NULL, path, sizeof path, &system));
  ck_assert_str_eq(path, (snprintf(want, sizeof want, "%s/b.h", d[2]), want));  // <>: not -iquote
  ck_assert(!system);
  ck_assert(tirx_find_include(&dirs, d[0], "c.h", true, NULL, NULL, path, sizeof path, &system));
  ck_assert_str_eq(path, (snprintf(want, sizeof want, "%s/c.h", d[3]), want));  // <>: never beside
  ck_assert(system);
  snprintf(want, sizeof want, "%s/u/a.h", dir);
  ck_assert(tirx_find_include(&dirs, d[3], want, true, NULL, NULL, path, sizeof path, &system));
  ck_assert_str_eq(path, want);  // absolute: as it is
  int looked = 0;
  ck_assert(!tirx_find_include(&dirs, d[0], "gone.h", false, count_and_test, &looked, path, sizeof path, &system));
  ck_assert_int_eq(looked, 4);  // beside, -iquote, -I, -isystem
  ck_assert(!system);
  ck_assert(!tirx_find_include(&dirs, d[0], "a.h", false, NULL, NULL, path, 8, &system));  // too long for path
}
END_TEST

START_TEST(tu_annotated_by_the_bytes) {
  char path[256], cache[256];
  snprintf(path, sizeof path, "%s/k.cu", dir);
  snprintf(cache, sizeof cache, "%s/cache", dir);
  const char *plain = "int x;\n";
  put_file(path, plain);
  TirxOptions opt = {.path = path, .header_dir = TIRX_SOURCE_HEADER_DIR, .cache_dir = cache};
  ck_assert(!tirx_tu_annotated(&opt, plain, strlen(plain)));
  ck_assert(!tirx_tu_annotated(&opt, plain, strlen(plain)));  // now from the cache
  ck_assert(tirx_tu_annotated(&opt, annotated, strlen(annotated)));
}
END_TEST

int main(void) {
  Suite *s = suite_create("lib");
  TCase *tc = tcase_create("lib");
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, sys_read_file_whole);
  tcase_add_test(tc, sys_replace_file_atomic);
  tcase_add_test(tc, sys_write_all_counts);
  tcase_add_test(tc, sys_path_dir_parts);
  tcase_add_test(tc, sys_cache_dirs);
  tcase_add_test(tc, out_of_memory_fast_path);
  tcase_add_test(tc, out_of_memory_in_the_parse);
  tcase_add_test(tc, out_of_memory_has_annotations);
  tcase_add_test(tc, spelling_of_per_call);
  tcase_add_test(tc, libclang_load_from_threads);
  tcase_add_test(tc, rewrites_from_threads);
  tcase_add_test(tc, tu_annotated_by_the_bytes);
  tcase_add_test(tc, find_include_searches_in_order);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
