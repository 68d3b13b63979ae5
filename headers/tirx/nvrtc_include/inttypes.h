// inttypes.h - NVRTC has no C library headers: the same as <cinttypes>.
#pragma once
#include <cinttypes>
