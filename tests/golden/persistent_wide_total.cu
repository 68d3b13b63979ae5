// Where TOTAL's type reaches past int (an int64_t or unsigned count), the int tile index
// walks below it with tirx_tile_below, which traps where TOTAL is past what
// an int counts; so does one whose type depends on a template parameter (an
// instantiation may make it wide: the test is compiled only where it is).
// An int TOTAL keeps the plain condition.
#include <cstddef>
#include <cstdint>
__global__ void scale_all(float *x, int n, unsigned u, size_t z, int64_t tiles, int rows) {
#pragma tirx persistent(t: n)
  x[t] *= 2.f;
#pragma tirx persistent(t: u)
  x[t] *= 2.f;
#pragma tirx persistent(t: z)
  x[t] *= 2.f;
#pragma tirx persistent(tile: tiles)
  x[tile] *= min(128, rows - tile * 128);
  // An order numbers the tiles with int: TOTAL goes in through
  // tirx_tile_count, which traps past int as well.
#pragma tirx persistent(tile: tiles) order(grouped(8, 4))
  x[tile] += 1.f;
#pragma tirx persistent(tile: z) order(longest_first(8, 1))
  x[tile] += 1.f;
}
template <class T>
__global__ void scale_any(float *x, T n) {
#pragma tirx persistent(t: n)
  x[t] *= 2.f;
}
template __global__ void scale_any<size_t>(float *, size_t);
template __global__ void scale_any<int>(float *, int);
template __global__ void scale_any<unsigned>(float *, unsigned);
template __global__ void scale_any<short>(float *, short);
// A count of class type that converts to long long (8 bytes of data): the
// trap's test compares with no cast to the class.
struct Count {
  long long n;
  __host__ __device__ operator long long() const { return n; }
};
template __global__ void scale_any<Count>(float *, Count);
