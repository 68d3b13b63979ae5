// stdlib.h - NVRTC has no C library headers: the same as <cstdlib>.
#pragma once
#include <cstdlib>
