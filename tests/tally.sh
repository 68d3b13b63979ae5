# tally.sh - sourced by script tests: `ok NAME` and `bad NAME` print one line
# per check and count it; `skipped NAME REASON` prints "skipped: NAME: REASON"
# for an optional step this machine cannot run (no ccache, no GPU, no
# chattr), which is neither a pass nor a failure; `tally_end` prints the
# totals and returns 1 when a check failed, 77 when none ran at all (ctest's
# SKIP_RETURN_CODE: the test is reported as not run, not as passed).
# tests/tally_self_test.sh shows each.
pass=0 fail=0 skip=0
ok() { pass=$((pass+1)); echo "ok   $1"; }
bad() { fail=$((fail+1)); echo "FAIL $1"; }
skipped() { skip=$((skip+1)); echo "skipped: $1: $2"; }
tally_end() {
  echo "$pass passed, $fail failed, $skip skipped"
  [ "$fail" -eq 0 ] || return 1
  [ "$pass" -gt 0 ] || return 77
}
