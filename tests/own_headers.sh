#!/usr/bin/env bash
# tirx-pp's own headers in the user's tree: a project that keeps a copy of
# headers/ (git archive of this repository) so that colleagues without tirx-pp
# build it with the macro fallbacks. tirx-pp knows the copy by the marker line
# in each header (TIRX_PP_OWN_HEADER VERSION), never rewrites it, and warns when
# its version is not the tool's; nvcc compiles the output (no header that
# includes itself). An older copy without the marker is still known.
#   own_headers.sh TIRX_PP SOURCE_DIR
set -u
export LC_ALL=C
tool=$(realpath "$1") src=$(realpath "$2")
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export TIRX_PP_CACHE_DIR="$tmp/cache"
pass=0 fail=0
ok() { pass=$((pass+1)); echo "ok   $1"; }
bad() { fail=$((fail+1)); echo "FAIL $1"; shift; for l in "$@"; do echo "  $l"; done; }
version=$("$tool" --version | sed -n 's/^tirx-pp \([^ ]*\) .*/\1/p')

# Every header of headers/ carries the marker with the tool's version, but
# for one folder: headers/tirx/nvrtc_include, the stand-ins for the C and C++
# library headers that NVRTC lacks (<cstdint>, <stdio.h>: --check and
# libtirx_rt put it on NVRTC's include path). They are not tirx-pp's own
# headers: a user's code includes them by the standard names.
stand_ins=headers/tirx/nvrtc_include
own_header_files() {  # own_header_files ROOT: the headers under ROOT/headers that must carry the marker
  (cd "$1" && find headers -path "$stand_ins" -prune -o -name '*.h' -print | sort)
}
for h in $(own_header_files "$src"); do
  grep -qx "// TIRX_PP_OWN_HEADER $version" "$src/$h" && ok "marker: $h" || bad "marker: $h" "want the line '// TIRX_PP_OWN_HEADER $version'"
done
# The exemption hides no own header: it names the stand-ins' folder exactly
# (a header beside it or in a folder named like it is still checked), no
# stand-in carries the marker, and no own header includes a stand-in.
[ -f "$src/$stand_ins/cstdint" ] && ok "exempt: $stand_ins holds the stand-ins" \
  || bad "exempt: $stand_ins holds the stand-ins" "no $stand_ins/cstdint"
decoy=$tmp/decoy; mkdir -p "$decoy/$stand_ins" "$decoy/${stand_ins}2" "$decoy/headers/nvrtc_include"
touch "$decoy/$stand_ins/stdio.h" "$decoy/$stand_ins.h" "$decoy/${stand_ins}2/mine.h" "$decoy/headers/nvrtc_include/mine.h"
got=$(own_header_files "$decoy" | tr '\n' ' ')
want="headers/nvrtc_include/mine.h headers/tirx/nvrtc_include.h headers/tirx/nvrtc_include2/mine.h "
[ "$got" = "$want" ] && ok "exempt: only $stand_ins itself" || bad "exempt: only $stand_ins itself" "checked: $got" "want:    $want"
marked=$(grep -rl "TIRX_PP_OWN_HEADER" "$src/$stand_ins")
[ -z "$marked" ] && ok "exempt: no stand-in has the marker" || bad "exempt: no stand-in has the marker" "$marked"
including=$(cd "$src" && own_header_files . | xargs grep -l '^ *# *include *[<"]\(tirx/\)\?nvrtc_include/')
[ -z "$including" ] && ok "exempt: no own header includes a stand-in" || bad "exempt: no own header includes a stand-in" "$including"

