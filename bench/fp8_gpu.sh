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
#    failure;
# 3. runs the bench: ours, cuBLASLt and cuBLASLt fast-accum (and the
#    blockwise kernel, unless its example failed) at 4096^3, 8192^3 and
#    8000 x 7992 x 8064, a markdown table;
# 4. runs each example once more under compute-sanitizer (racecheck and
#    synccheck; memcheck too for the blockwise one, which reads its scales from
#    global memory) at a small size (two tiles of C, 2 K-tiles).
# One PASS/FAIL line per check, then "fp8: N passed, N failed, N skipped";
# exit status 1 on any failure. Takes well under 4 minutes on an H200.
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

# 2. Each example at every size against its CPU reference.
declare -A ran_ok
for ex in gemm_fp8 gemm_fp8_blockwise; do
  ran_ok[$ex]=0
  [ "${rcs[$ex]}" -eq 0 ] || continue
  ran_ok[$ex]=1
  for size in $SIZES; do
    args=(); [ "$size" = default ] || args=("$size")
    timeout 60 "$logs/$ex" ${args[@]+"${args[@]}"} > "$logs/$ex.run.$size.log" 2>&1
    rc=$?
    if [ $rc -eq 0 ] && [ "$(tail -n 1 "$logs/$ex.run.$size.log")" = "$ex: PASS" ]; then
      ok "$ex at size $size: $(head -n 1 "$logs/$ex.run.$size.log")"
    else
      [ $rc -eq 124 ] && echo "    (timed out after 60 s: a hang)"
      bad "$ex at size $size (exit $rc): $(tail -n 2 "$logs/$ex.run.$size.log" | tr '\n' ' ')"
      ran_ok[$ex]=0
      break
    fi
  done
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

# 4. Under compute-sanitizer (as tests/gpu/run_examples.sh reads its summaries).
for ex in gemm_fp8 gemm_fp8_blockwise; do
  [ "${rcs[$ex]}" -eq 0 ] || continue
  tools="racecheck synccheck"; [ $ex = gemm_fp8_blockwise ] && tools="memcheck racecheck synccheck"
  for tool in $tools; do
    log=$logs/$ex.sanitize.$tool.log
    timeout 150 compute-sanitizer --tool $tool --error-exitcode 86 "$logs/$ex" "$SANITIZE_SIZE" > "$log" 2>&1
    rc=$?
    summary=$(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$log" | tail -n 1)
    if grep -q "Device not supported" "$log"; then  # gVisor machines (KINDS.md): no sanitizer there
      echo "SKIP $ex: compute-sanitizer --tool $tool: 'Device not supported' on this machine"
      skipped=$((skipped + 1))
    elif [ $rc -eq 0 ] && grep -qx "$ex: PASS" "$log" &&
         grep -qE 'ERROR SUMMARY: 0 errors|RACECHECK SUMMARY: 0 hazards displayed \(0 errors' "$log"; then
      ok "$ex: compute-sanitizer --tool $tool at size $SANITIZE_SIZE: $summary"
    else
      bad "$ex: compute-sanitizer --tool $tool at size $SANITIZE_SIZE (exit $rc): ${summary:-$(tail -n 3 "$log" | tr '\n' ' ')}"
      grep -m 12 -E '^=+ ' "$log" | sed 's/^/    /'
    fi
  done
done
echo "fp8: $pass passed, $fail failed, $skipped skipped (logs in $logs; $SECONDS s)"
[ "$fail" -eq 0 ]
