// libclang.c - the dlopen loader behind libclang.h.
#define LIBCLANG_LOADER
#include "libclang.h"

#include <dlfcn.h>
#include <string.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>

LibClang tirx_libclang;

// The load runs once per process, whichever thread asks first (pthread_once:
// the others wait for it); its outcome never changes after that, so reading
// it needs no lock.
static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const char *load_error;  // NULL once loaded

// dlerror's text lives only until the next dl* call of this thread: the
// reason is kept in a buffer of our own.
static char dl_error[512];

static const char *load_symbols(void *lib) {
  void *sym;
  // dlsym's object pointer into the function pointer by its bytes (POSIX
  // guarantees they are the same; ISO C has no cast between the two).
#define FN(ret, name, params)                                         \
  if (!(sym = dlsym(lib, #name))) return "libclang lacks " #name;    \
  memcpy(&tirx_libclang.name, &sym, sizeof sym);
#include "libclang.def"
#undef FN
  return NULL;
}

static void load(void) {
  // The library found at build time, then the names Debian gives it.
  const char *names[] = {TIRX_LIBCLANG_PATH, "libclang-19.so.1", "libclang-19.so", "libclang.so"};
  void *lib = NULL;
  for (size_t i = 0; i < sizeof names / sizeof *names && !lib; i++) lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    const char *e = dlerror();
    snprintf(dl_error, sizeof dl_error, "%s", e ? e : "dlopen failed");
    load_error = dl_error;
    return;
  }
  load_error = load_symbols(lib);
}

bool libclang_load(const char **why) {
  pthread_once(&load_once, load);
  *why = load_error;
  return !load_error;
}
