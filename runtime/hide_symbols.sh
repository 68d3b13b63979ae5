#!/bin/sh
# hide_symbols.sh IN.a OUT.a [LD OBJCOPY AR NM] - libtirx_rt as it is given
# to users: IN.a's objects linked into two relocatable objects whose only
# global definitions start with tirx_rt_, so that the rewriter's helpers
# (xmalloc, buf_put, source_new...) never meet a program's own names.
#   tirx_rt.o  tirx_rt.c.o, the Driver API calls, as it is;
#   core.o     everything else (cache, build, rewriter, NVRTC's loader),
#              `ld -r` into one object, then every global made local but
#              tirx_rt_* and what tirx_rt.o calls, renamed tirx_rt__NAME.
# Two objects, not one: a program that only rewrites (tirx_rt_prepare) does
# not pull tirx_rt.o in, and so does not need libcuda.so.1 to start.
set -eu
in=$1 out=$2 ld=${3:-ld} objcopy=${4:-objcopy} ar=${5:-ar} nm=${6:-nm}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$in" "$tmp/rest.a"
(cd "$tmp" && "$ar" x rest.a tirx_rt.c.o && "$ar" d rest.a tirx_rt.c.o)
"$ld" -r -o "$tmp/core.o" --whole-archive "$tmp/rest.a"
# What tirx_rt.o uses that core.o defines: the private names between them.
"$nm" -u "$tmp/tirx_rt.c.o" | awk '{ print $NF }' | sort -u > "$tmp/uses"
"$nm" -g --defined-only "$tmp/core.o" | awk 'NF == 3 { print $3 }' | sort -u > "$tmp/defs"
comm -12 "$tmp/uses" "$tmp/defs" | grep -v '^tirx_rt_' | awk '{ print $1, "tirx_rt__" $1 }' > "$tmp/renames" || true
"$objcopy" --redefine-syms="$tmp/renames" "$tmp/tirx_rt.c.o" "$tmp/tirx_rt.o"
"$objcopy" --redefine-syms="$tmp/renames" "$tmp/core.o"
"$objcopy" --wildcard --keep-global-symbol='tirx_rt_*' "$tmp/core.o"
rm -f "$out"
"$ar" qc "$out" "$tmp/tirx_rt.o" "$tmp/core.o"
"$ar" s "$out"
