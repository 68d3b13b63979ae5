// A computed #include of an annotated header cannot be redirected.
#define KERNELS "../kernels/scale.cuh"
#include KERNELS