# The project: headers/ vendored as third_party/tirx.
p=$tmp/project; mkdir -p "$p/third_party/tirx" "$p/build"
cp -r "$src/headers/." "$p/third_party/tirx/"
cp -r "$p/third_party/tirx" "$tmp/pristine"
cat > "$p/k.cu" <<'K'
#include "tirx.h"
__global__ void k(float *A, int *count) {
  TIRX_UNROLL
  for (int i = 0; i < 4; ++i) A[i] += 1.f;
#pragma tirx elect
  atomicAdd(count, 1);
}
K
# run NAME WANT_STDERR ARGS...: exit 0, standard error as given, no header copy.
run() {
  local name=$1 want=$2; shift 2
  rm -rf "$p/build/k.cu" "$p/build/k.cu.headers"
  (cd "$p" && "$tool" "$@") > "$tmp/out" 2> "$tmp/err"; local rc=$?
  local got; got=$(sed "s|$p/||g" "$tmp/err")
  if [ $rc -eq 0 ] && [ "$got" = "$want" ] && [ ! -e "$p/build/k.cu.headers" ]; then ok "$name"; else
    bad "$name" "exit $rc" "stderr: $got" "want:   $want" "$(find "$p/build" -type f | sed "s|$p/||")"; fi
}
compiles() {
  (cd "$p" && "$nvcc" -arch=sm_90a -Werror all-warnings -Ithird_party/tirx -c build/k.cu -o build/k.o) > "$tmp/nvcc" 2>&1 \
    && ok "$1: nvcc compiles the output" || bad "$1: nvcc compiles the output" "$(head -5 "$tmp/nvcc")"
}

run "vendored copy: not rewritten" "" k.cu -o build/k.cu -- -Ithird_party/tirx
grep -qx '#include "tirx.h"' "$p/build/k.cu" && ok "vendored copy: the output includes it as the source did" \
  || bad "vendored copy: the output includes it as the source did" "$(head -2 "$p/build/k.cu")"
compiles "vendored copy"

# Another version: a warning that names both, the header still left alone.
sed -i "s|^// TIRX_PP_OWN_HEADER .*|// TIRX_PP_OWN_HEADER 0.0.1|" "$p/third_party/tirx/tirx.h"
run "another version: warned" "tirx-pp: warning: 'third_party/tirx/tirx.h' is tirx-pp 0.0.1's tirx.h, and this tirx-pp is $version: the rewritten code may call what that copy lacks; copy the headers of this tirx-pp ($src/headers) over it" \
  k.cu -o build/k.cu -- -Ithird_party/tirx

# A copy from before the marker: known by its definitions.
sed -i '/TIRX_PP_OWN_HEADER/d' "$p/third_party/tirx/tirx.h"
run "copy without the marker: warned" "tirx-pp: warning: 'third_party/tirx/tirx.h' is tirx-pp's tirx.h from a version before $version (it has no 'TIRX_PP_OWN_HEADER' line): the rewritten code may call what that copy lacks; copy the headers of this tirx-pp ($src/headers) over it" \
  k.cu -o build/k.cu -- -Ithird_party/tirx
compiles "copy without the marker"
rm -rf "$p/third_party/tirx"; cp -r "$tmp/pristine" "$p/third_party/tirx"

# The launcher: nvcc finds the vendored copy first, and compiles.
(cd "$p" && "$tool" "$nvcc" -arch=sm_90a -Ithird_party/tirx -c k.cu -o build/l.o) > "$tmp/l" 2>&1 && [ -f "$p/build/l.o" ] \
  && [ ! -e "$p/build/l.o.tirx.cu.headers" ] && ok "launcher: vendored copy not rewritten, nvcc compiles" \
  || bad "launcher: vendored copy not rewritten, nvcc compiles" "$(head -5 "$tmp/l")"

