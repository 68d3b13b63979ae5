// tirx.h's launch helpers (what `#pragma tirx launch` lowers to) on a failing
// launch: 4096 threads per block fail on every device, and on a machine
// without one every launch does. Checks the status(VAR) path (the error
// returned, nothing printed), a handler of one's own, and the default
// handler's message and exit status 1.
#include <cstring>

#include "tirx.h"

__global__ void kern(float *out) { out[threadIdx.x] = 1.f; }
template <int N>
__global__ void kt(float *out) { out[threadIdx.x] = N; }

static int handled;
static void count(cudaError_t err, const char *file, int line, int col, const char *kernel) {
  if (err != cudaSuccess && !strcmp(file, "f.cu") && line == 7 && col == 5 && !strcmp(kernel, "kt<4>")) handled++;
}

int main() {
  float *out = nullptr;
  // status(err): returned, not reported.
  cudaError_t err = cudaSuccess;
  { tirx_launch_t l = tirx_launch_begin(kern, (1), (4096), 0, 0, false);
    if (l.err == cudaSuccess) kern<<<l.grid, l.block, l.smem, l.stream>>>(out); err = tirx_launch_end(l, "f.cu", 3, 5, "kern", true, false); }
  if (err == cudaSuccess) return printf("FAIL: a launch of 4096 threads per block succeeded\n"), 2;
  // A handler of one's own, which returns: the program goes on.
  tirx_launch_handler() = count;
  { tirx_launch_t l = tirx_launch_begin(kt<4>, (1), (4096), 0, 0, false);
    if (l.err == cudaSuccess) kt<4><<<l.grid, l.block, l.smem, l.stream>>>(out); tirx_launch_end(l, "f.cu", 7, 5, "kt<4>", false, true); }
  if (handled != 1) return printf("FAIL: the handler saw %d failures\n", handled), 2;
  // The default: FILE:LINE:COL: launch of KERNEL failed: ..., exit status 1.
  tirx_launch_handler() = tirx_launch_error_exit;
  { tirx_launch_t l = tirx_launch_begin(kern, (1), (4096), 200 * 1024 * 1024, 0, true);
    if (l.err == cudaSuccess) kern<<<l.grid, l.block, l.smem, l.stream>>>(out); tirx_launch_end(l, "f.cu", 11, 5, "kern", true, true); }
  printf("FAIL: the default handler returned\n");
  return 2;
}
