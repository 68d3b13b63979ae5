// time.h - NVRTC has no C library headers: the same as <ctime>.
#pragma once
#include <ctime>
