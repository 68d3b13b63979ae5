#!/usr/bin/env bash
# The command line: options, exit statuses, messages, and -o that leaves
# nothing behind when it fails.
#   cli.sh TIRX_PP GOLDEN_DIR   (the bad cases are GOLDEN_DIR/../bad)
set -u
tool=$1 golden=$2
bad_dir=$(realpath "$golden/../bad")
tmp=$(mktemp -d); trap 'chmod -R u+w "$tmp"; rm -rf "$tmp"' EXIT
. "$(dirname "$0")/tally.sh"
# expect NAME STATUS EXPECTED_STDERR -- command...
expect() {
  local name=$1 status=$2 err=$3; shift 4
  "$@" > "$tmp/out" 2> "$tmp/err"; local rc=$?
  if [ "$rc" -eq "$status" ] && [ "$(cat "$tmp/err")" = "$err" ]; then ok "$name"; else
    bad "$name"; echo "  exit $rc (want $status)"; echo "  stderr: $(cat "$tmp/err")"; echo "  want:   $err"; fi
}

cp "$golden/unroll_basic.cu" "$tmp/good.cu"
cp "$bad_dir/unroll_nonconst.cu" "$tmp/bad.cu"
cd "$tmp"

expect version 0 "" -- "$tool" --version
grep -q '^tirx-pp [0-9.]* (.*clang version 19' out && ok version-text || bad version-text
expect help 0 "" -- "$tool" --help
head -1 out | grep -q '^usage: tirx-pp \[options\] IN.cu \[-o OUT.cu\]' && ok help-text || bad help-text
expect no-input 2 "tirx-pp: error: no input file
try 'tirx-pp --help'" -- "$tool"
expect unknown-option 2 "tirx-pp: error: unknown option '--frobnicate'
try 'tirx-pp --help'" -- "$tool" --frobnicate good.cu
expect two-inputs 2 "tirx-pp: error: more than one input file ('bad.cu')
try 'tirx-pp --help'" -- "$tool" good.cu bad.cu
expect o-without-file 2 "tirx-pp: error: -o needs a file name
try 'tirx-pp --help'" -- "$tool" good.cu -o
expect bad-color 2 "tirx-pp: error: --color takes auto, always or never, not 'sometimes'
try 'tirx-pp --help'" -- "$tool" --color=sometimes good.cu
expect bad-arch 2 "tirx-pp: error: unknown architecture 'sm_99x' (sm_50 ... sm_121, compute_XX, native, all, all-major)
try 'tirx-pp --help'" -- "$tool" -arch=sm_99x good.cu
expect no-cuda 2 "tirx-pp: error: no CUDA toolkit at '/nonexistent' (no include/cuda_runtime.h); use --cuda-path=DIR" -- \
  "$tool" --cuda-path=/nonexistent good.cu
expect missing-input 3 "tirx-pp: error: cannot read 'nope.cu': No such file or directory" -- "$tool" nope.cu
expect input-is-directory 3 "tirx-pp: error: cannot read '.': Is a directory" -- "$tool" .

# A good run: stdout and -o agree, and -o leaves no temporary behind.
"$tool" good.cu > stdout.cu; expect o-good 0 "" -- "$tool" good.cu -o o.cu
cmp -s stdout.cu o.cu && ok o-same-as-stdout || bad o-same-as-stdout
[ "$(ls | grep -c tmp)" -eq 0 ] && ok o-no-temporary || bad o-no-temporary
[ "$(stat -c %a o.cu)" = "$(umask 022; touch fresh; stat -c %a fresh)" ] && ok o-mode || bad o-mode
# The umask as the kernel applies it (0666 less it), the depfile's too.
(umask 027; "$tool" good.cu -o mode027.cu -MD) && [ "$(stat -c %a mode027.cu mode027.cu.d | sort -u)" = 640 ] \
  && ok o-mode-umask || { bad o-mode-umask; stat -c '%a %n' mode027.cu*; }

# Errors: exit 1, and -o neither creates nor changes the file.
expect error-status 1 "$(sed s/unroll_nonconst.cu/bad.cu/ "$bad_dir/unroll_nonconst.stderr")" -- "$tool" bad.cu
"$tool" bad.cu -o new.cu 2>/dev/null; [ $? -eq 1 ] && [ ! -e new.cu ] && ok error-creates-nothing || bad error-creates-nothing
echo "precious" > keep.cu; "$tool" bad.cu -o keep.cu 2>/dev/null
[ $? -eq 1 ] && [ "$(cat keep.cu)" = precious ] && ok error-changes-nothing || bad error-changes-nothing
[ "$(ls | grep -c tmp)" -eq 0 ] && ok error-no-temporary || bad error-no-temporary

# I/O failures: exit 3 with the system's reason.
expect o-missing-dir 3 "tirx-pp: error: cannot write 'no/such/dir/out.cu': No such file or directory" -- \
  "$tool" good.cu -o no/such/dir/out.cu
expect o-dev-full 3 "tirx-pp: error: cannot write '/dev/full': No space left on device" -- "$tool" good.cu -o /dev/full
"$tool" good.cu > /dev/full 2> err; rc=$?
[ $rc -eq 3 ] && [ "$(cat err)" = "tirx-pp: error: cannot write standard output: No space left on device" ] \
  && ok stdout-dev-full || bad stdout-dev-full
if [ "$(id -u)" -ne 0 ]; then
  mkdir ro && chmod 555 ro
  expect o-read-only-dir 3 "tirx-pp: error: cannot write 'ro/out.cu': Permission denied" -- "$tool" good.cu -o ro/out.cu
fi

# Deterministic: the same input and flags give the same bytes from anywhere,
# under any locale.
mkdir -p a/sub b && cp good.cu a/sub/ && cp good.cu b/
(cd a && LC_ALL=C "$tool" sub/good.cu > ../det1.cu)
(mkdir -p b/sub && cp good.cu b/sub/ && cd b && LANG=de_DE.UTF-8 TZ=Asia/Tokyo "$tool" sub/good.cu > ../det2.cu)
cmp -s det1.cu det2.cu && ok deterministic || bad deterministic

