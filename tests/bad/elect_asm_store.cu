__global__ void k(float *out, float v) {
  int lane = threadIdx.x % 32;
#pragma tirx elect
  asm volatile("st.global.f32 [%0], %1;" :: "l"(out + lane), "f"(v) : "memory");
}
