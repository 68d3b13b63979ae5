// assert.h - NVRTC has no C library headers: the same as <cassert>.
#pragma once
#include <cassert>
