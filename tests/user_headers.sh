#!/usr/bin/env bash
# docs/language.md#headers-and-existing-builds: annotations in the user's headers. A translation unit whose kernels
# live in headers (a template among them), found beside it, in a subfolder and
# through -I, is rewritten with -o into another directory: the output and the
# header's copy are compared with expected files (the temporary root written
# as @ROOT@), compile with nvcc, and nvcc's depfile names only files that
# exist. Then the errors and warnings, each with its full text, and no output
# left behind when one fails.
#   user_headers.sh TIRX_PP HEADERS_DIR CASES_DIR
set -u
export LC_ALL=C
tool=$(realpath "$1") headers=$(realpath "$2") cases=$(realpath "$3")
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export TIRX_PP_CACHE_DIR="$tmp/cache"
root=$tmp/project
cp -r "$cases" "$root"
rm -rf "$root/expected"
pass=0 fail=0
ok() { pass=$((pass+1)); echo "ok   $1"; }
bad() { fail=$((fail+1)); echo "FAIL $1"; shift; for l in "$@"; do echo "  $l"; done; }
# same NAME FILE EXPECTED: FILE with the root as @ROOT@ is EXPECTED.
same() {
  if diff <(sed "s|$root|@ROOT@|g" "$2") "$3" > "$tmp/diff"; then ok "$1"; else bad "$1" "$(head -20 "$tmp/diff")"; fi
}
# run: the tool in the project root; sets rc, out, err.
run() { (cd "$root" && "$tool" "$@") > "$tmp/out" 2> "$tmp/err"; rc=$?; }
# expect NAME STATUS STDERR -- ARGS...: exit status and standard error (root as @ROOT@).
expect() {
  local name=$1 status=$2 want=$3; shift 4
  run "$@"
  local got; got=$(sed "s|$root|@ROOT@|g" "$tmp/err")
  if [ "$rc" -eq "$status" ] && [ "$got" = "$want" ]; then ok "$name"; else
    bad "$name" "exit $rc (want $status)" "stderr: $got" "want:   $want"; fi
}

# 1. Rewritten into another directory.
mkdir -p "$root/build"
expect tu-elsewhere 0 "" -- src/main.cu -o build/main.cu -- -Isrc/include
same tu-elsewhere-main "$root/build/main.cu" "$cases/expected/main.cu"
same tu-elsewhere-header "$root/build/main.cu.headers/kernels/scale.cuh" "$cases/expected/scale.cuh"
files=$(cd "$root/build" && find . -type f | sort | tr '\n' ' ')
[ "$files" = "./main.cu ./main.cu.headers/kernels/scale.cuh " ] && ok tu-elsewhere-files || bad tu-elsewhere-files "$files"
# nvcc compiles it, warning-free, and its depfile names files that exist
# (#line names the files as tirx-pp was given and found them: relative to
# where it ran, like nvcc's own names).
if (cd "$root" && "$nvcc" -I"$headers" -Isrc/include -gencode=arch=compute_90a,code=sm_90a -c \
      build/main.cu -o "$tmp/main.o" -MD -MF "$tmp/main.d") > "$tmp/nvcc" 2>&1 && ! grep -q warning "$tmp/nvcc"; then
  ok tu-elsewhere-nvcc
else
  bad tu-elsewhere-nvcc "$(head -5 "$tmp/nvcc")"
fi
missing=$(cd "$root" && sed -e 's/^[^:]*://' -e 's/\\$//' "$tmp/main.d" | tr ' ' '\n' | grep -v '^$' | while read -r f; do [ -e "$f" ] || echo "$f"; done)
[ -z "$missing" ] && ok tu-elsewhere-depfile || bad tu-elsewhere-depfile "$missing"
# The same again: the same bytes (deterministic).
cp "$root/build/main.cu.headers/kernels/scale.cuh" "$tmp/first.cuh"
run src/main.cu -o build/main.cu -- -Isrc/include
cmp -s "$tmp/first.cuh" "$root/build/main.cu.headers/kernels/scale.cuh" && ok tu-deterministic || bad tu-deterministic
# A second translation unit that includes the header gets the same copy.
expect tu-second 0 "" -- src/two.cu -o build/two.cu -- -Isrc/include
cmp -s "$root/build/main.cu.headers/kernels/scale.cuh" "$root/build/two.cu.headers/kernels/scale.cuh" &&
  ok tu-second-same-copy || bad tu-second-same-copy
