// nvcc's `#pragma unroll` before a grid whose extent is a hexadecimal
// literal: tirx-pp writes that grid's extent into a `const auto` in a block
// before its loop (only digits make a plain nest), so the pragma would stand
// before no loop, and nvcc would warn that it must precede one. An error, as
// for any extent that is not written in digits alone.
__global__ void zero(float *a) {
#pragma unroll
#pragma tirx grid(i: 0x8)
  a[i] = 0.f;
}
