// Every spelling of '#pragma tirx' that the compiler accepts is seen: the
// digraph '%:', and _Pragma strings with an encoding prefix (L, u8, u, U).
// Raw strings, prefixed or not, are skipped whole.
const char *text = u8R"x(a " ) tirx_wait(e[0]) )x";
const wchar_t *wide = LR"(#pragma tirx unroll " )";
__global__ void spellings(float *a) {
%:pragma tirx unroll
  for (int i = 0; i < 2; ++i) a[i] = 0.f;
  _Pragma(L"tirx unroll")
  for (int i = 0; i < 2; ++i) a[i] += 1.f;
  _Pragma(u8"tirx unroll")
  for (int i = 0; i < 2; ++i) a[i] += 2.f;
  _Pragma(u"tirx unroll")
  for (int i = 0; i < 2; ++i) a[i] += 3.f;
  _Pragma(U"tirx serial")
  for (int i = 0; i < 2; ++i) a[i] += 4.f;
}
