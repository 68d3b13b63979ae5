// tirx_nvrtc_std.h - NVRTC has no C++ standard library; the stand-ins of the
// headers that device code uses include libcu++'s (<cuda/std/...>, shipped
// with the toolkit) and this, so that std::min, std::is_same_v, std::array,
// std::numeric_limits ... name libcu++'s, as they name libstdc++'s under nvcc.
// A using-directive, not copies: qualified lookup in std finds cuda::std's
// names when std itself declares none. The math functions are NVRTC's own,
// named in std by using-declarations (<cmath>, <cstdlib>, <algorithm>), so
// that `using namespace std;` and an unqualified sqrt(x) or min(a, b) stay
// unambiguous. Known limit: libcu++'s <array>, <barrier>, <bitset>,
// <expected>, <mdspan>, <optional> and <span> declare cuda::std::abs and labs,
// which then make an unqualified abs(int) ambiguous under `using namespace
// std;` (nvcc's would not be): write ::abs.
#pragma once
namespace cuda {
namespace std {}
}  // namespace cuda
namespace std {
using namespace ::cuda::std;
}  // namespace std
