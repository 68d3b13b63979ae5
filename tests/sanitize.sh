#!/usr/bin/env bash
# The fast suites again, built with AddressSanitizer + UndefinedBehaviorSanitizer
# (LeakSanitizer included): any report fails the run.
#   sanitize.sh SOURCE_DIR WORK_DIR
set -u
src=$1 work=$2
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:halt_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export LSAN_OPTIONS=suppressions=$src/tests/lsan.supp:print_suppressions=0
flags="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g -O1"
if ! cmake -S "$src" -B "$work" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS="$flags" \
     -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" > "$work.configure.log" 2>&1 ||
   ! cmake --build "$work" > "$work.build.log" 2>&1; then
  cat "$work.configure.log" "$work.build.log" 2>/dev/null | tail -30
  echo "0 passed, 1 failed"; exit 1
fi
# The parsed-header cache is shared with the plain build: nothing to rebuild.
ctest --test-dir "$work" -R '^(unit|golden|identity|cli)$' --output-on-failure
