// A side effect in the loop's header: the start '(j = 5, 0)' sets j before
// the loop runs, but the expanded copies use the start's value alone, so j
// stayed as it was and the loop summed other numbers. An error, as for a side
// effect in the condition ('i < (n++, 3)') or the step ('i += (c++, 1)').
__global__ void k(int *out) {
  int j = 0, s = 0;
#pragma tirx unroll
  for (int i = (j = 5, 0); i < 3; i++) s = s * 10 + i + j;
  out[0] = s;
}
