#!/bin/bash
# layers.sh - the folders are layers (docs/architecture.md, "Where the files
# are"): each folder has a rank, and a file may call and #include only files
# of its own rank or a lower one. The ranks, bottom first:
#   0 rewriters/base/          what every phase uses
#   1 rewriters/front/         text and parse
#   2 rewriters/constructs/    the constructs, what they all see, the stubs
#   3 rewriters/concurrency/   structured concurrency's model and gathering
#   4 rewriters/checks/        checks of a whole kernel, and across annotations
#   5 rewriters/lower/         structured concurrency's lowering
#   6 rewriters/render/        the device view for --check
#   7 rewriters/               the drivers and the public calls (api.c, driver.c, concurrency.c)
#   8 tool/, runtime/          the library's two front doors, each limited to
#                              its own folder, the public interface, the support
#                              library and what it may use (may_use below)
# tirxpp.h, the public interface, stands alone (test api_header): any file may
# include it, for the options and result types it declares. The support
# library is base/'s part that the front doors use: the functions that
# rewriters/base/tirx_support.h declares, and that header. Nothing else of
# the library is theirs: no other call, no other header of rewriters/.
# A folder of rewriters/, tool/ or runtime/ with a .c or .h file and no rank
# fails. Dependencies are read two ways: the functions and data one object
# file uses that another defines (nm: undefined against defined symbols),
# and the `#include "x.h"` lines of each .c and .h file (a header stands for
# the .c file of the same name; a header's own #include lines count too). The
# files depend on each other in no cycle, within a folder as across folders;
# what rewriters/*/X.c exports is declared in X.h (tirx_* in tirxpp.h), and
# what tool/X.c exports in tool/X.h. A library file's name is unique across
# rewriters/ (headers are included by name alone). The library reads no
# environment (getenv and friends): its settings come in through TirxOptions.
#   layers.sh SRC_DIR LIBRARY.a [TOOL_OBJECTS [RUNTIME_OBJECTS]]
# The objects are ';'-separated, as CMake's $<TARGET_OBJECTS> gives them.
#   layers.sh --self-test SRC_DIR LIBRARY.a
# shows that the check fails: on a copy of the sources, an #include that goes
# up, a call that goes up (an object added to a copy of the library), a tool
# file that calls an internal function, a runtime file that calls a function
# of base/ that the support library does not declare, a runtime file that
# includes a header of base/ other than tirx_support.h, two files of one folder
# that include each other (through their .c files, and through headers
# alone), and a folder with no rank.
set -u

