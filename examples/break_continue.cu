// break_continue.cu - seed 001 "break and continue": fully unrolled loops
// (docs/language.md#loops) whose `break` and `continue` bind to the unrolled loop,
// next to a `switch` and a `while` that keep their own `break`/`continue`.
// Trip counts come from a constexpr, an enum, a #define and a template
// parameter; the loops count up, down (`>=`, `--`, `>`, `-=`), by 2 (`+= 2`)
// and to `<=` / `!=` bounds.
//
//   break_continue [n]   n = number of threads, 16 small ints each (default 100003)
//
// Without tirx-pp, nvcc ignores the `#pragma tirx` / `_Pragma("tirx ...")`
// lines and tirx.h makes TIRX_UNROLL a `#pragma unroll`: the loops stay loops
// and mean the same. The CPU reference below is written by hand, not shared.
#include "tirx.h"

#define EXAMPLE "break_continue"
#include "harness.h"  // the host side that every example shares

// ---- kernels -----------------------------------------------------------------

constexpr int kBlock = 128;
constexpr int kLen = 16;  // inputs per thread
enum { kPairs = 8 };      // trips of the `+= 2` loop
#define TAIL 12           // the downward loop visits TAIL - 1 .. 0
constexpr int kOut = 5;   // outputs per thread

// Sum of x[0 .. W) up to the first 0.
template <int W>
__device__ int prefix_sum(const int* x) {
  int s = 0;
#pragma tirx unroll
  for (int i = 0; i != W; ++i) {
    if (x[i] == 0) break;
    s += x[i];
  }
  return s;
}

__global__ void break_continue(const int* X, int* Out, int n) {
  int t = blockIdx.x * kBlock + threadIdx.x;
  if (t >= n) tirx_thread_return();
  const int* x = X + (size_t)t * kLen;
  int* out = Out + (size_t)t * kOut;

  // (a) break / continue of the unrolled loop; the switch's break is its own,
  // but a continue inside the switch still goes to the loop's next i.
  int a = 0;
#pragma tirx unroll
  for (int i = 0; i < kLen; ++i) {
    if (x[i] == 0) break;
    if (x[i] == 1) continue;
    switch (x[i] % 4) {
      case 0:
        a += 100;
        break;
      case 2:
        continue;
      default:
        a += x[i];
        break;
    }
    a += i;
  }
  out[0] = a;

  // (b) a `+= 2` step; the inner while has its own break and continue.
  int b = 0;
  _Pragma("tirx unroll")
  for (int i = 0; i < 2 * kPairs; i += 2) {
    int k = x[i];
    while (k > 0) {
      --k;
      if (k == 5) break;
      if (k % 3 == 0) continue;
      b += k;
    }
    if (b > 40) break;
    b += 1;
  }
  out[1] = b;

  // (c) counting down: the last value >= 5 seen, stopping after one > 7.
  int c = -1;
  TIRX_UNROLL
  for (int i = TAIL - 1; i >= 0; --i) {
    if (x[i] < 5) continue;
    c = i * 100 + x[i];
    if (x[i] > 7) break;
  }
  out[2] = c;

  // (d) nested unrolled loops: the inner break leaves only the inner loop.
  int d = 0;
#pragma tirx unroll
  for (int r = 0; r <= 3; ++r) {
    if (x[r * 4] == 1) continue;
#pragma tirx unroll
    for (int s = 3; s > 0; s -= 1) {
      if (x[r * 4 + s] == 9) break;
      d += x[r * 4 + s] * s;
    }
    d += r;
  }
  out[3] = d;

  // (e) trip counts from template parameters.
  out[4] = prefix_sum<3>(x) + 1000 * prefix_sum<5>(x + 8);
}

// ---- CPU reference -------------------------------------------------------------

// The same five results, written out by hand as plain loops.
static void reference(const int* x, int* out) {
  int a = 0;  // (a) up to the first 0; 1s and values = 2 mod 4 add nothing
  for (int i = 0; i < 16 && x[i] != 0; ++i) {
    if (x[i] == 1 || x[i] % 4 == 2) continue;
    a += (x[i] % 4 == 0 ? 100 : x[i]) + i;
  }
  out[0] = a;

  // (b) for every even i: add x[i]-1 down to 0, stopping before 5 and
  // leaving out multiples of 3.
  int b = 0;
  for (int i = 0; i < 16; i += 2) {
    for (int k = x[i] - 1; k >= 0 && k != 5; --k)
      if (k % 3 != 0) b += k;
    if (b > 40) break;
    b += 1;
  }
  out[1] = b;

  int c = -1;  // (c)
  for (int i = 11; i >= 0; --i)
    if (x[i] >= 5) {
      c = i * 100 + x[i];
      if (x[i] > 7) break;
    }
  out[2] = c;

  int d = 0;  // (d)
  for (int r = 0; r < 4; ++r) {
    if (x[r * 4] == 1) continue;
    for (int s = 3; s >= 1 && x[r * 4 + s] != 9; --s) d += x[r * 4 + s] * s;
    d += r;
  }
  out[3] = d;

  int e3 = 0, e5 = 0;  // (e)
  for (int i = 0; i < 3 && x[i] != 0; ++i) e3 += x[i];
  for (int i = 0; i < 5 && x[8 + i] != 0; ++i) e5 += x[8 + i];
  out[4] = e3 + 1000 * e5;
}

// ---- main ----------------------------------------------------------------------

int main(int argc, char** argv) {
  skip_without_device();
  const int n = parse_size(argc, argv, 1, 100003, 1 << 20);
  const size_t ins = (size_t)n * kLen, outs = (size_t)n * kOut;

  std::vector<int> hX(ins), want(outs);
  for (size_t i = 0; i < ins; ++i) hX[i] = lcg_int(0, 9);
  for (int t = 0; t < n; ++t) reference(&hX[(size_t)t * kLen], &want[(size_t)t * kOut]);

  DeviceArray<int> dX(hX), dOut(outs, kGuard);
  dOut.fill(0xA5);  // poison: not a result (-1 is one)
  break_continue<<<(n + kBlock - 1) / kBlock, kBlock>>>(dX, dOut, n);
  LAUNCH_CHECK();
  const std::vector<int> got = check_output("break_continue", dOut, want);

  long long total[kOut] = {0, 0, 0, 0, 0};
  for (size_t i = 0; i < outs; ++i) total[i % kOut] += got[i];
  printf(EXAMPLE ": n=%d sums=%lld,%lld,%lld,%lld,%lld checksum=%016llx\n", n, total[0], total[1],
         total[2], total[3], total[4], checksum(got));
  return finish();
}
