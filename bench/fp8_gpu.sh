#!/usr/bin/env bash
# The FP8 GEMMs on a GPU machine, in one command, after bench/prepare_gpu.sh
# ran on a machine with tirx-pp (it writes .device/pp/gemm_fp8.cu and
# .device/pp/gemm_fp8_blockwise.cu):
#   bench/fp8_gpu.sh [LOG_DIR]        (from anywhere; NVCC=... to choose nvcc)
# 1. builds examples/gemm_fp8.cu and examples/gemm_fp8_blockwise.cu (tirx-pp's
#    output) and bench/gemm_fp8.cu (against cuBLASLt) in parallel, with
#    -Xptxas -v; prints the kernels' registers and spills and the SASS's
#    matrix instructions (QGMMA: fp8 wgmma);
# 2. runs each example at several sizes (m; n and k derived; ragged ones
#    included) against its CPU reference, stopping an example at its first
#    failure, then under compute-sanitizer (memcheck, racecheck, synccheck,
#    initcheck) at a small size (two tiles of C, 2 K-tiles): the loops of
#    tests/gpu/run_examples.sh (SANITIZE=1 WERROR=1), which builds them again;
# 3. runs the bench: ours, cuBLASLt and cuBLASLt fast-accum (and the
#    blockwise kernel, unless its example failed at a size) at 4096^3, 8192^3
#    and 8000 x 7992 x 8064, a markdown table.
# One PASS/FAIL line per check, then "fp8: N passed, N failed, N skipped";
# exit status 1 on any failure. It took well under 4 minutes on an H200 before
# step 2 became run_examples.sh's (a second build, four sanitizer tools); not
# timed since.
set -u -o pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
logs=${1:-/tmp/fp8_gpu}
mkdir -p "$logs"
nvcc=${NVCC:-nvcc}
arch=-gencode=arch=compute_90a,code=sm_90a
pp=$root/.device/pp
SIZES=${SIZES:-default 1 17 129 1000 4099}
SANITIZE_SIZE=${SANITIZE_SIZE:-129}
pass=0 fail=0 skipped=0
ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }

for f in gemm_fp8 gemm_fp8_blockwise; do
  if [ ! -f "$pp/$f.cu" ]; then
    echo "FAIL $pp/$f.cu is missing: run bench/prepare_gpu.sh on a machine with tirx-pp first"
    exit 2
  fi
done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader
echo "commit $(cat "$root/.device/commit" 2>/dev/null || echo unknown); $("$nvcc" --version | tail -n 1)"

