#!/usr/bin/env bash
# The FP8 GEMM on a GPU machine, in one command, after bench/prepare_gpu.sh ran
# on a machine with tirx-pp (it writes .device/pp/gemm_fp8.cu):
#   bench/fp8_gpu.sh [LOG_DIR]        (from anywhere; NVCC=... to choose nvcc)
# 1. builds examples/gemm_fp8.cu (tirx-pp's output) and bench/gemm_fp8.cu
#    (against cuBLASLt) in parallel, with -Xptxas -v; prints the kernel's
#    registers and spills and the SASS's matrix instructions (QGMMA: fp8 wgmma);
# 2. runs the example at several sizes (m; n and k derived; ragged ones
#    included) against its CPU reference;
# 3. runs it once more under compute-sanitizer memcheck, racecheck and
#    synccheck at a small size (two tiles of C, 2 K-tiles);
# 4. runs the bench: ours, cuBLASLt and cuBLASLt fast-accum at 4096^3, 8192^3
#    and 8000 x 7992 x 8064, a markdown table.
# One PASS/FAIL line per step, then "N passed, N failed"; exit status 1 on any
# failure. Takes well under 4 minutes on an H200 (the builds are ~10 s here).
set -u -o pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
logs=${1:-/tmp/fp8_gpu}
mkdir -p "$logs"
nvcc=${NVCC:-nvcc}
arch=-gencode=arch=compute_90a,code=sm_90a
src=$root/.device/pp/gemm_fp8.cu
SIZES=${SIZES:-default 1 17 129 1000 4099}
SANITIZE_SIZE=${SANITIZE_SIZE:-129}
pass=0 fail=0 skipped=0
ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }

if [ ! -f "$src" ]; then
  echo "FAIL $src is missing: run bench/prepare_gpu.sh on a machine with tirx-pp first"
  exit 2
fi
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
echo "commit $(cat "$root/.device/commit" 2>/dev/null || echo unknown); $("$nvcc" --version | tail -n 1)"

# 1. Both builds at once (the example as tests/gpu/run_examples.sh builds it, plus -O3 for its CPU reference).
start=$SECONDS
"$nvcc" -O3 -std=c++17 $arch -lineinfo -I "$root/headers" -I "$root/examples" -DTIRX_PP_OUTPUT -Xptxas -v \
  "$src" -o "$logs/gemm_fp8" > "$logs/example.build.log" 2>&1 &
ex_pid=$!
"$nvcc" -O3 -std=c++17 $arch -I "$root/headers" -I "$root/examples" -DGEMM_FP8_SOURCE="\"$src\"" \
  "$root/bench/gemm_fp8.cu" -lcublasLt -o "$logs/gemm_fp8_bench" > "$logs/bench.build.log" 2>&1 &
bench_pid=$!
wait $ex_pid; ex_rc=$?
wait $bench_pid; bench_rc=$?
echo "builds took $((SECONDS - start)) s"
for b in example bench; do
  rc=$ex_rc; [ $b = bench ] && rc=$bench_rc
  nwarn=$(grep -c -i 'warning' "$logs/$b.build.log")
  if [ "$rc" -ne 0 ]; then
    bad "build $b (exit $rc)"; sed 's/^/    /' "$logs/$b.build.log" | head -n 30
  elif [ "$nwarn" -gt 0 ]; then
    bad "build $b: $nwarn warning line(s)"; grep -i 'warning' "$logs/$b.build.log" | head -n 10 | sed 's/^/    /'
  else
    ok "build $b (no warning)"
  fi
