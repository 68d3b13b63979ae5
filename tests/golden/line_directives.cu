// The input's own #line directives hold in the output: tirx-pp's #line
// directives follow them, so __FILE__, __LINE__ and nvcc's messages say what
// they said in the input (generated.cu from line 100 on here).
#include "tirx.h"
#line 100 "generated.cu"
__global__ void lines(int *out) {
#pragma tirx unroll
  for (int i = 0; i < 2; ++i) out[i] = __LINE__;
  out[2] = __LINE__;
}

void run(int *out) {
#pragma tirx launch
  lines<<<1, 1>>>(out);
}