# The parsed-header cache changes nothing but the time: off, fresh, warm and
# corrupt all give the same bytes, and a corrupt entry is replaced.
export TIRX_PP_CACHE_DIR="$tmp/cache"
TIRX_PP_CACHE_DIR=off "$tool" good.cu > nocache.cu
"$tool" good.cu > fresh.cu; "$tool" good.cu > warm.cu
for p in cache/*.pch; do echo junk > "$p"; done
"$tool" good.cu > corrupt.cu; "$tool" good.cu > rebuilt.cu
cmp -s nocache.cu fresh.cu && cmp -s fresh.cu warm.cu && cmp -s warm.cu corrupt.cu && cmp -s corrupt.cu rebuilt.cu \
  && ok cache-same-bytes || bad cache-same-bytes
[ "$(head -c 4 cache/*.pch)" = CPCH ] && ok cache-rebuilt || bad cache-rebuilt

# Depfiles: the input and every header the parse read, so that editing a
# header an annotated file includes re-runs tirx-pp.
mkdir -p dep/inc && cat > dep/inc/bound.h <<'H'
#define BOUND 3
H
cat > dep/k.cu <<'K'
#include "tirx.h"
#include "bound.h"
__global__ void k(float *a) {
#pragma tirx unroll
  for (int i = 0; i < BOUND; ++i) a[i] = 0.f;
}
K
"$tool" -I dep/inc dep/k.cu -o dep/k.out.cu -MD; rc=$?
[ $rc -eq 0 ] && head -1 dep/k.out.cu.d | grep -qx 'dep/k.out.cu: \\' && grep -q "^  $tmp/dep/inc/bound.h" dep/k.out.cu.d \
  && grep -q '/tirx.h' dep/k.out.cu.d && ok depfile || { bad depfile; cat dep/k.out.cu.d; }
"$tool" -I dep/inc dep/k.cu -o dep/k2.cu -MF dep/custom.d -MT 'a b$c'
head -1 dep/custom.d | grep -qx 'a\\ b$$c: \\' && ok depfile-target || { bad depfile-target; head -1 dep/custom.d; }
# -MD without -MF names the depfile OUT.d: with no file to name it after
# (standard output, -o -, a device, a pipe, a /proc link such as
# /dev/stdout) a usage error, not '-.d' or '/dev/stdout.d' as gcc writes.
md_stdout="'s depfile is OUT.d after -o OUT, but the output goes to standard output: give -MF FILE
try 'tirx-pp --help'"
expect md-without-output 2 "tirx-pp: error: -MD$md_stdout" -- "$tool" -MD good.cu
expect mmd-without-output 2 "tirx-pp: error: -MMD$md_stdout" -- "$tool" -MMD good.cu
expect mt-without-output 2 "tirx-pp: error: -MT$md_stdout" -- "$tool" -MT t good.cu
expect md-o-dash 2 "tirx-pp: error: -MD$md_stdout" -- "$tool" good.cu -MD -o -
ln -s /proc/self/fd/1 md-stdout-link
for o in md-stdout-link /dev/null; do
  expect "md-o-stream-$o" 2 "tirx-pp: error: -MD's depfile is OUT.d after -o OUT, but '$o' is a device, a pipe or an open file, not a file to name it after: give -MF FILE
try 'tirx-pp --help'" -- "$tool" good.cu -MD -o "$o"
done
[ ! -e md-stdout-link.d ] && [ ! -e ./-.d ] && [ ! -e null.d ] && [ ! -e /dev/null.d ] && ok md-stream-no-depfile \
  || { bad md-stream-no-depfile; ls; }
# -o - is standard output; with -MF the depfile goes with it (target '-'
# unless -MT), and -MMD is -MD (its depfile lists system headers too).
expect o-dash 0 "" -- "$tool" good.cu -o -
cmp -s out stdout.cu && [ ! -e ./- ] && ok o-dash-is-stdout || bad o-dash-is-stdout
expect o-dash-mf 0 "" -- "$tool" good.cu -o - -MF dash.d
cmp -s out stdout.cu && head -1 dash.d | grep -qx -- '-: \\' && ok o-dash-mf-depfile || { bad o-dash-mf-depfile; head -1 dash.d; }
"$tool" good.cu -o mmd.cu -MMD && "$tool" good.cu -o md.cu -MD && [ "$(sed 1d mmd.cu.d)" = "$(sed 1d md.cu.d)" ] \
  && ok mmd-is-md || bad mmd-is-md
# Standard output is written with the depfile, all or nothing: when it
# fails, the depfile is not replaced.
printf 'old depfile\n' > full.d
"$tool" good.cu -MF full.d > /dev/full 2> err; rc=$?
[ $rc -eq 3 ] && [ "$(cat err)" = "tirx-pp: error: cannot write standard output: No space left on device" ] \
  && [ "$(cat full.d)" = "old depfile" ] && [ -z "$(ls | grep tmp)" ] && ok stdout-dev-full-depfile-kept \
  || { bad stdout-dev-full-depfile-kept; cat err full.d; }
cp "$golden/../identity/realworld.cu" plain.cu
"$tool" plain.cu -o plain.out.cu -MD && [ "$(cat plain.out.cu.d)" = "plain.out.cu: \\
  plain.cu" ] && ok depfile-unannotated || bad depfile-unannotated

# Annotated headers: the copies are written with the output (into
# --headers-out=DIR, or OUT.headers/), all or none; the depfile lists each
# file read once, its one target the output (ninja refuses undeclared ones).
mkdir -p hdr/kern && cat > hdr/kern/fill.cuh <<'H'
#pragma once
#include "tirx.h"
template <int N>
__device__ void fill(float *a) {
#pragma tirx unroll
  for (int i = 0; i < 4; ++i) a[i] = N;
}
H
cat > hdr/h.cu <<'K'
#include "kern/fill.cuh"
__global__ void k(float *a) { fill<3>(a); }
K
mkdir -p hdr/out
expect headers-out 0 "" -- "$tool" hdr/h.cu -o hdr/out/h.cu --headers-out=hdr/copies -MD
[ -f hdr/copies/kern/fill.cuh ] && grep -qF '{ int i = 3; ' hdr/copies/kern/fill.cuh && ok headers-out-copy \
  || bad headers-out-copy
head -1 hdr/out/h.cu.d | grep -qx "hdr/out/h.cu: \\\\" && ok depfile-target-output \
  || { bad depfile-target-output; head -1 hdr/out/h.cu.d; }
[ "$(grep -c '^  .*/h\.cu' hdr/out/h.cu.d)" -eq 1 ] && [ "$(grep -c '^  .*/fill\.cuh' hdr/out/h.cu.d)" -eq 1 ] \
  && ok depfile-each-once || { bad depfile-each-once; grep 'h.cu\|fill' hdr/out/h.cu.d; }
