// math.h - NVRTC has no C library headers: the same as <cmath>.
#pragma once
#include <cmath>
