#!/usr/bin/env bash
# The drop-in launcher (docs/language.md#headers-and-existing-builds): tests/launcher/, a CUDA project that knows
# nothing of tirx-pp, built by CMake with -DCMAKE_CUDA_COMPILER_LAUNCHER and
# by make with NVCC="tirx-pp nvcc". nvcc is a wrapper that logs each command,
# so the unannotated file is seen to be compiled exactly as without the
# launcher; the annotated ones are compiled from their rewritten copies, and
# the depfiles name the originals.
#   launcher.sh TIRX_PP SOURCE_DIR WORK_DIR
set -u
tool=$1 src=$2 work=$3
rm -rf "$work"; mkdir -p "$work/bin"
pass=0 fail=0
ok() { pass=$((pass+1)); echo "ok   $1"; }
bad() { fail=$((fail+1)); echo "FAIL $1"; }
export TIRX_PP_CACHE_DIR="$work/cache"
nvcc=/usr/local/cuda/bin/nvcc
# nvcc that logs its arguments, one command a line.
cat > "$work/bin/nvcc" <<W
#!/bin/sh
printf '%s\n' "\$*" >> "\$(dirname "\$0")/nvcc.log"
exec $nvcc "\$@"
W
chmod +x "$work/bin/nvcc"
log=$work/bin/nvcc.log
# The log's lines that compile FILE.cu (configure-time probes left out).
compiles() { grep -- " -c [^ ]*$1 \| $1 " "$log" | grep -v CMakeFiles/CMakeScratch || true; }

# ---- CMake (Ninja) ----
proj=$work/cmake-src; cp -r "$src/tests/launcher" "$proj"
configure() {  # DIR [LAUNCHER]
  cmake -S "$proj" -B "$1" -G Ninja -DCMAKE_CUDA_COMPILER="$work/bin/nvcc" -DTIRX_HEADERS="$src/headers" \
    ${2:+-DCMAKE_CUDA_COMPILER_LAUNCHER=$2} > "$1.configure.log" 2>&1
}
: > "$log"
if configure "$work/plain-build" && cmake --build "$work/plain-build" > "$work/plain.build.log" 2>&1; then
  ok "cmake: without the launcher"; else bad "cmake: without the launcher"; cat "$work/plain-build.configure.log" "$work/plain.build.log" | tail -20; fi
without=$(compiles plain.cu | sed "s|$work/plain-build|BUILD|g")
: > "$log"
b=$work/launch-build
if configure "$b" "$tool" && cmake --build "$b" > "$work/launch.build.log" 2>&1; then
  ok "cmake: with the launcher"; else bad "cmake: with the launcher"; cat "$b.configure.log" "$work/launch.build.log" | tail -20; fi
with=$(compiles plain.cu | sed "s|$b|BUILD|g")
[ -n "$without" ] && [ "$without" = "$with" ] && ok "cmake: unannotated file, nvcc's command as without" \
  || { bad "cmake: unannotated file, nvcc's command as without"; echo "  without: $without"; echo "  with:    $with"; }
obj=$b/CMakeFiles/kernels.dir/annotated.cu.o
[ -f "$obj" ] && [ -f "$obj.tirx.cu" ] && grep -qF '{ int k = 3; ' "$obj.tirx.cu" && ok "cmake: annotated file rewritten and built" \
  || bad "cmake: annotated file rewritten and built"
grep -q -- "-c CMakeFiles/kernels.dir/annotated.cu.o.tirx.cu -o CMakeFiles/kernels.dir/annotated.cu.o -I [^ ]*/headers$" "$log" \
  && ok "cmake: nvcc compiles the copy" || { bad "cmake: nvcc compiles the copy"; grep annotated "$log"; }
# Ninja keeps the depfiles in .ninja_deps (and deletes them): ask it.
# Each named as ninja resolves it (from the build directory).
deps() { ninja -C "$b" -t deps "$1" | tail -n +2 | sed 's/^ *//' | (cd "$b" && while read -r f; do realpath -m "$f"; done); }
deps CMakeFiles/kernels.dir/annotated.cu.o > "$work/annotated.deps"
grep -q 'tirx\.cu' "$work/annotated.deps" && bad "cmake: depfile names the copy" || ok "cmake: depfile does not name the copy"
grep -qx "$proj/annotated.cu" "$work/annotated.deps" && grep -qx "$proj/params.h" "$work/annotated.deps" \
  && [ "$(grep -c 'annotated\.cu$' "$work/annotated.deps")" -eq 1 ] \
  && ok "cmake: depfile names the original source and header, once" || { bad "cmake: depfile names the originals"; head -3 "$work/annotated.deps"; }
