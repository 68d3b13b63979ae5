// unroll: a lambda in the body that captures the loop variable by copy ([=], [i])
// holds each copy's own value, and one that is mutable changes its copy, not the
// loop variable: the copies declare the variable and the loop is right.
__global__ void k(int *a) {
#pragma tirx unroll
  for (int i = 0; i < 4; i++) {
    auto next = [=]() mutable { i++; return i; };
    a[i] = next();
  }
}
constexpr int sum_next() {
  int s = 0;
#pragma tirx unroll
  for (int i = 0; i < 3; i++) {
    auto f = [i]() mutable { return ++i; };
    s += f();
  }
  return s;
}
static_assert(sum_next() == 6, "each copy's lambda starts from its own i");
// A loop inside a lambda, its variable declared before it: the loop's own
// header assigns it, which is no change behind its back.
__global__ void first_zero(int *a) {
  auto find = [&]() {
    int k;
#pragma tirx unroll
    for (k = 0; k < 4; ++k)
      if (a[k] == 0) break;
    return k;
  };
  a[9] = find();
}
