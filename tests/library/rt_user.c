// A user's program with helpers named like the rewriter's internal ones
// (xmalloc, buf_put, source_new, check_regions), linked with the static
// libtirx_rt: it must link (no multiple definition) and the library must
// keep calling its own helpers, not these. Prints "TIRX_RT_OK" when the
// library rewrote a kernel and none of the user's helpers ran for it.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tirx_rt.h"

static int user_calls;

void *xmalloc(size_t n) {
  user_calls++;
  return malloc(n);
}
int buf_put(int x) {
  user_calls++;
  return x + 1;
}
const char *source_new(void) {
  user_calls++;
  return "user";
}
int check_regions(int n) {
  user_calls++;
  return n * 2;
}

static const char *source =
    "#include \"tirx.h\"\n"
    "__global__ void add_three(int *y) {\n"
    "#pragma tirx unroll\n"
    "  for (int i = 0; i < 3; ++i) y[threadIdx.x] += i;\n"
    "}\n";

int main(void) {
  free(xmalloc(8));
  if (buf_put(1) != 2 || strcmp(source_new(), "user") != 0 || check_regions(2) != 4 || user_calls != 4) {
    puts("the user's own helpers gave wrong answers");
    return 1;
  }
  TirxRtCompileOptions opt;
  memset(&opt, 0, sizeof opt);
  char *log = NULL, msg[512] = "";
  TirxRtStatus s = tirx_rt_prepare(source, strlen(source), &opt, &log, msg, sizeof msg);
  printf("%s %s\n", tirx_rt_status_name(s), msg);
  free(log);
  if (user_calls != 4) {
    printf("the library called the user's helpers (%d calls)\n", user_calls - 4);
    return 1;
  }
  return s == TIRX_RT_OK ? 0 : 1;
}
