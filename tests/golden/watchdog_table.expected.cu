#line 1 "watchdog_table.cu"
// --watchdog's table: each partition index's wait and each event's last
// trigger, which the wait that gives up prints, so that a cycle of waits can
// be read off. A ring whose producer and consumer wait for each other, a
// byte trigger under the `if` that picks its thread, triggers under elect, a
// wait outside the regions; then a kernel whose events are declared in two
// blocks, whose waits keep the plain message (no one place for the table).
#include "tirx.h"
__global__ void __launch_bounds__(96, 1) ring(const float *in, float *out, int n) {
  __shared__ float buf[2][32];
const int w = tirx_warp_index();
__shared__ tirx_watch_t<4, 3, 5> __tirx_watch; tirx_watch_init(__tirx_watch, "watchdog_table.cu", "w", "async(w == 0)\nasync(w >= 1)\nthe block, outside the regions,", "full\nempty\ndone", {0, 2, 4, 5}); __shared__ uint64_t full[2]; tirx_event_init(full, 2, (1)); __shared__ uint64_t empty[2]; tirx_event_init(empty, 2, 2); uint32_t __tirx_phase_0_empty = ~0u;
__shared__ uint64_t done; tirx_event_init(&done, 1, 2); uint32_t __tirx_phase_done = 0u;
if (w == 0)
  {
    for (int k = 0; k < n; ++k) {
      tirx_hook_event_wait(tirx_no_trace(), tirx_watch_at(__tirx_watch, w, 0, 1, threadIdx.x % 32 == 0, 1000000ll, "empty"), empty, __tirx_phase_0_empty, k % 2, 1, 16);
      buf[k % 2][threadIdx.x] = in[k * 32 + threadIdx.x];
      if (threadIdx.x == 0) tirx_event_arrive_bytes(tirx_hook_trigger(tirx_no_trace(), tirx_watch_at(__tirx_watch, w, 0, 0, true, 1000000ll, "full"), full, &full[k % 2], 0, 18), 0, true);
    }
  }
else if (w >= 1)
  {
    float acc = 0.0f;
    for (int k = 0; k < n; ++k) {
      tirx_hook_wait_parity(tirx_no_trace(), tirx_watch_at(__tirx_watch, w, 1, 0, threadIdx.x % 32 == 0, 1000000ll, "full"), full, &full[k % 2], (k / 2) & 1, 0, 25);
      acc += buf[k % 2][threadIdx.x % 32];
if (tirx_elect_one_sync())
      tirx_mbar_arrive(tirx_hook_trigger(tirx_no_trace(), tirx_watch_at(__tirx_watch, w, 1, 1, true, 1000000ll, "empty"), empty, &empty[k % 2], 1, 28));
    }
    out[threadIdx.x] = acc;
if (tirx_elect_one_sync())
    tirx_mbar_arrive(tirx_hook_trigger(tirx_no_trace(), tirx_watch_at(__tirx_watch, w, 1, 2, true, 1000000ll, "done"), &done, &done, 2, 32));
  }
  tirx_hook_event_wait(tirx_no_trace(), tirx_watch_at(__tirx_watch, 3, 2, 2, threadIdx.x == 0, 1000000ll, "done"), &done, __tirx_phase_done, 0, 2, 34);
}

__global__ void __launch_bounds__(256, 1) two_blocks(int *out) {
const int wg = tirx_warpgroup_index();
  {
__shared__ uint64_t a; tirx_event_init(&a, 1, 128); uint32_t __tirx_phase_0_a = 0u;
if (wg == 0)
    {
      tirx_hook_event_wait(tirx_no_trace(), tirx_watch_alone{1000000ll, "a", "watchdog_table.cu"}, &a, __tirx_phase_0_a, 0, 0, 43);
    }
else if (wg == 1)
    {
      tirx_mbar_arrive(&a);
    }
  }
  {
__shared__ uint64_t b; tirx_event_init(&b, 1, 128); uint32_t __tirx_phase_3_b = 0u;
if (wg == 0)
    {
      tirx_mbar_arrive(&b);
    }
else if (wg == 1)
    {
      tirx_hook_event_wait(tirx_no_trace(), tirx_watch_alone{1000000ll, "b", "watchdog_table.cu"}, &b, __tirx_phase_3_b, 0, 1, 58);
      out[threadIdx.x] = 1;
    }
  }
}

// A ring whose size is a template parameter: the table's slots count it.
template <int S>
__global__ void __launch_bounds__(256, 1) stages(int *out, int n) {
const int wg = tirx_warpgroup_index();
__shared__ tirx_watch_t<3, 2, 1 + (S)> __tirx_watch; tirx_watch_init(__tirx_watch, "watchdog_table.cu", "wg", "async(wg == 0)\nasync(wg == 1)\nthe block, outside the regions,", "go\none", {0, 0 + (S), 1 + (S)}); static_assert((S) >= 1 && (S) <= 64, "event 'go': 1 to 64 slots"); __shared__ uint64_t go[S]; tirx_event_init(go, S, 128); uint64_t __tirx_phase_0_go = 0ull; __shared__ uint64_t one; tirx_event_init(&one, 1, 128); uint32_t __tirx_phase_0_one = 0u;
if (wg == 0)
  {
    for (int k = 0; k < n; ++k) tirx_hook_event_wait(tirx_no_trace(), tirx_watch_at(__tirx_watch, wg, 0, 0, threadIdx.x % 128 == 0, 1000000ll, "go"), go, __tirx_phase_0_go, k % S, 0, 71);
    tirx_hook_event_wait(tirx_no_trace(), tirx_watch_at(__tirx_watch, wg, 0, 1, threadIdx.x % 128 == 0, 1000000ll, "one"), &one, __tirx_phase_0_one, 0, 1, 72);
    out[threadIdx.x] = n;
  }
else if (wg == 1)
  {
    for (int k = 0; k < n; ++k) tirx_mbar_arrive(tirx_hook_trigger(tirx_no_trace(), tirx_watch_at(__tirx_watch, wg, 1, 0, threadIdx.x % 128 == 0, 1000000ll, "go"), go, &go[k % S], 0, 77));
    tirx_mbar_arrive(tirx_hook_trigger(tirx_no_trace(), tirx_watch_at(__tirx_watch, wg, 1, 1, threadIdx.x % 128 == 0, 1000000ll, "one"), &one, &one, 1, 78));
  }
}
template __global__ void stages<4>(int *, int);
