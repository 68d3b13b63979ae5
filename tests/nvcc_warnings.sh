#!/usr/bin/env bash
# tirx-pp adds no nvcc warning: for each golden NAME, the warnings nvcc gives
# for NAME.expected.cu (tirx-pp's output, whose #line directives point at
# NAME.cu) must be among those it gives for NAME.cu itself with tirx.h's
# fallbacks (where the only extra warning, an unrecognized '#pragma tirx', is
# suppressed). Compared as 'FILE(LINE): warning #CODE' lines, sm_90a.
#   nvcc_warnings.sh GOLDEN_DIR HEADER_DIR WORK_DIR NAME...
set -u
golden=$1 headers=$2 work=$3
shift 3
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
mkdir -p "$work"
warnings() {  # file tag -> sorted warning lines (exit 1 when nvcc fails)
  (cd "$golden" && "$nvcc" -x cu -std=c++17 -c -I "$headers" -gencode=arch=compute_90a,code=sm_90a \
     -Xcudafe --diag_suppress=20199 -o "$work/$2.o" "$1") > "$work/$2.log" 2>&1 || { cat "$work/$2.log"; return 1; }
  grep -o '^[^ ]*([0-9]*): warning #[0-9]*' "$work/$2.log" | sort -u
}
fail=0
for name in "$@"; do
  if ! before=$(warnings "$name.cu" "$name.in") || ! after=$(warnings "$name.expected.cu" "$name.out"); then
    echo "FAIL $name: nvcc failed"; fail=1; continue
  fi
  new=$(comm -13 <(echo "$before") <(echo "$after"))
  if [ -n "$new" ]; then
    echo "FAIL $name: warnings tirx-pp added:"; echo "$new"; cat "$work/$name.out.log"; fail=1
  else
    echo "ok   $name"
  fi
done
exit $fail
