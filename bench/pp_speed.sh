#!/usr/bin/env bash
# How long tirx-pp takes against `nvcc -c` of what it writes (goal: at most
# 5%), its peak memory, the pass-through time of an unannotated file (goal: at
# most 2 ms) and the size of the parse cache it leaves.
#   bench/pp_speed.sh [BUILD_DIR]     (default build)
# Environment:
#   ROUNDS=N      rounds (default 5); in each, every row runs tirx-pp, then nvcc, so
#                 that a machine shared with other work loads both alike
#   LLMC=DIR      also a real translation unit with many headers: DIR is a checkout of
#                 karpathy/llm.c with annotations in llmc/ (docs/adoption.md), and the row
#                 is train_gpt2.cu with the flags of its Makefile (nvcc takes about a minute)
#   BASE=TIRX_PP  another tirx-pp (an older build) timed in the same rounds, for a
#                 before/after column ("refused" where it cannot rewrite the input)
#   PHASES=1      also where tirx-pp's time goes, row by row: the medians of its
#                 TIRX_PP_TIMES=1 phases (dlopen: loading libclang; prescan: the parse
#                 that finds host bodies; parse: the one that counts; ...), measured in
#                 extra runs after the rounds
# Prints a Markdown table of medians; the parse cache is a fresh one, warmed first.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
tool=$build/tirx-pp
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export TIRX_PP_CACHE_DIR=$tmp/cache

# The synthetic multi-header translation unit: 12 user headers with one
# annotated kernel each, 12 unannotated ones, a .cu that includes them all
# after the C++ and CUDA headers a real project includes.
multi=$tmp/multi
mkdir -p "$multi/inc"
{
  printf '#include <cstdio>\n#include <cstdlib>\n#include <vector>\n#include <algorithm>\n#include <cuda_runtime.h>\n'
  printf '#include "tirx.h"\n'
  for i in $(seq 0 11); do printf '#include "inc/plain%d.h"\n#include "inc/kern%d.cuh"\n' "$i" "$i"; done
  printf 'int main() {\n  std::vector<float> h(1 << 20, 1.0f);\n  float *d = nullptr;\n'
  printf '  cudaMalloc(&d, h.size() * sizeof(float));\n'
  for i in $(seq 0 11); do printf '  kern%d<<<256, 128>>>(d, (int)h.size());\n' "$i"; done
  printf '  cudaMemcpy(h.data(), d, 4, cudaMemcpyDeviceToHost);\n  std::printf("%%f\\n", h[0]);\n  return 0;\n}\n'
} > "$multi/main.cu"
for i in $(seq 0 11); do
  cat > "$multi/inc/kern$i.cuh" <<EOF
#pragma once
#include "plain$i.h"
template <int N>
__device__ float sum$i(const float *p) {
  float s = 0;
  #pragma tirx unroll
  for (int k = 0; k < N; ++k) s += p[k] * scale$i();
  return s;
}
__global__ void kern$i(float *x, int n) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * 8;
  if (i + 8 <= n) x[i] = sum$i<8>(x + i);
}
EOF
  cat > "$multi/inc/plain$i.h" <<EOF
#pragma once
struct Params$i { int n; float alpha, beta; };
__host__ __device__ inline float scale$i() { return 1.0f + $i * 0.5f; }
inline Params$i make_params$i(int n) { return Params$i{n, 1.0f, 0.0f}; }
EOF
done

