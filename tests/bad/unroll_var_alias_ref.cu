// The loop variable changed other than by its name: each expanded copy
// declares its own `i`, so a change through a reference, a pointer, a
// by-reference call, an asm output or a lambda would no longer carry to
// the next iteration (the loop below writes a[0] and a[2]; its copies
// would write a[0..3]). A const reference, a by-value or const-reference
// argument, an asm input, a lambda that only reads it or changes its own
// copy, and a read through '?:', ',' or a cast are fine.
#include "tirx.h"
__device__ void bump(int &x) { x++; }
__device__ void by_value(int x) { (void)x; }
__device__ void by_const_ref(const int &x) { (void)x; }
__global__ void reference(int *a) {
#pragma tirx unroll
  for (int i = 0; i < 4; ++i) {
    int &r = i;
    a[r] = 1;
    r++;
  }
}

__global__ void fine(int *a) {
#pragma tirx unroll
  for (int i = 0; i < 4; ++i) {
    by_value(i);
    by_const_ref(i);
    const int &r = i;
    int x;
    asm volatile("mov.u32 %0, %1;" : "=r"(x) : "r"(i));
    auto next = [&] { return i + 1; };
    auto own = [=]() mutable { return ++i; };
    int y = (x, i);
    const int &cr = x ? i : y;
    a[r + x + next() + own() + (y ? i : x) + cr + static_cast<const int &>(i)] = 0;
  }
}
