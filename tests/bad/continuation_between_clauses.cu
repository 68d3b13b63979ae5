// A backslash-newline inside the pragma line is legal C: grid(...) \ unroll
// is one directive.
__global__ void k(float *a) {
#pragma tirx grid(i: 4) \
  unroll
  a[i] = 0.f;
}
