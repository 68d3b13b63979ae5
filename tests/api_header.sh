#!/usr/bin/env bash
# api_header.sh - rewriters/tirxpp.h is the library's whole interface: a C
# program that includes it alone, compiled with -I rewriters/ and nothing
# else of the source tree (tests/library/api_only.c), builds, links with
# libtirxpp_core.a and runs.
#   api_header.sh CC SOURCE_DIR CORE_LIBRARY WORK_DIR
set -u
cc=$1 src=$2 core=$3 work=$4
. "$(dirname "$0")/tally.sh"
rm -rf "$work"; mkdir -p "$work"
if "$cc" -std=c11 -Wall -Wextra -Werror -I"$src/rewriters" "$src/tests/library/api_only.c" "$core" \
     -ldl -lpthread -o "$work/api_only" > "$work/build.log" 2>&1; then ok "a program with tirxpp.h alone builds"
else bad "a program with tirxpp.h alone builds"; head -5 "$work/build.log"; fi
[ -x "$work/api_only" ] && out=$("$work/api_only" 2>&1) && [ "$out" = ok ] && ok "it runs" || bad "it runs (${out:-not built})"
tally_end
