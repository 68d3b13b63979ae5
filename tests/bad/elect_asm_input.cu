#include <cstdint>
__device__ void arrive(uint32_t a) { asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(a) : "memory"); }
__global__ void k(float *out) {
  __shared__ alignas(8) uint64_t bar;
  uint32_t addr = (uint32_t)__cvta_generic_to_shared(&bar);
  if (threadIdx.x == 0) asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(addr), "r"(32));
  __syncthreads();
#pragma tirx elect
  arrive(addr);
}
