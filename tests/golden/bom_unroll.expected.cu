#line 1 "bom_unroll.cu"
// A file that starts with a UTF-8 byte order mark: it stays first, before the #line.
__global__ void zero(float *x) {
{
  { int i = 0; x[i] = 0; }
#line 4 "bom_unroll.cu"
  { int i = 1; x[i] = 0; } }
}