"$tool" hdr/h.cu -o hdr/out/h2.cu && [ -f hdr/out/h2.cu.headers/kern/fill.cuh ] && ok headers-default-dir \
  || bad headers-default-dir
"$tool" hdr/h.cu --headers-out hdr/spaced > /dev/null && [ -f hdr/spaced/kern/fill.cuh ] && ok headers-out-spaced \
  || bad headers-out-spaced
touch hdr/blocker
expect headers-all-or-nothing 3 "tirx-pp: error: cannot write '$tmp/hdr/blocker/x/kern/fill.cuh': Not a directory" -- \
  "$tool" hdr/h.cu -o hdr/out/h3.cu --headers-out=hdr/blocker/x -MD
[ ! -e hdr/out/h3.cu ] && [ ! -e hdr/out/h3.cu.d ] && [ -z "$(find hdr -name '*tmp*')" ] && ok headers-fail-writes-nothing \
  || bad headers-fail-writes-nothing
# The output is a directory: reported before anything is renamed; the
# depfile stays, the header copy and its directories go.
printf 'old depfile\n' > hdr/out/h4.cu.d && mkdir hdr/out/h4.cu
expect output-is-directory 3 "tirx-pp: error: cannot write 'hdr/out/h4.cu': Is a directory" -- \
  "$tool" hdr/h.cu -o hdr/out/h4.cu --headers-out=hdr/h4/copies -MD
[ "$(cat hdr/out/h4.cu.d)" = "old depfile" ] && [ ! -e hdr/h4 ] && [ -d hdr/out/h4.cu ] \
  && [ -z "$(find hdr -name '*.tmp.*')" ] && ok output-is-directory-writes-nothing \
  || { bad output-is-directory-writes-nothing; cat hdr/out/h4.cu.d; find hdr; }
# A rename that fails after others succeeded (the output is marked immutable,
# which only the rename finds out): the depfile it replaced comes back, the
# header copy and its directories go. Where chattr +i cannot be set (no
# CAP_LINUX_IMMUTABLE, a file system without the flag), not run.
printf 'old output\n' > hdr/out/h5.cu && printf 'old depfile\n' > hdr/out/h5.cu.d
if chattr +i hdr/out/h5.cu 2> /dev/null; then
  expect rename-fails-puts-back 3 "tirx-pp: error: cannot write 'hdr/out/h5.cu': Operation not permitted" -- \
    "$tool" hdr/h.cu -o hdr/out/h5.cu --headers-out=hdr/h5/copies -MD
  chattr -i hdr/out/h5.cu
  [ "$(cat hdr/out/h5.cu.d)" = "old depfile" ] && [ "$(cat hdr/out/h5.cu)" = "old output" ] && [ ! -e hdr/h5 ] \
    && [ -z "$(find hdr -name '*.tmp.*')" ] && ok rename-fails-old-files-back \
    || { bad rename-fails-old-files-back; head -1 hdr/out/h5.cu.d; find hdr -path '*h5*'; }
else
  skipped rename-fails-puts-back "chattr +i refused here"
