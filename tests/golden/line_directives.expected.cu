#line 1 "line_directives.cu"
// The input's own #line directives hold in the output: tirx-pp's #line
// directives follow them, so __FILE__, __LINE__ and nvcc's messages say what
// they said in the input (generated.cu from line 100 on here).
#include "tirx.h"
#line 100 "generated.cu"
__global__ void lines(int *out) {
{
  { int i = 0; out[i] = __LINE__; }
#line 102 "generated.cu"
  { int i = 1; out[i] = __LINE__; } }
  out[2] = __LINE__;
}

void run(int *out) {
{ tirx_launch_t __tirx_launch = tirx_launch_begin(lines, (1), (1), 0, 0, false);
  if (__tirx_launch.err == cudaSuccess) lines<<<__tirx_launch.grid, __tirx_launch.block, __tirx_launch.smem, __tirx_launch.stream>>>(out); tirx_launch_end(__tirx_launch, "generated.cu", 108, 3, "lines", true, true); }
}
