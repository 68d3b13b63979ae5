#define PRAGMA(x) _Pragma(#x)
#define ATOMIC_ONCE(p) do { PRAGMA(tirx elect) atomicAdd(p, 1); } while (0)
__global__ void k(int *cnt) {
  ATOMIC_ONCE(cnt);
}
