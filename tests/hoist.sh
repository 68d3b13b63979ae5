#!/usr/bin/env bash
# The PCH's hoisted system headers (rewriters/front/hoist.c): a system header
# that a user's header includes past the preamble is read into the PCH when
# the rule allows it, and not when the user's text before it sets a macro the
# header reads (rule 2) or names what the header declares (rule 3); in every
# case the output and messages are those of a run without the cache. Section
# 6: inputs where reading a header earlier would change what the file means
# (a guard defined before, #if 0 in the preamble, a namespace, pragma and
# __COUNTER__ macros, using, declarations, -D before -include), each compared
# with a run without the cache. And the parse after a failed proof of the
# blanked host bodies (blank.c), which must show clang's errors in those
# bodies again.
#   hoist.sh TIRX_PP HEADERS_DIR
set -u
export LC_ALL=C
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass+1)); echo "ok   $1"; }
bad() { fail=$((fail+1)); echo "FAIL $1"; shift; for l in "$@"; do echo "  $l"; done; }
# The tool beside a copy of its headers with three headers that are not the
# user's (the system's, as far as tirx-pp knows: tirx-pp's own directory).
mkdir -p "$tmp/bin"
cp "$1" "$tmp/bin/tirx-pp"
cp -r "$2" "$tmp/include"
tool=$tmp/bin/tirx-pp
cat > "$tmp/include/sysplain.h" <<'H'
#pragma once
typedef short plain_t;
H
cat > "$tmp/include/sysflag.h" <<'H'
#ifndef SYSFLAG_H
#define SYSFLAG_H
#ifdef WIDE_ELEMS
typedef long long elem_t;
#else
typedef int elem_t;
#endif
#endif
H
cat > "$tmp/include/sysover.h" <<'H'
#ifndef SYSOVER_H
#define SYSOVER_H
constexpr int pick(long) { return 8; }
#endif
H
cd "$tmp"
export TIRX_PP_CACHE_DIR="$tmp/cache"
mkdir -p src

# main.cu NAME [LINES]: a file whose preamble is <cstdio> (and LINES) and that then includes NAME.cuh.
main() { printf '#include <cstdio>\n%b#include "%s.cuh"\nint main() { std::printf("x\\n"); return 0; }\n' "${2:-}" "$1" > "src/$1.cu"; }
# copies FILE: how many copies of an unrolled body (`{ int i = N; ...`) FILE holds.
copies() { grep -o "{ int i = [0-9]*;" "$1" | wc -l; }
# check NAME [FLAGS...]: the run with the cache and one without write the same files and messages.
check() {
  local name=$1; shift
  rm -rf "out/$name" "off/$name"; mkdir -p "out/$name" "off/$name"
  "$tool" "src/$name.cu" -o "out/$name/$name.cu" "$@" 2> "out/$name.err"; rc=$?
  TIRX_PP_CACHE_DIR=off "$tool" "src/$name.cu" -o "off/$name/$name.cu" "$@" 2> "off/$name.err"; rc_off=$?
  if [ "$rc" = "$rc_off" ] && cmp -s "out/$name.err" "off/$name.err" &&
     diff -r <(cd "out/$name" && find . -type f | sort | xargs cat | sed "s|out/$name|X|g") \
             <(cd "off/$name" && find . -type f | sort | xargs cat | sed "s|off/$name|X|g") > /dev/null; then
    ok "$name-same-as-without-cache"
  else
    bad "$name-same-as-without-cache" "exit $rc, $rc_off" "$(diff out/$name.err off/$name.err | head -5)"
  fi
}

