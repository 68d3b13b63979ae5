// stdint.h - NVRTC has no C library headers: the same as <cstdint>.
#pragma once
#include <cstdint>
