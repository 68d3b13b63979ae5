// persistent on a declaration (a struct): what it declares would be the loop's.
__global__ void k(float *a, int n) {
#pragma tirx persistent(t: n)
  struct S { float v; };
  a[0] = 0.f;
}
