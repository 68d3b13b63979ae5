#!/usr/bin/env bash
# build_id.sh - the rewriter's build id: the SHA-256 of every source under
# rewriters/ (.c, .h, .def; each file's path and SHA-256, in path order). Part of
# libtirx_rt's cache keys, so that a changed rewriter never serves a rewrite
# or cubin made by the old one. The CMake build and tests/gpu/run_rt.sh's
# gcc build both take it from here, so that a rewrite prepared by one is
# found by the other.
#   build_id.sh ROOT           prints it
#   build_id.sh ROOT HEADER    writes HEADER: #define TIRX_PP_BUILD_ID "..."
set -eu
root=$1
id=$(cd "$root/rewriters" && find . -type f \( -name '*.c' -o -name '*.h' -o -name '*.def' \) | LC_ALL=C sort |
    while read -r f; do
      printf '%s %s\n' "$f" "$(sha256sum < "$f" | cut -c1-64)"
  done | sha256sum | cut -c1-64)
if [ $# -lt 2 ]; then
  echo "$id"
  exit 0
fi
line="#define TIRX_PP_BUILD_ID \"$id\""
# Rewritten only when it changes, so that nothing recompiles for nothing.
if [ ! -f "$2" ] || [ "$(cat "$2")" != "$line" ]; then echo "$line" > "$2"; fi