# A user's header that happens to be named tirx.h and needs tirx.h's calls:
# its copy cannot include "tirx.h" (it would include itself).
mkdir -p "$p/mine"
printf '#pragma once\n__device__ void f(int *c) {\n#pragma tirx elect\n  atomicAdd(c, 1);\n}\n' > "$p/mine/tirx.h"
printf '#include "mine/tirx.h"\n__global__ void g(int *c) { f(c); }\n' > "$p/u.cu"
(cd "$p" && "$tool" u.cu -o build/u.cu) > "$tmp/out" 2> "$tmp/err"; rc=$?
want="tirx-pp: error: 'mine/tirx.h' is annotated and named tirx.h: its rewritten copy would include \"tirx.h\" for tirx-pp's calls and find itself; give it another name"
[ $rc -eq 1 ] && [ "$(cat "$tmp/err")" = "$want" ] && ok "a user's tirx.h that needs tirx.h: refused" \
  || bad "a user's tirx.h that needs tirx.h: refused" "exit $rc" "stderr: $(cat "$tmp/err")" "want:   $want"

# A header with the marker line that holds annotations is not one of
# tirx-pp's (they hold none): refused, never passed to nvcc with its pragma.
mkdir -p "$p/marked"
printf '// Helpers\n// TIRX_PP_OWN_HEADER %s\n__device__ inline void put(float *out, float v) {\n#pragma tirx elect\n  out[blockIdx.x] = v;\n}\n' "$version" > "$p/marked/util.cuh"
printf '#include "marked/util.cuh"\n__global__ void k(float *out) { put(out, 1.f); }\n' > "$p/m.cu"
want="tirx-pp: error: 'marked/util.cuh' has tirx-pp's own-header line (TIRX_PP_OWN_HEADER) but holds a tirx annotation; tirx-pp's own headers hold none and are never rewritten: remove the marker line (or the annotation)"
for how in "file" "launcher"; do
  if [ $how = file ]; then (cd "$p" && "$tool" m.cu -o build/m.cu) > "$tmp/out" 2> "$tmp/err"; rc=$?
  else (cd "$p" && "$tool" "$nvcc" -arch=sm_90a -c m.cu -o build/m.o) > "$tmp/out" 2> "$tmp/err"; rc=$?; fi
  [ $rc -eq 1 ] && [ "$(cat "$tmp/err")" = "$want" ] && ok "marker line in an annotated header ($how): refused" \
    || bad "marker line in an annotated header ($how): refused" "exit $rc" "stderr: $(cat "$tmp/err")" "want:   $want"
done
# The same with tirx.h's macro form of the annotation (TIRX_ELECT).
printf '// Helpers\n// TIRX_PP_OWN_HEADER %s\n#include "tirx.h"\n__device__ inline void put(float *out, float v) {\n  TIRX_ELECT out[blockIdx.x] = v;\n}\n' "$version" > "$p/marked/util.cuh"
(cd "$p" && "$tool" m.cu -o build/m.cu) > "$tmp/out" 2> "$tmp/err"; rc=$?
[ $rc -eq 1 ] && [ "$(cat "$tmp/err")" = "$want" ] && ok "marker line in a header annotated with a TIRX_* macro: refused" \
  || bad "marker line in a header annotated with a TIRX_* macro: refused" "exit $rc" "stderr: $(cat "$tmp/err")" "want:   $want"
# A vendored tirx.h with an annotated edit: the same.
printf '__device__ inline void mine(int *c) {\n#pragma tirx elect\n  atomicAdd(c, 1);\n}\n' >> "$p/third_party/tirx/tirx.h"
(cd "$p" && "$tool" k.cu -o build/k.cu -- -Ithird_party/tirx) > "$tmp/out" 2> "$tmp/err"; rc=$?
want="tirx-pp: error: 'third_party/tirx/tirx.h' has tirx-pp's own-header line (TIRX_PP_OWN_HEADER) but holds a tirx annotation; tirx-pp's own headers hold none and are never rewritten: remove the marker line (or the annotation)"
[ $rc -eq 1 ] && [ "$(cat "$tmp/err")" = "$want" ] && ok "vendored tirx.h with an annotated edit: refused" \
  || bad "vendored tirx.h with an annotated edit: refused" "exit $rc" "stderr: $(cat "$tmp/err")" "want:   $want"
rm -rf "$p/third_party/tirx"; cp -r "$tmp/pristine" "$p/third_party/tirx"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
