// gemm_check.h - how the GEMM examples check a C (bf16) against its reference
// computed in double on the CPU; host code, after harness.h (fail,
// check_guard). One rule for every GEMM example, plain, FP8 and grouped.
#pragma once

#include <cuda_bf16.h>

#include <cmath>
#include <cstring>
#include <vector>

// got (with `guard` poisoned elements after it) against want: every element
// within `tol` plus 2^-8 of its own value (bf16 output rounding is 2^-9), a
// relative Frobenius error under 1e-2, nothing written past the end, and where
// want is NaN (a row no expert owns) the poison 0xFFFF still there, bit for
// bit. Returns false after fail() names the first difference.
static bool check_gemm_output(const char* name, const std::vector<__nv_bfloat16>& got,
                              const std::vector<double>& want, double tol, size_t guard, unsigned char poison) {
  double err2 = 0, ref2 = 0;
  for (size_t i = 0; i < want.size(); ++i) {
    const double w = want[i];
    if (std::isnan(w)) {  // not an expert's row: untouched
      unsigned short bits;
      memcpy(&bits, &got[i], 2);
      if (bits != 0xFFFF) return fail(name, i, __bfloat162float(got[i]), NAN);
      continue;
    }
    const double g = __bfloat162float(got[i]);
    err2 += (g - w) * (g - w), ref2 += w * w;
    if (!(fabs(g - w) <= tol + fabs(w) / 256)) return fail(name, i, g, w);
  }
  if (!check_guard(name, got.data() + want.size(), guard, poison)) return false;
  const double rel = ref2 > 0 ? sqrt(err2 / ref2) : sqrt(err2);
  return rel < 1e-2 || fail(name, 0, rel * 1e6, 1e4);
}

// The checksum an example prints: of the reference rounded to bf16, so that
// it does not depend on the order of the GPU's additions.
static unsigned long long reference_checksum(const std::vector<double>& want) {
  std::vector<__nv_bfloat16> rounded(want.size());
  for (size_t i = 0; i < want.size(); ++i) rounded[i] = __float2bfloat16_rn((float)want[i]);
  return checksum(rounded);
}
