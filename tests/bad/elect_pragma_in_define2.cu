#define PRAGMA(x) _Pragma(#x)
#define ELECT_STORE(a, b) PRAGMA(tirx elect) a = b;
__global__ void k(int *cnt) {
  ELECT_STORE(cnt[blockIdx.x], 1)
}
