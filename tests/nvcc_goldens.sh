#!/usr/bin/env bash
# Compiles every golden output (GOLDEN_DIR/*.expected.cu) with nvcc for sm_90a
# and sm_80: what tirx-pp writes must be valid CUDA.
#   nvcc_goldens.sh GOLDEN_DIR HEADER_DIR WORK_DIR
set -u
golden=$1 headers=$2 work=$3
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
mkdir -p "$work"
compile() {  # file arch-flags tag
  local f=$1 flags=$2 tag=$3 name
  name=$(basename "$f" .expected.cu)
  if "$nvcc" -x cu -std=c++17 -c -I "$headers" $flags -Xcudafe --diag_suppress=177 \
       -o "$work/$name.$tag.o" "$f" > "$work/$name.$tag.log" 2>&1; then
    echo "ok   $name ($tag)"
  else
    echo "FAIL $name ($tag)"; cat "$work/$name.$tag.log"; return 1
  fi
}
export -f compile; export nvcc headers work
pass=0 fail=0
for f in "$golden"/*.expected.cu; do
  for t in "sm_90a:-gencode=arch=compute_90a,code=sm_90a" "sm_80:-gencode=arch=compute_80,code=sm_80"; do
    echo "$f ${t#*:} ${t%%:*}"
  done
done > "$work/jobs"
while read -r line; do
  if echo "$line" | grep -q '^ok'; then pass=$((pass+1)); elif echo "$line" | grep -q '^FAIL'; then fail=$((fail+1)); fi
  echo "$line"
done < <(xargs -P "$(nproc)" -L 1 bash -c 'compile "$0" "$1" "$2"' < "$work/jobs")
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