# Since the lead's header rewriting (rewriters/front/tu.c): an annotation in a
# template in a .cuh under a subfolder.
tobj=$b/CMakeFiles/kernels.dir/templated.cu.o
deps CMakeFiles/kernels.dir/templated.cu.o > "$work/templated.deps"
[ -f "$tobj" ] && grep -qF '{ int i = 3; ' "$tobj.tirx.cu.headers/kern/fill.cuh" && grep -qx "$proj/kern/fill.cuh" "$work/templated.deps" \
  && ! grep -q 'tirx\.cu' "$work/templated.deps" && ok "cmake: annotated .cuh rewritten, depfile names the original (needs header rewriting)" \
  || bad "cmake: annotated .cuh rewritten, depfile names the original (needs header rewriting)"
[ ! -e "$b/CMakeFiles/kernels.dir/plain.cu.o.tirx.cu" ] && ok "cmake: no copy of the unannotated file" \
  || bad "cmake: no copy of the unannotated file"
cmake --build "$b" > "$work/again.log" 2>&1
grep -q "no work to do" "$work/again.log" && ok "cmake: no-op rebuild" || { bad "cmake: no-op rebuild"; cat "$work/again.log"; }
sleep 1; touch "$proj/params.h"
cmake --build "$b" -v > "$work/touch.log" 2>&1
grep -q "annotated.cu.o" "$work/touch.log" && ok "cmake: header edit rebuilds the annotated file" \
  || { bad "cmake: header edit rebuilds the annotated file"; cat "$work/touch.log"; }
sleep 1; touch "$proj/kern/fill.cuh"
cmake --build "$b" -v > "$work/touch2.log" 2>&1
grep -q "templated.cu.o" "$work/touch2.log" && ok "cmake: annotated header edit rebuilds (needs header rewriting)" \
  || { bad "cmake: annotated header edit rebuilds (needs header rewriting)"; cat "$work/touch2.log"; }
# An error: reported by tirx-pp at the original line; the build stops.
sed -i 's/k < WIDTH/k < n/; s/float \*out)/float *out, int n)/' "$proj/annotated.cu"
cmake --build "$b" > "$work/error.log" 2>&1 && bad "cmake: error stops the build" || ok "cmake: error stops the build"
grep -q "^$proj/annotated.cu:7:19: error: the bound of a loop under '#pragma tirx unroll' is not a constant expression" "$work/error.log" \
  && ok "cmake: error at the original line" || { bad "cmake: error at the original line"; cat "$work/error.log"; }

# ---- make, NVCC="tirx-pp nvcc" ----
for mode in plain launch; do
  m=$work/make-$mode; cp -r "$src/tests/launcher" "$m"
  : > "$log"
  if [ $mode = plain ]; then nv="$work/bin/nvcc"; else nv="$tool $work/bin/nvcc"; fi
  make -C "$m" NVCC="$nv" TIRX_HEADERS="$src/headers" > "$m.log" 2>&1 && ok "make ($mode): build" || { bad "make ($mode): build"; cat "$m.log"; }
  compiles plain.cu | sed "s|$m|DIR|g" > "$m.plain"
  cp "$log" "$m.nvcc.log"
done
[ -s "$work/make-plain.plain" ] && cmp -s "$work/make-plain.plain" "$work/make-launch.plain" && ok "make: unannotated file, nvcc's command as without" \
  || { bad "make: unannotated file, nvcc's command as without"; cat "$work/make-plain.plain" "$work/make-launch.plain"; }
# (nvcc's objects differ from one run to the next even by themselves: compare the depfile.)
cmp -s "$work/make-plain/plain.d" "$work/make-launch/plain.d" && [ -f "$work/make-launch/plain.o" ] \
  && [ ! -e "$work/make-launch/plain.o.tirx.cu" ] && ok "make: unannotated file, the same depfile, no copy" \
  || bad "make: unannotated file, the same depfile, no copy"
