#!/usr/bin/env bash
# bench/attention/same_kernels.sh TIRX_PP [REV [WORK_DIR]] - on any machine with nvcc and
# git: whether each kernel of examples/attention_fwd.cu (attention_fwd_kernel<D, NC, CAUSAL,
# BN>, NC consumer warpgroups) compiles to the same PTX as the kernel <D, CAUSAL, BN> of
# revision REV's source built with -DATTN_NC=NC (default REV: 98ae336, the source whose builds
# bench/RESULTS.md times with both counts), basic-block label numbers, debug lines and the
# kernel's own name aside. Same PTX: REV's measurements are the current kernels'.
set -eu -o pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tool=$1
rev=${2:-98ae336}
work=${3:-/tmp/attention-same-kernels}
nvcc=${NVCC:-nvcc}
mkdir -p "$work"
git -C "$root" show "$rev:examples/attention_fwd.cu" > "$work/rev.cu"
build() {  # NAME SOURCE [DEFINE]
  "$tool" ${3:-} -I "$root/headers" -I "$root/examples" "$2" -o "$work/$1.pp.cu"
  "$nvcc" -std=c++17 ${3:-} -I "$root/headers" -I "$root/examples" -gencode=arch=compute_90a,code=sm_90a \
    -DTIRX_PP_OUTPUT -ptx "$work/$1.pp.cu" -o "$work/$1.ptx"
}
build now "$root/examples/attention_fwd.cu" &
build nc2 "$work/rev.cu" -DATTN_NC=2 &
build nc3 "$work/rev.cu" -DATTN_NC=3 &
wait
python3 - "$work" "$rev" <<'PY'
import re, sys
def entries(path):
    out = {}
    for part in re.split(r'(?=^\.(?:visible |weak )?\.?entry )', open(path).read(), flags=re.M):
        m = re.match(r'\.(?:visible |weak )?\.?entry (\S+)\(', part)
        if m:
            body = re.sub(r'^\s*(//.*|\.loc\s.*)$', '', part, flags=re.M).replace(m.group(1)[1:], 'KERNEL')
            out[m.group(1)] = re.sub(r'\n+', '\n', re.sub(r'\$L__BB\d+_', '$L__BB_', body))
    return out
work, rev = sys.argv[1], sys.argv[2]
now = entries(f'{work}/now.ptx')
old = {nc: entries(f'{work}/nc{nc}.ptx') for nc in ('2', '3')}
bad = 0
for name, code in sorted(now.items()):
    m = re.match(r'(.*attention_fwd_kernelILi\d+E)Li([23])E(.*)', name)
    ref = m and old[m.group(2)].get(m.group(1) + m.group(3))
    same = ref == code
    bad += not same
    print(f"{'same' if same else 'DIFFERENT'}  {name}  (against {rev} -DATTN_NC={m.group(2) if m else '?'})")
print(f"{len(now) - bad} of {len(now)} kernels the same")
sys.exit(1 if bad or not now else 0)
PY
