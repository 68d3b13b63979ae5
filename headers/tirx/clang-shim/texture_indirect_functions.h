// TIRX_PP_OWN_HEADER 0.1.0
// texture_indirect_functions.h - empty stand-in for the header that CUDA 13 removed and clang 19's CUDA
// wrapper still includes. Only tirx-pp's libclang parse sees this directory.
#pragma once