m=$work/make-launch
head -1 "$m/annotated.d" | grep -qx 'annotated.o : annotated.cu \\' && ! grep -q 'tirx\.cu' "$m/annotated.d" && grep -q '^ *params.h' "$m/annotated.d" \
  && ok "make: depfile names the originals" || { bad "make: depfile names the originals"; head -3 "$m/annotated.d"; }
grep -q 'tirx\.cu' "$work/make-plain/annotated.d" && bad "make: reference depfile" || true
make -C "$m" NVCC="$tool $work/bin/nvcc" TIRX_HEADERS="$src/headers" 2>&1 | grep -q "Nothing to be done" \
  && ok "make: no-op rebuild" || bad "make: no-op rebuild"
sleep 1; touch "$m/kern/fill.cuh"
make -C "$m" NVCC="$tool $work/bin/nvcc" TIRX_HEADERS="$src/headers" 2>&1 | grep -q "templated.cu" \
  && ok "make: annotated header edit rebuilds (needs header rewriting)" || bad "make: annotated header edit rebuilds (needs header rewriting)"

# ---- tirx_add_sources: every architecture, the standard, header copies ----
a=$work/added; cp -r "$src/tests/launcher" "$work/added-src"
if cmake -S "$work/added-src/add_sources" -B "$a" -G Ninja -DTIRX_PP="$tool" -DTIRX_HEADERS="$src/headers" \
     -DTIRX_CMAKE="$src/cmake" > "$a.configure.log" 2>&1 && cmake --build "$a" > "$a.build.log" 2>&1; then
  ok "tirx_add_sources: build"; else bad "tirx_add_sources: build"; cat "$a.configure.log" "$a.build.log" | tail -20; fi
ninja -C "$a" -t commands | grep "tirx-pp .*templated.cu" > "$a.cmd"
grep -q -- "-arch=sm_80 -arch=sm_90 -std=c++20" "$a.cmd" && grep -q -- "--headers-out=$a/tirx/__/templated.cu.headers" "$a.cmd" \
  && ok "tirx_add_sources: every architecture and the standard" || { bad "tirx_add_sources: every architecture and the standard"; cat "$a.cmd"; }
grep -q "note: several target architectures (sm_80, sm_90); the parse assumes the highest, sm_90" "$a.build.log" \
  && ok "tirx_add_sources: the note on the parse's architecture" || bad "tirx_add_sources: the note on the parse's architecture"
grep -qF '{ int i = 3; ' "$a/tirx/__/templated.cu.headers/kern/fill.cuh" && ok "tirx_add_sources: header copy (needs header rewriting)" \
  || bad "tirx_add_sources: header copy (needs header rewriting)"
cmake --build "$a" > "$a.again.log" 2>&1
grep -q "no work to do" "$a.again.log" && ok "tirx_add_sources: no-op rebuild" || { bad "tirx_add_sources: no-op rebuild"; cat "$a.again.log"; }
sleep 1; touch "$work/added-src/kern/fill.cuh"
cmake --build "$a" > "$a.touch.log" 2>&1
grep -q "tirx-pp __/templated.cu" "$a.touch.log" && ! grep -q "tirx-pp __/annotated.cu" "$a.touch.log" \
  && ok "tirx_add_sources: header edit re-runs tirx-pp on its includer" || { bad "tirx_add_sources: header edit re-runs tirx-pp"; cat "$a.touch.log"; }

# ---- the command line nvcc sees, case by case ----
cd "$work/make-launch"
# nvcc's default names: no -o, -MD without -MF, -M to standard output.
rm -f annotated.o annotated.d
"$tool" "$work/bin/nvcc" -I"$src/headers" -arch=sm_90 -MD -c annotated.cu && [ -f annotated.o ] \
  && head -1 annotated.d | grep -qx 'annotated.o : annotated.cu \\' && ok "nvcc's default output and depfile names" \
  || bad "nvcc's default output and depfile names"
"$tool" "$work/bin/nvcc" -I"$src/headers" -arch=sm_90 -M annotated.cu > m.out && head -1 m.out | grep -qx 'annotated.o : annotated.cu \\' \
  && ! grep -q 'tirx\.cu' m.out && ok "-M to standard output names the original" || { bad "-M to standard output"; head -3 m.out; }
# tirx.h found without the user naming its directory (one setting adopts).
rm -f annotated.o
"$tool" "$work/bin/nvcc" -arch=sm_90 -c annotated.cu 2> noi.err && [ -f annotated.o ] \
  && ok "tirx.h found without -I" || { bad "tirx.h found without -I"; cat noi.err; }