fi
# File systems and kernels that cannot swap two names: renameat2, rename and
# link made to fail by tests/rename_shim.c (LD_PRELOAD; the header cache off,
# its renames would count; an AddressSanitizer build, ctest's sanitizers, would
# refuse a library loaded before its runtime, hence verify_asan_link_order=0).
if cc -shared -fPIC -o shim.so "$golden/../rename_shim.c" -ldl 2> /dev/null; then
  shimmed() {
    env TIRX_PP_CACHE_DIR=off ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0" \
      LD_PRELOAD="$tmp/shim.so" "$@"
  }
  olds() { printf 'old output\n' > "$1" && printf 'old depfile\n' > "$1.d"; }
  leftovers() { ls | grep -c "^$1.*\.\(tmp\|old\)"; }
  kept_name() { sed -n "s/.*; the old file is in '\(.*\)'$/\1/p" err; }
  # The swap back fails (calls 2 and 3: the output's swap, the depfile's swap
  # back): the old depfile stays under the temporary's name, which is named.
  olds sb.cu
  SHIM_FAIL=,2,3, shimmed "$tool" good.cu -o sb.cu -MD 2> err; rc=$?
  kept=$(kept_name)
  [ $rc -eq 3 ] && [ "$(cat err)" = "tirx-pp: error: cannot write 'sb.cu': Input/output error
tirx-pp: error: cannot put back 'sb.cu.d' as it was: Input/output error; the old file is in '$kept'" ] \
    && [[ $kept == sb.cu.d.tmp.?????? ]] && ok swap-back-fails-message || { bad swap-back-fails-message; cat err; }
  [ -n "$kept" ] && [ "$(cat "$kept")" = "old depfile" ] && [ "$(cat sb.cu)" = "old output" ] \
    && [ "$(leftovers sb.cu)" -eq 1 ] && ok swap-back-fails-old-file-kept || { bad swap-back-fails-old-file-kept; ls sb.cu*; }
  rm -f "$kept"
  # No RENAME_EXCHANGE (NFS, CIFS, FUSE: EINVAL): the old file kept by a hard
  # link, put back when a later rename fails (call 4: the output's rename).
  olds ex.cu
  SHIM_EXCHANGE=EINVAL SHIM_FAIL=,4, expect no-exchange-rename-fails 3 \
    "tirx-pp: error: cannot write 'ex.cu': Input/output error" -- shimmed "$tool" good.cu -o ex.cu -MD
  [ "$(cat ex.cu)" = "old output" ] && [ "$(cat ex.cu.d)" = "old depfile" ] && [ "$(leftovers ex.cu)" -eq 0 ] \
    && ok no-exchange-old-files-back || { bad no-exchange-old-files-back; ls ex.cu*; head -1 ex.cu.d; }
  # ... and no hard links either: the old file renamed aside first (call 6:
  # the output's rename; 7 puts its old file back, 8 the depfile's).
  olds nl.cu
  SHIM_EXCHANGE=EINVAL SHIM_LINK=1 SHIM_FAIL=,6, expect no-exchange-no-link-rename-fails 3 \
    "tirx-pp: error: cannot write 'nl.cu': Input/output error" -- shimmed "$tool" good.cu -o nl.cu -MD
  [ "$(cat nl.cu)" = "old output" ] && [ "$(cat nl.cu.d)" = "old depfile" ] && [ "$(leftovers nl.cu)" -eq 0 ] \
    && ok no-exchange-no-link-old-files-back || { bad no-exchange-no-link-old-files-back; ls nl.cu*; head -1 nl.cu.d; }
  # ... and the old file cannot be put back (call 5: the depfile's rename
  # back; calls 6 and 7 with no hard links: the output's rename and its
  # rename back): it stays under its second name, which is named.
  olds pb.cu
  SHIM_EXCHANGE=EINVAL SHIM_FAIL=,4,5, shimmed "$tool" good.cu -o pb.cu -MD 2> err; rc=$?; kept=$(kept_name)
  [ $rc -eq 3 ] && [ "$(cat err)" = "tirx-pp: error: cannot write 'pb.cu': Input/output error
tirx-pp: error: cannot put back 'pb.cu.d' as it was: Input/output error; the old file is in '$kept'" ] \
    && [[ $kept == pb.cu.d.tmp.??????.old ]] && [ "$(cat "$kept")" = "old depfile" ] && [ "$(cat pb.cu)" = "old output" ] \
    && [ "$(leftovers pb.cu)" -eq 1 ] && ok no-exchange-put-back-fails || { bad no-exchange-put-back-fails; cat err; ls pb.cu*; }
  rm -f "$kept"
  olds pn.cu
  SHIM_EXCHANGE=EINVAL SHIM_LINK=1 SHIM_FAIL=,6,7, shimmed "$tool" good.cu -o pn.cu -MD 2> err; rc=$?; kept=$(kept_name)
  [ $rc -eq 3 ] && [ "$(cat err)" = "tirx-pp: error: cannot write 'pn.cu': Input/output error
tirx-pp: error: cannot put back 'pn.cu' as it was: Input/output error; the old file is in '$kept'" ] \
    && [[ $kept == pn.cu.tmp.??????.old ]] && [ "$(cat "$kept")" = "old output" ] && [ ! -e pn.cu ] \
    && [ "$(cat pn.cu.d)" = "old depfile" ] && [ "$(leftovers pn.cu)" -eq 1 ] && ok no-exchange-no-link-put-back-fails \
    || { bad no-exchange-no-link-put-back-fails; cat err; ls pn.cu*; }
  rm -f "$kept"
  # No renameat2 at all (ENOSYS: an old kernel, a seccomp filter) or no
  # RENAME_EXCHANGE: existing outputs replaced, nothing left beside them.
  for e in EINVAL ENOSYS EOPNOTSUPP; do
    olds "$e.cu"
    SHIM_EXCHANGE=$e expect "no-exchange-$e" 0 "" -- shimmed "$tool" good.cu -o "$e.cu" -MD
    cmp -s "$e.cu" o.cu && head -1 "$e.cu.d" | grep -qx "$e.cu: \\\\" && [ "$(leftovers "$e.cu")" -eq 0 ] \
      && ok "no-exchange-$e-replaced" || { bad "no-exchange-$e-replaced"; ls "$e".cu*; }
    SHIM_EXCHANGE=$e SHIM_LINK=1 expect "no-exchange-no-link-$e" 0 "" -- shimmed "$tool" good.cu -o "$e.cu" -MD
  done
else
  skipped no-exchange "cc cannot build tests/rename_shim.c"
fi
# -o names a symbolic link: its target is written (where it points, relative
# to the link's directory; made when missing), the link stays.
mkdir -p lk/sub && printf 'old output\n' > lk/real.cu && ln -s ../real.cu lk/sub/link.cu && ln -s sub/link.cu lk/link2.cu
ln -s made.cu lk/dangling.cu
expect o-symlink 0 "" -- "$tool" good.cu -o lk/link2.cu
[ -L lk/link2.cu ] && [ -L lk/sub/link.cu ] && cmp -s lk/real.cu o.cu && [ -z "$(find lk -name '*.tmp.*')" ] \
  && ok o-symlink-target-written || { bad o-symlink-target-written; ls -l lk lk/sub; }
expect o-dangling-symlink 0 "" -- "$tool" good.cu -o lk/dangling.cu
[ -L lk/dangling.cu ] && cmp -s lk/made.cu o.cu && ok o-dangling-symlink-target-made \
  || { bad o-dangling-symlink-target-made; ls -l lk; }
ln -s loop.cu lk/loop.cu
expect o-symlink-loop 3 "tirx-pp: error: cannot write 'lk/loop.cu': Too many levels of symbolic links" -- \
  "$tool" good.cu -o lk/loop.cu
[ -L lk/loop.cu ] && ok o-symlink-loop-kept || bad o-symlink-loop-kept
# -o /dev/stdout (here a link of our own to /proc/self/fd/1, as /dev/stdout
# is): written through standard output, to the file the shell opened (the
# same inode) or a pipe; the link stays.
ln -s /proc/self/fd/1 stdout-link && printf 'old\n' > redirected.cu && ino=$(stat -c %i redirected.cu)
"$tool" good.cu -o stdout-link > redirected.cu 2> err; rc=$?
[ $rc -eq 0 ] && [ ! -s err ] && cmp -s redirected.cu o.cu && [ "$(stat -c %i redirected.cu)" = "$ino" ] && [ -L stdout-link ] \
  && [ -z "$(ls | grep tmp)" ] && ok o-dev-stdout-redirected || { bad o-dev-stdout-redirected; cat err; ls -l stdout-link; }
{ echo '// before'; "$tool" good.cu -o stdout-link; } > after-echo.cu
[ "$(cat after-echo.cu)" = "// before
$(cat o.cu)" ] && ok o-dev-stdout-after-other-output || bad o-dev-stdout-after-other-output
"$tool" good.cu -o stdout-link | cat > piped.cu; cmp -s piped.cu o.cu && [ -L stdout-link ] && ok o-dev-stdout-piped \
  || bad o-dev-stdout-piped
mkdir -p hdr/ro && expect headers-dir-made-is-removed 3 "tirx-pp: error: cannot write '/dev/full': No space left on device" -- \
  "$tool" hdr/h.cu -o /dev/full --headers-out=hdr/ro/made/deep
[ ! -e hdr/ro/made ] && ok headers-made-dirs-removed || bad headers-made-dirs-removed
deep=hdr/deep$(printf '/d%.0s' $(seq 70))
expect headers-deep-dirs-removed 3 "tirx-pp: error: cannot write '/dev/full': No space left on device" -- \
  "$tool" hdr/h.cu -o /dev/full --headers-out="$deep"
[ ! -e hdr/deep ] && ok headers-all-made-dirs-removed || bad headers-all-made-dirs-removed  # was 64 at most
expect headers-out-twice 2 "tirx-pp: error: --headers-out given twice ('a', 'b')
try 'tirx-pp --help'" -- "$tool" hdr/h.cu --headers-out=a --headers-out=b

# nvcc's flags: translated for the parse, or ignored.
"$tool" -x cu -c -O3 -g -G -lineinfo --expt-relaxed-constexpr --extended-lambda -rdc=true -Xcompiler -fPIC \
  -Xptxas -v -ccbin g++ --use_fast_math -gencode=arch=compute_80,code=sm_80 -gencode arch=compute_90a,code=sm_90a \
  -I dep/inc dep/k.cu -o nvcc.cu && ok nvcc-flags || bad nvcc-flags
"$tool" dep/k.cu -o nvcc2.cu -- -I dep/inc -std=c++17 -O2 -arch=sm_90a && ok nvcc-flags-after-dashes \
  || bad nvcc-flags-after-dashes
cmp -s nvcc.cu nvcc2.cu && ok nvcc-flags-same-output || bad nvcc-flags-same-output

# Outputs that would overwrite the input or each other, and flags given twice.
expect o-twice 2 "tirx-pp: error: -o given twice ('a.cu', 'b.cu')
try 'tirx-pp --help'" -- "$tool" good.cu -o a.cu -o b.cu
expect mf-twice 2 "tirx-pp: error: -MF given twice ('a.d', 'b.d')
try 'tirx-pp --help'" -- "$tool" good.cu -o a.cu -MF a.d -MF b.d
expect mf-is-o 2 "tirx-pp: error: -MF and -o name the same file ('x.cu')" -- "$tool" good.cu -MF x.cu -o x.cu
cp good.cu precious.cu; ln -s precious.cu alias.cu
expect o-is-input 2 "tirx-pp: error: -o 'precious.cu' is the input file; tirx-pp does not overwrite its input" -- \
  "$tool" precious.cu -o precious.cu
expect o-is-input-by-inode 2 "tirx-pp: error: -o 'alias.cu' is the input file; tirx-pp does not overwrite its input" -- \
  "$tool" precious.cu -o alias.cu
expect mf-is-input 2 "tirx-pp: error: -MF 'alias.cu' is the input file; tirx-pp does not overwrite its input" -- \
  "$tool" precious.cu -o p.out.cu -MF alias.cu
cmp -s precious.cu good.cu && [ ! -e a.cu ] && [ ! -e x.cu ] && [ ! -e p.out.cu ] && ok refusals-write-nothing \
  || bad refusals-write-nothing

# '-' is standard input: the same rewrite, named <stdin>.
"$tool" - < good.cu > stdin.cu; rc=$?
[ $rc -eq 0 ] && grep -q '^#line [0-9]* "<stdin>"' stdin.cu && [ "$(sed 's/"<stdin>"/"good.cu"/' stdin.cu)" = "$(cat stdout.cu)" ] \
  && ok stdin || bad stdin

# Targets: every nvcc spelling; bad values are usage errors.
expect gencode-garbage 2 "tirx-pp: error: -gencode takes arch=compute_XX,code=sm_XX (or code=[sm_XX,compute_XX]), not 'garbage'
try 'tirx-pp --help'" -- "$tool" -gencode=garbage good.cu
expect gencode-bad-code 2 "tirx-pp: error: -gencode takes arch=compute_XX,code=sm_XX (or code=[sm_XX,compute_XX]), not 'arch=compute_90,code=[sm_90,'
try 'tirx-pp --help'" -- "$tool" '-gencode=arch=compute_90,code=[sm_90,' good.cu
expect code-garbage 2 "tirx-pp: error: -code takes a comma list of sm_XX and compute_XX, not 'sm_1x'
try 'tirx-pp --help'" -- "$tool" -code=sm_1x good.cu
expect arch-spellings 0 "" -- "$tool" --gpu-architecture=compute_90a -code=sm_90a,compute_90a \
  --generate-code arch=compute_90a,code=[sm_90a,compute_90a] -gencode=arch=compute_90a,code=sm_90a good.cu
cmp -s out stdout.cu && ok arch-spellings-same-output || bad arch-spellings-same-output
expect arch-several 0 "tirx-pp: note: several target architectures (sm_75, sm_80, sm_90a); the parse assumes the highest, sm_90a" -- \
  "$tool" -arch=sm_75 -gencode arch=compute_80,code=sm_80 --generate-code=arch=compute_90a,code=[sm_90a] good.cu
expect arch-native 0 "tirx-pp: note: -arch=native: tirx-pp does not ask the GPU; the parse assumes sm_90a" -- \
  "$tool" -arch=native good.cu
expect arch-sm120 0 "tirx-pp: note: clang 19 cannot parse for sm_120; the parse assumes sm_90a with __CUDA_ARCH__=1200" -- \
  "$tool" -arch=sm_120 good.cu
expect arch-sm100a 0 "tirx-pp: note: several target architectures (sm_80, sm_100a); the parse assumes the highest, sm_100a
tirx-pp: note: clang 19 cannot parse for sm_100a; the parse assumes sm_90a with __CUDA_ARCH__=1000" -- \
  "$tool" -arch=sm_80 --generate-code=arch=compute_100a,code=sm_100a good.cu
expect arch-all 0 "tirx-pp: note: -arch=all names sm_75, sm_80, sm_86, sm_87, sm_88, sm_89, sm_90, sm_100, sm_103, sm_110, sm_120, sm_121; the parse assumes the highest, sm_121
tirx-pp: note: clang 19 cannot parse for sm_121; the parse assumes sm_90a with __CUDA_ARCH__=1210" -- "$tool" -arch=all good.cu
# ... a note only where the parse's assumption matters: not for an unannotated file.
expect arch-note-unannotated 0 "" -- "$tool" -arch=sm_120 plain.cu
# What the parse assumed is what nvcc compiles: __CUDA_ARCH__ and the feature macros.
cat > archdep.cu <<'K'
__global__ void k(float *a) {
#if __CUDA_ARCH__ == 1000 && defined(__CUDA_ARCH_FEAT_SM100_ALL) && !defined(__CUDA_ARCH_FEAT_SM90_ALL)
#pragma tirx unroll
  for (int i = 0; i < 2; ++i) a[i] = 0.f;
#endif
}
K
"$tool" -arch=sm_100a archdep.cu 2>/dev/null | grep -qF '{ int i = 1;' && ok arch-macros-sm100a || bad arch-macros-sm100a
"$tool" -arch=sm_90a archdep.cu | grep -qF '{ int i = 1;' && bad arch-macros-sm90a || ok arch-macros-sm90a

# nvcc's options after --, each as nvcc takes it (a value apart or after =).
"$tool" good.cu -o dashes.cu -- -keep-dir "$tmp" -Xcompiler -fPIC -Xptxas=-v -t 0 --threads 2 -ccbin g++ \
  -Werror all-warnings --expt-relaxed-constexpr -lineinfo -rdc=true --use_fast_math -split-compile 0 -maxrregcount 64 \
  -diag-suppress 177 --default-stream per-thread -O 3 -x cu -std c++17 && cmp -s dashes.cu o.cu \
  && ok nvcc-options-after-dashes || bad nvcc-options-after-dashes

# -p: flags from compile_commands.json, relative -I resolved from its directory.
mkdir -p bdir && cat > bdir/compile_commands.json <<J
[{"directory": "$tmp", "file": "$tmp/dep/k.cu",
  "command": "/usr/local/cuda/bin/nvcc -Idep/inc -O3 -x cu -c $tmp/dep/k.cu -o k.o"}]
J
"$tool" -p bdir dep/k.cu -o fromdb.cu && cmp -s fromdb.cu nvcc.cu && ok compile-commands || bad compile-commands
expect compile-commands-no-entry 2 "tirx-pp: error: 'good.cu' has no entry in 'bdir/compile_commands.json'; give its flags on the command line instead of -p" -- \
  "$tool" -p bdir good.cu -o nothing.cu
[ ! -e nothing.cu ] && ok compile-commands-no-entry-writes-nothing || bad compile-commands-no-entry-writes-nothing
expect compile-commands-missing 2 "tirx-pp: error: cannot read 'nowhere/compile_commands.json'" -- \
  "$tool" -p nowhere dep/k.cu

# A standard that clang parses but nvcc 13 and NVRTC refuse (they take c++03
# ... c++20): --check says so where the flag was given, not NVRTC's bare
# "invalid value"; without --check a warning (an error under -Werror).
expect std-past-nvcc-check 2 "tirx-pp: error: -std=c++23 (argument 2): --check compiles with NVRTC, which takes c++03 ... c++20 as nvcc 13 does; give -std=c++20 or lower" -- \
  "$tool" --check -std=c++23 good.cu -o std23.cu
[ ! -e std23.cu ] && ok std-past-nvcc-check-writes-nothing || bad std-past-nvcc-check-writes-nothing
expect std-past-nvcc-warning 0 "tirx-pp: warning: -std=c++2b (argument 4): nvcc 13 takes c++03 ... c++20 and will refuse it; the parse takes c++2b" -- \
  "$tool" good.cu -o std2b.cu --std c++2b
expect std-past-nvcc-werror 2 "tirx-pp: error: -std=gnu++23 (argument 6): nvcc 13 takes c++03 ... c++20 and will refuse it" -- \
  "$tool" good.cu -o std2b.cu -Werror -- -std=gnu++23
mkdir -p bdir23 && cat > bdir23/compile_commands.json <<J
[{"directory": "$tmp", "file": "$tmp/good.cu",
  "command": "/usr/local/cuda/bin/nvcc -std=c++23 -x cu -c $tmp/good.cu -o good.o"}]
J
expect std-past-nvcc-compile-commands 2 "tirx-pp: error: -std=c++23 (bdir23/compile_commands.json): --check compiles with NVRTC, which takes c++03 ... c++20 as nvcc 13 does; give -std=c++20 or lower" -- \
  "$tool" --check -p bdir23 good.cu -o std23.cu

# Colour: always gives escape sequences, never and a pipe give none.
"$tool" --color=always bad.cu 2> colour.txt >/dev/null
grep -q $'\033\[1;31merror:' colour.txt && grep -q $'\033\[1;32m\^' colour.txt && ok color-always || bad color-always
"$tool" --color=never bad.cu 2> plain.txt >/dev/null; "$tool" bad.cu 2> auto.txt >/dev/null
! grep -q $'\033' plain.txt && cmp -s plain.txt auto.txt && ok color-never-and-auto || bad color-never-and-auto

# -Werror and --no-line are accepted; --no-line output has no #line.
expect no-line 0 "" -- "$tool" --no-line good.cu
grep -q '^#line' out && bad no-line-text || ok no-line-text

# Through the launcher (the build owns the command line) TIRX_PP_REMARKS=1
# gives -Rpass's remarks; without it, the one note of a file whose every
# annotation was left to nvcc's '#pragma unroll'.
cp "$golden/unroll_template.cu" tmpl.cu
TIRX_PP_REMARKS=1 "$tool" /usr/local/cuda/bin/nvcc -arch=sm_90a -I "$golden/../../headers" -c tmpl.cu -o tmpl.o 2> remarks.err
grep -q "tmpl.cu:8:1: remark: trip count depends on a template parameter" remarks.err && ok launcher-remarks-env \
  || { bad launcher-remarks-env; cat remarks.err; }
"$tool" /usr/local/cuda/bin/nvcc -arch=sm_90a -I "$golden/../../headers" -c tmpl.cu -o tmpl.o 2> plain.err
! grep -q "remark:" plain.err && grep -q "tmpl.cu:8:1: note: the one annotation of this file was left to nvcc's '#pragma unroll'" plain.err \
  && ok launcher-all-fell-back-note || { bad launcher-all-fell-back-note; cat plain.err; }
# ---- the launcher and tirx-nvcc around other programs ----
# A stand-in nvcc that logs its arguments (nothing here compiles).
wrapper=$(dirname "$tool")/tirx-nvcc
mkdir -p real rec/bin lnk
printf '#!/bin/sh\necho "real $*" >> %s/real.log\n' "$tmp" > real/nvcc; chmod +x real/nvcc
printf '#!/bin/sh\nexec %s "$@"\n' "$wrapper" > rec/bin/nvcc; chmod +x rec/bin/nvcc
ln -sf "$wrapper" lnk/nvcc
printf '__global__ void u(float *out) { out[0] = 1.f; }\n' > u.cu
# tirx-nvcc behind a script named nvcc that runs tirx-nvcc: the next nvcc, never a loop.
: > real.log
expect nvcc-wrapper-of-tirx-nvcc 0 "" -- env PATH="$tmp/rec/bin:$tmp/real:$PATH" timeout 20 nvcc -c u.cu -o u.o
grep -qx "real -c u.cu -o u.o" real.log && ok nvcc-wrapper-of-tirx-nvcc-runs-the-next || { bad nvcc-wrapper-of-tirx-nvcc-runs-the-next; cat real.log; }
expect tirx-pp-nvcc-runs-tirx-nvcc 2 "tirx-nvcc: error: '$tmp/rec/bin/nvcc' (TIRX_PP_NVCC) runs tirx-nvcc again; set TIRX_PP_NVCC to the real nvcc" -- \
  env TIRX_PP_NVCC="$tmp/rec/bin/nvcc" timeout 20 "$wrapper" -c u.cu -o u.o
expect tirx-pp-nvcc-name-of-a-link 2 "tirx-nvcc: error: 'nvcc' (TIRX_PP_NVCC) runs tirx-nvcc again; set TIRX_PP_NVCC to the real nvcc" -- \
  env PATH="$tmp/lnk:$PATH" TIRX_PP_NVCC=nvcc timeout 20 "$wrapper" -c u.cu -o u.o
# tirx-nvcc behind the launcher: it runs tirx-pp itself, once.
: > real.log
expect launcher-runs-tirx-nvcc 0 "" -- env TIRX_PP_NVCC="$tmp/real/nvcc" "$tool" "$wrapper" -c good.cu -o g.o
[ "$(grep -c . real.log)" = 1 ] && grep -q "^real -c g.o.tirx.cu -o g.o" real.log && grep -qF '{ int k = 3; ' g.o.tirx.cu \
  && ok launcher-runs-tirx-nvcc-rewrites-once || { bad launcher-runs-tirx-nvcc-rewrites-once; cat real.log; }
# An annotated header forced in with -include: refused (its pragmas would
# reach nvcc untouched), on the command line and through the launcher.
printf '__device__ inline void put(int *c) {\n#pragma tirx elect\n  atomicAdd(c, 1);\n}\n' > ann.cuh
printf '#include "ann.cuh"\n' > reach.cuh
printf '__global__ void k(int *c) { put(c); }\n' > fu.cu
forced_error="tirx-pp: error: 'ann.cuh' holds tirx annotations but is read through -include, which tirx-pp cannot redirect to its rewritten copy; #include it at the top of 'fu.cu' instead"
expect forced-include-annotated 1 "$forced_error" -- "$tool" fu.cu -o fi.cu -- -include ann.cuh
expect forced-include-reaches-annotated 1 "tirx-pp: error: 'reach.cuh' holds tirx annotations (in a header it includes) but is read through -include, which tirx-pp cannot redirect to its rewritten copy; #include it at the top of 'fu.cu' instead" -- "$tool" fu.cu -o fi.cu -- -include reach.cuh
: > real.log
expect launcher-forced-include-annotated 1 "$forced_error" -- "$tool" "$tmp/real/nvcc" -include ann.cuh -c fu.cu -o fu.o
[ ! -s real.log ] && ok launcher-forced-include-annotated-no-nvcc || { bad launcher-forced-include-annotated-no-nvcc; cat real.log; }
expect forced-include-unannotated 0 "" -- "$tool" "$tmp/real/nvcc" -include u.cu -c fu.cu -o fu.o
# The ccache warning: only when ccache runs tirx-pp (ccache runs a command it
# does not cache in its own place), not whenever CCACHE_DISABLE is set.
if command -v ccache > /dev/null; then
  ccache_warning="tirx-pp: warning: ccache runs tirx-pp, so it caches nothing: put tirx-pp first, ccache after it (CMAKE_CUDA_COMPILER_LAUNCHER=\"tirx-pp;ccache\", or NVCC=\"tirx-pp ccache nvcc\")"
  expect ccache-before-tirx-pp-warns 0 "$ccache_warning" -- env CCACHE_DIR="$tmp/ccache" ccache "$tool" "$tmp/real/nvcc" -c u.cu -o u.o
  # (CCACHE_DISABLE set for the build: make or ninja, here sh, has it too.)
  expect ccache-disable-alone-no-warning 0 "" -- env CCACHE_DISABLE=1 sh -c '"$0" "$1" -c u.cu -o u.o; exit $?' "$tool" "$tmp/real/nvcc"
  # (A one-off at a shell: bash names tirx-pp in $_.)
  expect ccache-disable-one-off-no-warning 0 "" -- bash -c 'CCACHE_DISABLE=1 "$0" "$1" -c u.cu -o u.o; exit $?' "$tool" "$tmp/real/nvcc"
  # (ccache run by a build tool that does not set $_: it still warns.)
  expect ccache-before-tirx-pp-under-make-warns 0 "$ccache_warning" -- env _=/usr/bin/make CCACHE_DIR="$tmp/ccache" ccache "$tool" "$tmp/real/nvcc" -c u.cu -o u.o
else
  skipped ccache-before-tirx-pp-warns "no ccache on PATH"
fi

# By hand, an unannotated file is not scanned again until something it read
# changes: the cache remembers the answer (with the output and the depfile's
# list) as it does for the launcher. TIRX_PP_TIMES names the phase.
mkdir -p rem/inc rem/out
printf '#pragma once\n#include "deep.cuh"\n__device__ inline int one() { return 1; }\n' > rem/inc/top.cuh
printf '#pragma once\n__device__ inline int two() { return 2; }\n' > rem/inc/deep.cuh
printf '#include "inc/top.cuh"\n__global__ void k(int *p) { *p = one() + two(); }\n' > rem/k.cu
scanned() { TIRX_PP_TIMES=1 "$tool" "$@" 2> rem/times; grep -q 'time: scan ' rem/times; }
remembered() { TIRX_PP_TIMES=1 "$tool" "$@" 2> rem/times; grep -q 'time: remembered ' rem/times && ! grep -q 'time: scan ' rem/times; }
by_hand=(rem/k.cu -o rem/out/k.cu -MD -- -DY=1)
scanned "${by_hand[@]}" && cp rem/out/k.cu rem/first.cu && cp rem/out/k.cu.d rem/first.d \
  && ok by-hand-first-run-scans || { bad by-hand-first-run-scans; cat rem/times; }
rm -f rem/out/k.cu rem/out/k.cu.d
remembered "${by_hand[@]}" && cmp -s rem/out/k.cu rem/first.cu && cmp -s rem/out/k.cu.d rem/first.d \
  && grep -q 'include "../inc/top.cuh"' rem/out/k.cu && grep -q 'deep.cuh' rem/out/k.cu.d \
  && ok by-hand-second-run-remembered || { bad by-hand-second-run-remembered; cat rem/times rem/out/k.cu.d; }
scanned rem/k.cu -o rem/k2.cu -MD -- -DY=1 && ok by-hand-other-output-scans || bad by-hand-other-output-scans
scanned rem/k.cu -- -DY=1 > rem/stdout1.cu && remembered rem/k.cu -- -DY=1 > rem/stdout2.cu && cmp -s rem/k.cu rem/stdout2.cu \
  && ok by-hand-standard-output-remembered || { bad by-hand-standard-output-remembered; cat rem/times; }
scanned rem/k.cu -o rem/out/k.cu -MD -- -DY=1 -DX=1 && ok by-hand-other-flags-scan || bad by-hand-other-flags-scan
remembered "${by_hand[@]}" || { bad by-hand-remembered-again; cat rem/times; }
echo '// one more line' >> rem/inc/deep.cuh
scanned "${by_hand[@]}" && ok by-hand-edited-header-scans || { bad by-hand-edited-header-scans; cat rem/times; }
printf '__device__ void g(float *x) {\n#pragma tirx unroll\n  for (int i = 0; i < 4; ++i) x[i] = i;\n}\n' >> rem/inc/deep.cuh
"$tool" "${by_hand[@]}" 2> rem/err && grep -q 'k.cu.headers' rem/out/k.cu \
  && ok by-hand-annotation-added-to-header-rewrites || { bad by-hand-annotation-added-to-header-rewrites; cat rem/err; }

tally_end
