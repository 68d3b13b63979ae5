#!/usr/bin/env bash
# rt_symbols.sh - the static libtirx_rt exports its API and nothing else:
# every global symbol an archive defines starts with tirx_rt_ (the rewriter's
# xmalloc, buf_put, source_new... are local to it), and a C program that
# defines functions of those names (tests/library/rt_user.c) links with it
# and runs (it rewrites a kernel: libclang, no GPU).
#   rt_symbols.sh CC INCLUDE_DIR CUDA_INCLUDE_DIR DRIVER_STUB WORK_DIR ARCHIVE...
# INCLUDE_DIR holds tirx_rt.h, CUDA_INCLUDE_DIR cuda.h; DRIVER_STUB is the Driver API's libcuda.so
# (the toolkit's stub: the program does not call it). Each ARCHIVE is one
# libtirx_rt: the build tree's and the one `cmake --install` installs.
set -u
cc=$1 inc=$2 cuda_inc=$3 stub=$4 work=$5; shift 5
. "$(dirname "$0")/tally.sh"
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work"; mkdir -p "$work"
n=0
for lib in "$@"; do
  n=$((n+1)); name=$(basename "$lib")
  # nm -g --defined-only: "ADDRESS TYPE NAME" per global definition.
  others=$(nm -g --defined-only "$lib" | awk 'NF == 3 && $3 !~ /^tirx_rt_/ { print $3 }' | sort -u)
  count=$(printf '%s' "$others" | grep -c .)
  [ "$count" -eq 0 ] && ok "$name: every global symbol starts with tirx_rt_" \
    || { bad "$name: $count global symbols outside tirx_rt_"; echo "$others" | head -20; }
  exe=$work/user$n
  if "$cc" -std=c11 -I"$inc" -I"$cuda_inc" "$here/library/rt_user.c" "$lib" "$stub" -lpthread -ldl -lm -o "$exe" \
       > "$work/link$n.log" 2>&1; then ok "$name: links with a program defining xmalloc, buf_put, source_new, check_regions"
  else bad "$name: links with a program defining xmalloc, buf_put, source_new, check_regions"
    grep -m5 'multiple definition\|error' "$work/link$n.log"; continue; fi
  out=$(TIRX_RT_CACHE_DIR=$work/cache$n "$exe" 2>&1) && [[ $out == TIRX_RT_OK* ]] \
    && ok "$name: the program runs and the library rewrites a kernel" || bad "$name: the program ($out)"
done
tally_end