done
if [ "$ex_rc" -eq 0 ]; then
  grep -A3 "entry function '.*gemm_fp8_kernel" "$logs/example.build.log" | grep -E "registers|spill" | sed 's/^/    /'
  if grep -A3 "entry function '.*gemm_fp8_kernel" "$logs/example.build.log" | grep -q " 0 bytes spill stores, 0 bytes spill loads"; then
    ok "gemm_fp8_kernel: no spills"
  else
    bad "gemm_fp8_kernel: spills (or no ptxas line)"
  fi
  cuobjdump -sass "$logs/gemm_fp8" > "$logs/gemm_fp8.sass" 2>&1
  echo "    SASS of the example (count, instruction):"
  grep -oE "QGMMA\.[^ ]*|HGMMA\.[^ ]*|HMMA\.[^ ]*|LDL|STL|UTMALDG\.[^ ]*|UTMASTG\.[^ ]*|USETMAXREG\.[^ ]*" \
    "$logs/gemm_fp8.sass" | sort | uniq -c | sed 's/^/    /'
  if grep -qE "QGMMA\.64x256x32\.F32\.E4M3\.E4M3" "$logs/gemm_fp8.sass"; then
    ok "SASS has QGMMA.64x256x32.F32.E4M3.E4M3"
  elif grep -qE "QGMMA" "$logs/gemm_fp8.sass"; then
    ok "SASS has QGMMA ($(grep -oE 'QGMMA\.[^ ]*' "$logs/gemm_fp8.sass" | sort -u | head -n 1))"
  else
    bad "SASS has no QGMMA (fp8 wgmma)"
  fi
fi

# 2. The example at every size against its CPU reference.
if [ "$ex_rc" -eq 0 ]; then
  for size in $SIZES; do
    args=(); [ "$size" = default ] || args=("$size")
    timeout 120 "$logs/gemm_fp8" ${args[@]+"${args[@]}"} > "$logs/run.$size.log" 2>&1
    rc=$?
    if [ $rc -eq 0 ] && [ "$(tail -n 1 "$logs/run.$size.log")" = "gemm_fp8: PASS" ]; then
      ok "example at size $size: $(head -n 1 "$logs/run.$size.log")"
    else
      bad "example at size $size (exit $rc): $(tail -n 2 "$logs/run.$size.log" | tr '\n' ' ')"
    fi
  done

  # 3. Under compute-sanitizer (as tests/gpu/run_examples.sh reads its summaries).
  for tool in memcheck racecheck synccheck; do
    log=$logs/sanitize.$tool.log
    timeout 300 compute-sanitizer --tool $tool --error-exitcode 86 "$logs/gemm_fp8" "$SANITIZE_SIZE" > "$log" 2>&1
    rc=$?
    summary=$(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$log" | tail -n 1)
    if grep -q "Device not supported" "$log"; then  # gVisor machines (KINDS.md): no sanitizer there
      echo "SKIP compute-sanitizer --tool $tool: 'Device not supported' on this machine"; skipped=$((skipped + 1))
    elif [ $rc -eq 0 ] && grep -qx "gemm_fp8: PASS" "$log" &&
       grep -qE 'ERROR SUMMARY: 0 errors|RACECHECK SUMMARY: 0 hazards displayed \(0 errors' "$log"; then
      ok "compute-sanitizer --tool $tool at size $SANITIZE_SIZE: $summary"
    else
      bad "compute-sanitizer --tool $tool at size $SANITIZE_SIZE (exit $rc): ${summary:-$(tail -n 3 "$log" | tr '\n' ' ')}"
      grep -m 12 -E '^=+ ' "$log" | sed 's/^/    /'
    fi
  done
fi

# 4. Against cuBLASLt.
if [ "$bench_rc" -eq 0 ]; then
  timeout 300 "$logs/gemm_fp8_bench" 2>&1 | tee "$logs/bench.log"
  rc=$?
  if [ $rc -eq 0 ] && [ "$(tail -n 1 "$logs/bench.log")" = "gemm_fp8 bench: PASS" ]; then
    ok "bench against cuBLASLt (results agree; the table above)"
  else
    bad "bench against cuBLASLt (exit $rc): $(tail -n 1 "$logs/bench.log")"
  fi
fi
echo "fp8: $pass passed, $fail failed, $skipped skipped (logs in $logs; $SECONDS s)"
[ "$fail" -eq 0 ]
