// test_nvrtc.c - runtime/nvrtc.c: PTX and cubin for sm_90a, errors in the
// source, name expressions, and (run with $TIRX_NVRTC_LIBRARY pointing at a
// missing file, argument `unavailable`) the path where NVRTC cannot be loaded.
#define _GNU_SOURCE
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "nvrtc.h"

static const char *kernel =
    "extern \"C\" __global__ void add_one(float *p, int n) {\n"
    "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "  if (i < n) p[i] += 1.0f;\n"
    "}\n";

static char msg[512];

START_TEST(version) {
  int major = 0, minor = -1;
  ck_assert_int_eq(tirx_nvrtc_version(&major, &minor), 0);
  ck_assert_int_ge(major, 12);
  ck_assert_int_ge(minor, 0);
}
END_TEST

START_TEST(ptx_for_virtual_arch) {
  const char *opts[] = {"-arch=compute_90a"};
  TirxNvrtcResult r;
  ck_assert_int_eq(tirx_nvrtc_compile(kernel, "k.cu", opts, 1, NULL, 0, &r, msg, sizeof msg), 0);
  ck_assert_ptr_nonnull(r.image);
  ck_assert_ptr_nonnull(r.log);
  ck_assert_ptr_null(r.lowered);
  // PTX text, NUL-terminated, with the kernel's entry.
  ck_assert_int_eq(r.image[r.image_size - 1], '\0');
  ck_assert_ptr_nonnull(strstr(r.image, ".target sm_90a"));
  ck_assert_ptr_nonnull(strstr(r.image, ".entry add_one"));
  tirx_nvrtc_result_free(&r);
  ck_assert_ptr_null(r.image);
}
END_TEST

START_TEST(cubin_for_real_arch) {
  const char *opts[] = {"-arch=sm_90a", "-default-device"};
  TirxNvrtcResult r;
  ck_assert_int_eq(tirx_nvrtc_compile(kernel, "k.cu", opts, 2, NULL, 0, &r, msg, sizeof msg), 0);
  // An ELF image that names the kernel.
  ck_assert_uint_gt(r.image_size, 4);
  ck_assert(memcmp(r.image, "\177ELF", 4) == 0);
  ck_assert_ptr_nonnull(memmem(r.image, r.image_size, "add_one", 7));
  tirx_nvrtc_result_free(&r);
}
END_TEST

START_TEST(source_error_in_log) {
  const char *bad = "__global__ void k(int *p) {\n  p[0] = undeclared_name;\n}\n";
  const char *opts[] = {"-arch=sm_90a"};
  TirxNvrtcResult r;
  ck_assert_int_eq(tirx_nvrtc_compile(bad, "bad.cu", opts, 1, NULL, 0, &r, msg, sizeof msg), 1);
  ck_assert_ptr_null(r.image);
  ck_assert_ptr_nonnull(strstr(r.log, "bad.cu(2)"));
  ck_assert_ptr_nonnull(strstr(r.log, "undeclared_name"));
  tirx_nvrtc_result_free(&r);
}
END_TEST

START_TEST(bad_option) {
  const char *opts[] = {"--no-such-option"};
  TirxNvrtcResult r;
  ck_assert_int_eq(tirx_nvrtc_compile(kernel, "k.cu", opts, 1, NULL, 0, &r, msg, sizeof msg), 2);
  ck_assert_ptr_nonnull(strstr(msg, "nvrtcCompileProgram"));
  ck_assert_ptr_null(r.image);
  ck_assert_ptr_nonnull(r.log);
  tirx_nvrtc_result_free(&r);
}
END_TEST

START_TEST(name_expressions) {
  const char *src =
      "template <int N> __global__ void fill(int *p) { p[threadIdx.x] = N; }\n"
      "namespace ns { __global__ void g(float *) {} }\n";
  const char *opts[] = {"-arch=sm_90a"};
  const char *names[] = {"fill<2>", "fill<7>", "&ns::g"};
  TirxNvrtcResult r;
  ck_assert_int_eq(tirx_nvrtc_compile(src, "t.cu", opts, 1, names, 3, &r, msg, sizeof msg), 0);
  ck_assert_ptr_nonnull(r.lowered);
  ck_assert_str_eq(r.lowered[0], "_Z4fillILi2EEvPi");
  ck_assert_str_eq(r.lowered[1], "_Z4fillILi7EEvPi");
  ck_assert_str_eq(r.lowered[2], "_ZN2ns1gEPf");
  ck_assert_ptr_null(r.lowered[3]);
  ck_assert_ptr_nonnull(memmem(r.image, r.image_size, "_Z4fillILi7EEvPi", 16));
  tirx_nvrtc_result_free(&r);
}
END_TEST

START_TEST(unavailable) {
  TirxNvrtcResult r;
  int major, minor;
  ck_assert_int_ne(tirx_nvrtc_version(&major, &minor), 0);
  ck_assert_int_eq(tirx_nvrtc_compile(kernel, "k.cu", NULL, 0, NULL, 0, &r, msg, sizeof msg), 2);
  ck_assert_ptr_nonnull(strstr(msg, "cannot load NVRTC"));
  ck_assert_ptr_nonnull(strstr(msg, getenv("TIRX_NVRTC_LIBRARY")));
  ck_assert_ptr_null(r.image);
  tirx_nvrtc_result_free(&r);
}
END_TEST

int main(int argc, char **argv) {
  Suite *s = suite_create("nvrtc");
  TCase *tc = tcase_create("nvrtc");
  tcase_set_timeout(tc, 60);
  if (argc > 1 && strcmp(argv[1], "unavailable") == 0) {
    tcase_add_test(tc, unavailable);
  } else {
    tcase_add_test(tc, version);
    tcase_add_test(tc, ptx_for_virtual_arch);
    tcase_add_test(tc, cubin_for_real_arch);
    tcase_add_test(tc, source_error_in_log);
    tcase_add_test(tc, bad_option);
    tcase_add_test(tc, name_expressions);
  }
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
