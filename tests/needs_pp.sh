#!/usr/bin/env bash
# A file built without tirx-pp whose macros only tirx-pp can lower must fail
# with tirx.h's static_assert naming each of them (docs/language.md#spellings: no silent build).
#   needs_pp.sh FILE HEADER_DIR WORK_DIR MACRO...
set -u
file=$1 headers=$2 work=$3
shift 3
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
mkdir -p "$work"
log=$work/$(basename "$file").log
if "$nvcc" -x cu -std=c++17 -c -I "$headers" -o "$work/out.o" "$file" > "$log" 2>&1; then
  echo "FAIL $file compiled without tirx-pp"; exit 1
fi
fail=0
for m in "$@"; do
  if grep -q "static assertion failed with \"$m needs tirx-pp" "$log"; then echo "ok   $m"; else echo "FAIL $m: no static_assert"; fail=1; fi
done
[ $fail -eq 0 ] || cat "$log"
exit $fail
