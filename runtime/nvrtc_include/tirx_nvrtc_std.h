// tirx_nvrtc_std.h - NVRTC has no C++ standard library; the stand-ins of the
// headers that device code uses include libcu++'s (<cuda/std/...>, shipped
// with the toolkit) and this, so that std::min, std::is_same_v, std::array,
// std::numeric_limits ... name libcu++'s, as they name libstdc++'s under nvcc.
// A using-directive, not copies: qualified lookup in std finds cuda::std's
// names when std itself declares none.
#pragma once
namespace cuda {
namespace std {}
}  // namespace cuda
namespace std {
using namespace ::cuda::std;
}  // namespace std