if [ "${1:-}" = --self-test ]; then
  src=$2 lib=$3 self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
  t=$(mktemp -d)
  trap 'rm -rf "$t"' EXIT
  (cd "$src" && find rewriters tool runtime -type f \( -name '*.[ch]' -o -name '*.def' \) -print |
    tar -cf - -T -) | (mkdir "$t/src" && cd "$t/src" && tar -xf -)
  fails=0
  expect() {  # expect WHAT TEXT [ARGS...]: layers.sh ARGS fails and says TEXT
    local what=$1 text=$2
    shift 2
    out=$("$self" "$@" 2>&1)
    if [ $? = 0 ] || ! grep -qF -- "$text" <<< "$out"; then
      echo "layers self-test: $what: expected a failure saying: $text"
      echo "$out" | sed 's/^/  /'
      fails=1
    else
      echo "layers self-test: $what: fails, as it must: $text"
    fi
  }
  "$self" "$t/src" "$lib" > "$t/clean" 2>&1 || { echo "layers self-test: the unchanged copy fails:"; cat "$t/clean"; exit 1; }
  # An #include that goes up: the bottom layer's util.c includes the lowering's turn.h.
  cp "$t/src/rewriters/base/util.c" "$t/util.c"
  echo '#include "turn.h"' >> "$t/src/rewriters/base/util.c"
  expect "an #include up" "rewriters/base/util.c (rank 0, base) includes turn.h of rewriters/lower/turn.c (rank 5, lower)" "$t/src" "$lib"
  cp "$t/util.c" "$t/src/rewriters/base/util.c"
  # A call that goes up: a file of base/ that calls lower_turns.
  printf 'void lower_turns(void);\nvoid zz_up(void);\nvoid zz_up(void) { lower_turns(); }\n' > "$t/src/rewriters/base/zz_up.c"
  echo 'void zz_up(void);' > "$t/src/rewriters/base/zz_up.h"
  cp "$lib" "$t/lib.a"
  ${CC:-cc} -c "$t/src/rewriters/base/zz_up.c" -o "$t/zz_up.c.o" && ar q "$t/lib.a" "$t/zz_up.c.o" 2> /dev/null
  expect "a call up" "rewriters/base/zz_up.c (rank 0, base) calls lower_turns of rewriters/lower/turn.c (rank 5, lower)" "$t/src" "$t/lib.a"
  rm "$t/src/rewriters/base/zz_up."[ch]
  # The tool calling what is not its to use.
  printf 'struct Ctx; struct Kernel;\nvoid check_regions(struct Ctx *, struct Kernel *);\nvoid zz_tool(void);\nvoid zz_tool(void) { check_regions(0, 0); }\n' > "$t/src/tool/zz_tool.c"
  echo 'void zz_tool(void);' > "$t/src/tool/zz_tool.h"
  ${CC:-cc} -c "$t/src/tool/zz_tool.c" -o "$t/zz_tool.c.o"
  expect "the tool on an internal call" "tool/zz_tool.c (rank 8, tool) calls check_regions of rewriters/checks/checks.c (rank 4, checks), which tool/ may not use" "$t/src" "$lib" "$t/zz_tool.c.o"
  rm "$t/src/tool/zz_tool."[ch]
  # The runtime on base/ beyond the support library: a call, then an #include.
  printf 'bool sys_path_under(const char *, const char *);\nvoid zz_rt(void);\nvoid zz_rt(void) { sys_path_under("a", "b"); }\n' > "$t/src/runtime/zz_rt.c"
  ${CC:-cc} -include stdbool.h -c "$t/src/runtime/zz_rt.c" -o "$t/zz_rt.c.o"
  expect "the runtime on base/ beyond the support library" "runtime/zz_rt.c (rank 8, runtime) calls sys_path_under of rewriters/base/sys.c (rank 0, base), which runtime/ may not use" "$t/src" "$lib" "" "$t/zz_rt.c.o"
  printf '#include "util.h"\n' > "$t/src/runtime/zz_rt.c"
  expect "the runtime including a header of base/" "runtime/zz_rt.c (rank 8, runtime) includes util.h of rewriters/base/util.c (rank 0, base), which runtime/ may not use" "$t/src" "$lib"
  rm "$t/src/runtime/zz_rt.c"
  # Files of one folder that include each other: no rank tells them apart,
  # so only the cycle check sees it; through .c files, then through headers alone.
  cp "$t/src/rewriters/constructs/ast.c" "$t/ast.c"
  echo '#include "stub.h"' >> "$t/src/rewriters/constructs/ast.c"
  expect "an include cycle in one folder" "in one folder, rewriters/constructs/" "$t/src" "$lib"
  cp "$t/ast.c" "$t/src/rewriters/constructs/ast.c"
  cp "$t/src/rewriters/constructs/ast.h" "$t/ast.h"
  echo '#include "stub.h"' >> "$t/src/rewriters/constructs/ast.h"
  expect "a header include cycle in one folder" "in one folder, rewriters/constructs/" "$t/src" "$lib"
  cp "$t/ast.h" "$t/src/rewriters/constructs/ast.h"
  # A folder with no rank.
  mkdir "$t/src/rewriters/zz_new" && touch "$t/src/rewriters/zz_new/zz_new.c"
  expect "a folder with no rank" "rewriters/zz_new/ has no rank in tests/layers.sh" "$t/src" "$lib"
  [ "$fails" = 0 ] && echo "layers self-test: ok, each upward edge and the unranked folder fail the check"
  exit $fails
fi

src=$1 lib=$2 tool_objs=${3:-} rt_objs=${4:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The ranks (above), and what each front door may use below it: a folder
# (ending in /) or a file, besides the public API (tirxpp.h's tirx_* calls)
# and the support library (tirx_support.h). The tool reads compile_commands.json
# and clang's version through libclang's own API, which front/libclang.c loads.
declare -A rank=([rewriters/base]=0 [rewriters/front]=1 [rewriters/constructs]=2 [rewriters/concurrency]=3
                 [rewriters/checks]=4 [rewriters/lower]=5 [rewriters/render]=6 [rewriters]=7 [tool]=8 [runtime]=8)
declare -A may_use=([tool]="rewriters/front/libclang runtime/nvrtc" [runtime]="")
name_of() { case $1 in rewriters) echo drivers ;; *) echo "${1#rewriters/}" ;; esac; }

