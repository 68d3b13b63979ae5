#!/usr/bin/env bash
# Compiles tests/headers/ptx_compile.cu (every function of headers/tirx/ptx.h
# and tirx/grid.h)
# and hopper_compile.cu (every function of tirx/tma.h and tirx/wgmma.h) for
# sm_90a, sm_90, sm_80 and sm_75 with warnings as errors, then checks that the
# PTX holds each instruction meant for that target (and none it must not);
# runs tile_grouped.cu (tirx.h's tile order), launch_errors.cu (its launch
# helpers) and hopper_compile.cu (the wgmma descriptor's bits) on the host.
#   compile.sh [HEADER_DIR]      (NVCC=... to choose nvcc)
# One line per check, then "N passed, N failed"; exit status 1 on any failure.
set -u
here=$(cd "$(dirname "$0")" && pwd)
headers=${1:-$here/../../headers}
src=$here/ptx_compile.cu
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
ok() { echo "ok   $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }
strict=(-std=c++17 -I "$headers" -Xptxas -Werror -Werror all-warnings -Xcompiler -Wall,-Wextra)

# 1. Object code, warning-free: nvcc succeeds and prints nothing (no ptxas info either).
hopper=$here/hopper_compile.cu
for t in 90a:compute_90a,code=sm_90a 90:compute_90,code=sm_90 80:compute_80,code=sm_80 75:compute_75,code=sm_75; do
  for f in "$src" "$hopper"; do
    tag=sm_${t%%:*}; [ "$f" = "$hopper" ] && tag=hopper-$tag
    if "$nvcc" "${strict[@]}" -c -gencode=arch=${t#*:} -o "$work/$tag.o" "$f" > "$work/$tag.log" 2>&1 &&
       [ ! -s "$work/$tag.log" ]; then
      ok "compile $tag"
    else
      bad "compile $tag"; sed 's/^/     /' "$work/$tag.log"
    fi
  done
done

# 2. A bad register count is a compile error that says why.
if "$nvcc" "${strict[@]}" -c -DTIRX_TEST_BAD_SETMAXNREG -gencode=arch=compute_90a,code=sm_90a \
     -o "$work/bad.o" "$src" > "$work/bad.log" 2>&1; then
  bad "setmaxnreg<20> rejected"
elif grep -q "multiple of 8 in \[24, 256\]" "$work/bad.log"; then
  ok "setmaxnreg<20> rejected"
else
  bad "setmaxnreg<20> rejected (other error)"; sed 's/^/     /' "$work/bad.log"
fi

# 3. The header alone is valid C++ for a host compiler (TIRX_DEVICE = inline).
cxx=${CXX:-$(command -v g++ || command -v c++ || echo c++)}
cuda_inc=$(dirname "$(dirname "$(readlink -f "$(command -v "$nvcc")")")")/include  # tma.h includes <cuda.h>
if printf '#include "tirx/ptx.h"\n#include "tirx/tma.h"\n#include "tirx/wgmma.h"\n' |
     "$cxx" -std=c++17 -Wall -Wextra -Werror -fsyntax-only -I "$headers" -I "$cuda_inc" -x c++ - > "$work/host.log" 2>&1; then
  ok "host C++ ($cxx)"
else
  bad "host C++ ($cxx)"; sed 's/^/     /' "$work/host.log"
fi

# 4. tirx.h's host-and-device helpers, run on the host: tirx_tile_grouped visits
#    every tile once, in the grouped order (tile_grouped.cu).
if "$nvcc" "${strict[@]}" -o "$work/tile_grouped" "$here/tile_grouped.cu" > "$work/tg.log" 2>&1 &&
   "$work/tile_grouped" >> "$work/tg.log" 2>&1; then
  ok "tirx_tile_grouped: $(tail -n 1 "$work/tg.log")"
else
  bad "tirx_tile_grouped"; sed 's/^/     /' "$work/tg.log"
fi

# 5. tirx.h's launch helpers on failing launches (launch_errors.cu): status(VAR)
#    returns the error, a handler of one's own sees it, the default prints
#    "FILE:LINE: launch of KERNEL failed: ..." and exits with status 1.
if "$nvcc" "${strict[@]}" -o "$work/launch_errors" "$here/launch_errors.cu" > "$work/le.log" 2>&1; then
  "$work/launch_errors" > "$work/le.out" 2>&1
  rc=$?
  if [ "$rc" -eq 1 ] && grep -q '^f\.cu:11:5: launch of kern failed: ' "$work/le.out" && [ "$(wc -l < "$work/le.out")" -eq 1 ]; then
    ok "launch helpers: $(cat "$work/le.out")"
  else
    bad "launch helpers (exit status $rc)"; sed 's/^/     /' "$work/le.out"
  fi
else
  bad "launch helpers compile"; sed 's/^/     /' "$work/le.log"
fi

# 6. PTX per target: want (grep -E must match) / reject (must not).
for t in 90a:compute_90a 90:compute_90 80:compute_80; do
  tag=sm_${t%%:*}
  "$nvcc" -std=c++17 -I "$headers" -ptx -gencode=arch=${t#*:},code=$tag -o "$work/$tag.ptx" "$src" \
    > "$work/$tag.ptx.log" 2>&1 || { bad "ptx $tag"; sed 's/^/     /' "$work/$tag.ptx.log"; }
  "$nvcc" -std=c++17 -I "$headers" -ptx -gencode=arch=${t#*:},code=$tag -o "$work/hopper-$tag.ptx" "$hopper" \
    > "$work/hopper-$tag.ptx.log" 2>&1 || { bad "ptx hopper-$tag"; sed 's/^/     /' "$work/hopper-$tag.ptx.log"; }
done
S='[[:space:]]+' R='%r[0-9]+' RD='%rd[0-9]+'
want() {  # tag description regex
  if grep -Eq -- "$3" "$work/$1.ptx" 2>/dev/null; then ok "$1 has $2"; else bad "$1 has $2   /$3/"; fi
}
reject() {
  if [ -f "$work/$1.ptx" ] && ! grep -Eq -- "$3" "$work/$1.ptx"; then ok "$1 lacks $2"; else bad "$1 lacks $2   /$3/"; fi
}
want sm_90a "mbarrier.init"                "mbarrier\.init\.shared::cta\.b64$S\[$R\], $R;"
want sm_90a "mbarrier.arrive (no token)"   "mbarrier\.arrive\.shared::cta\.b64${S}_, \[$R\];"
want sm_90a "mbarrier.arrive (token)"      "mbarrier\.arrive\.shared::cta\.b64$S$RD, \[$R\];"
want sm_90a "mbarrier.arrive count"        "mbarrier\.arrive\.shared::cta\.b64${S}_, \[$R\], $R;"
want sm_90a "mbarrier.arrive.expect_tx"    "mbarrier\.arrive\.expect_tx\.shared::cta\.b64${S}_, \[$R\], $R;"
want sm_90a "mbarrier.expect_tx"           "mbarrier\.expect_tx\.shared::cta\.b64$S\[$R\], $R;"
want sm_90a "mbarrier.try_wait.parity+hint" "mbarrier\.try_wait\.parity\.shared::cta\.b64${S}p, \[$R\], $R, $R;"
want sm_90a "%clock64 (watchdog)"          "mov\.u64$S$RD, %clock64;"
want sm_90a "fence.mbarrier_init"          "fence\.mbarrier_init\.release\.cluster;"
want sm_90a "%cluster_ctarank"              "mov\.u32$S$R, %cluster_ctarank;"
want sm_90a "%cluster_nctarank"             "mov\.u32$S$R, %cluster_nctarank;"
want sm_90a "%cluster_ctaid.y"              "mov\.u32$S$R, %cluster_ctaid\.y;"
want sm_90a "%cluster_ctaid.z"              "mov\.u32$S$R, %cluster_ctaid\.z;"
want sm_90a "mapa"                          "mapa\.shared::cluster\.u32$S$R, $R, $R;"
want sm_90a "barrier.cluster.arrive"        "barrier\.cluster\.arrive\.release;"
want sm_90a "barrier.cluster.wait"          "barrier\.cluster\.wait\.acquire;"
want sm_90a "mbarrier.arrive remote (cta)"  "mbarrier\.arrive\.shared::cluster\.b64${S}_, \[$R\];"
want sm_90a "fence.acq_rel.cluster"         "fence\.acq_rel\.cluster;"
want sm_90a "mbarrier.arrive release.cluster" "mbarrier\.arrive\.release\.cluster\.shared::cluster\.b64${S}_, \[$R\];"
want sm_90a "try_wait acquire.cluster"      "mbarrier\.try_wait\.parity\.acquire\.cluster\.shared::cta\.b64${S}p, \[$R\], $R, $R;"
want sm_90a "mbarrier.inval"               "mbarrier\.inval\.shared::cta\.b64$S\[$R\];"
want sm_90a "fence.proxy.async.shared::cta" "fence\.proxy\.async\.shared::cta;"
want sm_90a "bar.sync id (all threads)"    "bar\.sync$S$R;"
want sm_90a "bar.sync id, n"               "bar\.sync$S$R, $R;"
want sm_90a "bar.arrive id, n"             "bar\.arrive$S$R, $R;"
want sm_90a "setmaxnreg.inc 232"           "setmaxnreg\.inc\.sync\.aligned\.u32${S}232;"
want sm_90a "setmaxnreg.dec 40"            "setmaxnreg\.dec\.sync\.aligned\.u32${S}40;"
want sm_90a "elect.sync"                   "elect\.sync${S}_\|p"
want sm_90a "%laneid"                      "mov\.u32$S$R, %laneid;"
want sm_90a "red.release.gpu (grid.h)"     "red\.release\.gpu\.global\.add\.u32$S\[$RD\], $R;"
want sm_90a "atom.acq_rel.gpu (grid.h)"    "atom\.acq_rel\.gpu\.global\.add\.u32$S$R, \[$RD\], $R;"
want sm_90a "ld.acquire.gpu (grid.h)"      "ld\.acquire\.gpu\.global\.u32$S$R, \[$RD\];"
want sm_90a "st.relaxed.gpu (grid.h)"      "st\.relaxed\.gpu\.global\.u32$S\[$RD\], $R;"
want sm_90a "nanosleep (grid.h)"           "nanosleep\.u32$S$R;"
want sm_80 "red.release.gpu (grid.h)"      "red\.release\.gpu\.global\.add\.u32"
reject sm_90a "trap"                       "trap;"
want sm_90 "mbarrier.try_wait.parity"      "mbarrier\.try_wait\.parity\.shared::cta\.b64"
reject sm_90 "setmaxnreg (sm_90a only)"    "setmaxnreg"
want sm_80 "mbarrier.test_wait.parity"     "mbarrier\.test_wait\.parity\.shared::cta\.b64${S}p, \[$R\], $R;"
want sm_80 "mbarrier.arrive.noComplete"    "mbarrier\.arrive\.noComplete\.shared::cta\.b64${S}_, \[$R\], $R;"
want sm_80 "mbarrier.init"                 "mbarrier\.init\.shared::cta\.b64"
want sm_80 "mbarrier.inval"                "mbarrier\.inval\.shared::cta\.b64"
want sm_80 "trap (expect_tx)"              "trap;"
reject sm_80 "sm_90 instructions"          "try_wait|expect_tx|fence\.proxy\.async|fence\.mbarrier_init|setmaxnreg|elect\.sync"
# tirx/tma.h and tirx/wgmma.h (hopper_compile.cu).
want hopper-sm_90a "TMA load"           "cp\.async\.bulk\.tensor\.2d\.shared::cluster\.global\.mbarrier::complete_tx::bytes$S\[$R\], \[$RD, \{$R, $R\}\], \[$R\];"
want hopper-sm_90a "TMA load, L2 hint"  "cp\.async\.bulk\.tensor\.2d\.shared::cluster\.global\.mbarrier::complete_tx::bytes\.L2::cache_hint$S\[$R\], \[$RD, \{$R, $R\}\], \[$R\], $RD;"
want hopper-sm_90a "TMA multicast, L2 hint" "cp\.async\.bulk\.tensor\.2d\.shared::cluster\.global\.mbarrier::complete_tx::bytes\.multicast::cluster\.L2::cache_hint$S\[$R\], \[$RD, \{$R, $R\}\], \[$R\], %rs[0-9]+, $RD;"
want hopper-sm_90a "createpolicy evict_first" "createpolicy\.fractional\.L2::evict_first\.b64$S$RD, 1\.0;"
want hopper-sm_90a "createpolicy evict_last"  "createpolicy\.fractional\.L2::evict_last\.b64$S$RD, 1\.0;"
want hopper-sm_90a "TMA store"          "cp\.async\.bulk\.tensor\.2d\.global\.shared::cta\.bulk_group$S\[$RD, \{$R, $R\}\], \[$R\];"
want hopper-sm_90a "bulk commit"        "cp\.async\.bulk\.commit_group;"
want hopper-sm_90a "bulk wait read"     "cp\.async\.bulk\.wait_group\.read${S}0;"
want hopper-sm_90a "bulk wait"          "cp\.async\.bulk\.wait_group${S}0;"
want hopper-sm_90a "prefetch.tensormap" "prefetch\.tensormap$S\[$RD\];"
# Every wgmma of tirx/wgmma.h, each its own instruction: the SS form (two
# descriptors, no transpose), the RS form (A in 4 registers, TRANS_B as
# hopper_compile.cu instantiates it).
W='wgmma\.mma_async\.sync\.aligned' ACC='\{[^}]*\}' SS="$RD, $RD, p, 1, 1, 0, 0;" RS="\{$R, $R, $R, $R\}, $RD, p, 1, 1"
for shape in m64n256k16.bf16 m64n128k16.bf16 m64n128k16.f16 m64n160k16.bf16 m64n160k16.f16 m64n64k16.bf16 \
             m64n64k16.f16 m64n152k16.bf16 m64n80k16.bf16; do
  mnk=${shape%.*} t=${shape#*.}
  want hopper-sm_90a "wgmma $mnk $t (SS)" "$W\.$mnk\.f32\.$t\.$t $ACC, $SS"
done
want hopper-sm_90a "wgmma m64n64k16 bf16 (RS, trans-b)"  "$W\.m64n64k16\.f32\.bf16\.bf16 $ACC, $RS, 1;"
want hopper-sm_90a "wgmma m64n64k16 f16 (RS)"            "$W\.m64n64k16\.f32\.f16\.f16 $ACC, $RS, 0;"
want hopper-sm_90a "wgmma m64n128k16 bf16 (RS, trans-b)" "$W\.m64n128k16\.f32\.bf16\.bf16 $ACC, $RS, 1;"
want hopper-sm_90a "wgmma m64n128k16 f16 (RS)"           "$W\.m64n128k16\.f32\.f16\.f16 $ACC, $RS, 0;"
want hopper-sm_90a "wgmma m64n64k16 bf16 (SS, trans-b)"  "$W\.m64n64k16\.f32\.bf16\.bf16 $ACC, $RD, $RD, p, 1, 1, 0, 1;"
want hopper-sm_90a "wgmma m64n256k32 e4m3" "wgmma\.mma_async\.sync\.aligned\.m64n256k32\.f32\.e4m3\.e4m3.*\}, $RD, $RD, p, 1, 1;"
want hopper-sm_90a "wgmma m64n128k32 e4m3" "wgmma\.mma_async\.sync\.aligned\.m64n128k32\.f32\.e4m3\.e4m3.*\}, $RD, $RD, p, 1, 1;"
want hopper-sm_90a "TMA load 3D"        "cp\.async\.bulk\.tensor\.3d\.shared::cluster\.global\.mbarrier::complete_tx::bytes$S\[$R\], \[$RD, \{$R, $R, $R\}\], \[$R\];"
want hopper-sm_90a "TMA load 3D, L2 hint" "cp\.async\.bulk\.tensor\.3d\.shared::cluster\.global\.mbarrier::complete_tx::bytes\.L2::cache_hint$S\[$R\], \[$RD, \{$R, $R, $R\}\], \[$R\], $RD;"
want hopper-sm_90a "TMA load 2D multicast" "cp\.async\.bulk\.tensor\.2d\.shared::cluster\.global\.mbarrier::complete_tx::bytes\.multicast::cluster$S\[$R\], \[$RD, \{$R, $R\}\], \[$R\], %rs[0-9]+;"
want hopper-sm_90a "TMA load 3D multicast" "cp\.async\.bulk\.tensor\.3d\.shared::cluster\.global\.mbarrier::complete_tx::bytes\.multicast::cluster$S\[$R\], \[$RD, \{$R, $R, $R\}\], \[$R\], %rs[0-9]+;"
want hopper-sm_90a "TMA store 3D"       "cp\.async\.bulk\.tensor\.3d\.global\.shared::cta\.bulk_group$S\[$RD, \{$R, $R, $R\}\], \[$R\];"
want hopper-sm_90a "TMA reduce-add 3D"  "cp\.reduce\.async\.bulk\.tensor\.3d\.global\.shared::cta\.add\.tile\.bulk_group$S\[$RD, \{$R, $R, $R\}\], \[$R\];"
want hopper-sm_90a "bulk reduce-add"  "cp\.reduce\.async\.bulk\.global\.shared::cta\.bulk_group\.add\.f32$S\[$RD\], \[$R\], $R;"
want hopper-sm_90a "bulk store"  "cp\.async\.bulk\.global\.shared::cta\.bulk_group$S\[$RD\], \[$R\], $R;"
want hopper-sm_90a "wgmma.fence"        "wgmma\.fence\.sync\.aligned;"
want hopper-sm_90a "wgmma.commit_group" "wgmma\.commit_group\.sync\.aligned;"
want hopper-sm_90a "wgmma.wait_group 1" "wgmma\.wait_group\.sync\.aligned${S}1;"
reject hopper-sm_90a "trap"             "trap;"
want hopper-sm_90 "TMA load"            "cp\.async\.bulk\.tensor\.2d"
reject hopper-sm_90 "wgmma (sm_90a only)" "wgmma"
want hopper-sm_90 "trap (wgmma)"        "trap;"
reject hopper-sm_80 "sm_90 instructions" "cp\.async\.bulk|wgmma|prefetch\.tensormap|fence\.proxy"
want hopper-sm_80 "trap (TMA, wgmma)"   "trap;"

# 7. The wgmma descriptor's fields for several shared addresses, on the host.
if "$nvcc" -std=c++17 -I "$headers" -gencode=arch=compute_90a,code=sm_90a -o "$work/hopper" "$hopper" \
     > "$work/hopper.log" 2>&1 && "$work/hopper" >> "$work/hopper.log" 2>&1; then
  ok "wgmma descriptors: $(tail -n 1 "$work/hopper.log")"
else
  bad "wgmma descriptor"; sed 's/^/     /' "$work/hopper.log"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