# Several CUDA sources in one command: as given when none is annotated, an error otherwise.
"$tool" "$work/bin/nvcc" -arch=sm_90 -c plain.cu plain.cu -odir . > /dev/null 2>&1; true
"$tool" "$work/bin/nvcc" -I"$src/headers" -arch=sm_90 -c plain.cu annotated.cu 2> two.err; rc=$?
[ $rc -eq 2 ] && [ "$(cat two.err)" = "tirx-pp: error: 'annotated.cu' is annotated, and the launcher rewrites only a command that compiles one CUDA source; compile it with a command of its own" ] \
  && ok "two sources, one annotated: refused" || { bad "two sources, one annotated: refused"; cat two.err; }
# Not a compile of CUDA: run as given.
"$tool" "$work/bin/nvcc" --version | grep -q "Cuda compilation tools" && ok "--version passes through" || bad "--version passes through"
: > "$log"; "$tool" "$work/bin/nvcc" -arch=sm_90 -o app plain.o annotated.o -lcudart > /dev/null 2>&1
[ "$(cat "$log")" = "-arch=sm_90 -o app plain.o annotated.o -lcudart" ] && ok "a link passes through" || { bad "a link passes through"; cat "$log"; }
# nvcc's options with their values, in every spelling, reach nvcc as given.
: > "$log"
"$tool" "$work/bin/nvcc" -keep-dir "$work" -Xcompiler -fPIC -Xptxas=-v -t 0 --threads 2 -ccbin g++ --expt-relaxed-constexpr \
  -lineinfo -rdc=true --use_fast_math -O 3 --gpu-architecture sm_90 -c plain.cu -o p2.o > /dev/null 2>&1 && [ -f p2.o ] \
  && [ "$(cat "$log")" = "-keep-dir $work -Xcompiler -fPIC -Xptxas=-v -t 0 --threads 2 -ccbin g++ --expt-relaxed-constexpr -lineinfo -rdc=true --use_fast_math -O 3 --gpu-architecture sm_90 -c plain.cu -o p2.o" ] \
  && ok "nvcc options pass through" || { bad "nvcc options pass through"; cat "$log"; }
# A bad target is tirx-pp's usage error before nvcc runs (annotated file).
"$tool" "$work/bin/nvcc" -gencode=garbage -c annotated.cu -o g.o 2> g.err; rc=$?
[ $rc -eq 2 ] && [ "$(head -1 g.err)" = "tirx-pp: error: -gencode takes arch=compute_XX,code=sm_XX (or code=[sm_XX,compute_XX]), not 'garbage'" ] \
  && ok "launcher: -gencode=garbage" || { bad "launcher: -gencode=garbage"; cat g.err; }

# An options file hides flags: refused for an annotated source, as given otherwise.
echo "-DX=1" > opts.txt
"$tool" "$work/bin/nvcc" -optf opts.txt -I"$src/headers" -arch=sm_90 -c annotated.cu -o optf.o 2> optf.err; rc=$?
[ $rc -eq 2 ] && [ "$(cat optf.err)" = "tirx-pp: error: 'annotated.cu' is annotated, and the launcher does not read nvcc's options file 'opts.txt'; give those flags on the command line" ] \
  && ok "launcher: options file with an annotated source refused" || { bad "launcher: options file refused"; cat optf.err; }
"$tool" "$work/bin/nvcc" -optf opts.txt -arch=sm_90 -c plain.cu -o optf.o && ok "launcher: options file, unannotated: as given" \
  || bad "launcher: options file, unannotated: as given"

# ---- the time added to an unannotated file (budget: 5 ms) ----
best=999999
for run in 1 2 3; do
  t0=$(date +%s%N); for i in $(seq 20); do /bin/true -c plain.cu -o x.o; done; t1=$(date +%s%N)
  for i in $(seq 20); do "$tool" /bin/true -c plain.cu -o x.o; done; t2=$(date +%s%N)
  us=$(( ((t2 - t1) - (t1 - t0)) / 20000 )); [ $us -lt $best ] && best=$us
done
echo "     added per unannotated file: ${best} us"
[ $best -le 5000 ] && ok "unannotated file: <= 5 ms added" || bad "unannotated file: <= 5 ms added (${best} us)"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
