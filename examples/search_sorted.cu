// search_sorted.cu - seed 001 "while Loops": binary search of n queries in a
// sorted array of 64 values; each thread runs its own number of iterations.
//
//   search_sorted [n]   n = number of queries (default 1000003)
//
// The kernel has no tirx annotation at all (`while` is plain C), so tirx-pp
// must write this file out byte for byte unchanged (docs/language.md#ground-rules).
#include "tirx.h"

#define EXAMPLE "search_sorted"
#include "harness.h"  // the host side that every example shares

// ---- kernels -----------------------------------------------------------------

constexpr int kBlock = 256;

// B[i] = the first position in S where Q[i] could be inserted and keep S sorted.
__global__ void search_sorted(const float* S, const float* Q, int* B, int n) {
  int i = blockIdx.x * kBlock + threadIdx.x;
  if (i < n) {
    int lo = 0;
    int hi = 64;
    while (lo < hi) {
      int mid = (lo + hi) / 2;
      if (S[mid] < Q[i])
        lo = mid + 1;
      else
        hi = mid;
    }
    B[i] = lo;
  }
}

// ---- main ----------------------------------------------------------------------

int main(int argc, char** argv) {
  skip_without_device();
  const int n = parse_size(argc, argv, 1, 1000003, 1 << 26);

  // S: 64 sorted values on a grid of 1/8 with repeats, so that queries hit
  // values exactly (ties), fall between them, and fall outside on both sides.
  std::vector<float> hS(64), hQ(n);
  int level = -40;
  for (int k = 0; k < 64; ++k) {
    level += lcg_int(0, 2);  // 0: a repeated value
    hS[k] = level / 8.0f;
  }
  for (int i = 0; i < n; ++i) hQ[i] = lcg_int(-48, 120) / 8.0f;
  std::vector<int> want(n);
  for (int i = 0; i < n; ++i) {  // count of values < Q[i]: the same position, found another way
    int count = 0;
    for (int k = 0; k < 64; ++k) count += hS[k] < hQ[i];
    want[i] = count;
  }

  DeviceArray<float> dS(hS), dQ(hQ);
  DeviceArray<int> dB(n, kGuard);
  dB.fill(0xFF);  // poison: -1
  search_sorted<<<(n + kBlock - 1) / kBlock, kBlock>>>(dS, dQ, dB, n);
  LAUNCH_CHECK();
  const std::vector<int> got = check_output("search_sorted", dB, want);

  long long total = 0;
  for (int pos : got) total += pos;
  printf(EXAMPLE ": n=%d sum=%lld checksum=%016llx\n", n, total, checksum(got));
  return finish();
}
