// README: 'launch' is reported as "not supported by this version" -- not as a
// missing statement before a kernel launch that is there.
__global__ void k(float *a) { a[0] = 0.f; }
void host(float *a) {
#pragma tirx launch smem(1024)
  k<<<1, 128>>>(a);
}
