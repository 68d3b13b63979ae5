#!/usr/bin/env bash
# tally_self_test.sh - tests/tally.sh, which the script tests (cli, adoption,
# install, ...) count their checks with: a skipped step prints
# "skipped: NAME: REASON" and is no pass; a test with failures ends with 1;
# one in which nothing could run (every step skipped) ends with 77, which
# ctest reports as not run (SKIP_RETURN_CODE 77), never as passed.
#   tally_self_test.sh
set -u
here=$(cd "$(dirname "$0")" && pwd)
status=0
# case NAME WANT_STATUS WANT_LAST_LINE STEPS: STEPS run in a shell that sourced tally.sh
case_() {
  local name=$1 want_rc=$2 want_last=$3 steps=$4 out rc
  out=$(bash -c ". '$here/tally.sh'; $steps; tally_end" 2>&1); rc=$?
  if [ $rc = "$want_rc" ] && [ "$(tail -1 <<< "$out")" = "$want_last" ]; then echo "ok   $name"; else
    echo "FAIL $name: exit $rc (want $want_rc)"; sed 's/^/  /' <<< "$out"; echo "  want last line: $want_last"; status=1; fi
}
case_ "passes and a skip: 0, the skip not counted as a pass" 0 "1 passed, 0 failed, 1 skipped" \
  "ok a; skipped b 'no ccache here'"
case_ "a failure: 1" 1 "1 passed, 1 failed, 1 skipped" "ok a; bad c; skipped b 'no GPU'"
case_ "every step skipped: 77" 77 "0 passed, 0 failed, 2 skipped" "skipped a 'no nvcc'; skipped b 'no nvcc'"
case_ "no step at all: 77" 77 "0 passed, 0 failed, 0 skipped" ":"
out=$(bash -c ". '$here/tally.sh'; skipped rename 'chattr +i refused here'")
[ "$out" = "skipped: rename: chattr +i refused here" ] && echo "ok   the skip's line" \
  || { echo "FAIL the skip's line: '$out'"; status=1; }
exit $status