status=0
# Every file: its key (its path less .c or .h, which a header and its .c
# share), its folder and rank; lib_key[NAME] for the library's files, found
# by name alone (by its #include lines and its archive's members).
declare -A folder_of=() lib_key=() shown=() has_c=()
while read -r p; do
  d=$(dirname "$p") b=$(basename "$p") k=${p%.[ch]}
  if [ -z "${rank[$d]+x}" ]; then
    [ -n "${shown[$d]+x}" ] || echo "layers: $d/ has no rank in tests/layers.sh (its files: $b, ...)"
    shown[$d]=1 status=1
    continue
  fi
  folder_of[$k]=$d
  [ "${p%.c}" != "$p" ] && has_c[$k]=1
  if [ "${d%%/*}" = rewriters ]; then
    n=${b%.[ch]}
    [ -z "${lib_key[$b]+x}" ] || { echo "layers: two files named $b: ${lib_key[$b]} and $k"; exit 1; }
    lib_key[$b]=$k
    [ -n "${lib_key[$n]+x}" ] && [ "${lib_key[$n]}" != "$k" ] && { echo "layers: two files named $n.*: ${lib_key[$n]} and $k"; exit 1; }
    lib_key[$n]=$k
  fi
done < <(cd "$src" && find rewriters tool runtime -type f \( -name '*.c' -o -name '*.h' \) -print | LC_ALL=C sort)
shown_name() { [ -n "${has_c[$1]+x}" ] && echo "$1.c" || echo "$1.h"; }

# symbols: "key symbol" for definitions (def) and uses (use): the library's
# members by name, the tool's and the runtime's objects in their folders
nm -A "$lib" 2>/dev/null | awk -v out="$tmp" '
  { split($1, p, ":"); f = p[2]; sub(/\.c\.o$/, "", f); sub(/\.o$/, "", f) }
  $2 ~ /^[TDBRC]$/ { print f, $3 > out "/def.lib" }
  $2 == "T"        { print f, $3 > out "/exp.lib" }
  $2 == "U"        { print f, $3 > out "/use.lib" }'
[ -s "$tmp/def.lib" ] || { echo "layers: no symbols read from $lib"; exit 1; }
: > "$tmp/def"; : > "$tmp/use"; : > "$tmp/exp"
for kind in def use exp; do
  while read -r f sym; do
    [ -n "${lib_key[$f]+x}" ] && echo "${lib_key[$f]} $sym"
  done < "$tmp/$kind.lib" >> "$tmp/$kind"