# Written beside the input: what resolves there is left as it is.
expect tu-beside 0 "" -- src/main.cu -o src/main.tirx.cu -- -Isrc/include
grep -q '^#include "params.h"$' "$root/src/main.tirx.cu" && grep -q '^#include "main.tirx.cu.headers/kernels/scale.cuh"$' \
  "$root/src/main.tirx.cu" && ok tu-beside-includes || bad tu-beside-includes "$(grep '#include' "$root/src/main.tirx.cu")"
rm -rf "$root/src/main.tirx.cu" "$root/src/main.tirx.cu.headers"

# 2. Refusals and errors: nothing written.
expect tu-stdout 2 "tirx-pp: error: 'src/main.cu' includes annotated headers ('src/kernels/scale.cuh'), whose rewritten copies need a place: write the output to a file (-o OUT puts them in OUT.headers/) or name a directory (--headers-out DIR)" -- src/main.cu -- -Isrc/include
[ ! -s "$tmp/out" ] && ok tu-stdout-empty || bad tu-stdout-empty
expect tu-header-error 1 "src/kernels/broken.cuh:4:19: error: the bound of a loop under '#pragma tirx unroll' is not a constant expression, so its trip count is unknown; to unroll such a loop in part, write '#pragma tirx unroll(N)' (nvcc's '#pragma unroll N')
  for (int i = 0; i < n; ++i) x[i] = 0;
                  ^~~~~" -- src/broken.cu -o build/broken.cu
[ ! -e "$root/build/broken.cu" ] && [ ! -e "$root/build/broken.cu.headers" ] && ok tu-header-error-nothing-written ||
  bad tu-header-error-nothing-written
expect tu-computed 1 "src/computed/main.cu:3:10: error: '@ROOT@/src/kernels/scale.cuh' holds tirx annotations but is reached through a computed #include (#include MACRO), which tirx-pp cannot redirect to its rewritten copy; include it by name
#include KERNELS
         ^" -- src/computed/main.cu -o build/computed.cu
[ ! -e "$root/build/computed.cu" ] && ok tu-computed-nothing-written || bad tu-computed-nothing-written
expect tu-system 0 "tirx-pp: warning: 'sys/vendor/lib.cuh' holds tirx annotations but was found through -isystem (or CPLUS_INCLUDE_PATH): tirx-pp leaves system headers alone, so nvcc sees them as they are" -- src/system.cu -o build/system.cu -- -isystem sys
cmp -s "$root/src/system.cu" "$root/build/system.cu" && ok tu-system-unchanged || bad tu-system-unchanged

# 3. A header read twice (X-macro style): one copy cannot serve two values of
# a macro its annotated code uses; the same values share the copy.
expect tu-xmacro 1 "src/xmacro/main.cu:8:1: error: 'src/xmacro/sum.cuh' is included again with other values of 'WIDTH', which its annotated functions use: tirx-pp writes one rewritten copy of a header, made for its first inclusion, so this inclusion would compute with the first one's
#include \"sum.cuh\"
^
src/xmacro/main.cu:3:1: note: first included here
#include \"sum.cuh\"
^
src/xmacro/main.cu:8:1: note: give each inclusion a header of its own, or pass what differs as a template parameter
#include \"sum.cuh\"
^" -- src/xmacro/main.cu -o build/xmacro.cu
[ ! -e "$root/build/xmacro.cu" ] && ok tu-xmacro-nothing-written || bad tu-xmacro-nothing-written
expect tu-xmacro-same 0 "" -- src/xmacro/same.cu -o build/same.cu
expect tu-xmacro-scope 1 "src/xmacro/scoped.cu:8:1: error: 'src/xmacro/scoped.cuh' is included again in another scope ('wide', the first in 'narrow'), where the names its annotated functions use may mean other things: tirx-pp writes one rewritten copy of a header, made for its first inclusion, so this inclusion would compute with the first one's
#include \"scoped.cuh\"
^
src/xmacro/scoped.cu:3:1: note: first included here
#include \"scoped.cuh\"
^
src/xmacro/scoped.cu:8:1: note: give each inclusion a header of its own, or pass what differs as a template parameter
#include \"scoped.cuh\"
^" -- src/xmacro/scoped.cu -o build/scoped.cu