# 1. Hoisted: the annotated header includes <sysplain.h> after a kernel that
#    names nothing of it; the PCH reads it (its .names list plain_t) and
#    refuses nothing.
cat > src/hoisted.cuh <<'H'
#pragma once
__global__ void k(float *a) {
#pragma tirx unroll
  for (int i = 0; i < 4; ++i) a[i] = i;
}
#include <sysplain.h>
__global__ void k2(plain_t *a) {
#pragma tirx unroll
  for (int i = 0; i < (int)sizeof(plain_t); ++i) a[i] = i;
}
H
main hoisted
check hoisted
if grep -qx "0 plain_t" cache/*.pch.names 2>/dev/null && ! ls cache/*.refused > /dev/null 2>&1 &&
   [ "$(copies out/hoisted/hoisted.cu.headers/hoisted.cuh)" = 6 ]; then
  ok hoisted-into-the-pch
else
  bad hoisted-into-the-pch "$(ls cache)"
fi

# 2. Rule 2: the header defines WIDE_ELEMS before <sysflag.h>, which reads
#    it: not hoisted (.refused says why), and elem_t is long long (8 copies).
rm -rf cache
cat > src/flag.cuh <<'H'
#pragma once
#define WIDE_ELEMS
#include <sysflag.h>
__global__ void k(elem_t *a) {
#pragma tirx unroll
  for (int i = 0; i < (int)sizeof(elem_t); ++i) a[i] = i;
}
H
main flag
check flag
if grep -q "names 'WIDE_ELEMS', a macro that the user's text sets before '#include <sysflag.h>'" cache/*.refused 2>/dev/null &&
   [ "$(copies out/flag/flag.cu.headers/flag.cuh)" = 8 ]; then
  ok user-macro-forbids-hoisting
else
  bad user-macro-forbids-hoisting "$(cat cache/*.refused 2>/dev/null)" "$(copies out/flag/flag.cu.headers/flag.cuh)"
fi

# 3. Rule 3: code before <sysover.h> calls pick(1L), which finds pick(int)
#    there and would find the header's pick(long) if the header came first:
#    the run uses the PCH without hoisting, and the loop has 4 copies.
rm -rf cache
cat > src/over.cuh <<'H'
#pragma once
constexpr int pick(int) { return 4; }
__global__ void k(float *a) {
#pragma tirx unroll
  for (int i = 0; i < pick(1L); ++i) a[i] = i;
}
#include <sysover.h>
H
main over
check over
TIRX_PP_TIMES=1 "$tool" src/over.cu -o out/over2.cu 2> over.times
if grep -q "no hoisting: 'pick' of #include <sysover.h> is named before it" over.times &&
   [ "$(copies out/over/over.cu.headers/over.cuh)" = 4 ]; then
  ok earlier-name-forbids-hoisting
else
  bad earlier-name-forbids-hoisting "$(grep hoist over.times)"
fi

# 4. The blanked host bodies' proof fails (TIRX_PP_DOUBT_BLANKS=1): the parse
#    runs again without blanks, so clang's error in host() is seen again and
#    named in the note, as without the cache; with the proof, host()'s body
#    is blanked and the note does not name it.
cat > src/blank.cu <<'K'
#include <cstdio>
int host(int n) { return n + undeclared_in_host; }
__global__ void k(float *a, int n) {
#pragma tirx unroll
  for (int i = 0; i < n; ++i) a[i] = i;
}
int main() { std::printf("%d\n", host(1)); return 0; }
K
TIRX_PP_CACHE_DIR=off "$tool" src/blank.cu -o blank-off.cu 2> blank-off.err
"$tool" src/blank.cu -o blank.cu 2> /dev/null  # the PCH
TIRX_PP_TIMES=1 "$tool" src/blank.cu -o blank.cu 2> blank.times
TIRX_PP_DOUBT_BLANKS=1 TIRX_PP_TIMES=1 "$tool" src/blank.cu -o blank.cu 2> doubt.times
TIRX_PP_DOUBT_BLANKS=1 "$tool" src/blank.cu -o blank.cu 2> doubt.err
if grep -q "undeclared_in_host" blank-off.err && cmp -s blank-off.err doubt.err &&
   grep -q "time: blank " blank.times && ! grep -q "undeclared_in_host" blank.times &&
   grep -q "time: parse-again " doubt.times; then
  ok blank-proof-fails-parses-again
else
  bad blank-proof-fails-parses-again "$(diff blank-off.err doubt.err | head -5)" "$(grep -c parse-again doubt.times)"
fi

# 5. A stale PCH (a header of the preamble changed since) is built again
#    before the prescan, which then uses it: not a prescan without the PCH
#    (every header read twice) and a build after it.
printf '#pragma once\nconstexpr int pre_n = 1;\n' > src/pre.h
printf '#include <cstdio>\n#include "pre.h"\n' > src/stale.cu
sed 1d src/blank.cu | sed 's/undeclared_in_host/pre_n/' >> src/stale.cu
"$tool" src/stale.cu -o stale.cu 2> /dev/null
printf '#pragma once\nconstexpr int pre_n = 2;\n' > src/pre.h
touch -d '+1 minute' src/pre.h
TIRX_PP_TIMES=1 "$tool" src/stale.cu -o stale.cu 2> stale.times
build=$(grep -n "time: build-pch" stale.times | cut -d: -f1) blank=$(grep -n "time: blank" stale.times | cut -d: -f1)
if [ "$(grep -c "time: build-pch" stale.times)" = 1 ] && [ -n "$blank" ] && [ "$build" -lt "$blank" ]; then
  ok stale-pch-built-again-before-the-prescan
else
  bad stale-pch-built-again-before-the-prescan "$(grep -o 'time: [a-z-]*' stale.times | tr '\n' ' ')"
fi

# 6. Inputs where reading the header earlier changes what the file means: each
#    must come out as without the cache (not hoisted, or hoisted to no effect).
#    The unrolled bound tells the meaning apart.
kernel() { printf '__global__ void k(float *a) {\n#pragma tirx unroll\n  for (int i = 0; i < (%s); ++i) a[i] = i;\n}\n' "$1"; }
printf '#ifndef SYSPACK_H\n#define SYSPACK_H\nstruct spk { char c; int i; };\n#endif\n' > include/syspack.h
printf '#ifndef SYSCNT_H\n#define SYSCNT_H\nstatic const int sys_cnt = __COUNTER__;\n#endif\n' > include/syscnt.h
printf '#ifndef SYSDATA_H\n#define SYSDATA_H\n1, 2, 3, 4, 5, 6\n#endif\n' > include/sysdata.h
printf '#ifndef SYSBASE_H\n#define SYSBASE_H\nconstexpr int width(double) { return 4; }\nnamespace wns { constexpr int width(int) { return 8; } }\n#endif\n' > include/sysbase.h
printf '#ifndef SYSUSEW_H\n#define SYSUSEW_H\nconstexpr int used_w = width(1);\n#endif\n' > include/sysusew.h
# a user header whose include guard is already defined: <sysover.h> is never read
printf '#ifndef SKIP_H\n#define SKIP_H\n#include <sysover.h>\n#endif\n' > src/skip.h
{ printf '#pragma once\n#include "skip.h"\nconstexpr int pick(int) { return 4; }\n'; kernel 'pick(1L)'; } > src/fakeguard.cuh
main fakeguard '#define SKIP_H\n'
check fakeguard
cp src/fakeguard.cuh src/fakeguard_d.cuh; main fakeguard_d
check fakeguard_d -DSKIP_H
# a header that the preamble's header names only under #if 0: not read there
printf '#pragma once\n#if 0\n#include "later.h"\n#endif\n' > src/pre0.h
printf '#pragma once\n#define WIDE_ELEMS\n' > src/later.h
{ printf '#pragma once\n#include "later.h"\n#include <sysflag.h>\n'; kernel 'sizeof(elem_t)'; } > src/inpch.cuh
main inpch '#include "pre0.h"\n'
check inpch
# inside a namespace, and inside an initializer
{ printf '#pragma once\nnamespace foo {\n#include <sysplain.h>\n}\n'; kernel 'sizeof(foo::plain_t)'; } > src/ns.cuh
main ns; check ns
# ... or inside one that a macro of the user's opens (the walk counts the brackets written out)
printf '#pragma once\nconstexpr int pick(int) { return 4; }\n' > src/pre4.h
{ printf '#pragma once\n#define NS_OPEN namespace __u {\n#define NS_CLOSE }\nNS_OPEN\nint dummy;\n#include <sysover.h>\nNS_CLOSE\n'; kernel 'pick(1L)'; } > src/nsmacro.cuh
main nsmacro '#include "pre4.h"\n'; check nsmacro
{ printf '#pragma once\nconstexpr int arr[] = {\n#include <sysdata.h>\n};\n'; kernel 'sizeof(arr) / sizeof(arr[0])'; } > src/data.cuh
main data; check data
# a macro whose body is _Pragma("pack(...)"), used before the line
{ printf '#pragma once\n#define PACK1 _Pragma("pack(push, 1)")\nPACK1\n#include <syspack.h>\n#pragma pack(pop)\n'; kernel 'sizeof(spk)'; } > src/pack.cuh
main pack; check pack
# ... or a system header's macro of the preamble, used before the line
printf '#ifndef SYSPM_H\n#define SYSPM_H\n#define SYS_PACK1 _Pragma("pack(push, 1)")\n#define SYS_PACK_END _Pragma("pack(pop)")\n#endif\n' > include/syspm.h
{ printf '#pragma once\nSYS_PACK1;\n#include <syspack.h>\nSYS_PACK_END;\n'; kernel 'sizeof(spk)'; } > src/syspack.cuh
main syspack '#include <syspm.h>\n'; check syspack
# ... or through another macro, in a function body
printf '#ifndef SYSPM2_H\n#define SYSPM2_H\n#define SYS_B _Pragma("pack(push, 1)")\n#define SYS_A SYS_B\n#endif\n' > include/syspm2.h
{ printf '#pragma once\ninline void f() { SYS_A; }\n#include <syspack.h>\n'; kernel 'sizeof(spk)'; } > src/nestpm.cuh
main nestpm '#include <syspm2.h>\n'; check nestpm
# __COUNTER__ before the line counts the header's uses too
{ printf '#pragma once\nconstexpr int n0 = __COUNTER__ + 2;\n#include <syscnt.h>\n'; kernel 'n0'; } > src/counter.cuh
main counter; check counter
# a using-directive before the line changes what the header's call finds
{ printf '#pragma once\nusing namespace wns;\n#include <sysusew.h>\n'; kernel 'used_w'; } > src/usingns.cuh
main usingns '#include <sysbase.h>\n'; check usingns
# a name declared before the line that the header's code names (rule 4): width(int) is the better match
{ printf '#pragma once\nconstexpr int width(int) { return 8; }\n#include <sysusew.h>\n'; kernel 'used_w'; } > src/userdecl.cuh
main userdecl '#include <sysbase.h>\n'; check userdecl
# ... or that a macro of the user's declares: not hoisted (a macro of keywords and reserved names is)
{ printf '#pragma once\n#define DECL(n) constexpr int n(int) { return 8; }\nDECL(width);\n#include <sysusew.h>\n'; kernel 'used_w'; } > src/macdecl.cuh
main macdecl '#include <sysbase.h>\n'; check macdecl
printf '#ifndef SYSDECL_H\n#define SYSDECL_H\n#define SYS_DECL(n) constexpr int n(int) { return 8; }\n#endif\n' > include/sysdecl.h
{ printf '#pragma once\nSYS_DECL(width);\n#include <sysusew.h>\n'; kernel 'used_w'; } > src/sysdecl.cuh
main sysdecl '#include <sysbase.h>\n#include <sysdecl.h>\n'; check sysdecl
printf '#ifndef SYSDECL2_H\n#define SYSDECL2_H\n#define __DECL(n) constexpr int n(int) { return 8; }\n#endif\n' > include/sysdecl2.h
{ printf '#pragma once\n__DECL(width);\n#include <sysusew.h>\n'; kernel 'used_w'; } > src/resdecl.cuh
main resdecl '#include <sysbase.h>\n#include <sysdecl2.h>\n'; check resdecl
rm -rf cache
{ printf '#pragma once\n#define HD __host__ __device__\nHD inline int f(int) { return 1; }\n#include <sysplain.h>\n'; kernel 'sizeof(plain_t)'; } > src/hd.cuh
main hd; check hd
if grep -qx "0 plain_t" cache/*.pch.names 2>/dev/null; then ok qualifier-macro-hoists; else bad qualifier-macro-hoists "$(ls cache)"; fi
# a name that a macro pastes (##) in a function body before the line: pick(long) is the better match
printf '#pragma once\nconstexpr int pick(int) { return 4; }\n#define CAT(a, b) a##b\n' > src/prepick.h
{ printf '#pragma once\n'; kernel 'CAT(pi, ck)(1L)'; printf '#include <sysover.h>\n'; } > src/cat.cuh
main cat '#include "prepick.h"\n'; check cat
# a specialization before the line of a template that the header's code uses
printf '#ifndef SYSTR_H\n#define SYSTR_H\ntemplate <class T> struct traits { static constexpr int v = 4; };\n#endif\n' > include/systr.h
printf '#ifndef SYSTV_H\n#define SYSTV_H\nconstexpr int tv = traits<float>::v;\n#endif\n' > include/systv.h
{ printf '#pragma once\ntemplate <> struct traits<float> { static constexpr int v = 8; };\n#include <systv.h>\n'; kernel 'tv'; } > src/spec.cuh
main spec '#include <systr.h>\n'; check spec
# a macro that the text uses before the line and that the header undefines
printf '#ifndef SYSW_H\n#define SYSW_H\n#define WIDTH 4\n#endif\n' > include/sysw.h
printf '#ifndef SYSUNDEF_H\n#define SYSUNDEF_H\n#undef WIDTH\n#endif\n' > include/sysundef.h
{ printf '#pragma once\n'; kernel 'WIDTH'; printf '#include <sysundef.h>\n'; } > src/undef.cuh
main undef '#include <sysw.h>\n'; check undef
TIRX_PP_TIMES=1 "$tool" src/userdecl.cu -o out/userdecl2.cu 2> userdecl.times
if grep -q "no hoisting: 'width', declared before #include <sysusew.h>, is named there" userdecl.times; then
  ok declared-name-forbids-hoisting
else
  bad declared-name-forbids-hoisting "$(grep hoist userdecl.times)"
fi
# -D before -include: the forced header sees the macro (and undefines it here),
# as without the PCH, whether <sysflag.h> is hoisted or in the preamble
printf '#undef WIDE_ELEMS\n' > src/forced.h
{ printf '#pragma once\n#include <sysflag.h>\n'; kernel 'sizeof(elem_t)'; } > src/forced.cuh
main forced; check forced -DWIDE_ELEMS -include src/forced.h
{ printf '#pragma once\n'; kernel 'sizeof(elem_t)'; } > src/forced_pre.cuh
main forced_pre '#include <sysflag.h>\n'; check forced_pre -DWIDE_ELEMS -include src/forced.h
mkdir -p forcedir; cp src/forced.h forcedir/forced_i.h  # found through -I, not from here
cp src/forced_pre.cuh src/forced_i.cuh; main forced_i '#include <sysflag.h>\n'
check forced_i -DWIDE_ELEMS -I forcedir -include forced_i.h

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
