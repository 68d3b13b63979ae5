#!/usr/bin/env bash
# The processor time tirx-pp adds to an unannotated file, by hand and through
# the launcher, once its cache has seen the file (goal: under 2 ms each): for
# every .cu of a directory (ggml's src/ggml-cuda), the median over RUNS runs of
# perf stat's task-clock, less that of the same command without tirx-pp.
#   bench/pass_through.sh SRC_DIR [BUILD_DIR] -- FLAGS...
#   e.g. bench/pass_through.sh ggml/src/ggml-cuda -- -Iggml/include -Iggml/src -Iggml/src/ggml-cuda
# By hand:   tirx-pp FILE -o OUT -- FLAGS                  against  /bin/true FILE -o OUT -- FLAGS
# Launcher:  tirx-pp --launch /bin/true FLAGS -c FILE -o x.o  against  /bin/true FLAGS -c FILE -o x.o
# (doing nothing: a process that starts and ends; /bin/true stands for nvcc,
# since what the launcher adds is the same whatever runs after it.)
# Environment: RUNS=N (default 30). Prints one line per file, then the medians,
# maxima and the load average.
set -eu
src=$(cd "$1" && pwd); shift
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build
if [ $# -gt 0 ] && [ "$1" != -- ]; then build=$(cd "$1" && pwd); shift; fi
[ "${1:-}" = -- ] && shift
tool=$build/tirx-pp runs=${RUNS:-30}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export TIRX_PP_CACHE_DIR=$tmp/cache
# The median task-clock of a command, in microseconds.
cpu_us() {
  for i in $(seq "$runs"); do perf stat -x, -e task-clock "$@" 2>&1 >/dev/null | awk -F, '/task-clock/ {print $1}'; done |
    sort -n | awk '{v[NR] = $1} END {printf "%d\n", v[int((NR + 1) / 2)] * 1000}'
}
median() { sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-40s %9s %9s\n' file "by hand" launcher
for f in "$src"/*.cu; do
  out=$tmp/out.cu
  "$tool" "$f" -o "$out" -- "$@" 2> /dev/null || continue  # (warm: the first run reads the headers)
  cmp -s "$f" "$out" || continue                           # annotated, or #include lines redirected
  "$tool" --launch /bin/true "$@" -c "$f" -o "$tmp/x.o"
  hand=$(( $(cpu_us "$tool" "$f" -o "$out" -- "$@") - $(cpu_us /bin/true "$f" -o "$out" -- "$@") ))
  launch=$(( $(cpu_us "$tool" --launch /bin/true "$@" -c "$f" -o "$tmp/x.o") - $(cpu_us /bin/true "$@" -c "$f" -o "$tmp/x.o") ))
  printf '%-40s %6d us %6d us\n' "$(basename "$f")" "$hand" "$launch" | tee -a "$tmp/rows"
done
echo "median: by hand $(awk '{print $2}' "$tmp/rows" | median) us, launcher $(awk '{print $4}' "$tmp/rows" | median) us" \
  "over $(grep -c . "$tmp/rows") files"
echo "max:    by hand $(awk '{print $2}' "$tmp/rows" | sort -n | tail -1) us, launcher $(awk '{print $4}' "$tmp/rows" | sort -n | tail -1) us"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) processors)"
