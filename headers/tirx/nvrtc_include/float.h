// float.h - NVRTC has no C library headers: the same as <cfloat>.
#pragma once
#include <cfloat>
