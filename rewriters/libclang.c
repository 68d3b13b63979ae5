// libclang.c - the dlopen loader behind libclang.h.
#define LIBCLANG_LOADER
#include "libclang.h"

#include <dlfcn.h>
#include <stddef.h>

LibClang tirx_libclang;

bool libclang_load(const char **why) {
  static bool loaded;
  static const char *error;
  if (loaded || error) {
    *why = error;
    return loaded;
  }
  // The library found at build time, then the names Debian gives it.
  const char *names[] = {TIRX_LIBCLANG_PATH, "libclang-19.so.1", "libclang-19.so", "libclang.so"};
  void *lib = NULL;
  for (size_t i = 0; i < sizeof names / sizeof *names && !lib; i++) lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    error = dlerror();
    *why = error;
    return false;
  }
#define FN(ret, name, params)                                    \
  if (!(tirx_libclang.name = (ret(*) params)dlsym(lib, #name))) { \
    error = "libclang lacks " #name;                              \
    *why = error;                                                 \
    return false;                                                 \
  }
#include "libclang.def"
#undef FN
  loaded = true;
  return true;
}
