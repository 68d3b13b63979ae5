// test_golden.c - runs the tirx-pp binary on every tests/golden/NAME.cu and
// compares what it prints with the reviewed files beside it:
//   NAME.expected.cu   standard output (absent: the run must fail, exit 1)
//   NAME.expected.err  standard error (absent: must be empty)
//   NAME.flags         extra command-line flags, one line (optional)
// TIRX_UPDATE_GOLDEN=1 rewrites the expected files from what the tool prints.
// TIRX_CASES_MATCH and TIRX_CASES_SKIP (extended regular expressions over the
// case name) run part of the cases: those that match the first and not the
// second (ctest's per-construct tests golden_unroll, golden_events, ...).
#define _GNU_SOURCE
#include <check.h>
#include <dirent.h>
#include <regex.h>
#include <stdbool.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static const char *tool, *dir;
static char **cases;
static int ncases;

static char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *s = malloc((size_t)n + 1);
  size_t got = fread(s, 1, (size_t)n, f);
  s[got] = '\0';
  fclose(f);
  if (len) *len = got;
  return s;
}

static void spill(const char *path, const char *data, size_t len) {
  FILE *f = fopen(path, "wb");
  ck_assert_ptr_nonnull(f);
  fwrite(data, 1, len, f);
  fclose(f);
}

// Runs tool with flags on name in dir; captures stdout and stderr.
static int run(const char *name, char **out, size_t *out_len, char **err, size_t *err_len) {
  char flags_path[4096];
  snprintf(flags_path, sizeof flags_path, "%s.flags", name);
  char *flags = slurp(flags_path, NULL);
  char *argv[64];
  int argc = 0;
  argv[argc++] = (char *)tool;
  for (char *tok = flags ? strtok(flags, " \t\n") : NULL; tok && argc < 60; tok = strtok(NULL, " \t\n"))
    argv[argc++] = tok;
  char input[4096];
  snprintf(input, sizeof input, "%s.cu", name);
  argv[argc++] = input;
  argv[argc] = NULL;
  char out_path[] = "/tmp/tirx-golden-out-XXXXXX", err_path[] = "/tmp/tirx-golden-err-XXXXXX";
  int ofd = mkstemp(out_path), efd = mkstemp(err_path);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, ofd, 1);
  posix_spawn_file_actions_adddup2(&fa, efd, 2);
  pid_t pid;
  ck_assert_int_eq(posix_spawn(&pid, tool, &fa, NULL, argv, environ), 0);
  int status;
  waitpid(pid, &status, 0);
  posix_spawn_file_actions_destroy(&fa);
  close(ofd);
  close(efd);
  *out = slurp(out_path, out_len);
  *err = slurp(err_path, err_len);
  unlink(out_path);
  unlink(err_path);
  free(flags);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

START_TEST(golden) {
  const char *name = cases[_i];
  char *out, *err;
  size_t out_len, err_len;
  int rc = run(name, &out, &out_len, &err, &err_len);
  char exp_out_path[4096], exp_err_path[4096];
  snprintf(exp_out_path, sizeof exp_out_path, "%s.expected.cu", name);
  snprintf(exp_err_path, sizeof exp_err_path, "%s.expected.err", name);
  if (getenv("TIRX_UPDATE_GOLDEN")) {
    if (rc == 0) spill(exp_out_path, out, out_len); else unlink(exp_out_path);
    if (err_len) spill(exp_err_path, err, err_len); else unlink(exp_err_path);
  }
  size_t exp_out_len = 0;
  char *exp_out = slurp(exp_out_path, &exp_out_len);
  char *exp_err = slurp(exp_err_path, NULL);
  if (exp_out) {
    ck_assert_msg(rc == 0, "%s: exit %d, stderr:\n%s", name, rc, err);
    ck_assert_msg(out_len == exp_out_len && memcmp(out, exp_out, out_len) == 0,
                  "%s: output differs from %s (run with TIRX_UPDATE_GOLDEN=1 and diff)", name, exp_out_path);
  } else {
    ck_assert_msg(rc == 1, "%s: expected exit 1, got %d", name, rc);
    ck_assert_msg(out_len == 0, "%s: a failing run printed output", name);
  }
  ck_assert_msg(!strcmp(err, exp_err ? exp_err : ""), "%s: stderr differs:\n--- got\n%s--- expected\n%s", name, err,
                exp_err ? exp_err : "");
  free(out), free(err), free(exp_out), free(exp_err);
}
END_TEST

// Whether the environment's regular expression `var` matches name (`unset`
// when it is not set).
static bool env_regex_matches(const char *var, const char *name, bool unset) {
  const char *pattern = getenv(var);
  if (!pattern || !*pattern) return unset;
  regex_t re;
  if (regcomp(&re, pattern, REG_EXTENDED | REG_NOSUB) != 0) {
    fprintf(stderr, "test_golden: bad %s: %s\n", var, pattern);
    exit(2);
  }
  bool hit = regexec(&re, name, 0, NULL, 0) == 0;
  regfree(&re);
  return hit;
}

static bool selected(const char *name) {
  return env_regex_matches("TIRX_CASES_MATCH", name, true) && !env_regex_matches("TIRX_CASES_SKIP", name, false);
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void list_cases(void) {
  DIR *d = opendir(".");
  if (!d) {
    perror("opendir");
    exit(2);
  }
  struct dirent *e;
  int cap = 64;
  cases = malloc(sizeof(char *) * (size_t)cap);
  while ((e = readdir(d))) {
    size_t n = strlen(e->d_name);
    if (n < 4 || strcmp(e->d_name + n - 3, ".cu") || strstr(e->d_name, ".expected.")) continue;
    char *name = strndup(e->d_name, n - 3);
    if (!selected(name)) {
      free(name);
      continue;
    }
    if (ncases == cap) cases = realloc(cases, sizeof(char *) * (size_t)(cap *= 2));
    cases[ncases++] = name;
  }
  closedir(d);
  qsort(cases, (size_t)ncases, sizeof(char *), by_name);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: test_golden TIRX_PP GOLDEN_DIR\n");
    return 2;
  }
  tool = realpath(argv[1], NULL);
  dir = argv[2];
  if (!tool || chdir(dir) != 0) {
    perror(argv[1]);
    return 2;
  }
  list_cases();
  Suite *s = suite_create("golden");
  TCase *tc = tcase_create("golden");
  tcase_set_timeout(tc, 60);
  tcase_add_loop_test(tc, golden, 0, ncases);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
