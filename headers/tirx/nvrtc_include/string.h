// string.h - NVRTC has no C library headers: the same as <cstring>.
#pragma once
#include <cstring>
