// An event in a lambda inside a kernel.
__global__ void k(float *a) {
  auto body = [&]() {
#pragma tirx event done count(32)
    tirx_trigger(done);
    tirx_wait(done);
    a[0] = 1.f;
  };
  if (threadIdx.x < 32) body();
}
