#!/usr/bin/env bash
# Compiles tests/headers/hopper_compile.cu (every function of tirx/tma.h and
# tirx/wgmma.h) for sm_90a, sm_90 and sm_80 with warnings as errors, checks
# the PTX for each instruction meant (wgmma only on sm_90a; a trap in its
# place elsewhere), and runs the host part (no GPU needed).
#   hopper.sh [HEADER_DIR]      (NVCC=... to choose nvcc)
set -u
here=$(cd "$(dirname "$0")" && pwd)
headers=${1:-$here/../../headers}
src=$here/hopper_compile.cu
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
ok() { echo "ok   $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }
strict=(-std=c++17 -I "$headers" -Werror all-warnings -Xcompiler -Wall,-Wextra)

for t in 90a:compute_90a 90:compute_90 80:compute_80; do
  tag=sm_${t%%:*}
  if "$nvcc" "${strict[@]}" -ptx -gencode=arch=${t#*:},code=$tag -o "$work/$tag.ptx" "$src" > "$work/$tag.log" 2>&1 &&
     [ ! -s "$work/$tag.log" ]; then
    ok "ptx $tag, no warnings"
  else
    bad "ptx $tag"; sed 's/^/     /' "$work/$tag.log"
  fi
done
if "$nvcc" "${strict[@]}" -c -gencode=arch=compute_90a,code=sm_90a -o "$work/a.o" "$src" > "$work/obj.log" 2>&1; then
  ok "sm_90a object code (ptxas)"
else
  bad "sm_90a object code (ptxas)"; sed 's/^/     /' "$work/obj.log"
fi

S='[[:space:]]+' R='%r[0-9]+' RD='%rd[0-9]+'
want() {  # tag description regex
  if grep -Eq -- "$3" "$work/$1.ptx" 2>/dev/null; then ok "$1 has $2"; else bad "$1 has $2   /$3/"; fi
}
reject() {
  if [ -f "$work/$1.ptx" ] && ! grep -Eq -- "$3" "$work/$1.ptx"; then ok "$1 lacks $2"; else bad "$1 lacks $2   /$3/"; fi
}
want sm_90a "TMA load"            "cp\.async\.bulk\.tensor\.2d\.shared::cluster\.global\.mbarrier::complete_tx::bytes$S\[$R\], \[$RD, \{$R, $R\}\], \[$R\];"
want sm_90a "TMA store"           "cp\.async\.bulk\.tensor\.2d\.global\.shared::cta\.bulk_group$S\[$RD, \{$R, $R\}\], \[$R\];"
want sm_90a "bulk commit"         "cp\.async\.bulk\.commit_group;"
want sm_90a "bulk wait read"      "cp\.async\.bulk\.wait_group\.read${S}0;"
want sm_90a "bulk wait"           "cp\.async\.bulk\.wait_group${S}0;"
want sm_90a "prefetch.tensormap"  "prefetch\.tensormap$S\[$RD\];"
want sm_90a "wgmma m64n256k16"    "wgmma\.mma_async\.sync\.aligned\.m64n256k16\.f32\.bf16\.bf16"
want sm_90a "wgmma m64n128k16"    "wgmma\.mma_async\.sync\.aligned\.m64n128k16\.f32\.bf16\.bf16"
want sm_90a "wgmma.fence"         "wgmma\.fence\.sync\.aligned;"
want sm_90a "wgmma.commit_group"  "wgmma\.commit_group\.sync\.aligned;"
want sm_90a "wgmma.wait_group 1"  "wgmma\.wait_group\.sync\.aligned${S}1;"
want sm_90a "proxy fence"         "fence\.proxy\.async\.shared::cta;"
reject sm_90a "trap"              "trap;"
want sm_90 "TMA load"             "cp\.async\.bulk\.tensor\.2d"
reject sm_90 "wgmma (sm_90a only)" "wgmma"
want sm_90 "trap (wgmma)"         "trap;"
reject sm_80 "sm_90 instructions" "cp\.async\.bulk|wgmma|prefetch\.tensormap|fence\.proxy"
want sm_80 "trap (TMA, wgmma)"    "trap;"

# The host part: built for the host and run (descriptor fields).
if "$nvcc" -std=c++17 -I "$headers" -gencode=arch=compute_90a,code=sm_90a -o "$work/host" "$src" > "$work/host.log" 2>&1; then
  if "$work/host" > "$work/run.log" 2>&1; then ok "host: $(cat "$work/run.log")"; else bad "host run"; sed 's/^/     /' "$work/run.log"; fi
else
  bad "host build"; sed 's/^/     /' "$work/host.log"
fi

# Both headers are valid C++ for a host compiler (the device functions inline).
cxx=${CXX:-$(command -v g++ || command -v c++ || echo c++)}
cuda_inc=$(dirname "$(dirname "$(readlink -f "$(command -v "$nvcc")")")")/include
if printf '#include "tirx/tma.h"\n#include "tirx/wgmma.h"\n' |
     "$cxx" -std=c++17 -Wall -Wextra -Werror -fsyntax-only -I "$headers" -I "$cuda_inc" -x c++ - > "$work/cxx.log" 2>&1; then
  ok "host C++ ($cxx)"
else
  bad "host C++ ($cxx)"; sed 's/^/     /' "$work/cxx.log"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
