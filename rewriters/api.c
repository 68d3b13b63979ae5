// api.c - the library's interface (tirxpp.h): each call runs under an
// out-of-memory trap (util.h), so that running out of memory is an error
// the caller gets back, never the end of its process.
#include <setjmp.h>
#include <stdio.h>

#include "driver.h"
#include "libclang.h"
#include "util.h"

int tirx_rewrite(const TirxOptions *opt, const char *data, size_t len, TirxResult *out, FILE *diag_out) {
  OomTrap trap;
  oom_trap_push(&trap);
  if (setjmp(trap.jump)) {  // the trap is popped and the call's arenas freed
    tirx_result_free(out);
    if (diag_out) fputs("tirx-pp: error: out of memory\n", diag_out);
    return TIRX_IO_ERROR;
  }
  int rc = rewrite_untrapped(opt, data, len, out, diag_out);
  oom_trap_pop(&trap);
  return rc;
}

bool tirx_has_annotations(const char *data, size_t len) {
  OomTrap trap;
  oom_trap_push(&trap);
  // Without the memory to look, say "maybe": the caller then rewrites, and
  // that call reports the error.
  if (setjmp(trap.jump)) return true;
  bool any = has_annotations_untrapped(data, len);
  oom_trap_pop(&trap);
  return any;
}

bool tirx_tu_annotated(const TirxOptions *opt, const char *data, size_t len) {
  OomTrap trap;
  oom_trap_push(&trap);
  if (setjmp(trap.jump)) return true;  // "maybe": the rewrite that follows reports it
  bool any = tu_annotated_untrapped(opt, data, len);
  oom_trap_pop(&trap);
  return any;
}

// libclang's loader (libclang.c) allocates nothing of ours: no trap.
bool tirx_load_libclang(const char **why) { return libclang_load(why); }
