#!/usr/bin/env bash
# Runs tirx-pp here (the GPU machine has no libclang) on everything the GPU
# run needs, into .device/ (ignored by git; carry it to the GPU machine):
# .device/pp/NAME.cu for every examples/NAME.cu (gemm_fp8.cu among them, for
# bench/fp8_gpu.sh), the watchdog test (.device/watchdog/), bench/membw.cu, the cluster tests
# (.device/cluster/), the elected shuffle (.device/elect/), the vectorize test
# (.device/vectorize/), the launch in a host branch (.device/launch_host/), persistent
# over an int64_t count (.device/persistent_wide/), the
# two-copies ring (.device/two_copies/), the attention backward (.device/attention_bwd/),
# gemm_bf16 with --trace (.device/trace/), gemm_bf16 for its split-K test
# (.device/gemm_split/), the cost of --trace (.device/trace_overhead/), the grouped
# GEMM (.device/grouped/), and the commit.
#   bench/prepare_gpu.sh [BUILD_DIR]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
tool=${1:-$root/build}/tirx-pp
rm -rf "$root/.device" && mkdir -p "$root/.device/pp"
for f in "$root"/examples/*.cu; do "$tool" -I "$root/headers" -I "$root/examples" "$f" -o "$root/.device/pp/$(basename "$f")"; done
# Planted deadlocks under --watchdog, run there by tests/gpu/run_watchdog.sh --prepared .device
"$root/tests/gpu/run_watchdog.sh" --preprocess "$tool" "$root" "$root/.device/watchdog"
"$tool" -I "$root/headers" "$root/bench/membw.cu" -o "$root/.device/membw.pp.cu"
# Clusters (docs/clusters.md), run there by tests/gpu/run_cluster.sh --prepared .device
"$root/tests/gpu/run_cluster.sh" --preprocess "$tool" "$root" "$root/.device/cluster"
# The elected shuffle (docs/threads.md), run there by tests/gpu/run_elect.sh --prepared .device
"$root/tests/gpu/run_elect.sh" --preprocess "$tool" "$root" "$root/.device/elect"
# vectorize's tail guard and overlaps, run there by tests/gpu/run_vectorize.sh --prepared .device
"$root/tests/gpu/run_vectorize.sh" --preprocess "$tool" "$root" "$root/.device/vectorize"
# A launch in host-only code, run there by tests/gpu/run_launch_host.sh --prepared .device
"$root/tests/gpu/run_launch_host.sh" --preprocess "$tool" "$root" "$root/.device/launch_host"
# persistent over an int64_t count, run there by tests/gpu/run_persistent_wide.sh --prepared .device
"$root/tests/gpu/run_persistent_wide.sh" --preprocess "$tool" "$root" "$root/.device/persistent_wide"
# Two byte triggers per stage (docs/regions-and-events.md), run there by
# tests/gpu/run_two_copies.sh --prepared .device
"$root/tests/gpu/run_two_copies.sh" --preprocess "$tool" "$root" "$root/.device/two_copies"
# gemm_bf16's split-K, run there by tests/gpu/run_gemm_split.sh --prepared .device
"$root/tests/gpu/run_gemm_split.sh" --preprocess "$tool" "$root" "$root/.device/gemm_split"
# examples/attention_bwd.cu at ragged lengths and under memcheck, run there by
# tests/gpu/run_attention_bwd.sh --prepared .device
"$root/tests/gpu/run_attention_bwd.sh" --preprocess "$tool" "$root" "$root/.device/attention_bwd"
# --trace on gemm_bf16 (docs/trace.md), run there by tests/gpu/run_trace.sh --prepared .device
"$root/tests/gpu/run_trace.sh" --preprocess "$tool" "$root" "$root/.device/trace"
# What --trace costs on the GEMM and the attention forward, run there by
# bench/trace_overhead/run.sh --prepared .device/trace_overhead
"$root/bench/trace_overhead/run.sh" --preprocess "$tool" "$root" "$root/.device/trace_overhead"
# The grouped GEMM (docs/hopper.md), run there by tests/gpu/run_grouped.sh --prepared .device
"$root/tests/gpu/run_grouped.sh" --preprocess "$tool" "$root" "$root/.device/grouped"
git -C "$root" rev-parse --short HEAD > "$root/.device/commit"
echo "prepared .device/ at commit $(cat "$root/.device/commit")"
