#!/usr/bin/env bash
# compare_outputs.sh - two builds of tirx-pp (an older one and this one) over
# the same inputs, compared byte for byte: every golden input of tests/golden
# (with its NAME.flags, run in its folder as the test `golden` runs it),
# every examples/*.cu (with -I headers/, as tests/examples.sh runs them) and
# the adoption cases (tests/adoption/*.cu; examples/adoption/src/*.cu with
# the project's -I and -D, as tests/adoption.sh runs them). For each input:
# the output, the standard error, the exit status and any header copies the
# run wrote. Prints a line per input that differs and the count.
#   bench/compare_outputs.sh OLD_TOOL NEW_TOOL
# Exit status 0 when every input gives the same bytes, 1 when one differs;
# SHOW=N prints the first N lines of each difference.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
old=$(realpath "$1") new=$(realpath "$2")
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# run SIDE TOOL: each input run by TOOL in a private copy of its folder
# (header copies land beside the output), its results under $tmp/SIDE/.
run() {
  local side=$1 tool=$2 dir=$tmp/$1
  mkdir -p "$dir/res"
  cp -r "$root/tests/golden" "$dir/golden" && cp -r "$root/examples" "$dir/examples" &&
    cp -r "$root/tests/adoption" "$dir/adoption" && cp -r "$root/headers" "$dir/headers"
  export TIRX_PP_CACHE_DIR=$dir/cache
  local f name
  for f in "$dir"/golden/*.cu; do
    name=$(basename "$f" .cu)
    # shellcheck disable=SC2046 # a .flags file is one line of words
    (cd "$dir/golden" && "$tool" $(cat "$name.flags" 2> /dev/null) "$name.cu") \
      > "$dir/res/golden.$name.out" 2> "$dir/res/golden.$name.err"
    echo $? > "$dir/res/golden.$name.rc"
  done
  for f in "$dir"/examples/*.cu; do
    name=$(basename "$f" .cu)
    (cd "$dir/examples" && "$tool" -I ../headers "$name.cu" -o "out.$name.cu") \
      > /dev/null 2> "$dir/res/example.$name.err"
    echo $? > "$dir/res/example.$name.rc"
  done
  for f in "$dir"/adoption/*.cu; do
    name=$(basename "$f" .cu)
    (cd "$dir/adoption" && "$tool" -I ../headers "$name.cu") > "$dir/res/adoption.$name.out" 2> "$dir/res/adoption.$name.err"
    echo $? > "$dir/res/adoption.$name.rc"
  done
  for f in "$dir"/examples/adoption/src/*.cu; do
    name=$(basename "$f" .cu)
    (cd "$dir/examples/adoption" && "$tool" "src/$name.cu" -o "out.$name.cu" -I include -DROW_WIDTH=64) \
      > /dev/null 2> "$dir/res/adoption_project.$name.err"
    echo $? > "$dir/res/adoption_project.$name.rc"
  done
  rm -rf "$dir/cache"
}
run old "$old"
run new "$new"

# Every result file and every file the runs wrote (outputs, header copies),
# compared by name.
same=0 differ=0
inputs=$(cd "$tmp/old/res" && ls | sed 's/\.\(out\|err\|rc\)$//' | sort -u)
for i in $inputs; do
  d=""
  for ext in out err rc; do
    [ -e "$tmp/old/res/$i.$ext" ] || continue
    cmp -s "$tmp/old/res/$i.$ext" "$tmp/new/res/$i.$ext" || d="$d $ext"
  done
  kind=${i%%.*} name=${i#*.}
  case $kind in
    example) written=("examples/out.$name.cu" "examples/out.$name.cu.headers") ;;
    adoption_project) written=("examples/adoption/out.$name.cu" "examples/adoption/out.$name.cu.headers") ;;
    *) written=() ;;
  esac
  for w in "${written[@]}"; do
    if [ -e "$tmp/old/$w" ] || [ -e "$tmp/new/$w" ]; then
      diff -r "$tmp/old/$w" "$tmp/new/$w" > /dev/null 2>&1 || d="$d $(basename "$w")"
    fi
  done
  if [ -z "$d" ]; then same=$((same + 1)); else
    differ=$((differ + 1)); echo "differs: $kind $name:$d"
    if [ -n "${SHOW:-}" ]; then  # SHOW=N: the first N lines of each difference
      for ext in out err rc; do
        [ -e "$tmp/old/res/$i.$ext" ] && diff "$tmp/old/res/$i.$ext" "$tmp/new/res/$i.$ext" | head -"$SHOW" | sed 's/^/    /'
      done
    fi
  fi
done
# Header copies of the goldens: written beside the folder's outputs.
hdrs=$(diff -rq "$tmp/old/golden" "$tmp/new/golden" 2>&1)
if [ -n "$hdrs" ]; then differ=$((differ + 1)); echo "differs: files written in tests/golden:"; echo "$hdrs" | sed 's/^/  /'; fi
echo "$((same + differ)) inputs: $same identical (output, standard error, exit status, header copies), $differ differ"
[ "$differ" = 0 ]
