// A loop inside a lambda whose variable is the kernel's, captured by
// reference, and a call in the body: a closure that shares the variable (here
// 'skip') may change it, and each expanded copy would start from its own value.
// The error says the variable is declared outside the lambda (it is a local,
// of the kernel).
__global__ void visit(int *out) {
  int k = 0, n = 0;
  auto skip = [&] { ++k; };
  auto walk = [&] {
#pragma tirx unroll
    for (k = 0; k < 4; ++k) {
      out[n++] = k;
      if (k == 0) skip();
    }
  };
  walk();
}
