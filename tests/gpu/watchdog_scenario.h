// tests/gpu/watchdog_scenario.h - the host side that the planted-deadlock
// programs run by tests/gpu/run_watchdog.sh share (deadlock_watchdog.cu,
// cluster_watchdog.cu): each is `PROGRAM --count` (prints its number of
// scenarios) or `PROGRAM N` (runs scenario N, which must stop on the
// watchdog). Included after examples/harness.h (EXAMPLE, parse_size,
// skip_without_device). tirx-pp's output includes it by a path relative to
// where the output is written (docs/language.md#headers-and-existing-builds), so it is found from .device/ too.
#pragma once

#include <cstring>

// The scenario that argv names, 1 .. n, once announced as run_watchdog.sh
// expects (`EXAMPLE: scenario N (WHAT): expect a watchdog on EVENT[`; what[N]
// and event[N], index 0 unused). `--count` prints n and exits 0; other
// arguments, a usage line and exit 2; no GPU, exit 77.
inline int watchdog_scenario(int argc, char** argv, int n, const char* const* what, const char* const* event) {
  if (argc == 2 && strcmp(argv[1], "--count") == 0) {
    printf("%d\n", n);
    exit(0);
  }
  if (argc != 2) {
    fprintf(stderr, "usage: %s SCENARIO (1..%d) | --count\n", argv[0], n);
    exit(2);
  }
  const int scenario = parse_size(argc, argv, 1, 1, n);
  skip_without_device();
  printf(EXAMPLE ": scenario %d (%s): expect a watchdog on %s[\n", scenario, what[scenario], event[scenario]);
  fflush(stdout);
  return scenario;
}

// The lines of the watchdog's table that the scenario must print, one per
// line of `lines`, each announced as run_watchdog.sh expects
// (`EXAMPLE: expect the line: TEXT`; it finds TEXT in a line of the device's
// output, file names without their folders).
inline void watchdog_expect_lines(const char* lines) {
  for (const char* p = lines; *p;) {
    const char* end = strchr(p, '\n');
    const int n = end ? (int)(end - p) : (int)strlen(p);
    printf(EXAMPLE ": expect the line: %.*s\n", n, p);
    p += n + (end ? 1 : 0);
  }
  fflush(stdout);
}

// main's result once the scenario's kernel is over with `err`: 1 when it
// stopped (the trap: the point), 3 when it finished (a failure of the test).
inline int watchdog_stopped(int scenario, cudaError_t err) {
  fflush(stdout);
  if (err == cudaSuccess) {
    printf(EXAMPLE ": FAIL scenario %d: the kernel finished; it was meant to deadlock\n", scenario);
    return 3;
  }
  printf(EXAMPLE ": scenario %d stopped: %s\n", scenario, cudaGetErrorString(err));
  return 1;
}
