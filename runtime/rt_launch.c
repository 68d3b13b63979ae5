// rt_launch.c - what a launch configuration may hold, checked before the
// Driver API sees it (and so testable without a GPU).
#include <limits.h>
#include <stdio.h>

#include "rt_internal.h"

TirxRtStatus rt_check_launch(const TirxRtLaunch *l, char *msg, size_t msglen) {
  // cuFuncSetAttribute takes the dynamic shared memory as an int (and
  // cuLaunchKernelEx as an unsigned): a larger size_t would be cut short
  // into a different, smaller size.
  if (l->shared_bytes > INT_MAX) {
    snprintf(msg, msglen, "%zu bytes of dynamic shared memory: at most %d can be asked for", l->shared_bytes,
             INT_MAX);
    return TIRX_RT_ERR_ARGUMENT;
  }
  return TIRX_RT_OK;
}