# 1. The three builds at once (the examples as tests/gpu/run_examples.sh builds
#    them, plus -O3 for their CPU references).
start=$SECONDS
declare -A rcs
pids=()
for ex in gemm_fp8 gemm_fp8_blockwise; do
  "$nvcc" -O3 -std=c++17 $arch -lineinfo -I "$root/headers" -I "$root/examples" -DTIRX_PP_OUTPUT -Xptxas -v \
    "$pp/$ex.cu" -o "$logs/$ex" > "$logs/$ex.build.log" 2>&1 &
  pids[${#pids[@]}]=$!
done
"$nvcc" -O3 -std=c++17 $arch -I "$root/headers" -I "$root/examples" -DGEMM_FP8_SOURCE="\"$pp/gemm_fp8.cu\"" \
  -DGEMM_FP8_BLOCKWISE_SOURCE="\"$pp/gemm_fp8_blockwise.cu\"" "$root/bench/gemm_fp8.cu" -lcublasLt \
  -o "$logs/gemm_fp8_bench" > "$logs/gemm_fp8_bench.build.log" 2>&1 &
pids[${#pids[@]}]=$!
i=0
for b in gemm_fp8 gemm_fp8_blockwise gemm_fp8_bench; do
  wait "${pids[$i]}"; rcs[$b]=$?; i=$((i + 1))
done
echo "builds took $((SECONDS - start)) s"
for b in gemm_fp8 gemm_fp8_blockwise gemm_fp8_bench; do
  nwarn=$(grep -c -i 'warning' "$logs/$b.build.log")
  if [ "${rcs[$b]}" -ne 0 ]; then
    bad "build $b (exit ${rcs[$b]})"; sed 's/^/    /' "$logs/$b.build.log" | head -n 30
  elif [ "$nwarn" -gt 0 ]; then
    bad "build $b: $nwarn warning line(s)"; grep -i 'warning' "$logs/$b.build.log" | head -n 10 | sed 's/^/    /'
  else
    ok "build $b (no warning)"
  fi
done
for ex in gemm_fp8 gemm_fp8_blockwise; do
  [ "${rcs[$ex]}" -eq 0 ] || continue
  grep -A3 "entry function '.*${ex}_kernel" "$logs/$ex.build.log" | grep -E "registers|spill" | sed 's/^/    /'
  if grep -A3 "entry function '.*${ex}_kernel" "$logs/$ex.build.log" | grep -q " 0 bytes spill stores, 0 bytes spill loads"; then
    ok "${ex}_kernel: no spills"
  else
    bad "${ex}_kernel: spills (or no ptxas line)"
  fi
  cuobjdump -sass "$logs/$ex" > "$logs/$ex.sass" 2>&1
  echo "    SASS of $ex (count, instruction):"
  grep -oE "QGMMA\.[^ ]*|HGMMA\.[^ ]*|HMMA\.[^ ]*|LDL|STL|UTMALDG\.[^ ]*|UTMASTG\.[^ ]*|USETMAXREG\.[^ ]*" \
    "$logs/$ex.sass" | sort | uniq -c | sed 's/^/    /'
  if grep -qE "QGMMA" "$logs/$ex.sass"; then
    ok "$ex: SASS has $(grep -oE 'QGMMA\.[^ ]*' "$logs/$ex.sass" | sort -u | tr '\n' ' ')"
  else
    bad "$ex: SASS has no QGMMA (fp8 wgmma)"
  fi
done

# 2. Each example at every size against its CPU reference, then under the
#    sanitizers: tests/gpu/run_examples.sh's loops, its logs kept in
#    $logs/examples. A machine whose sanitizer says 'Device not supported'
#    (gVisor: KINDS.md) skips that part.
declare -A ran_ok
RUN_TIMEOUT=60 SIZES=$SIZES SANITIZE=1 SANITIZE_SIZES=$SANITIZE_SIZE WERROR=1 KEEP="$logs/examples" \
  "$root/tests/gpu/run_examples.sh" "$pp" gemm_fp8 gemm_fp8_blockwise 2>&1 | tee "$logs/examples.log"
for ex in gemm_fp8 gemm_fp8_blockwise; do
  line=$(grep -E "^(PASS|FAIL) $ex[ :]" "$logs/examples.log" | tail -n 1)
  ran_ok[$ex]=0
  case $line in
  PASS*) ok "${line#PASS }"; ran_ok[$ex]=1 ;;
  "FAIL $ex: compute-sanitizer"*)
    ran_ok[$ex]=1  # every size passed
    if cat "$logs/examples/$ex.pp."*.log 2>/dev/null | grep -q "Device not supported"; then
      echo "SKIP $ex: compute-sanitizer: 'Device not supported' on this machine"
      skipped=$((skipped + 1))
    else
      bad "${line#FAIL }"
    fi ;;
  *) if [ -n "$line" ]; then bad "${line#FAIL }"; else bad "$ex: no result line from run_examples.sh"; fi ;;
  esac
done

# 3. Against cuBLASLt (without the blockwise kernel if its example failed).
if [ "${rcs[gemm_fp8_bench]}" -eq 0 ]; then
  no_bw=; [ "${ran_ok[gemm_fp8_blockwise]}" = 1 ] || no_bw=1
  [ -n "$no_bw" ] && echo "    (the bench leaves the blockwise kernel out: its example failed)"
  env ${no_bw:+GEMM_FP8_NO_BLOCKWISE=1} timeout 300 "$logs/gemm_fp8_bench" 2>&1 | tee "$logs/bench.log"
  rc=$?
  if [ $rc -eq 0 ] && [ "$(tail -n 1 "$logs/bench.log")" = "gemm_fp8 bench: PASS" ]; then
    ok "bench against cuBLASLt (results agree; the table above)"
  else
    bad "bench against cuBLASLt (exit $rc): $(tail -n 1 "$logs/bench.log")"
  fi
fi

# 3b. Against torch._scaled_mm (cuBLASLt through torch, the anchor of issue 15),
#     in one Python process (bench/gemm_fp8_torch/).
WORK="$logs/torch" timeout 300 "$root/bench/gemm_fp8_torch/run.sh" "$pp" 2>&1 | tee "$logs/bench_torch.log"
rc=$?
if [ $rc -eq 0 ] && [ "$(tail -n 1 "$logs/bench_torch.log")" = "gemm_fp8 vs torch: PASS" ]; then
  ok "bench against torch._scaled_mm (results agree; the table above)"
else
  bad "bench against torch._scaled_mm (exit $rc): $(tail -n 1 "$logs/bench_torch.log")"
fi

echo "fp8: $pass passed, $fail failed, $skipped skipped (logs in $logs; $SECONDS s)"
[ "$fail" -eq 0 ]
