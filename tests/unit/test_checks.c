// test_checks.c - unit tests of the deadlock check (deadlock.c) and the
// uniformity check (uniform.c), in-process through tirx_rewrite: each case is
// a small kernel and the full text of what the check reports (or nothing).
#define _GNU_SOURCE
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ring.h"
#include "tirxpp.h"

static char cache[] = "/tmp/tirx_checks_XXXXXX";

// Rewrites src as t.cu; returns the status, *err the whole of what it reported.
static int rewrite(const char *src, char **err) {
  size_t len;
  FILE *diag = open_memstream(err, &len);
  TirxOptions opt = {.path = "t.cu", .header_dir = TIRX_HEADER_DIR, .cache_dir = cache};
  TirxResult out = {0};
  int rc = tirx_rewrite(&opt, src, strlen(src), &out, diag);
  tirx_result_free(&out);
  fclose(diag);
  return rc;
}

static void expect(const char *src, int rc, const char *text) {
  char *err = NULL;
  ck_assert_int_eq(rewrite(src, &err), rc);
  ck_assert_str_eq(err, text);
  free(err);
}


START_TEST(ring_bootstrapped_is_fine) {
  expect(RING("for (int s = 0; s < 4; ++s) tirx_trigger(empty[s]);", ""), TIRX_OK, "");
  expect(RING("", " ready"), TIRX_OK, "");
}
END_TEST

START_TEST(ring_without_bootstrap) {
  expect(RING("", ""), TIRX_INPUT_ERROR,
         "t.cu:9:7: error: deadlock: this wait on 'empty[0]' never returns: in their first iteration the regions "
         "wait for each other before anything they wait for is triggered\n"
         "      tirx_wait(empty[i % 4]);\n"
         "      ^\n"
         "t.cu:9:7: note: '#pragma tirx async(wg == 0)' waits here for 'empty[0]', which is next triggered at line "
         "19, after a wait of its own\n"
         "      tirx_wait(empty[i % 4]);\n"
         "      ^\n"
         "t.cu:17:7: note: '#pragma tirx async(wg == 1)' waits here for 'full[0]', which is next triggered at line "
         "10, after a wait of its own\n"
         "      tirx_wait(full[i % 4]);\n"
         "      ^\n"
         "t.cu:5:1: note: give 'empty' its first credits: declare it 'ready', or trigger every slot before the "
         "loop\n"
         "#pragma tirx event empty[4]\n"
         "^\n");
}
END_TEST

START_TEST(ring_partial_bootstrap) {
  char *err = NULL;
  ck_assert_int_eq(rewrite(RING("tirx_trigger(empty[0]);", ""), &err), TIRX_INPUT_ERROR);
  ck_assert_ptr_nonnull(strstr(err, "t.cu:9:7: error: deadlock: this wait on 'empty[1]' never returns: in iteration 2 "
                                    "of the loops"));
  ck_assert_ptr_nonnull(strstr(err, "t.cu:5:1: note: slot 1 of 'empty' gets no first credit, as slot 0 does: "
                                    "declare 'empty' 'ready', or trigger every slot before the loop\n"));
  free(err);
}
END_TEST

START_TEST(ring_zero_trip_bootstrap) {
  char *err = NULL;
  ck_assert_int_eq(rewrite(RING("for (int s = 0; s < 0; ++s) tirx_trigger(empty[s]);", ""), &err), TIRX_INPUT_ERROR);
  ck_assert_ptr_nonnull(strstr(err, "t.cu:15:33: note: this trigger of 'empty' never runs: its loop runs zero "
                                    "times\n"));
  free(err);
}
END_TEST

// wg 0 waits on 'e' with an explicit parity, then triggers 'f'; wg 1 waits
// on 'f', then triggers 'e'.
#define PARITY_CASE(P)                                                     \
  "#include \"tirx.h\"\n"                                                  \
  "__global__ void k(float *out) {\n"                                      \
  "#pragma tirx warpgroups(wg: 2)\n"                                       \
  "#pragma tirx event e\n"                                                 \
  "#pragma tirx event f\n"                                                 \
  "#pragma tirx async(wg == 0)\n"                                          \
  "  { tirx_wait(e, " P "); out[0] = 1; tirx_trigger(f); }\n"              \
  "#pragma tirx async(wg == 1)\n"                                          \
  "  { tirx_wait(f); out[1] = 1; tirx_trigger(e); }\n"                     \
  "}\n"

