#!/usr/bin/env bash
# bench/attention/same_kernels.sh TIRX_PP [WORK_DIR] - on any machine with nvcc:
# whether examples/attention_fwd.cu's per-head-dimension build (three consumer
# warpgroups at D = 64, two at D = 128: `values(D: 64, 128)`) compiles each of
# its kernels to the same PTX as the build that forces that count for every D
# (-DATTN_NC=3 for the D = 64 kernels, -DATTN_NC=2 for the D = 128 ones), basic-
# block label numbers and debug lines aside. Same PTX: the forced builds'
# measurements (bench/RESULTS.md) are the per-D build's.
set -eu -o pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tool=$1
work=${2:-/tmp/attention-same-kernels}
nvcc=${NVCC:-nvcc}
mkdir -p "$work"
for v in perd:"" nc2:-DATTN_NC=2 nc3:-DATTN_NC=3; do
  name=${v%%:*} def=${v#*:}
  "$tool" $def -I "$root/headers" -I "$root/examples" "$root/examples/attention_fwd.cu" -o "$work/$name.cu"
  "$nvcc" -std=c++17 $def -I "$root/headers" -I "$root/examples" -gencode=arch=compute_90a,code=sm_90a \
    -DTIRX_PP_OUTPUT -ptx "$work/$name.cu" -o "$work/$name.ptx" &
done
wait
python3 - "$work" <<'PY'
import re, sys
def entries(path):
    out = {}
    for part in re.split(r'(?=^\.(?:visible |weak )?\.?entry )', open(path).read(), flags=re.M):
        m = re.match(r'\.(?:visible |weak )?\.?entry (\S+)\(', part)
        if m:
            body = re.sub(r'^\s*(//.*|\.loc\s.*)$', '', part, flags=re.M)
            out[m.group(1)] = re.sub(r'\n+', '\n', re.sub(r'\$L__BB\d+_', '$L__BB_', body))
    return out
work = sys.argv[1]
perd, nc2, nc3 = (entries(f'{work}/{n}.ptx') for n in ('perd', 'nc2', 'nc3'))
bad = 0
for name, code in sorted(perd.items()):
    ref, tag = (nc3, 'ATTN_NC=3') if 'ILi64E' in name else (nc2, 'ATTN_NC=2')
    same = ref.get(name) == code
    bad += not same
    print(f"{'same' if same else 'DIFFERENT'}  {name}  (against {tag})")
print(f"{len(perd) - bad} of {len(perd)} kernels the same")
sys.exit(1 if bad or not perd else 0)
PY
