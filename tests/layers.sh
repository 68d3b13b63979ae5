#!/bin/bash
# layers.sh SRC_DIR LIBRARY.a - structured concurrency runs in phases that
# only look back (docs/architecture.md): the model and its questions
# (kernel.c) and the stubs (stub.c), then the gathering (gather.c and its
# readers gather_regions.c, gather_events.c, gather_ops.c, gather_turns.c),
# then the checks (checks.c, barrier.c, uniform.c, lanes.c, elected.c, deadlock.c, cluster.c),
# then the lowering (region.c, event.c, turn.c, trace.c), and concurrency.c, which
# runs them. A file may use only
# files of its own phase or an earlier one, and the files depend on each
# other in no cycle. Dependencies are read two ways: the functions and data
# one object file of the library uses that another defines (nm: undefined
# against defined symbols), and the `#include "x.h"` lines of each file (a
# header stands for the .c file of the same name). A cycle anywhere among
# the library's files fails too, and so does a function that X.c exports
# and X.h does not declare (issue 14: headers per module). The files are
# found anywhere under rewriters/ (a name unique across its folders); the
# check phase's files must be in rewriters/checks/, the lowering's in
# rewriters/lower/, and nothing else there (issue 14: the layout).
#
# The tool (TOOL_OBJECTS, tirx-pp's object files, ';'-separated as CMake's
# $<TARGET_OBJECTS> gives them) stands on the library: it may call the
# public API (tirx_* of tirxpp.h), the base/ helpers (sys.c, util.c, diag.c,
# source.c) and the libclang loader (front/libclang.c: the tool reads
# compile_commands.json and clang's version through libclang itself), and
# include those headers only; its own files depend on each other in no
# cycle, and what tool/X.c exports is declared in tool/X.h.
#   layers.sh SRC_DIR LIBRARY.a [TOOL_OBJECTS]
set -u
src=$1 lib=$2 tool_objs=${3:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# phase of each concurrency file
declare -A phase=([kernel]=0 [stub]=0 [gather]=1 [gather_regions]=1 [gather_events]=1 [gather_ops]=1
                  [gather_turns]=1 [checks]=2 [barrier]=2 [uniform]=2 [lanes]=2 [elected]=2 [deadlock]=2 [cluster]=2
                  [region]=3 [event]=3 [turn]=3 [trace]=3 [concurrency]=4)
names=(model gather check lower driver)

# symbols: "file symbol" for definitions and uses
nm -A "$lib" 2>/dev/null | awk '
  { split($1, p, ":"); f = p[2]; sub(/\.c\.o$/, "", f); sub(/\.o$/, "", f) }
  $2 ~ /^[TDBRC]$/ { print f, $3 > "'"$tmp"'/def" }
  $2 == "U"        { print f, $3 > "'"$tmp"'/use" }'
[ -s "$tmp/def" ] || { echo "layers: no symbols read from $lib"; exit 1; }
# file -> file through symbols
awk 'NR == FNR { def[$2] = $1; next } ($2 in def) && def[$2] != $1 { print $1, def[$2], "calls", $2 }' \
  "$tmp/def" "$tmp/use" | sort -u > "$tmp/edges"
# where each file of the library is: rewriters/ and its phase folders
# (base/, front/, constructs/, ...), a file's name unique across them
declare -A where=()
while read -r p; do
  b=$(basename "$p")
  [ -z "${where[$b]+x}" ] || { echo "layers: two files named $b: ${where[$b]} and $p"; exit 1; }
  where[$b]=$p
done < <(find "$src/rewriters" -type f \( -name '*.c' -o -name '*.h' \) | LC_ALL=C sort)
# file -> file through #include "x.h", where x.c is a file of the library
for c in "${where[@]}"; do
  case $c in *.c) ;; *) continue ;; esac
  f=$(basename "$c" .c)
  grep -o '^#include "[a-z_]*\.h"' "$c" | sed 's/.*"\(.*\)\.h"/\1/' | while read -r h; do
    [ "$h" != "$f" ] && [ -n "${where[$h.c]+x}" ] && echo "$f $h includes $h.h"
  done
done >> "$tmp/edges"

status=0
# phases: a file uses its own phase or an earlier one
while read -r from to how what; do
  [ -n "${phase[$from]+x}" ] && [ -n "${phase[$to]+x}" ] || continue
  if [ "${phase[$to]}" -gt "${phase[$from]}" ]; then
    echo "layers: $from.c (${names[${phase[$from]}]}) $how $what of $to.c, a later phase (${names[${phase[$to]}]})"
    status=1
  fi
done < "$tmp/edges"
# folders: the check phase is rewriters/checks/, the lowering rewriters/lower/
# (docs/architecture.md, "Where the files are"), both ways
declare -A folder=([2]=checks [3]=lower)
for f in "${!phase[@]}"; do
  want=${folder[${phase[$f]}]:-}
  if [ -n "$want" ] && [ "${where[$f.c]:-}" != "$src/rewriters/$want/$f.c" ]; then
    echo "layers: $f.c (${names[${phase[$f]}]}) is not in rewriters/$want/"
    status=1
  fi
