// args.h - the command line: tirx-pp's own options, nvcc-style flags
// (translated for the parse or ignored), and flags read from a
// compile_commands.json (-p).
#pragma once
#include <stdbool.h>

#include "nvcc.h"
#include "tirxpp.h"

typedef struct HostWord {
  const char *word, *dir;
} HostWord;

typedef struct {
  Arena *arena;  // set by the caller
  TirxOptions opt;
  const char *in, *out;
  const char *color;     // auto, always, never
  bool depfile;          // -MD
  const char *depfile_path, *dep_target;  // -MF, -MT
  const char *build_dir;  // -p
  const char **clang;    // flags for the parse (opt.clang_args points here)
  int nclang, capclang;
  ArchList archs;        // every target named; the parse takes the highest
  Buf notes;             // what the parse assumed (printed when it parses)
  bool check;            // --check: NVRTC compiles the output first
  const char *std_from;  // where opt.std was given: "argument 3", "-p DIR's compile_commands.json"
  // The words of every -Xcompiler value, in order (nvcc joins them), each
  // with the directory its relative paths are relative to (-p), or NULL.
  VEC(HostWord) host;
} Args;

// Fills a from argv. Returns -1 to go on, or the exit status when the command
// is done (--help, --version) or wrong (usage errors are reported here).
int args_parse(int argc, char **argv, Args *a);
// The nvcc option at argv[*i] (advanced past its value), translated for the
// parse like the flags after --: for the launcher. -1, or TIRX_USAGE after
// reporting a bad value.
int args_nvcc_flag(Args *a, int argc, char **argv, int *i);
// After the flags: the architecture, the toolkit, opt's fields. -1 or an exit status.
int args_finish(Args *a);
void args_print_notes(const Args *a);
void args_free(Args *a);
