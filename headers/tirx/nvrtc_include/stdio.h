// stdio.h - NVRTC has no C library headers: the same as <cstdio>.
#pragma once
#include <cstdio>