START_TEST(explicit_parity) {
  // Parity 1 of a fresh barrier passes at once; parity 0 waits for a phase
  // that only the other region completes, after its own wait.
  expect(PARITY_CASE("1"), TIRX_OK, "");
  char *err = NULL;
  ck_assert_int_eq(rewrite(PARITY_CASE("2 - 2"), &err), TIRX_INPUT_ERROR);
  ck_assert_ptr_nonnull(strstr(err, "t.cu:7:5: error: deadlock: this wait on 'e' never returns"));
  ck_assert_ptr_nonnull(strstr(err, "t.cu:9:5: note: '#pragma tirx async(wg == 1)' waits here for 'f', which is next "
                                    "triggered at line 7, after a wait of its own\n"));
  free(err);
}
END_TEST

START_TEST(uniform_tainted_variable) {
  expect("__global__ void k(float *out) {\n"
         "  int t;\n"
         "  t = threadIdx.x;\n"
         "  if (t < 32) __syncthreads();\n"
         "#pragma tirx unroll\n"
         "  for (int j = 0; j < 2; ++j) out[j] = 0;\n"
         "}\n",
         TIRX_INPUT_ERROR,
         "t.cu:4:15: error: __syncthreads() under a condition on the thread's identity is reached by part of the "
         "block only: the rest never arrives; move it out, or use tirx_warpgroup_sync(id) / tirx_region_sync() for "
         "the part\n"
         "  if (t < 32) __syncthreads();\n"
         "              ^\n"
         "t.cu:4:3: note: the condition; if it is the same for the whole block, say so with '#pragma tirx uniform'\n"
         "  if (t < 32) __syncthreads();\n"
         "  ^\n");
}
END_TEST

START_TEST(uniform_block_uniform_conditions_are_fine) {
  expect("__global__ void k(float *out, int n) {\n"
         "  int b = blockIdx.x;\n"
         "  if (b < n) __syncthreads();\n"
         "  for (int i = 0; i < n; ++i) __syncthreads();\n"
         "  if (blockIdx.x >= n) return;\n"
         "  __syncthreads();\n"
         "#pragma tirx unroll\n"
         "  for (int j = 0; j < 2; ++j) out[j] = 0;\n"
         "}\n",
         TIRX_OK, "");
}
END_TEST

START_TEST(uniform_many_tainted_names) {
  // More than 256 thread-dependent variables: the check still sees the last.
  size_t cap = 64 * 1024, len = 0;
  char *src = malloc(cap);
  len += (size_t)snprintf(src + len, cap - len, "__global__ void k(float *out) {\n  int v0 = threadIdx.x;\n");
  for (int i = 1; i <= 300; i++) len += (size_t)snprintf(src + len, cap - len, "  int v%d = v%d + 1;\n", i, i - 1);
  snprintf(src + len, cap - len,
           "  if (v300 < 32) __syncthreads();\n#pragma tirx unroll\n  for (int j = 0; j < 2; ++j) out[j] = 0;\n}\n");
  char *err = NULL;
  ck_assert_int_eq(rewrite(src, &err), TIRX_INPUT_ERROR);
  ck_assert_ptr_nonnull(strstr(err, "t.cu:303:18: error: __syncthreads() under a condition on the thread's identity"));
  free(err);
  free(src);
}
END_TEST

START_TEST(uniform_lambda_called_from_region) {
  char *err = NULL;
  ck_assert_int_eq(rewrite("#include \"tirx.h\"\n"
                           "__global__ void k(float *out) {\n"
                           "  auto sync = [] { __syncthreads(); };\n"
                           "#pragma tirx warpgroups(wg: 2)\n"
                           "#pragma tirx async(wg == 0)\n"
                           "  { sync(); }\n"
                           "#pragma tirx async(wg == 1)\n"
                           "  { out[0] = 1; }\n"
                           "}\n",
                           &err),
                   TIRX_INPUT_ERROR);
  ck_assert_ptr_nonnull(strstr(err, "t.cu:6:5: error: sync() (which reaches __syncthreads() at line 3) inside "
                                    "'#pragma tirx async(wg == 0)' is reached only by the region's threads"));
  free(err);
}
END_TEST

// Turns (an extension, docs/language.md#turns): a producer (wg 0) fills a 2-slot
// ring, the consumers (wg 1, 2) take turns; BODY is the consumers' code after
// '#pragma tirx turns mma' (line 15).
#define TURNS(BODY)                                          \
  "#include \"tirx.h\"\n"                                    \
  "__global__ void k(float *out, const float *in, int n) {\n" \
  "#pragma tirx warpgroups(wg: 3)\n"                         \
  "#pragma tirx event full[2]\n"                             \
  "#pragma tirx event empty[2] ready\n"                      \
  "#pragma tirx async(wg == 0)\n"                            \
  "  {\n"                                                    \
  "    for (int i = 0; i < n; ++i) {\n"                      \
  "      tirx_wait(empty[i % 2]);\n"                         \
  "      tirx_trigger(full[i % 2]);\n"                       \
  "    }\n"                                                  \
  "  }\n"                                                    \
  "#pragma tirx async(wg >= 1)\n"                            \
  "  {\n"                                                    \
  "#pragma tirx turns mma\n"                                 \
  BODY                                                       \
  "  }\n"                                                    \
  "}\n"

