#!/usr/bin/env bash
# build_id.sh - runtime/build_id.sh, the rewriter's build id in libtirx_rt's
# cache keys: the id compiled in is the tree's, it is stable, and a change to
# any source of rewriters/ changes it. The build makes the header once, for the
# library (pass.c) and libtirx_rt alike: BUILD_DIR holds no other.
#   build_id.sh SOURCE_DIR BUILD_HEADER WORK_DIR [BUILD_DIR]
set -u
src=$1 header=$2 work=$3 build=${4:-}
fail() { echo "FAIL: $*"; exit 1; }
id=$("$src/runtime/build_id.sh" "$src") || fail "build_id.sh failed"
[[ $id =~ ^[0-9a-f]{64}$ ]] || fail "not a SHA-256: $id"
[ "$("$src/runtime/build_id.sh" "$src")" = "$id" ] || fail "not stable"
grep -qx "#define TIRX_PP_BUILD_ID \"$id\"" "$header" || fail "$header does not hold $id: $(cat "$header")"
if [ -n "$build" ]; then
  # Another copy of the header in this build tree is a second rule making it
  # (runtime/ once had its own), so the library and libtirx_rt could key
  # their caches by different ids. The search skips any folder that holds a
  # CMakeCache.txt: that is another build tree, configured on its own inside
  # this one (the fuzz test's instrumented build, tests/fuzz.sh's WORK_DIR
  # under tests/), which makes its own header for its own core, as it must.
  others=$(find "$build" -mindepth 1 -type d -exec test -e '{}/CMakeCache.txt' ';' -prune -o \
           -name tirx_build_id.h ! -samefile "$header" -print)
  [ -z "$others" ] || fail "the build id is generated again: $others (one header, $header, serves all)"
fi
rm -rf "$work" && mkdir -p "$work/runtime" && cp -r "$src/rewriters" "$work/" && cp "$src/runtime/build_id.sh" "$work/runtime/"
[ "$("$work/runtime/build_id.sh" "$work")" = "$id" ] || fail "a copy of the tree has another id"
for f in base/util.c constructs/construct.h front/libclang.def api.c; do
  cp "$src/rewriters/$f" "$work/rewriters/$f"
  echo " " >> "$work/rewriters/$f"
  [ "$("$work/runtime/build_id.sh" "$work")" != "$id" ] || fail "a change to $f keeps the id"
  cp "$src/rewriters/$f" "$work/rewriters/$f"
done
# A new source counts too, on top and in a phase folder (checks/).
touch "$work/rewriters/new.c"
id2=$("$work/runtime/build_id.sh" "$work")
[ "$id2" != "$id" ] || fail "a new file keeps the id"
touch "$work/rewriters/checks/new.h"
[ "$("$work/runtime/build_id.sh" "$work")" != "$id2" ] || fail "a new file in a subfolder keeps the id"
# The header is rewritten only when the id changes (no needless rebuilds).
"$work/runtime/build_id.sh" "$work" "$work/h.h" && before=$(stat -c %Y.%N "$work/h.h" 2>/dev/null; stat -c %y "$work/h.h")
sleep 1.1
"$work/runtime/build_id.sh" "$work" "$work/h.h" && after=$(stat -c %Y.%N "$work/h.h" 2>/dev/null; stat -c %y "$work/h.h")
[ "$before" = "$after" ] || fail "the header was rewritten with the same id"
rm -rf "$work"
echo "build id: all passed"
