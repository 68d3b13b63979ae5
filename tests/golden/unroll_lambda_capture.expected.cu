#line 1 "unroll_lambda_capture.cu"
// unroll: a lambda in the body that captures the loop variable by copy ([=], [i])
// holds each copy's own value, and one that is mutable changes its copy, not the
// loop variable: the copies declare the variable and the loop is right.
__global__ void k(int *a) {
{
  { int i = 0; {
    auto next = [=]() mutable { i++; return i; };
    a[i] = next();
  } }
#line 6 "unroll_lambda_capture.cu"
  { int i = 1; {
    auto next = [=]() mutable { i++; return i; };
    a[i] = next();
  } }
#line 6 "unroll_lambda_capture.cu"
  { int i = 2; {
    auto next = [=]() mutable { i++; return i; };
    a[i] = next();
  } }
#line 6 "unroll_lambda_capture.cu"
  { int i = 3; {
    auto next = [=]() mutable { i++; return i; };
    a[i] = next();
  } } }
}
constexpr int sum_next() {
  int s = 0;
{
  { int i = 0; {
    auto f = [i]() mutable { return ++i; };
    s += f();
  } }
#line 14 "unroll_lambda_capture.cu"
  { int i = 1; {
    auto f = [i]() mutable { return ++i; };
    s += f();
  } }
#line 14 "unroll_lambda_capture.cu"
  { int i = 2; {
    auto f = [i]() mutable { return ++i; };
    s += f();
  } } }
  return s;
}
static_assert(sum_next() == 6, "each copy's lambda starts from its own i");
// A loop inside a lambda, its variable declared before it: the loop's own
// header assigns it, which is no change behind its back.
__global__ void first_zero(int *a) {
  auto find = [&]() {
    int k;
{ bool __tirx_broke_3 = false;
    { if (!__tirx_broke_3) { k = 0; do 
#line 28 "unroll_lambda_capture.cu"
      if (a[k] == 0) { __tirx_broke_3 = true; break; } while (0); } }
#line 27 "unroll_lambda_capture.cu"
    { if (!__tirx_broke_3) { k = 1; do 
#line 28 "unroll_lambda_capture.cu"
      if (a[k] == 0) { __tirx_broke_3 = true; break; } while (0); } }
#line 27 "unroll_lambda_capture.cu"
    { if (!__tirx_broke_3) { k = 2; do 
#line 28 "unroll_lambda_capture.cu"
      if (a[k] == 0) { __tirx_broke_3 = true; break; } while (0); } }
#line 27 "unroll_lambda_capture.cu"
    { if (!__tirx_broke_3) { k = 3; do 
#line 28 "unroll_lambda_capture.cu"
      if (a[k] == 0) { __tirx_broke_3 = true; break; } while (0); } } if (!__tirx_broke_3) k = 4; }
    return k;
  };
  a[9] = find();
}
