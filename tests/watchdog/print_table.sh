#!/usr/bin/env bash
# tests/watchdog/print_table.sh - the watchdog's table as tirx/watchdog.h
# prints it (print_table.cpp, on the host: the table that the cycle of
# tests/gpu/deadlock_watchdog.cu's scenario 5 leaves) holds every line that
# the GPU test expects of that scenario, so that a change of the format shows
# here, without a GPU.
#   print_table.sh SOURCE_DIR WORK_DIR
set -u
src=$1 work=$2
cxx=${CXX:-c++}
mkdir -p "$work"
"$cxx" -std=c++17 -Wall -Wextra -Werror -I "$src/headers" -o "$work/print_table" "$src/tests/watchdog/print_table.cpp" ||
  { echo "FAIL: $cxx print_table.cpp"; exit 1; }
"$work/print_table" > "$work/printed.txt" || { echo "FAIL: print_table exited $?"; exit 1; }
# The expected lines: entry 5 of the `table` array of deadlock_watchdog.cu
# (C string literals, concatenated; one line per "\n").
python3 - "$src/tests/gpu/deadlock_watchdog.cu" > "$work/expected.txt" <<'PY' || { echo "FAIL: no expectations read"; exit 1; }
import re, sys
text = open(sys.argv[1]).read()
body = text[text.index("const table[kScenarios + 1] = {"):]
body = body[body.index("{") + 1:body.index("};")]
entries, cur = [], ""
for tok in re.finditer(r'"((?:[^"\\]|\\.)*)"|,', body):
    if tok.group(0) == ",":
        entries.append(cur); cur = ""
    else:
        cur += tok.group(1)
entries.append(cur)
print(entries[5].replace("\\n", "\n"))
PY
fail=0
while IFS= read -r want; do
  if grep -qxF -- "tirx watchdog:   $want" "$work/printed.txt"; then echo "ok   $want"; else echo "FAIL not printed: $want"; fail=1; fi
done < "$work/expected.txt"
[ "$(wc -l < "$work/expected.txt")" -eq 3 ] || { echo "FAIL: scenario 5 expects $(wc -l < "$work/expected.txt") lines, not 3"; fail=1; }
# The host's printf knows `%.*s`; the device's does not (it prints the format
# as written and takes the arguments after it wrong), so the headers' printf
# formats, which run on the device, must not use a `*` width or precision.
if grep -n ' printf("[^"]*%[-0-9.]*\*' "$src"/headers/tirx.h "$src"/headers/tirx/*.h; then
  echo "FAIL: a printf format above takes a '*' width or precision, which the device's printf does not know"; fail=1
fi
[ "$fail" -eq 0 ] || { echo "printed:"; sed 's/^/  /' "$work/printed.txt"; }
exit "$fail"
