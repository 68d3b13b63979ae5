// k.cuh comes from -include.
__global__ void add(float *x) { x[0] = k_sum(x); }