START_TEST(turns_fa3_protocol_is_fine) {
  // FlashAttention-3: wait for the tile, issue the GEMMs in turn, release the slot.
  expect(TURNS("    for (int i = 0; i < n; ++i) {\n"
               "      tirx_wait(full[i % 2]);\n"
               "#pragma tirx turn(mma)\n"
               "      { out[threadIdx.x] += in[i]; }\n"
               "      tirx_trigger(empty[i % 2]);\n"
               "      out[threadIdx.x] *= 0.5f;\n"
               "    }\n"),
         TIRX_OK, "");
  // Two turns per iteration, and the waits inside the turn.
  expect(TURNS("    for (int i = 0; i < n; ++i) {\n"
               "#pragma tirx turn(mma)\n"
               "      { tirx_wait(full[i % 2]); out[threadIdx.x] += in[i]; }\n"
               "#pragma tirx turn(mma)\n"
               "      { out[threadIdx.x] += in[i + 1]; tirx_trigger(empty[i % 2]); }\n"
               "    }\n"),
         TIRX_OK, "");
  // Each participant at a site of its own, as many times.
  expect(TURNS("    for (int i = 0; i < n; ++i) {\n"
               "      tirx_wait(full[i % 2]);\n"
               "      if (wg == 1) {\n"
               "#pragma tirx turn(mma)\n"
               "        out[threadIdx.x] += in[i];\n"
               "      } else {\n"
               "#pragma tirx turn(mma)\n"
               "        out[threadIdx.x] -= in[i];\n"
               "      }\n"
               "      tirx_trigger(empty[i % 2]);\n"
               "    }\n"),
         TIRX_OK, "");
}
END_TEST

START_TEST(turns_unequal_trip_counts) {
  // (The turns in a loop of their own: in the loop of the waits, 4 + wg
  // steps against the producer's n would be the first error.)
  expect(TURNS("    for (int i = 0; i < n; ++i) {\n"
               "      tirx_wait(full[i % 2]);\n"
               "      tirx_trigger(empty[i % 2]);\n"
               "    }\n"
               "    for (int i = 0; i < 4 + wg; ++i) {\n"
               "#pragma tirx turn(mma)\n"
               "      { out[threadIdx.x] += in[i]; }\n"
               "    }\n"),
         TIRX_INPUT_ERROR,
         "t.cu:15:1: error: the participants of 'mma' take different numbers of turns: wg = 1 takes 5, wg = 2 takes 6; "
         "each must take as many as the others, or one waits for its turn forever\n"
         "#pragma tirx turns mma\n"
         "^\n"
         "t.cu:21:1: note: wg = 1 takes this turn 5 times, wg = 2 6 times\n"
         "#pragma tirx turn(mma)\n"
         "^\n");
}
END_TEST

START_TEST(turns_unequal_in_one_iteration) {
  expect(TURNS("    for (int i = 0; i < n; ++i) {\n"
               "      tirx_wait(full[i % 2]);\n"
               "#pragma tirx turn(mma)\n"
               "      { out[threadIdx.x] += in[i]; }\n"
               "      if (wg == 2) {\n"
               "#pragma tirx turn(mma)\n"
               "        out[threadIdx.x] += in[i + 1];\n"
               "      }\n"
               "      tirx_trigger(empty[i % 2]);\n"
               "    }\n"),
         TIRX_INPUT_ERROR,
         "t.cu:15:1: error: the participants of 'mma' take different numbers of turns: in iteration 1 of the loop "
         "around them, wg = 1 takes 1, wg = 2 takes 2; each must take as many as the others, or one waits for its turn "
         "forever\n"
         "#pragma tirx turns mma\n"
         "^\n"
         "t.cu:21:1: note: wg = 1 takes this turn 0 times, wg = 2 1 time\n"
         "#pragma tirx turn(mma)\n"
         "^\n");
}
END_TEST