done
for pair in "tool:$tool_objs" "runtime:$rt_objs"; do
  dir=${pair%%:*} objs=${pair#*:}
  [ -n "$objs" ] || continue
  IFS=';' read -ra list <<< "$objs"
  nm -A "${list[@]}" 2>/dev/null | awk -v d="$dir" -v out="$tmp" '
    { split($1, p, ":"); f = p[1]; sub(/.*\//, "", f); sub(/\.c\.o$/, "", f); sub(/\.o$/, "", f) }
    $2 ~ /^[TDBRC]$/ { print d "/" f, $3 >> out "/def" }
    $2 == "T"        { print d "/" f, $3 >> out "/exp" }
    $2 == "U"        { print d "/" f, $3 >> out "/use" }'
  grep -q "^$dir/" "$tmp/def" || { echo "layers: no symbols read from the objects of $dir/"; exit 1; }
done
# key -> key through symbols
awk 'NR == FNR { def[$2] = $1; next } ($2 in def) && def[$2] != $1 { print $1, def[$2], "calls", $2 }' \
  "$tmp/def" "$tmp/use" | sort -u > "$tmp/edges"
# key -> key through #include "x.h" of a .c file or of a header (x.h
# stands for x.c): beside the file first, then the library (by name), then
# the runtime's (for the tool); others (system, generated) are not files of
# ours. A header without a .c of its own (construct.h, rt_internal.h)
# declares shared types, no code: what it includes is what its types need,
# and counting it would tie it to every .c file that includes it.
for k in "${!folder_of[@]}"; do
  d=${folder_of[$k]}
  for p in "$src/$k.c" "$src/$k.h"; do
    [ -f "$p" ] || continue
    [ "${p%.h}" != "$p" ] && [ -z "${has_c[$k]+x}" ] && continue
    grep -o '^#include "[A-Za-z0-9_]*\.h"' "$p" | sed 's/.*"\(.*\)"/\1/' | while read -r h; do
      if [ -f "$src/$d/$h" ]; then to=$d/${h%.h}
      elif [ -n "${lib_key[$h]+x}" ]; then to=${lib_key[$h]}
      elif [ -f "$src/runtime/$h" ]; then to=runtime/${h%.h}
      else continue
      fi
      [ "$to" != "$k" ] && echo "$k $to includes $h"
    done
  done
done >> "$tmp/edges"

# Nothing goes up; a front door uses only its own folder, what it may use and the public API.
declared() {  # declared NAME HEADER: a declaration of function NAME (not a comment) in HEADER
  grep -v '^ *//' "$src/$2" | grep -qE "(^|[^A-Za-z0-9_])$1\("
}
public() {  # public HOW WHAT TO_KEY: tirxpp.h or tirx_support.h, or a call either declares
  case $1 in
    calls) { [[ $2 == tirx_* ]] && grep -qw "$2" "$src/rewriters/tirxpp.h"; } ||
             { [[ $3 == rewriters/base/* ]] && declared "$2" rewriters/base/tirx_support.h; } ;;
    *) [ "$2" = tirxpp.h ] || [ "$2" = tirx_support.h ] ;;
  esac
}
allowed() {  # allowed FROM_FOLDER TO_KEY
  local u
  for u in ${may_use[$1]}; do
    case $u in */) [[ $2 == "$u"* ]] && return 0 ;; *) [ "$2" = "$u" ] && return 0 ;; esac
  done
  return 1
}
while read -r from to how what; do
  fd=${folder_of[$from]:-} td=${folder_of[$to]:-}
  [ -n "$fd" ] && [ -n "$td" ] || continue
  fr=${rank[$fd]} tr=${rank[$td]}
  said="$(shown_name "$from") (rank $fr, $(name_of "$fd")) $how $what of $(shown_name "$to") (rank $tr, $(name_of "$td"))"
  if [ "$tr" -gt "$fr" ] && ! { [ "$how" = includes ] && public "$how" "$what" "$to"; }; then
    echo "layers: $said, a higher layer"
    status=1
  elif [ -n "${may_use[$fd]+x}" ] && [ "$td" != "$fd" ] && ! allowed "$fd" "$to" && ! public "$how" "$what" "$to"; then
    echo "layers: $said, which $fd/ may not use: it may use the public API (tirxpp.h), the support library (tirx_support.h)${may_use[$fd]:+, ${may_use[$fd]}}"
    status=1
  fi
done < "$tmp/edges"

# headers per module: what X.c exports is declared in X.h (the public calls,
# tirx_*, in tirxpp.h); the library's and the tool's files
while read -r k sym; do
  case $k in rewriters/*|tool/*) ;; *) continue ;; esac
  h=$src/$k.h
  [[ $k == rewriters/* && $sym == tirx_* ]] && h=$src/rewriters/tirxpp.h
  [ "$sym" = main ] && [[ $k == tool/* ]] && continue
  [[ $k == rewriters/base/* ]] && declared "$sym" rewriters/base/tirx_support.h && continue
  if ! grep -qw "$sym" "$h" 2>/dev/null; then
    echo "layers: $k.c defines $sym, which ${h#$src/} does not declare"
    status=1
  fi
done < "$tmp/exp"
# cycles, among all the files: across folders, and within one folder,
# where the ranks say nothing about which file may use which
awk '{ print $1, $2 }' "$tmp/edges" | sort -u > "$tmp/pairs"
if ! tsort "$tmp/pairs" > /dev/null 2> "$tmp/loop"; then
  grep -v 'input contains a loop' "$tmp/loop" | sed 's/^tsort: //' > "$tmp/loop_files"
  folders=$(while read -r k; do echo "${folder_of[$k]:-?}"; done < "$tmp/loop_files" | sort -u)
  if [ "$(wc -l <<< "$folders")" = 1 ]; then
    echo "layers: files in one folder, $folders/, include or call each other in a cycle:"
  else
    echo "layers: the files depend on each other in a cycle:"
  fi
  sed 's/^/  /' "$tmp/loop_files"
  status=1
fi

# no environment read in the library: its options come in through
# TirxOptions, filled by the tool and by libtirx_rt (docs/architecture.md)
while read -r f sym; do
  echo "layers: $f.c reads the environment ($sym); take the setting as a TirxOptions field that the tool and libtirx_rt fill"
  status=1
done < <(awk '$2 ~ /^(getenv|secure_getenv|__secure_getenv|setenv|putenv|unsetenv|environ|__environ)$/' "$tmp/use.lib" | sort -u)

if [ "$status" = 0 ]; then
  echo "layers: ok, $(wc -l < "$tmp/pairs") dependencies between files, none up a layer, no cycle; the ranks:"
  for d in "${!rank[@]}"; do
    n=0
    for k in "${!folder_of[@]}"; do [ "${folder_of[$k]}" = "$d" ] && n=$((n + 1)); done
    echo "${rank[$d]} $d/ ($n modules)${may_use[$d]+, and below it only the public API, the support library${may_use[$d]:+, ${may_use[$d]}}}"
  done | LC_ALL=C sort -n | sed 's/^/  /'
fi
exit $status
