#!/usr/bin/env bash
# Installs tirx-pp to a prefix, then builds examples/adoption (a CUDA CMake
# project that uses find_package(TirxPP) and tirx_add_sources) with Ninja and
# with Makefiles, and checks incremental builds: nothing to do when nothing
# changed; an edit of a header the annotated file includes re-runs tirx-pp.
#   adoption.sh BUILD_DIR SOURCE_DIR WORK_DIR
set -u
build=$1 src=$2 work=$3
rm -rf "$work"; mkdir -p "$work"
. "$(dirname "$0")/tally.sh"
export PATH=/usr/local/cuda/bin:$PATH
cmake --install "$build" --prefix "$work/prefix" > "$work/install.log" 2>&1 && ok install || { bad install; cat "$work/install.log"; }
for f in bin/tirx-pp include/tirx.h include/tirx/ptx.h include/tirx/tma.h include/tirx/wgmma.h \
         include/tirx/nvrtc_include/cstdint share/man/man1/tirx-pp.1 lib/cmake/TirxPP/TirxPPConfig.cmake; do
  [ -e "$work/prefix/$f" ] && ok "installed $f" || bad "installed $f"
done
# The installed tool finds its installed headers.
"$work/prefix/bin/tirx-pp" "$src/examples/adoption/src/row_sum.cu" -I "$src/examples/adoption/include" \
  -DROW_WIDTH=64 > /dev/null && ok installed-tool-runs || bad installed-tool-runs
# ... and --check finds the installed NVRTC stand-ins (a header that uses <cstdint>).
"$work/prefix/bin/tirx-pp" --check "$src/examples/adoption/src/row_sum.cu" -I "$src/examples/adoption/include" \
  -DROW_WIDTH=64 -o /dev/null && ok installed-tool-checks || bad installed-tool-checks
for gen in Ninja "Unix Makefiles"; do
  tag=$(echo "$gen" | tr -d ' ')
  cp -r "$src/examples/adoption" "$work/app-$tag"
  app=$work/app-$tag b=$work/app-$tag/build
  if cmake -S "$app" -B "$b" -G "$gen" -DCMAKE_PREFIX_PATH="$work/prefix" > "$work/$tag.configure.log" 2>&1 &&
     cmake --build "$b" > "$work/$tag.build.log" 2>&1; then ok "$tag: configure and build"; else
    bad "$tag: configure and build"; cat "$work/$tag.configure.log" "$work/$tag.build.log" | tail -30; continue; fi
  grep -q "tirx-pp src/row_sum.cu" "$work/$tag.build.log" && ok "$tag: tirx-pp ran" || bad "$tag: tirx-pp ran"
  [ -f "$b/tirx/src/row_sum.cu" ] && grep -q "{ int k = 3;" "$b/tirx/src/row_sum.cu" && ok "$tag: generated source" \
    || bad "$tag: generated source"
  cmake --build "$b" > "$work/$tag.again.log" 2>&1
  grep -q "tirx-pp src/row_sum.cu" "$work/$tag.again.log" && bad "$tag: no-op rebuild ran tirx-pp" || ok "$tag: no-op rebuild"
  sleep 1; echo "#define CHUNK 8" > "$app/include/config.h.new"; sed 's/#define CHUNK 4/#define CHUNK 8/' \
    "$app/include/config.h" > "$app/include/config.h.new" && mv "$app/include/config.h.new" "$app/include/config.h"
  cmake --build "$b" > "$work/$tag.header.log" 2>&1
  grep -q "tirx-pp src/row_sum.cu" "$work/$tag.header.log" && grep -q "{ int k = 7;" "$b/tirx/src/row_sum.cu" \
    && ok "$tag: header edit re-ran tirx-pp" || { bad "$tag: header edit re-ran tirx-pp"; cat "$work/$tag.header.log"; }
  out=$("$b/adoption"); rc=$?
  case $rc in 0) ok "$tag: run ($out)";; 77) skipped "$tag: run" "$out";; *) bad "$tag: run ($out)";; esac
done
tally_end
