// A program that includes tirxpp.h and nothing else of the library (built
// with -I rewriters/ alone): the library's interface stands alone.
#include <stdio.h>
#include <string.h>

#include "tirxpp.h"

int main(void) {
  static const char text[] = "__global__ void k(float *x) { x[0] = 1.0f; }\n";
  TirxOptions opt;
  memset(&opt, 0, sizeof opt);
  opt.path = "plain.cu";
  opt.no_line = true;
  TirxResult r;
  int rc = tirx_rewrite(&opt, text, strlen(text), &r, stderr);
  TirxBuf out = r.text;
  int same = rc == TIRX_OK && out.len == strlen(text) && memcmp(out.data, text, out.len) == 0;
  tirx_result_free(&r);
  if (!same || tirx_has_annotations(text, strlen(text))) {
    printf("rewrite of an unannotated file: rc %d, %s\n", rc, same ? "same" : "changed");
    return 1;
  }
  puts("ok");
  return 0;
}
