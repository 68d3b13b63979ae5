#!/bin/bash
# registry.sh - the annotation language's registry, rewriters/front/constructs.def,
# and what is made or written from it agree: the pages made from its rows
# (docs/_generate/gen.py's @@registry: the construct table of
# docs/architecture.md, the spellings table of docs/README.md) are as the
# rows make them now (gen.py --registry-check regenerates them and diffs);
# headers/tirx.h defines every TIRX_* macro and every tirx_* call of a row;
# the spellings table shows every directive's `#pragma tirx NAME` and every
# macro, and names no directive or macro that has no row; the fuzzer's
# dictionary (fuzz/tirx.dict) holds every directive, clause, macro and call,
# and no TIRX_* macro without a row.
#   registry.sh SRC_DIR
set -u
src=$1
def=$src/rewriters/front/constructs.def
tirx_h=$src/headers/tirx.h
page=$src/docs/README.md
dict=$src/fuzz/tirx.dict
status=0
fail() { echo "registry: $*"; status=1; }

# The rows: the directives' names, the clauses they take, the macros, the calls.
rows() { grep -E "^$1\(" "$def"; }
directives=$(rows TIRX_DIRECTIVE | sed -E 's/^TIRX_DIRECTIVE\("([a-z_]+)".*/\1/')
clauses=$(rows TIRX_DIRECTIVE | sed -E 's/^TIRX_DIRECTIVE\("[a-z_]+", *[A-Z_]+, *[A-Z_]+, *"([a-z_ ]*)".*/\1/' | tr ' ' '\n' | sort -u)
macros=$(rows TIRX_MACRO | sed -E 's/^TIRX_MACRO\(([A-Z_0-9]+),.*/\1/')
calls=$(rows TIRX_CALL | sed -E 's/^TIRX_CALL\(([a-z_0-9]+),.*/\1/')
[ -n "$directives" ] && [ -n "$macros" ] && [ -n "$calls" ] || { echo "registry: no rows read from $def"; exit 1; }

# The generated tables, as the rows make them now.
python3 "$src/docs/_generate/gen.py" --registry-check "$src" || status=1

# The spellings table: its lines, `| #pragma ... | _Pragma ... | macro |`.
table=$(sed -n '/^## Three spellings/,/^## /p' "$page" | grep '^| `#pragma tirx ')
[ -n "$table" ] || { echo "registry: no spellings table in $page"; exit 1; }

for d in $directives; do
  grep -q "\`#pragma tirx $d[ (\`]" <<< "$table" || fail "directive '$d' has no line in the spellings table of $page"
  grep -qx "\"$d\"" "$dict" || fail "directive '$d' is not in $dict"
done
for c in $clauses; do
  grep -qx "\"$c\"" "$dict" || fail "clause '$c' is not in $dict"
done
for m in $macros; do
  grep -qE "^#define $m\b" "$tirx_h" || fail "macro $m is not defined in headers/tirx.h"
  grep -qF "\`$m" <<< "$table" || fail "macro $m is not in the spellings table of $page"
  grep -qE "^\"$m\(?\"$" "$dict" || fail "macro $m is not in $dict"
done
for f in $calls; do
  grep -qE "^(#define $f\(|TIRX_DEVICE .*\b$f\()" "$tirx_h" || fail "call $f is not defined in headers/tirx.h"
  grep -qF "\"$f(" "$dict" || fail "call $f is not in $dict"
done

# And nothing without a row: the table's directives and macros, the dictionary's macros.
for d in $(grep -oE '`#pragma tirx [a-z_]+' <<< "$table" | sed 's/.* //' | sort -u); do
  grep -qx "$d" <<< "$directives" || fail "the spellings table of $page shows '#pragma tirx $d', which constructs.def has no row for"
done
for m in $(grep -oE '`TIRX_[A-Z_0-9]+' <<< "$table" | tr -d '`' | sort -u) \
         $(grep -oE '^"TIRX_[A-Z_0-9]+' "$dict" | tr -d '"' | sort -u); do
  grep -qx "$m" <<< "$macros" || fail "$m (spellings table or $dict) has no row in constructs.def"
done

[ "$status" = 0 ] && echo "registry: ok, $(wc -w <<< "$directives") directives, $(wc -w <<< "$macros") macros, $(wc -w <<< "$calls") calls: tirx.h, the spellings table and the fuzzer's dictionary agree with constructs.def; docs/architecture.md's construct table and docs/README.md's spellings table are what its rows make"
exit $status