done
for want in checks lower; do
  for c in "$src/rewriters/$want"/*.c; do
    [ -f "$c" ] || continue
    f=$(basename "$c" .c)
    if [ -z "${phase[$f]+x}" ] || [ "${folder[${phase[$f]}]:-}" != "$want" ]; then
      echo "layers: rewriters/$want/$f.c is not of that phase in tests/layers.sh"
      status=1
    fi
  done
done
# headers per module: what X.c exports is declared in X.h (the public calls,
# tirx_*, in tirxpp.h)
while read -r f sym; do
  h=${where[$f.h]:-$src/rewriters/$f.h}
  case $sym in tirx_*) h=${where[tirxpp.h]} ;; esac
  if ! grep -qw "$sym" "$h" 2>/dev/null; then
    echo "layers: $f.c defines $sym, which $(basename "$h") does not declare"
    status=1
  fi
done < <(nm -A "$lib" 2>/dev/null | awk '$2 == "T" { split($1, p, ":"); f = p[2]; sub(/\.c\.o$/, "", f); print f, $3 }')
# cycles: among the concurrency files, and among all of the library's files
awk '{ print $1, $2 }' "$tmp/edges" | sort -u > "$tmp/pairs"
if ! tsort "$tmp/pairs" > /dev/null 2> "$tmp/loop"; then
  echo "layers: the library's files depend on each other in a cycle:"
  grep -v 'input contains a loop' "$tmp/loop" | sed 's/^tsort: /  /'
  status=1
fi

# the tool over the library
tool_note=""
if [ -n "$tool_objs" ]; then
  IFS=';' read -ra objs <<< "$tool_objs"
  nm -A "${objs[@]}" 2>/dev/null | awk '
    { split($1, p, ":"); f = p[1]; sub(/.*\//, "", f); sub(/\.c\.o$/, "", f); sub(/\.o$/, "", f) }
    $2 ~ /^[TDBRC]$/ { print f, $3 > "'"$tmp"'/tdef" }
    $2 == "U"        { print f, $3 > "'"$tmp"'/tuse" }'
  [ -s "$tmp/tdef" ] || { echo "layers: no symbols read from the tool's objects"; exit 1; }
  # what the tool may use of the library: the files of base/, api.c, libclang.c
  allowed() {
    case ${where[$1.c]:-} in "$src/rewriters/base/"*|"$src/rewriters/api.c"|"$src/rewriters/front/libclang.c") return 0 ;; esac
    return 1
  }
  # tool -> tool, and tool -> library
  awk 'NR == FNR { def[$2] = $1; next } ($2 in def) && def[$2] != $1 { print $1, def[$2], "calls", $2 }' \
    "$tmp/tdef" "$tmp/tuse" | sort -u > "$tmp/tedges"
  while read -r from to how what; do
    if ! allowed "$to" && ! { [[ $what == tirx_* ]] && grep -qw "$what" "${where[tirxpp.h]}"; }; then
      echo "layers: tool/$from.c calls $what of ${where[$to.c]#$src/}, which is not the library's public API, a base/ helper or the libclang loader"
      status=1
    fi
  done < <(awk 'NR == FNR { def[$2] = $1; next } ($2 in def) { print $1, def[$2], "calls", $2 }' "$tmp/def" "$tmp/tuse" | sort -u)
  for c in "$src"/tool/*.c; do
    f=$(basename "$c" .c)
    while read -r h; do
      if [ -f "$src/tool/$h.h" ]; then
        [ "$h" != "$f" ] && echo "$f $h includes $h.h" >> "$tmp/tedges"
      elif [ -n "${where[$h.h]+x}" ] && [ "$h" != tirxpp ] && ! allowed "$h"; then
        echo "layers: tool/$f.c includes ${where[$h.h]#$src/}, which is not the library's public API, a base/ helper or the libclang loader"
        status=1
      fi
    done < <(grep -o '^#include "[a-z_]*\.h"' "$c" | sed 's/.*"\(.*\)\.h"/\1/')
  done
  awk '{ print $1, $2 }' "$tmp/tedges" | sort -u > "$tmp/tpairs"
  if ! tsort "$tmp/tpairs" > /dev/null 2> "$tmp/tloop"; then
    echo "layers: the tool's files depend on each other in a cycle:"
    grep -v 'input contains a loop' "$tmp/tloop" | sed 's/^tsort: /  /'
    status=1
  fi
  for o in "${objs[@]}"; do
    f=$(basename "$o"); f=${f%.o}; f=${f%.c}
    for sym in $(nm "$o" 2>/dev/null | awk '$2 == "T" && $3 != "main" { print $3 }'); do
      if ! grep -qw "$sym" "$src/tool/$f.h" 2>/dev/null; then
        echo "layers: tool/$f.c defines $sym, which tool/$f.h does not declare"
        status=1
      fi
    done
  done
  tool_note="; the tool: $(wc -l < "$tmp/tpairs") dependencies between its files, no cycle, only the public API, base/ and the libclang loader of the library"
fi

if [ "$status" = 0 ]; then
  echo "layers: ok, $(wc -l < "$tmp/pairs") dependencies between files, no cycle$tool_note; the concurrency phases:"
  for f in "${!phase[@]}"; do echo "${phase[$f]} $f"; done | sort -n | awk '
    { line[$1] = line[$1] " " $2 ".c" } END { split("model gather check lower driver", n, " ");
      for (i = 0; i <= 4; i++) print "  " n[i + 1] ":" line[i] }'
fi
exit $status
