#!/usr/bin/env bash
# The hostile inputs that are too big, too binary or too line-ending-sensitive
# to keep in git: written into OUT_DIR as NAME.cu, next to the committed ones
# (their NAME.expect files live in tests/bad/). Deterministic: the same bytes
# on every run.
#   generate.sh OUT_DIR
set -eu
out=$1
mkdir -p "$out"
cd "$out"

# --- size and depth ------------------------------------------------------------

# 10,000 lines: 999 kernels of 10 lines with unroll, grid, elect and persistent
# annotations sprinkled, then (in the _error variant) one bad loop whose
# bound is not constant at line 9994, column 19.
big_file() {
  echo "// 10,000 generated lines with annotations sprinkled."
  for ((k = 0; k < 999; k++)); do
    case $((k % 4)) in
    0) printf '__global__ void k%d(float *a) {\n  a[0] = 1.f;\n#pragma tirx unroll\n  for (int i = 0; i < 4; ++i) a[i] += 1.f;\n' "$k" ;;
    1) printf '__global__ void k%d(float *a) {\n  a[0] = 1.f;\n#pragma tirx grid(r: 2, c: 3)\n  a[r * 3 + c] = 0.f;\n' "$k" ;;
    2) printf '__global__ void k%d(float *a) {\n  a[0] = 1.f;\n#pragma tirx elect\n  a[1] = 2.f;\n' "$k" ;;
    3) printf '__global__ void k%d(float *a) {\n  a[0] = 1.f;\n#pragma tirx persistent(t: 64)\n  a[t] = 0.f;\n' "$k" ;;
    esac
    printf '  // filler %d\n  a[2] = 3.f;\n  a[3] = 4.f;\n  a[4] = 5.f;\n}\n\n' "$k"
  done
}
{ big_file; printf '__global__ void bad(float *a, int n) {\n#pragma tirx unroll\n  for (int i = 0; i < n; ++i) a[i] = 0.f;\n}\n// end\n// end\n// end\n// end\n// end\n'; } > big_10k_error.cu
{ big_file; for ((i = 0; i < 9; i++)); do echo "// end"; done; } > big_10k_clean.cu

# 200 nested braces around an unroll whose bound is not constant (line 4, col 19),
# and around a good one.
braces=$(printf '%*s' 200 '' | tr ' ' '{') closes=$(printf '%*s' 200 '' | tr ' ' '}')
printf '__global__ void k(float *a, int n) {\n%s\n#pragma tirx unroll\n  for (int i = 0; i < n; ++i) a[i] = 0.f;\n%s\n}\n' \
  "$braces" "$closes" > deep_braces_200_error.cu
printf '__global__ void k(float *a) {\n%s\n#pragma tirx unroll\n  for (int i = 0; i < 2; ++i) a[i] = 0.f;\n%s\n}\n' \
  "$braces" "$closes" > deep_braces_200_ok.cu

# 50 unrolled loops of 1 iteration, nested directly (each loop the body of the
# one before) and with braces: every loop must be expanded, no 'for' left.
{
  echo '__global__ void k(float *a) {'
  for ((d = 0; d < 50; d++)); do printf '#pragma tirx unroll\n  for (int i%d = 0; i%d < 1; ++i%d)\n' "$d" "$d" "$d"; done
  echo '    a[0] += 1.f;'
  echo '}'
} > nested_unroll_50x1.cu
{
  echo '__global__ void k(float *a) {'
  for ((d = 0; d < 50; d++)); do printf '#pragma tirx unroll\n  for (int i%d = 0; i%d < 1; ++i%d) {\n' "$d" "$d" "$d"; done
  echo '    a[0] += 1.f;'
  for ((d = 0; d < 50; d++)); do echo '  }'; done
  echo '}'
} > nested_unroll_50x1_braced.cu
# 50 nested unrolled loops of 2 iterations: 2^50 copies of the body. Each loop
# is within the limit of 4096; the nest is not.
{
  echo '__global__ void k(float *a) {'
  for ((d = 0; d < 50; d++)); do printf '#pragma tirx unroll\n  for (int i%d = 0; i%d < 2; ++i%d) {\n' "$d" "$d" "$d"; done
  echo '    a[0] += 1.f;'
  for ((d = 0; d < 50; d++)); do echo '  }'; done
  echo '}'
} > nested_unroll_50x2.cu

