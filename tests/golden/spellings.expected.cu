#line 1 "spellings.cu"
// Every spelling of '#pragma tirx' that the compiler accepts is seen: the
// digraph '%:', and _Pragma strings with an encoding prefix (L, u8, u, U).
// Raw strings, prefixed or not, are skipped whole.
const char *text = u8R"x(a " ) tirx_wait(e[0]) )x";
const wchar_t *wide = LR"(#pragma tirx unroll " )";
__global__ void spellings(float *a) {
{
  { int i = 0; a[i] = 0.f; }
#line 8 "spellings.cu"
  { int i = 1; a[i] = 0.f; } }
  {
  { int i = 0; a[i] += 1.f; }
#line 10 "spellings.cu"
  { int i = 1; a[i] += 1.f; } }
  {
  { int i = 0; a[i] += 2.f; }
#line 12 "spellings.cu"
  { int i = 1; a[i] += 2.f; } }
  {
  { int i = 0; a[i] += 3.f; }
#line 14 "spellings.cu"
  { int i = 1; a[i] += 3.f; } }
  _Pragma("unroll 1")
  for (int i = 0; i < 2; ++i) a[i] += 4.f;
}
