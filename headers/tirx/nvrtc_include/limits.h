// limits.h - NVRTC has no C library headers: the same as <climits>.
#pragma once
#include <climits>
