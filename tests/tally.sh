# tally.sh - sourced by script tests: `ok NAME` and `bad NAME` print one line
# per check and count it; `tally_end` prints the totals and returns 1 when a
# check failed.
pass=0 fail=0
ok() { pass=$((pass+1)); echo "ok   $1"; }
bad() { fail=$((fail+1)); echo "FAIL $1"; }
tally_end() {
  echo "$pass passed, $fail failed"
  [ "$fail" -eq 0 ]
}
