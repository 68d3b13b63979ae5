// elect through a macro that is not `_Pragma(#x)` alone: tirx-pp does not
// expand the program's macros, and nvcc would ignore the pragma.
#define STR(x) #x
#define DO_PRAGMA(x) _Pragma(STR(x))
__global__ void count(int *c) {
  DO_PRAGMA(tirx elect)
  atomicAdd(c, 1);
}
