// Several events in one declaration, as Croqtile writes them (`shared event
// full[S], empty[S];`): each name with the clauses that follow it, so that
// only 'empty' is a ready ring and only 'done' has an explicit count. The
// declarations are those of one event per line, in the order written.
#include "tirx.h"
constexpr int S = 2;
__global__ void ring(float *out, int n) {
#pragma tirx warpgroups(wg: 2)
#pragma tirx event full[S], empty[S] ready, done count(128)
#pragma tirx async(wg == 0)
  {
    for (int k = 0; k < n; ++k) {
      int s = k % S;
      tirx_wait(empty[s]);
      out[threadIdx.x] += k;
      tirx_trigger(full[s]);
    }
    tirx_wait(done);
  }
#pragma tirx async(wg == 1)
  {
    for (int k = 0; k < n; ++k) {
      int s = k % S;
      tirx_wait(full[s]);
      out[threadIdx.x] += 1;
      tirx_trigger(empty[s]);
    }
    tirx_trigger(done);
  }
}

// The _Pragma spelling, single events, a comment inside the list.
__global__ void handoff(float *out) {
  _Pragma("tirx warpgroups(wg: 2)")
  _Pragma("tirx event a /* first */, b")
  _Pragma("tirx async(wg == 0)")
  {
    out[threadIdx.x] = 1.f;
    tirx_trigger(a);
    tirx_wait(b);
  }
  _Pragma("tirx async(wg == 1)")
  {
    tirx_wait(a);
    out[threadIdx.x] = out[threadIdx.x - 128] + 1.f;
    tirx_trigger(b);
  }
}