# Rows: name, directory, input, tirx-pp flags, nvcc flags (after --: the same for both).
rows=$tmp/rows
: > "$rows"
arch="-gencode=arch=compute_90a,code=sm_90a"
for f in "$root"/examples/*.cu; do
  printf '%s\t%s\t%s\t%s\n' "$(basename "$f" .cu)" "$root/examples" "$f" "-std=c++17 -I $root/headers $arch" >> "$rows"
done
printf '%s\t%s\t%s\t%s\n' "multi-header (synthetic: 24 user headers, 12 annotated)" "$multi" "$multi/main.cu" "-std=c++17 -I $root/headers $arch" >> "$rows"
if [ -n "${LLMC:-}" ]; then
  printf '%s\t%s\t%s\t%s\n' "llm.c train_gpt2.cu (\$LLMC)" "$LLMC" "$LLMC/train_gpt2.cu" \
    "--threads=0 -t=0 --use_fast_math -std=c++17 -O3 $arch -DENABLE_BF16 -I $root/headers" >> "$rows"
fi

ROUNDS=${ROUNDS:-5} TOOL=$tool BASE=${BASE:-} NVCC=$nvcc TMP=$tmp ROOT=$root PHASES=${PHASES:-} python3 - "$rows" <<'EOF'
import os, re, shlex, statistics, subprocess, sys, time

tool, base, nvcc, tmp, root = (os.environ[k] for k in ("TOOL", "BASE", "NVCC", "TMP", "ROOT"))
rounds = int(os.environ["ROUNDS"])
rows = [line.rstrip("\n").split("\t") for line in open(sys.argv[1])]

def timed(argv, cwd, may_fail=False):
    """Wall milliseconds and peak memory (MiB) of one run; fails loudly, but
    for the older build (may_fail), which may refuse an input that uses what it
    lacks: None then."""
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(p.pid, 0)
    ms = (time.perf_counter() - t0) * 1000
    err = p.stderr.read().decode(errors="replace")
    p.stderr.close()
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode and may_fail:
        return None
    if p.returncode:
        sys.exit(f"{shlex.join(argv)} (in {cwd}) failed ({p.returncode}):\n{err}")
    return ms, usage.ru_maxrss / 1024

def pp(exe, i, row):
    name, cwd, src, flags = row
    return [exe, src, "-o", f"{tmp}/out{i}.cu", "--"] + shlex.split(flags)

def cc(i, row):
    name, cwd, src, flags = row
    return [nvcc] + shlex.split(flags) + ["-I", cwd, "-c", f"{tmp}/out{i}.cu", "-o", f"{tmp}/out{i}.o"]

# Warm the cache (first parse of each preamble writes its PCH), and the disk.
for i, row in enumerate(rows):
    timed(pp(tool, i, row), row[1])
    if base:
        timed(pp(base, i, row), row[1], may_fail=True)
    timed(cc(i, row), row[1])
res = {i: {"pp": [], "base": [], "cc": [], "rss": []} for i in range(len(rows))}
for r in range(rounds):
    for i, row in enumerate(rows):
        ms, rss = timed(pp(tool, i, row), row[1])
        res[i]["pp"].append(ms); res[i]["rss"].append(rss)
        if base:
            before = timed(pp(base, i, row), row[1], may_fail=True)
            res[i]["base"].append(before[0] if before else None)
        timed(pp(tool, i, row), row[1])  # the output nvcc compiles is this build's
        res[i]["cc"].append(timed(cc(i, row), row[1])[0])
# Pass-through: an unannotated file, no libclang.
plain = f"{root}/tests/identity/realworld.cu"
pass_ms, pass_rss = [], []
for r in range(31):
    ms, rss = timed([tool, plain, "-o", f"{tmp}/plain.cu"], root)
    pass_ms.append(ms); pass_rss.append(rss)

med = statistics.median
head = "| translation unit | tirx-pp (ms) |" + (" before (ms) |" if base else "") + " nvcc -c (ms) | tirx-pp / nvcc | tirx-pp peak memory (MiB) |"
print(head)
print("| --- | ---: |" + (" ---: |" if base else "") + " ---: | ---: | ---: |")
worst = 0
for i, row in enumerate(rows):
    p, c = med(res[i]["pp"]), med(res[i]["cc"])
    worst = max(worst, p / c)
    before = [ms for ms in res[i]["base"] if ms is not None]
    b = (f" {med(before):.0f} |" if before else " refused |") if base else ""
    print(f"| {row[0]} | {p:.0f} |{b} {c:.0f} | {100 * p / c:.1f}% | {max(res[i]['rss']):.0f} |")
print()
print(f"Medians of {rounds} rounds (tirx-pp then nvcc, row by row, in each round). Highest ratio: {100 * worst:.1f}%.")
print(f"Pass-through of an unannotated file (tests/identity/realworld.cu): {med(pass_ms):.2f} ms "
      f"(median of {len(pass_ms)}), peak memory {max(pass_rss):.1f} MiB.")
size = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(f"{tmp}/cache") for f in fs)
n = len([f for f in os.listdir(f"{tmp}/cache") if f.endswith(".pch")])
print(f"Parse cache after the run: {size / 2**20:.0f} MiB in {n} PCHs (one per distinct preamble and flags).")
if os.environ["PHASES"]:
    # Each run's phases (a name twice, as find-pch, is summed), then the median of each.
    names, runs = [], {i: [] for i in range(len(rows))}
    for r in range(rounds):
        for i, row in enumerate(rows):
            t0 = time.perf_counter()
            p = subprocess.run(pp(tool, i, row), cwd=row[1], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               env=dict(os.environ, TIRX_PP_TIMES="1"), check=True)
            run = {"total": (time.perf_counter() - t0) * 1000}
            for name, ms in re.findall(r"^tirx-pp: time: (\S+) +([0-9.]+) ms$", p.stderr.decode(), re.M):
                run[name] = run.get(name, 0) + float(ms)
                if name not in names: names.append(name)
            runs[i].append(run)
    print()
    print("| translation unit (ms) | " + " | ".join(names) + " | rest | total |")
    print("| --- |" + " ---: |" * (len(names) + 2))
    for i, row in enumerate(rows):
        cells = [med([run.get(n, 0) for run in runs[i]]) for n in names]
        total = med([run["total"] for run in runs[i]])
        print(f"| {row[0]} | " + " | ".join(f"{c:.1f}" for c in cells) + f" | {max(total - sum(cells), 0):.1f} | {total:.1f} |")
    print()
    print(f"Phases: medians of {rounds} runs with TIRX_PP_TIMES=1; rest: start, exit and what no phase counts.")
EOF