# 4. Translation units that share --headers-out: a copy made with other flags
# (-DWIDTH=2 for a.cu, -DWIDTH=4 for b.cu) is not overwritten; the same flags
# share it, and an edited header is rewritten.
expect tu-shared-first 0 "" -- src/shared/a.cu -o build/shared/a.cu --headers-out build/shared/h -- -DWIDTH=2
expect tu-shared-other-flags 1 "tirx-pp: error: '@ROOT@/build/shared/h/sum.cuh' holds the rewritten copy of '@ROOT@/src/shared/sum.cuh' made with other flags, which this run's copy would overwrite (the output of the translation unit that wrote it includes it)
tirx-pp: note: that copy's flags: --cuda-gpu-arch=sm_90a -std=c++17 -D WIDTH=2
tirx-pp: note: this run's   flags: --cuda-gpu-arch=sm_90a -std=c++17 -D WIDTH=4
tirx-pp: note: give each set of flags its own --headers-out directory" -- src/shared/b.cu -o build/shared/b.cu --headers-out build/shared/h -- -DWIDTH=4
[ ! -e "$root/build/shared/b.cu" ] && grep -q 'int i = 1;' "$root/build/shared/h/sum.cuh" && ! grep -q 'int i = 3;' "$root/build/shared/h/sum.cuh" &&
  ok tu-shared-kept || bad tu-shared-kept
expect tu-shared-same-flags 0 "" -- src/shared/b.cu -o build/shared/b.cu --headers-out build/shared/h -- -DWIDTH=2
echo "// edited" >> "$root/src/shared/sum.cuh"
expect tu-shared-edited 0 "" -- src/shared/b.cu -o build/shared/b.cu --headers-out build/shared/h -- -DWIDTH=4
grep -q 'int i = 3;' "$root/build/shared/h/sum.cuh" && ok tu-shared-edited-copy || bad tu-shared-edited-copy

# 5. Annotated headers no #include line names: -include FILE, #include_next.
expect tu-forced 1 "tirx-pp: error: 'src/forced/k.cuh' holds tirx annotations but is read through -include, which tirx-pp cannot redirect to its rewritten copy; #include it at the top of 'src/forced/main.cu' instead" -- src/forced/main.cu -o build/forced.cu -- -include src/forced/k.cuh
expect tu-include-next 1 "tirx-pp: error: '@ROOT@/src/next/b/k.cuh' holds tirx annotations but is reached through #include_next, which tirx-pp cannot redirect to its rewritten copy; include it by a name that finds it (#include \"...\") (the #include is at src/next/a/k.cuh:2:15)" -- src/next/main.cu -o build/next.cu -- -Isrc/next/a -Isrc/next/b
[ ! -e "$root/build/forced.cu" ] && [ ! -e "$root/build/next.cu" ] && ok tu-forced-next-nothing-written || bad tu-forced-next-nothing-written

# 6. A header included inside a function body, or inside a namespace: its
# code is the including function's (namespace's); nvcc compiles the output.
for t in main ns; do
  expect "tu-inbody-$t" 0 "" -- "src/inbody/$t.cu" -o "build/inbody/$t.cu"
  if (cd "$root" && "$nvcc" -I"$headers" -gencode=arch=compute_90a,code=sm_90a -Werror all-warnings -c \
        "build/inbody/$t.cu" -o "$tmp/inbody.o") > "$tmp/nvcc" 2>&1; then
    ok "tu-inbody-$t-nvcc"
  else
    bad "tu-inbody-$t-nvcc" "$(head -5 "$tmp/nvcc")"
  fi
done
grep -q '{ int i = 3; x\[i\] = 0; }' "$root/build/inbody/main.cu.headers/body.inc" && ok tu-inbody-unrolled ||
  bad tu-inbody-unrolled

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
