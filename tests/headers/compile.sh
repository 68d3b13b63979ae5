#!/usr/bin/env bash
# Compiles tests/headers/ptx_compile.cu (every function of headers/tirx/ptx.h)
# for sm_90a, sm_90, sm_80 and sm_75 with warnings as errors, then checks that
# the PTX holds each instruction meant for that target (and none it must not);
# runs tile_grouped.cu (tirx.h's tile order) and launch_errors.cu (its launch
# helpers) on the host.
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
for t in 90a:compute_90a,code=sm_90a 90:compute_90,code=sm_90 80:compute_80,code=sm_80 75:compute_75,code=sm_75; do
  tag=sm_${t%%:*}
  if "$nvcc" "${strict[@]}" -c -gencode=arch=${t#*:} -o "$work/$tag.o" "$src" > "$work/$tag.log" 2>&1 &&
     [ ! -s "$work/$tag.log" ]; then
    ok "compile $tag"
  else
    bad "compile $tag"; sed 's/^/     /' "$work/$tag.log"
  fi
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
if echo '#include "tirx/ptx.h"' | "$cxx" -std=c++17 -Wall -Wextra -Werror -fsyntax-only -I "$headers" -x c++ - \
     > "$work/host.log" 2>&1; then
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
  if [ "$rc" -eq 1 ] && grep -q '^f\.cu:11: launch of kern failed: ' "$work/le.out" && [ "$(wc -l < "$work/le.out")" -eq 1 ]; then
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
want sm_90a "mbarrier.inval"               "mbarrier\.inval\.shared::cta\.b64$S\[$R\];"
want sm_90a "fence.proxy.async.shared::cta" "fence\.proxy\.async\.shared::cta;"
want sm_90a "bar.sync id (all threads)"    "bar\.sync$S$R;"
want sm_90a "bar.sync id, n"               "bar\.sync$S$R, $R;"
want sm_90a "bar.arrive id, n"             "bar\.arrive$S$R, $R;"
want sm_90a "setmaxnreg.inc 232"           "setmaxnreg\.inc\.sync\.aligned\.u32${S}232;"
want sm_90a "setmaxnreg.dec 40"            "setmaxnreg\.dec\.sync\.aligned\.u32${S}40;"
want sm_90a "elect.sync"                   "elect\.sync${S}_\|p"
want sm_90a "%laneid"                      "mov\.u32$S$R, %laneid;"
reject sm_90a "trap"                       "trap;"
want sm_90 "mbarrier.try_wait.parity"      "mbarrier\.try_wait\.parity\.shared::cta\.b64"
reject sm_90 "setmaxnreg (sm_90a only)"    "setmaxnreg"
want sm_80 "mbarrier.test_wait.parity"     "mbarrier\.test_wait\.parity\.shared::cta\.b64${S}p, \[$R\], $R;"
want sm_80 "mbarrier.arrive.noComplete"    "mbarrier\.arrive\.noComplete\.shared::cta\.b64${S}_, \[$R\], $R;"
want sm_80 "mbarrier.init"                 "mbarrier\.init\.shared::cta\.b64"
want sm_80 "mbarrier.inval"                "mbarrier\.inval\.shared::cta\.b64"
want sm_80 "trap (expect_tx)"              "trap;"
reject sm_80 "sm_90 instructions"          "try_wait|expect_tx|fence\.proxy\.async|fence\.mbarrier_init|setmaxnreg|elect\.sync"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
