// ring.h - the kernel that the unit tests of the checks (test_checks.c,
// test_check_fns.c) vary: a producer (wg 0) and a consumer (wg 1) over a
// 4-slot ring. BOOT is what the consumer does before its loop, EMPTY the
// clauses of 'empty', WAIT the consumer's wait; `p` is data for waits that
// read memory.
#pragma once

#define RING_WAIT(BOOT, EMPTY, WAIT)                         \
  "#include \"tirx.h\"\n"                                    \
  "__global__ void k(float *out, const int *p, int n) {\n"   \
  "#pragma tirx warpgroups(wg: 2)\n"                         \
  "#pragma tirx event full[4]\n"                             \
  "#pragma tirx event empty[4]" EMPTY "\n"                   \
  "#pragma tirx async(wg == 0)\n"                            \
  "  {\n"                                                    \
  "    for (int i = 0; i < n; ++i) {\n"                      \
  "      tirx_wait(empty[i % 4]);\n"                         \
  "      tirx_trigger(full[i % 4]);\n"                       \
  "    }\n"                                                  \
  "  }\n"                                                    \
  "#pragma tirx async(wg == 1)\n"                            \
  "  {\n"                                                    \
  "    " BOOT "\n"                                           \
  "    for (int i = 0; i < n; ++i) {\n"                      \
  "      " WAIT ";\n"                                        \
  "      out[i] = 1;\n"                                      \
  "      tirx_trigger(empty[i % 4]);\n"                      \
  "    }\n"                                                  \
  "  }\n"                                                    \
  "}\n"

// The ring with the consumer's plain wait.
#define RING(BOOT, EMPTY) RING_WAIT(BOOT, EMPTY, "tirx_wait(full[i % 4])")
