#include "kernels/broken.cuh"
