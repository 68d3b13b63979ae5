#!/usr/bin/env bash
# Hostile and malformed inputs: for every case, the documented exit status, one
# clear message on standard error, no crash, no hang, and -o that never leaves
# a file behind when the run fails.
#   bad_input.sh TIRX_PP BAD_DIR
#
# BAD_DIR/NAME.expect describes case NAME:
#   line 1  the exit status: 0 done, 1 errors in the input, 2 bad usage, 3 I/O;
#           after it, optionally, 'several' (the input holds several mistakes:
#           more than one error or warning, each with its source line and
#           caret) and 'file=FILE' (a #line directive names FILE: the messages
#           name it, and their source lines are not the input's)
#   line 2  a substring standard error must contain (usually its exact first
#           line); empty: standard error must be empty
#   line 3  optional, '!TEXT': standard error must not contain TEXT (a wrong
#           value in a message)
# The input is BAD_DIR/NAME.cu, or the NAME.cu that BAD_DIR/generate.sh writes
# (big, binary and line-ending-sensitive inputs, directories, unreadable
# files), or no file at all (a missing input). Optional beside it:
#   NAME.flags   options, on one line, given after the input:  tirx-pp NAME.cu FLAGS
#   NAME.output  'identical' (standard output is the input, byte for byte),
#                'equals FILE' (it is BAD_DIR/FILE, byte for byte) or
#                'lacks TEXT' (standard output does not contain TEXT), 'has TEXT' (it
#                does); one per line, each checked
#   NAME.stderr  the whole of standard error, every line of every message
#                (error, notes, source lines and carets), byte for byte
#
# Every run is limited to 60 s. Checked for each case:
#   - no signal, exit status below 128, within the time limit;
#   - the exit status of line 1;
#   - standard error: status 1, one 'NAME.cu:LINE:COL: error: ...' followed by
#     the source line and a caret, then only notes; the source line is line
#     LINE of the input (lines end at LF, CRLF or a lone CR, as clang and nvcc
#     count them) and the caret stands at column COL; status 2, one
#     'tirx-pp: error: ...' line, optionally followed by "try 'tirx-pp --help'";
#     status 3, exactly one 'tirx-pp: error: ...' line; status 0, empty (or,
#     when line 2 names something, warnings and notes only); never a NUL byte;
#   - with -o: when the status is not 0 (and not 2), '-o NEW' does not create
#     NEW, '-o OLD' leaves an existing OLD byte for byte, and no temporary is
#     left beside them; when it is 0, '-o NEW' writes what standard output has.
# TIRX_CASES_MATCH and TIRX_CASES_SKIP (extended regular expressions over the
# case name) run part of the cases: those that match the first and not the
# second (ctest's per-construct tests bad_unroll, bad_events, ...). With
# TIRX_CASES_REST_FAILS=1 (ctest's bad_input, which skips every construct's
# cases), a case left to run is a failure: its name falls in no construct.
# Prints one line per case and ends with 'N passed, N failed'; exit status 1
# when any case failed. Set TIRX_BAD_VERBOSE=1 to see the standard error of
# failing cases.
set -u
export LC_ALL=C
tool=$(realpath "$1") bad=$(realpath "$2")
tmp=$(mktemp -d); trap 'chmod -R u+rwx "$tmp"; rm -rf "$tmp"' EXIT
export TIRX_PP_CACHE_DIR="$tmp/cache"
cases=$tmp/cases
mkdir -p "$cases" "$tmp/o"
cp "$bad"/*.cu "$cases"/
for h in "$bad"/*.h; do [ -e "$h" ] && cp "$h" "$cases"/; done  # headers some cases include
pass=0 fail=0 skipped=0
if ! "$bad/generate.sh" "$cases" > "$tmp/gen.log" 2>&1; then
  echo "FAIL generate.sh: $(tr '\n' ' ' < "$tmp/gen.log")"
  echo "0 passed, 1 failed"
  exit 1
fi

# run ARGS...: the tool on the case's input in the cases directory, standard
# output and error to $tmp/out and $tmp/err; sets rc.
run() {
  (cd "$cases" && exec timeout 60 "$tool" "$@") > "$tmp/out" 2> "$tmp/err"
  rc=$?
}

# line_of FILE N: line N of FILE, lines ending at LF, CRLF or a lone CR, NULs
# shown as spaces (as the tool shows them).
line_of() { tr '\000' ' ' < "$1" | awk -v RS='\r\n|\r|\n' -v n="$2" 'NR == n { print; exit }'; }

# check_blocks INPUT KIND: standard error is one KIND message with its source
# line and caret, then notes only (with several=1, more messages of any kind).
# Appends to why.
check_blocks() {
  local input=$1 kind=$2 i=0 n first=1
  local -a lines
  mapfile -t lines < <(tr -d '\000' < "$tmp/err")
  n=${#lines[@]}
  if [ "$n" -eq 0 ]; then why+=("standard error is empty"); return; fi
  local re='^(.+):([0-9]+):([0-9]+): (error|warning|note): .+$'
  while [ "$i" -lt "$n" ]; do
    local h=${lines[$i]}
    if [ "$first" -eq 0 ] && [[ $h =~ ^tirx-pp:\ note:\ .+$ ]]; then i=$((i + 1)); continue; fi
    if ! [[ $h =~ $re ]]; then why+=("not a 'file:line:col: $kind:' line: '${h:0:160}'"); return; fi
    local file=${BASH_REMATCH[1]} line=${BASH_REMATCH[2]} col=${BASH_REMATCH[3]} k=${BASH_REMATCH[4]}
    if [ "$first" -eq 1 ]; then
      [ "$file" = "${named:-$input}" ] || why+=("the message names '$file', not '${named:-$input}'")
      [ "$k" = "$kind" ] || why+=("the first message is a $k, not an $kind")
    elif [ "$k" != note ] && [ "$several" -eq 0 ]; then
      why+=("more than one message: '${h:0:160}'")
    fi
    if [ $((i + 2)) -ge "$n" ] || ! [[ ${lines[$((i + 2))]} =~ ^[[:space:]]*\^~*$ ]]; then
      why+=("no source line and caret after '${h:0:160}'"); return
    fi
    if [ "$file" = "$input" ] && [ -f "$cases/$input" ]; then
      local src=${lines[$((i + 1))]} caret=${lines[$((i + 2))]} want
      want=$(line_of "$cases/$input" "$line")
      [ "$src" = "$want" ] || why+=("line $line of $input is '${want:0:80}', the message shows '${src:0:80}'")
      local before=${caret%%^*}
      [ "${#before}" -eq $((col - 1)) ] || why+=("the caret of '$file:$line:$col' stands at column $((${#before} + 1))")
    fi
    first=0
    i=$((i + 3))
  done
}

# The committed inputs all have an expectation.
for f in "$bad"/*.cu; do
  name=$(basename "$f" .cu)
  [ -f "$bad/$name.expect" ] || { fail=$((fail + 1)); echo "FAIL $name: no $name.expect"; }
done
for f in "$bad"/*.stderr; do
  [ -e "$f" ] || continue
  name=$(basename "$f" .stderr)
  [ -f "$bad/$name.expect" ] || { fail=$((fail + 1)); echo "FAIL $name: $name.stderr without $name.expect"; }
done

for e in "$bad"/*.expect; do
  name=$(basename "$e" .expect) in=$(basename "$e" .expect).cu
  [[ $name =~ ${TIRX_CASES_MATCH:-.} ]] || continue
  [ -n "${TIRX_CASES_SKIP:-}" ] && [[ $name =~ $TIRX_CASES_SKIP ]] && continue
  if [ "${TIRX_CASES_REST_FAILS:-0}" = 1 ]; then
    fail=$((fail + 1))
    echo "FAIL $name: the name starts as no construct's cases do (TIRX_CASES_<construct> in tests/CMakeLists.txt): rename it or extend a pattern"
    continue
  fi
  read -r want opts <<< "$(sed -n 1p "$e")"
  want_err=$(sed -n 2p "$e") not_err=$(sed -n 3p "$e")
  not_err=${not_err#!}
  several=0 named=
  for o in ${opts:-}; do
    case $o in
    several) several=1 ;;
    file=*) named=${o#file=} ;;
    *) fail=$((fail + 1)); echo "FAIL $name: $name.expect: unknown word '$o' after the status"; continue 2 ;;
    esac
  done
  flags=()
  [ -f "$bad/$name.flags" ] && read -r -a flags < "$bad/$name.flags"
  if [ "$(id -u)" -eq 0 ] && [ -f "$cases/$in" ] && [ "$(stat -c %a "$cases/$in")" = 0 ]; then
    echo "skip $name: running as root, where a chmod 000 file is readable"
    continue
  fi
  why=()
  run "$in" ${flags[@]+"${flags[@]}"}
  cp "$tmp/err" "$tmp/stderr"
  if [ "$rc" -eq 124 ]; then
    why+=("timed out after 60 s")
  elif [ "$rc" -ge 128 ]; then
    why+=("killed by signal $((rc - 128))")
  else
    [ "$rc" -eq "$want" ] || why+=("exit $rc, want $want")
    [ "$(tr -d '\000' < "$tmp/err" | wc -c)" -eq "$(wc -c < "$tmp/err")" ] || why+=("standard error holds a NUL byte")
    if [ -n "$want_err" ] && ! grep -aqF -- "$want_err" "$tmp/err"; then why+=("standard error lacks '$want_err'"); fi
    if [ -n "$not_err" ] && grep -aqF -- "$not_err" "$tmp/err"; then why+=("standard error has '$not_err'"); fi
    if [ -f "$bad/$name.stderr" ] && ! cmp -s "$bad/$name.stderr" "$tmp/err"; then
      why+=("standard error differs from $name.stderr at line $(cmp "$bad/$name.stderr" "$tmp/err" 2>&1 | sed -n 's/.* line \([0-9]*\).*/\1/p;s/.*EOF on \([^ ]*\).*/end of \1/p' | head -1)")
    fi
    case $rc in
    0) if [ -z "$want_err" ]; then [ -s "$tmp/err" ] && why+=("standard error is not empty: '$(head -1 "$tmp/err" | cut -c1-160)'")
       else check_blocks "$in" warning; fi ;;
    1) check_blocks "$in" error ;;
    2) mapfile -t l < "$tmp/err"
       { [ "${#l[@]}" -ge 1 ] && [[ ${l[0]} =~ ^tirx-pp:\ error:\ .+$ ]] && { [ "${#l[@]}" -eq 1 ] ||
         { [ "${#l[@]}" -eq 2 ] && [ "${l[1]}" = "try 'tirx-pp --help'" ]; }; }; } ||
         why+=("not one 'tirx-pp: error:' line (and its hint): '$(head -1 "$tmp/err" | cut -c1-160)'") ;;
    3) mapfile -t l < "$tmp/err"
       { [ "${#l[@]}" -eq 1 ] && [[ ${l[0]} =~ ^tirx-pp:\ error:\ .+$ ]]; } ||
         why+=("not exactly one 'tirx-pp: error:' line: '$(head -1 "$tmp/err" | cut -c1-160)'") ;;
    esac
    # What standard output must be.
    if [ "$rc" -eq 0 ] && [ -f "$bad/$name.output" ]; then
      while read -r what text; do
        case $what in
        identical) cmp -s "$cases/$in" "$tmp/out" || why+=("standard output is not the input byte for byte") ;;
        equals) cmp -s "$bad/$text" "$tmp/out" || why+=("standard output is not $text byte for byte") ;;
        lacks) ! grep -aqF -- "$text" "$tmp/out" || why+=("standard output has '$text'") ;;
        has) grep -aqF -- "$text" "$tmp/out" || why+=("standard output lacks '$text'") ;;
        *) why+=("$name.output: unknown line '$what $text'") ;;
        esac
      done < "$bad/$name.output"
    fi
    cp "$tmp/out" "$tmp/stdout"
    # -o: nothing created or changed when the run fails, the output when it does not.
    has_o=0
    for ((k = 0; k < ${#flags[@]}; k++)); do [ "${flags[$k]}" = -o ] && has_o=1 && target=${flags[$((k + 1))]:-}; done
    if [ "$has_o" -eq 1 ]; then
      if [ "$rc" -ne 0 ] && [ -n "$target" ] && [[ $target != /dev/* ]] && [ ! -d "$cases/$target" ] && [ -e "$cases/$target" ]; then
        why+=("-o $target was created although the run failed")
      fi
    elif [ "$rc" -eq 0 ]; then
      rm -rf "$tmp/o"/* && run "$in" ${flags[@]+"${flags[@]}"} -o "$tmp/o/new.cu"
      if [ "$rc" -ne 0 ] || ! cmp -s "$tmp/o/new.cu" "$tmp/stdout"; then why+=("-o does not write what standard output has"); fi
    elif [ "$rc" -ne 2 ]; then
      first_rc=$rc
      rm -rf "$tmp/o"/* && run "$in" ${flags[@]+"${flags[@]}"} -o "$tmp/o/new.cu"
      [ "$rc" -eq "$first_rc" ] || why+=("with -o NEW: exit $rc, not $first_rc")
      [ -z "$(ls -A "$tmp/o")" ] || why+=("-o NEW left '$(ls -A "$tmp/o" | tr '\n' ' ')' although the run failed")
      rm -rf "$tmp/o"/* && printf 'precious\n' > "$tmp/o/old.cu"
      run "$in" ${flags[@]+"${flags[@]}"} -o "$tmp/o/old.cu"
      [ "$rc" -eq "$first_rc" ] || why+=("with -o OLD: exit $rc, not $first_rc")
      [ "$(cat "$tmp/o/old.cu")" = precious ] || why+=("-o OLD changed an existing file although the run failed")
      [ "$(ls -A "$tmp/o")" = old.cu ] || why+=("-o OLD left '$(ls -A "$tmp/o" | tr '\n' ' ')'")
    fi
    # No temporary left beside the input either.
    ls -A "$cases" | grep -q '\.tmp\.' && why+=("a temporary file was left: $(ls -A "$cases" | grep '\.tmp\.' | tr '\n' ' ')")
    rm -f "$cases"/*.tmp.* "$cases"/*.d
  fi
  if [ -f "$bad/$name.known" ]; then
    # A bug found and not yet fixed: it must still fail, and says why.
    if [ "${#why[@]}" -eq 0 ]; then
      fail=$((fail + 1)); echo "FAIL $name: passes now; remove $name.known"
    else
      skipped=$((skipped + 1)); echo "known $name: $(head -1 "$bad/$name.known")"
    fi
  elif [ "${#why[@]}" -eq 0 ]; then
    pass=$((pass + 1)); echo "ok   $name"
  else
    fail=$((fail + 1))
    reasons=$(printf '%s; ' "${why[@]}"); echo "FAIL $name: ${reasons%; }"
    if [ "${TIRX_BAD_VERBOSE:-0}" = 1 ]; then
      tr -d '\000' < "$tmp/stderr" | head -20 | sed 's/^/    | /'
      [ -f "$bad/$name.stderr" ] && diff "$bad/$name.stderr" "$tmp/stderr" | head -20 | sed 's/^/    diff /'
    fi
  fi
done
echo "$pass passed, $fail failed, ${skipped:-0} skipped"
[ "$fail" -eq 0 ]
