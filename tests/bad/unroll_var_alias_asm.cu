// The loop variable changed through an asm output: each expanded copy declares its
// own `i`, so the change would not carry to the next iteration.
#include "tirx.h"
__global__ void asm_output(int *a) {
#pragma tirx unroll
  for (int i = 0; i < 4; ++i) {
    a[i] = 0;
    asm volatile("add.s32 %0, %0, 1;" : "+r"(i));
  }
}
