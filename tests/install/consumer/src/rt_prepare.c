// libtirx_rt from the installed package: rewrites an annotated kernel with
// the rewriter inside the library (no GPU, no NVRTC needed) and prints the
// status, "TIRX_RT_OK" when it worked.
#include <stdio.h>
#include <string.h>

#include "tirx_rt.h"

static const char *source =
    "#include \"tirx.h\"\n"
    "__global__ void twice(float *x) {\n"
    "#pragma tirx unroll\n"
    "  for (int k = 0; k < 4; ++k) x[threadIdx.x * 4 + k] *= 2.0f;\n"
    "}\n";

int main(void) {
  TirxRtCompileOptions opt;
  memset(&opt, 0, sizeof opt);
  char *log = NULL, msg[512] = "";
  TirxRtStatus s = tirx_rt_prepare(source, strlen(source), &opt, &log, msg, sizeof msg);
  printf("%s %s\n", tirx_rt_status_name(s), msg);
  if (log && *log) fputs(log, stdout);
  return s == TIRX_RT_OK ? 0 : 1;
}
