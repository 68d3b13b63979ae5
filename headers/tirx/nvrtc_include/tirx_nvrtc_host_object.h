// tirx_nvrtc_host_object.h - what the stand-ins' host classes are made of
// (std::string, std::vector, std::shared_ptr, std::mutex, std::ostream, ...).
// tirx-pp --check blanks host functions, not classes: a class that only host
// code uses reaches NVRTC with its members and their initializers
// (`std::string name_ = "Matrix";`, `std::shared_ptr<T> p = nullptr;`,
// `std::vector<int> dims{1, 2};`), so a stand-in takes any initializer. Device
// code never uses them.
#pragma once
namespace tirx_nvrtc {
struct host_object {
  host_object() = default;
  template <class... A>
  constexpr host_object(A &&...) {}
};
}  // namespace tirx_nvrtc
