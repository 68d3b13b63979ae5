// Two 'name: total' pairs: the error is about the arguments, on the pragma,
// not "expected a statement" on a statement that is there.
__global__ void k(float *a) {
#pragma tirx persistent(t: 64, u: 3)
  a[t] = 0.f;
}
