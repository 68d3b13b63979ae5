#!/bin/bash
# layers.sh SRC_DIR LIBRARY.a - structured concurrency runs in phases that
# only look back (docs/architecture.md): the model and its questions
# (kernel.c) and the stubs (stub.c), then gather.c, then the checks
# (checks.c, barrier.c, uniform.c, deadlock.c), then the lowering (region.c,
# event.c, turn.c), and concurrency.c, which runs them. A file may use only
# files of its own phase or an earlier one, and the files depend on each
# other in no cycle. Dependencies are read two ways: the functions and data
# one object file of the library uses that another defines (nm: undefined
# against defined symbols), and the `#include "x.h"` lines of each file (a
# header stands for the .c file of the same name). A cycle anywhere among
# the library's files fails too, and so does a function that X.c exports
# and X.h does not declare (issue 14: headers per module).
set -u
src=$1 lib=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# phase of each concurrency file
declare -A phase=([kernel]=0 [stub]=0 [gather]=1 [checks]=2 [barrier]=2 [uniform]=2 [deadlock]=2
                  [region]=3 [event]=3 [turn]=3 [concurrency]=4)
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
# file -> file through #include "x.h", where x.c is a file of the library
for c in "$src"/rewriters/*.c; do
  f=$(basename "$c" .c)
  grep -o '^#include "[a-z_]*\.h"' "$c" | sed 's/.*"\(.*\)\.h"/\1/' | while read -r h; do
    [ "$h" != "$f" ] && [ -f "$src/rewriters/$h.c" ] && echo "$f $h includes $h.h"
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
# headers per module: what X.c exports is declared in X.h (the public calls,
# tirx_*, in tirxpp.h)
while read -r f sym; do
  h="$src/rewriters/$f.h"
  case $sym in tirx_*) h="$src/rewriters/tirxpp.h" ;; esac
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
if [ "$status" = 0 ]; then
  echo "layers: ok, $(wc -l < "$tmp/pairs") dependencies between files, no cycle; the concurrency phases:"
  for f in "${!phase[@]}"; do echo "${phase[$f]} $f"; done | sort -n | awk '
    { line[$1] = line[$1] " " $2 ".c" } END { split("model gather check lower driver", n, " ");
      for (i = 0; i <= 4; i++) print "  " n[i + 1] ":" line[i] }'
fi
exit $status
