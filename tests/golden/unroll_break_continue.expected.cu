#line 1 "unroll_break_continue.cu"
// break and continue that bind to the unrolled loop become gotos; those of an
// inner loop, a switch or a while stay theirs.
#include "tirx.h"

__global__ void jumps(const int *in, int *out) {
  int acc = 0;
{
  { int i = 0; {
    if (in[i] < 0) goto __tirx_continue_1_0;
    if (in[i] > 100) goto __tirx_break_1_0;
    switch (in[i]) {
    case 1: acc += 10; break;
    default: acc += in[i];
    }
    for (int j = 0; j < 4; ++j) {
      if (j == in[i]) break;
      if (j == 1) continue;
      acc += j;
    }
    int w = 0;
    while (true) {
      if (++w > 2) break;
    }
    acc += w;
  } __tirx_continue_1_0:; }
#line 8 "unroll_break_continue.cu"
  { int i = 1; {
    if (in[i] < 0) goto __tirx_continue_1_1;
    if (in[i] > 100) goto __tirx_break_1_0;
    switch (in[i]) {
    case 1: acc += 10; break;
    default: acc += in[i];
    }
    for (int j = 0; j < 4; ++j) {
      if (j == in[i]) break;
      if (j == 1) continue;
      acc += j;
    }
    int w = 0;
    while (true) {
      if (++w > 2) break;
    }
    acc += w;
  } __tirx_continue_1_1:; }
#line 8 "unroll_break_continue.cu"
  { int i = 2; {
    if (in[i] < 0) goto __tirx_continue_1_2;
    if (in[i] > 100) goto __tirx_break_1_0;
    switch (in[i]) {
    case 1: acc += 10; break;
    default: acc += in[i];
    }
    for (int j = 0; j < 4; ++j) {
      if (j == in[i]) break;
      if (j == 1) continue;
      acc += j;
    }
    int w = 0;
    while (true) {
      if (++w > 2) break;
    }
    acc += w;
  } __tirx_continue_1_2:; } __tirx_break_1_0:; }
  out[0] = acc;
}
