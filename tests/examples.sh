#!/usr/bin/env bash
# Every example through tirx-pp, then nvcc.
#   examples.sh build TIRX_PP SOURCE_DIR WORK_DIR
#     tirx-pp each examples/*.cu into WORK_DIR/pp/, and build with nvcc: the
#     output for sm_90a and sm_80 (with -DTIRX_PP_OUTPUT, which the examples
#     use to switch on kernels spelled with pragmas that only tirx-pp lowers),
#     and the untouched file (tirx.h fallbacks) for sm_90a. -I examples: the
#     output in WORK_DIR/pp/ includes examples/harness.h as "harness.h".
#     An example with the line `// tirx-pp: required` in its first 30 lines
#     (async regions, events: tirx.h stops a build without tirx-pp) gets no
#     build of the untouched file, only the two builds of tirx-pp's output.
#   examples.sh run TIRX_PP SOURCE_DIR WORK_DIR
#     on a machine with a GPU: run both builds at several sizes, check each
#     against its CPU reference and compare their output (tests/gpu/run_examples.sh).
#     Without a GPU: prints why and exits 77 (skipped).
set -u
mode=$1 tool=$2 src=$3 work=$4
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
mkdir -p "$work/pp" "$work/bin"
if [ "$mode" = run ]; then
  if ! command -v nvidia-smi > /dev/null || ! nvidia-smi -L > /dev/null 2>&1; then
    echo "SKIP: no CUDA GPU on this machine; the examples are built (test examples_build) but not run"
    exit 77
  fi
  exec "$src/tests/gpu/run_examples.sh" "$work/pp"
fi
pass=0 fail=0
build() {  # name tag nvcc-args...
  local name=$1 tag=$2; shift 2
  if "$nvcc" -std=c++17 -I "$src/headers" -I "$src/examples" $@ \
       -o "$work/bin/$name.$tag" > "$work/bin/$name.$tag.log" 2>&1; then
    echo "ok   $name ($tag)"
  else
    echo "FAIL $name ($tag)"; cat "$work/bin/$name.$tag.log"; return 1
  fi
}
export -f build; export nvcc src work
# Examples that only build through tirx-pp say so near the top.
requires_pp() { head -n 30 "$1" | grep -q '^// tirx-pp: required'; }
rm -f "$work/jobs.tmp"
for f in "$src"/examples/*.cu; do
  name=$(basename "$f" .cu)
  if "$tool" -I "$src/headers" "$f" -o "$work/pp/$name.cu" 2> "$work/pp/$name.log"; then
    echo "ok   $name (tirx-pp)"; pass=$((pass+1))
    echo "$name pp-sm_90a -gencode=arch=compute_90a,code=sm_90a -DTIRX_PP_OUTPUT $work/pp/$name.cu"
    echo "$name pp-sm_80 -gencode=arch=compute_80,code=sm_80 -DTIRX_PP_OUTPUT $work/pp/$name.cu"
    if requires_pp "$f"; then
      echo "skip $name (raw-sm_90a): '// tirx-pp: required'"
    else
      echo "$name raw-sm_90a -gencode=arch=compute_90a,code=sm_90a -diag-suppress=20199 $f"
    fi
  else
    # The log indented, so that none of its lines is taken for a build job.
    echo "FAIL $name (tirx-pp)"; sed 's/^/  /' "$work/pp/$name.log"; fail=$((fail+1))
  fi >> "$work/jobs.tmp"
done
grep -v '^ok\|^FAIL\|^skip\|^  ' "$work/jobs.tmp" > "$work/jobs" 2>/dev/null || true
grep '^ok\|^FAIL\|^skip\|^  ' "$work/jobs.tmp"; rm -f "$work/jobs.tmp"
while read -r line; do
  case "$line" in ok*) pass=$((pass+1));; FAIL*) fail=$((fail+1));; esac
  echo "$line"
done < <(xargs -P "$(nproc)" -L 1 bash -c 'build "$@"' build < "$work/jobs")
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
