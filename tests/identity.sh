#!/usr/bin/env bash
# Unannotated files must come out byte for byte, both on the fast path (no
# libclang) and through the full parse (--parse-always).
#   identity.sh TIRX_PP IDENTITY_DIR
set -u
tool=$1 dir=$2
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
for f in "$dir"/*; do
  for mode in fast parse; do
    flags=(); [ "$mode" = parse ] && flags=(--parse-always)
    if "$tool" "${flags[@]}" "$f" > "$tmp/out" 2> "$tmp/err" && cmp -s "$f" "$tmp/out" && [ ! -s "$tmp/err" ]; then
      pass=$((pass+1)); echo "ok   $(basename "$f") ($mode)"
    else
      fail=$((fail+1)); echo "FAIL $(basename "$f") ($mode)"; cat "$tmp/err"; cmp "$f" "$tmp/out"
    fi
  done
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
