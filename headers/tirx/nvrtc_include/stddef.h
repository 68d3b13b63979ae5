// stddef.h - NVRTC has no C library headers: the same as <cstddef>.
#pragma once
#include <cstddef>
