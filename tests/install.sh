#!/usr/bin/env bash
# The installed package, used from its prefix alone: cmake --install to a
# fresh prefix, then tests/install/consumer (a CUDA project) configured with
# CMAKE_PREFIX_PATH=PREFIX and nothing else of this tree, built with nvcc:
# find_package(TirxPP) + tirx_add_sources, the launcher, a vendored copy of
# the headers without tirx-pp, libtirx_rt linked into a C program (run:
# it rewrites a kernel, no GPU needed), and a FindCUDA project whose nvcc is
# the installed tirx-nvcc. The programs run where there is a GPU.
# Also the build tree as a package (TirxPP_DIR=BUILD_DIR).
#   install.sh BUILD_DIR SOURCE_DIR WORK_DIR
set -u
build=$1 src=$2 work=$3
rm -rf "$work"; mkdir -p "$work"
. "$(dirname "$0")/tally.sh"
export PATH=/usr/local/cuda/bin:$PATH
prefix=$work/prefix
cmake --install "$build" --prefix "$prefix" > "$work/install.log" 2>&1 && ok install || { bad install; cat "$work/install.log"; }
for f in bin/tirx-pp bin/tirx-nvcc include/tirx.h include/tirx_rt.h lib/libtirx_rt.a lib/cmake/TirxPP/TirxPPConfig.cmake \
         lib/cmake/TirxPP/TirxPPFunctions.cmake share/man/man1/tirx-pp.1; do
  [ -e "$prefix/$f" ] && ok "installed $f" || bad "installed $f"
done

# configure_and_build NAME PACKAGE-SETTING: the consumer in WORK/NAME.
configure_and_build() {
  local name=$1 setting=$2 app=$work/$1
  cp -r "$src/tests/install/consumer" "$app"
  mkdir -p "$app/third_party"; cp -r "$prefix/include" "$app/third_party/tirx"
  rm -f "$app/third_party/tirx/tirx_rt.h"
  if cmake -S "$app" -B "$app/build" -G Ninja "$setting" > "$work/$name.configure.log" 2>&1 &&
     cmake --build "$app/build" -v > "$work/$name.build.log" 2>&1; then ok "$name: configure and build"; else
    bad "$name: configure and build"; tail -40 "$work/$name.configure.log" "$work/$name.build.log"; return 1; fi
  local log=$app/build/build.ninja
  grep -q "/tirx-pp [^ ]*/src/scale.cu -o" "$work/$name.build.log" && ok "$name: tirx_add_sources ran tirx-pp" \
    || bad "$name: tirx_add_sources ran tirx-pp"
  grep -q "{ int k = 3;" "$app/build/tirx/src/scale.cu" 2>/dev/null && ok "$name: tirx_add_sources rewrote the loop" \
    || bad "$name: tirx_add_sources rewrote the loop"
  grep -q "tirx-pp [^ ]*nvcc.*-c [^ ]*src/scale.cu" "$work/$name.build.log" && ok "$name: the launcher in front of nvcc" \
    || bad "$name: the launcher in front of nvcc"
  [ -f "$app/build/CMakeFiles/launched.dir/src/scale.cu.o.tirx.cu" ] &&
    grep -q "{ int k = 3;" "$app/build/CMakeFiles/launched.dir/src/scale.cu.o.tirx.cu" \
    && ok "$name: the launcher rewrote the annotated file" || bad "$name: the launcher rewrote the annotated file"
  grep -q "third_party/tirx" "$log" && ok "$name: vendored headers used" || bad "$name: vendored headers used"
  for exe in named launched vendored; do
    out=$("$app/build/$exe" 2>&1); rc=$?
    case $rc in 0) ok "$name: $exe runs ($out)";; 77) skipped "$name: $exe runs" "$out";; *) bad "$name: $exe ($out)";; esac
  done
  out=$(TIRX_RT_CACHE_DIR=$work/$name.rt-cache "$app/build/rt_prepare" 2>&1) && [[ $out == TIRX_RT_OK* ]] \
    && ok "$name: libtirx_rt rewrites a kernel" || bad "$name: libtirx_rt ($out)"
}

# findcuda: tests/launcher/findcuda (CMake's old FindCUDA module, which ignores
# CMAKE_CUDA_COMPILER_LAUNCHER) with the installed tirx-nvcc as its nvcc.
findcuda() {
  local f=$work/findcuda-build
  cp -r "$src/tests/launcher" "$work/findcuda-src"
  if CUDA_NVCC_EXECUTABLE=$prefix/bin/tirx-nvcc cmake -S "$work/findcuda-src/findcuda" -B "$f" -G Ninja \
       -DTIRX_HEADERS="$prefix/include" > "$work/findcuda.configure.log" 2>&1 &&
     cmake --build "$f" -v > "$work/findcuda.build.log" 2>&1; then ok "findcuda: tirx-nvcc builds"; else
    bad "findcuda: tirx-nvcc builds"; tail -20 "$work/findcuda.configure.log" "$work/findcuda.build.log"; return 1; fi
  grep -qF '{ int k = 3; ' "$f/CMakeFiles/kernels.dir/__/kernels_generated_annotated.cu.o.tirx.cu" 2>/dev/null \
    && ok "findcuda: the annotated file rewritten" || bad "findcuda: the annotated file rewritten"
  grep -q "unrecognized #pragma" "$work/findcuda.build.log" && bad "findcuda: no pragma reaches nvcc" \
    || ok "findcuda: no pragma reaches nvcc"
}

# The installed library looks for tirx.h where CMAKE_INSTALL_PREFIX put it;
# installed elsewhere with --prefix, the environment says where.
TIRX_RT_HEADER_DIR=$prefix/include TIRX_RT_NVRTC_INCLUDE=$prefix/include/tirx/nvrtc_include \
  configure_and_build installed "-DCMAKE_PREFIX_PATH=$prefix"
grep -q -e "$src/headers" -e "$src/cmake" -e "$src/runtime" -e "$build/tirx-pp" -e "$build/runtime" \
  "$work/installed/build/build.ninja" && bad "installed: the build names the source or build tree" \
  || ok "installed: nothing of the source or build tree in the build"
configure_and_build build-tree "-DTirxPP_DIR=$build"
findcuda

tally_end
