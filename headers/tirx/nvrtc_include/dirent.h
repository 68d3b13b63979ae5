// dirent.h - host code only, which tirx-pp --check leaves out of what NVRTC
// compiles; this keeps an #include of it from stopping the compile.
#pragma once