# A single line of a megabyte with an unroll at its end (column 1048619).
{
  printf '__global__ void k(float *a, int n) {\n/*'
  head -c 1048576 /dev/zero | tr '\0' 'x'
  printf '*/ _Pragma("tirx unroll") for (int i = 0; i < n; ++i) a[i] = 0.f;\n}\n'
} > long_line.cu

# Unterminated annotations on the last line, with no newline at the end.
printf '__global__ void k(float *a) {\n  a[0] = 0.f;\n}\n#pragma tirx grid(i: 4' > pragma_unterminated_at_eof.cu
printf '__global__ void k(float *a) {\n  _Pragma("tirx unroll' > upragma_unterminated_at_eof.cu

# --- binary ----------------------------------------------------------------------

# Pseudo-random bytes from a fixed LCG; $2 lists bytes to leave out.
junk() {
  perl -e 'my ($n, $drop) = @ARGV; my %d = map { ord($_) => 1 } split //, $drop; my $x = 12345; my $s = "";
    while (length($s) < $n) { $x = ($x * 1103515245 + 12345) % 2147483648; my $b = ($x >> 16) & 255;
      $s .= chr($b) unless $d{$b}; } binmode STDOUT; print $s;' "$1" "${2:-}"
}
# A megabyte of junk (NULs, invalid UTF-8, quotes, comment openers) with no
# annotation in it: copied byte for byte.
junk 1048576 > binary_junk.cu
if LC_ALL=C grep -aqE 'tirx|TIRX_|_Pragma' binary_junk.cu; then echo "generate.sh: junk holds an annotation" >&2; exit 1; fi
# Junk (with NULs, no '*' and no line breaks) inside a comment on line 1, then
# an unroll whose bound is not constant: line 4, column 19.
{ printf '/*'; junk 65536 $'*\n\r'; printf '*/\n__global__ void k(float *a, int n) {\n#pragma tirx unroll\n  for (int i = 0; i < n; ++i) a[i] = 0.f;\n}\n'; } \
  > binary_junk_before_annotation.cu
# NUL bytes on a line of their own before the annotation: line 5, column 19.
printf '// NULs before the annotation.\n__global__ void k(float *a, int n) {\n\0\0\0\0\n#pragma tirx unroll\n  for (int i = 0; i < n; ++i) a[i] = 0.f;\n}\n' \
  > nul_before_annotation.cu
# A NUL inside the annotation, where a clause name would be (line 3, col 21):
# the message must not print the NUL byte itself.
printf '// A NUL inside the pragma.\n__global__ void k(float *a) {\n#pragma tirx unroll \0\n  for (int i = 0; i < 2; ++i) a[i] = 0.f;\n}\n' \
  > nul_in_annotation.cu
# A NUL in the middle of the directive name, reported at the NUL (line 3, col 16).
printf '// A NUL inside the directive name.\n__global__ void k(float *a) {\n#pragma tirx gr\0id(i: 4)\n  a[0] = 0.f;\n}\n' \
  > nul_in_directive_name.cu
# A NUL in an event's name (pragma, macro) and in a use of it: the NUL is the
# one message; what the event's uses would say after it stays quiet.
nul_event() {  # NAME DECLARATION TRIGGERED
  printf '// A NUL in an event name.\n__global__ void k(float *a) {\n#pragma tirx warpgroups(wg: 2)\n%s\n#pragma tirx async(wg == 0)\n  { tirx_trigger(%s[0]); }\n#pragma tirx async(wg == 1)\n  { tirx_wait(full[0]); a[0] = 1.f; }\n}\n' "$2" "$3" > "$1.cu"
}
nul_event nul_in_event_name "#pragma tirx event fu$(printf '\001')ll[2]" full
nul_event nul_in_event_name_macro "  TIRX_EVENT(fu$(printf '\001')ll, 2);" full
nul_event nul_in_event_use "#pragma tirx event full[2]" "fu$(printf '\001')ll"
# (a shell string holds no NUL: \001 stands for it until here)
sed -i 's/\x01/\x00/' nul_in_event_name.cu nul_in_event_name_macro.cu nul_in_event_use.cu
# Invalid UTF-8 in comments around an annotation whose bound is not constant:
# line 4, column 19 (columns count bytes).
printf '// caf\xc3\xa9 \xff\xfe bad \xc0\x80\n__global__ void k(float *a, int n) { /* \xed\xa0\x80 */\n#pragma tirx unroll // \xf8\x88\x80\x80\x80\n  for (int i = 0; i < n; ++i) a[i] = 0.f; // \xfe\n}\n' \
  > utf8_invalid_around.cu