START_TEST(turns_waiting_before_the_declaration) {
  // wg 2 (the last participant) hands out the first turn at the declaration,
  // but only after a wait that wg 1 releases after its first turn.
  expect("#include \"tirx.h\"\n"
         "__global__ void k(float *out, int n) {\n"
         "#pragma tirx warpgroups(wg: 3)\n"
         "#pragma tirx event x count(128)\n"
         "#pragma tirx async(wg == 0)\n"
         "  { out[0] = 0.f; }\n"
         "#pragma tirx async(wg >= 1)\n"
         "  {\n"
         "    if (wg == 2) tirx_wait(x);\n"
         "#pragma tirx turns mma\n"
         "    for (int i = 0; i < n; ++i) {\n"
         "#pragma tirx turn(mma)\n"
         "      out[threadIdx.x] += 1.f;\n"
         "      if (wg == 1 && i == 0) tirx_trigger(x);\n"
         "    }\n"
         "  }\n"
         "}\n",
         TIRX_INPUT_ERROR,
         "t.cu:12:1: error: deadlock: this turn of 'mma' never starts for wg = 1: in their first iteration the regions "
         "wait for each other before anything they wait for happens\n"
         "#pragma tirx turn(mma)\n"
         "^\n"
         "t.cu:12:1: note: wg = 1 waits here for its turn of 'mma', which wg = 2 passes on at line 10, after a wait of "
         "its own\n"
         "#pragma tirx turn(mma)\n"
         "^\n"
         "t.cu:9:18: note: '#pragma tirx async(wg >= 1)' waits here for 'x', which is next triggered at line 14, after "
         "a wait of its own\n"
         "    if (wg == 2) tirx_wait(x);\n"
         "                 ^\n");
}
END_TEST

// Arrival counts (checks.c, infer_counts): a trigger under elect arrives
// once per warp, 4 times for a warpgroup, not once per thread; the golden
// tests were the only ones to see a miscount. Triggers of one phase add up.
#define ELECT_CASE(SECOND)                        \
  "#include \"tirx.h\"\n"                         \
  "__global__ void k(float *out) {\n"             \
  "#pragma tirx warpgroups(wg: 2)\n"              \
  "#pragma tirx event e\n"                        \
  "#pragma tirx async(wg == 0)\n"                 \
  "  {\n"                                         \
  "#pragma tirx elect\n"                          \
  "    tirx_trigger(e);\n"                        \
  "    " SECOND "\n"                              \
  "  }\n"                                         \
  "#pragma tirx async(wg == 1)\n"                 \
  "  { tirx_wait(e); out[1] = out[0]; }\n"        \
  "}\n"

START_TEST(elect_only_trigger_counts_warps) {
  const char *src = ELECT_CASE("");
  TirxOptions opt = {.path = "t.cu", .header_dir = TIRX_HEADER_DIR, .cache_dir = cache};
  TirxResult out = {0};
  ck_assert_int_eq(tirx_rewrite(&opt, src, strlen(src), &out, stderr), TIRX_OK);
  ck_assert_ptr_nonnull(out.text.data);
  ck_assert_msg(strstr(out.text.data, "tirx_event_init(&e, 1, 4);") != NULL, "%s", out.text.data);
  tirx_result_free(&out);
  // A second trigger right after it arrives in the same phase: the two add up
  // (docs/regions-and-events.md, "Arrivals per phase"); on another slot they
  // are alternatives that must agree (tests/bad/event_errors.cu, 'mixed').
  const char *both = ELECT_CASE("tirx_trigger(e);");
  out = (TirxResult){0};
  ck_assert_int_eq(tirx_rewrite(&opt, both, strlen(both), &out, stderr), TIRX_OK);
  ck_assert_msg(strstr(out.text.data, "tirx_event_init(&e, 1, 132);") != NULL, "%s", out.text.data);
  tirx_result_free(&out);
}
END_TEST

int main(void) {
  if (!mkdtemp(cache)) return 1;
  Suite *s = suite_create("checks");
  TCase *tc = tcase_create("checks");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, ring_bootstrapped_is_fine);
  tcase_add_test(tc, ring_without_bootstrap);
  tcase_add_test(tc, ring_partial_bootstrap);
  tcase_add_test(tc, ring_zero_trip_bootstrap);
  tcase_add_test(tc, explicit_parity);
  tcase_add_test(tc, uniform_tainted_variable);
  tcase_add_test(tc, uniform_block_uniform_conditions_are_fine);
  tcase_add_test(tc, uniform_many_tainted_names);
  tcase_add_test(tc, uniform_lambda_called_from_region);
  tcase_add_test(tc, turns_fa3_protocol_is_fine);
  tcase_add_test(tc, turns_unequal_trip_counts);
  tcase_add_test(tc, turns_unequal_in_one_iteration);
  tcase_add_test(tc, turns_waiting_before_the_declaration);
  tcase_add_test(tc, elect_only_trigger_counts_warps);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf %s", cache);
  if (system(cmd) != 0) return 1;
  return failed ? 1 : 0;
}