# Invalid UTF-8 where a clause name would be (line 3, column 21).
printf '// Invalid UTF-8 inside the pragma.\n__global__ void k(float *a) {\n#pragma tirx unroll \xff\xfe\n  for (int i = 0; i < 2; ++i) a[i] = 0.f;\n}\n' \
  > utf8_invalid_in_annotation.cu
# A byte-order mark, then a tirx pragma on line 1 (at file scope: an error).
printf '\xef\xbb\xbf#pragma tirx warps(w: 2)\n__global__ void k(float *a) {\n  a[0] = 0.f;\n}\n' > utf8_bom_pragma.cu

# --- line endings ------------------------------------------------------------------

# CRLF: the bound is not constant at line 6, column 19.
printf '#include "tirx.h"\r\n// CRLF line endings\r\n__global__ void k(float *a, int n) {\r\n  a[0] = 0.f;\r\n#pragma tirx unroll\r\n  for (int i = 0; i < n; ++i) a[i] = 0.f;\r\n}\r\n' \
  > crlf_error.cu
# CRLF with a continued pragma: the extent 'n' is at line 5, column 3.
printf '// CRLF and a continued pragma\r\n__global__ void k(float *a, int n) {\r\n  a[0] = 0.f;\r\n#pragma tirx grid(i: \\\r\n  n) unroll\r\n  a[i] = 0.f;\r\n}\r\n' \
  > crlf_continuation.cu
# CRLF, an error in the pragma itself: unknown clause at line 4, column 21
# (the CR must not become part of the clause or the caret line).
printf '// CRLF\r\n__global__ void k(float *a) {\r\n  a[0] = 0.f;\r\n#pragma tirx serial fast\r\n  for (int i = 0; i < 2; ++i) a[i] = 0.f;\r\n}\r\n' \
  > crlf_pragma_error.cu
# Lone CR line endings (classic Mac): clang, gcc and nvcc end a line at a lone
# CR. The bound is not constant at line 4, column 19.
printf '__global__ void k(float *a, int n) {\r  a[0] = 0.f;\r#pragma tirx unroll\r  for (int i = 0; i < n; ++i) a[i] = 0.f;\r}\r' \
  > cr_only_pragma.cu
printf '__global__ void k(float *a, int n) {\r  a[0] = 0.f;\r  _Pragma("tirx unroll")\r  for (int i = 0; i < n; ++i) a[i] = 0.f;\r}\r' \
  > cr_only_upragma.cu
# Lone CR after an #include: the annotation must still be seen (line 5, col 19).
printf '#include "tirx.h"\r__global__ void k(float *a, int n) {\r  a[0] = 0.f;\r  TIRX_UNROLL\r  for (int i = 0; i < n; ++i) a[i] = 0.f;\r}\r' \
  > cr_only_after_include.cu
# LF, CRLF and lone CR mixed: the bound is not constant at line 6, column 19.
printf '// mixed\r\n__global__ void k(float *a, int n) {\n  a[0] = 0.f;\r  a[1] = 0.f;\r\n#pragma tirx unroll\n  for (int i = 0; i < n; ++i) a[i] = 0.f;\r\n}\n' \
  > mixed_line_endings.cu

# --- inputs that are not readable files -----------------------------------------------

rm -rf io_input_is_directory.cu && mkdir io_input_is_directory.cu
printf '__global__ void k(float *a) {\n#pragma tirx unroll\n  for (int i = 0; i < 2; ++i) a[i] = 0.f;\n}\n' > io_unreadable_input.cu
chmod 000 io_unreadable_input.cu
rm -f io_missing_input.cu
