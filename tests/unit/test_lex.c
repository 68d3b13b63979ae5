// test_lex.c - unit tests of the one C/C++ lexer (rewriters/front/lex.c): line ends
// and splices, comments, literals with their prefixes and raw strings,
// pp-numbers, token boundaries, bracket matching and the top-level search.
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lex.h"

static LexText text(const char *s) { return (LexText){s, strlen(s)}; }

START_TEST(line_ends_and_splices) {
  LexText t = text("a\nb\r\nc\rd");
  ck_assert(lex_eol(t, 1));
  ck_assert(!lex_eol(t, 3));  // the \r of \r\n: the line ends at its \n
  ck_assert(lex_eol(t, 4));
  ck_assert(lex_eol(t, 6));  // a lone \r
  ck_assert(lex_eol(text("x\r"), 1));
  ck_assert_uint_eq(lex_splice(text("\\\n"), 0), 2);
  ck_assert_uint_eq(lex_splice(text("\\\r\n"), 0), 3);
  ck_assert_uint_eq(lex_splice(text("\\\rx"), 0), 2);
  ck_assert_uint_eq(lex_splice(text("\\x"), 0), 0);
  ck_assert_uint_eq(lex_splice(text("\\"), 0), 0);
}
END_TEST

START_TEST(comments) {
  ck_assert_uint_eq(lex_comment(text("// a\nb"), 0), 4);  // before its line end
  ck_assert_uint_eq(lex_comment(text("// a \\\n b\nc"), 0), 9);  // a splice carries it on
  ck_assert_uint_eq(lex_comment(text("// a \\\r\n b\r\nc"), 0), 11);
  ck_assert_uint_eq(lex_comment(text("/* a\n */x"), 0), 8);
  ck_assert_uint_eq(lex_comment(text("/* never closed"), 0), 15);
  ck_assert_uint_eq(lex_comment(text("/*/"), 0), 3);
  ck_assert_uint_eq(lex_comment(text("/ x"), 0), 0);
  ck_assert_uint_eq(lex_comment(text("/"), 0), 0);
  ck_assert_uint_eq(lex_space(text("  \\\n /* x */ // y\n\tz"), 0), 19);
  ck_assert_uint_eq(lex_space(text("z"), 0), 0);
}
END_TEST

// lex_literal's end and closedness at 0, or -1 when no literal starts there.
static long literal(const char *s, bool *closed) {
  size_t e = lex_literal(text(s), 0, closed);
  return e ? (long)e : -1;
}

START_TEST(literals) {
  bool closed;
  ck_assert_int_eq(literal("\"a\\\"b\" x", &closed), 6);
  ck_assert(closed);
  ck_assert_int_eq(literal("'\\'' x", &closed), 4);
  ck_assert(closed);
  ck_assert_int_eq(literal("'\"' x", &closed), 3);  // a quote in a character literal
  ck_assert_int_eq(literal("L\"a\" x", &closed), 4);
  ck_assert_int_eq(literal("u8\"a\" x", &closed), 5);
  ck_assert_int_eq(literal("u8'a' x", &closed), 5);
  ck_assert_int_eq(literal("U'a' x", &closed), 4);
  ck_assert_int_eq(literal("u\"a\" x", &closed), 4);
  ck_assert(closed);
  // Not literals: other words before a quote, R before a character literal.
  ck_assert_int_eq(literal("U8\"a\"", NULL), -1);
  ck_assert_int_eq(literal("Lx\"a\"", NULL), -1);
  ck_assert_int_eq(literal("R'a'", NULL), -1);
  ck_assert_int_eq(literal("x", NULL), -1);
  // A splice goes on; a line end stops an unterminated literal, before it.
  ck_assert_int_eq(literal("\"a\\\r\nb\" x", &closed), 7);
  ck_assert(closed);
  ck_assert_int_eq(literal("\"ab\nc\"", &closed), 3);
  ck_assert(!closed);
  ck_assert_int_eq(literal("'ab\r\nc'", &closed), 4);  // the \r is part of it
  ck_assert(!closed);
  ck_assert_int_eq(literal("\"ab\\", &closed), 4);
  ck_assert(!closed);
}
END_TEST

START_TEST(raw_strings) {
  bool closed;
  ck_assert_int_eq(literal("R\"(a\")b)\" x", &closed), 9);
  ck_assert(closed);
  ck_assert_int_eq(literal("R\"d(a)\" )d\" x", &closed), 11);
  ck_assert(closed);
  ck_assert_int_eq(literal("u8R\"(\n// \\\n)\" x", &closed), 13);  // lines, splices and comments are its text
  ck_assert(closed);
  ck_assert_int_eq(literal("LR\"(x)\"", &closed), 7);
  ck_assert_int_eq(literal("uR\"(x)\"", &closed), 7);
  ck_assert_int_eq(literal("UR\"(x)\"", &closed), 7);
  ck_assert(closed);
  ck_assert_int_eq(literal("R\"(never\nclosed", &closed), 15);
  ck_assert(!closed);
  // 16 bytes of delimiter at most; a space is none: clang goes on after the next quote.
  ck_assert_int_eq(literal("R\"0123456789abcdef(x)0123456789abcdef\"", &closed), 38);
  ck_assert(closed);
  ck_assert_int_eq(literal("R\"0123456789abcdefg(x)0123456789abcdefg\" y", &closed), 40);
  ck_assert(!closed);
  ck_assert_int_eq(literal("R\"a b(x)a b\" y", &closed), 12);
  ck_assert(!closed);
}
END_TEST

// The tokens of s, as "kind:text" separated by '|'.
static const char *tokens(const char *s) {
  static char out[512];
  static const char *const names[] = {"sp", "comment", "string", "char", "num", "id", "punct"};
  LexText t = text(s);
  out[0] = '\0';
  for (size_t i = 0; i < t.n;) {
    LexKind k;
    size_t e = lex_token(t, i, &k);
    ck_assert_uint_gt(e, i);
    size_t n = strlen(out);
    snprintf(out + n, sizeof out - n, "%s%s:%.*s", n ? "|" : "", names[k], (int)(e - i), s + i);
    i = e;
  }
  return out;
}

START_TEST(token_boundaries) {
  ck_assert_str_eq(tokens("x=1'000u;"), "id:x|punct:=|num:1'000u|punct:;");
  ck_assert_str_eq(tokens("0x1p-3f+.5e+2"), "num:0x1p-3f|punct:+|num:.5e+2");
  ck_assert_str_eq(tokens("a-1e-"), "id:a|punct:-|num:1e-");
  ck_assert_str_eq(tokens("f(1,'x')"), "id:f|punct:(|num:1|punct:,|char:'x'|punct:)");
  ck_assert_str_eq(tokens("u8\"s\"_x L'c'"), "string:u8\"s\"|id:_x|sp: |char:L'c'");
  ck_assert_str_eq(tokens("a/*c*/b//d\n"), "id:a|comment:/*c*/|id:b|comment://d|sp:\n");
  ck_assert_str_eq(tokens("a\\\nb"), "id:a|sp:\\\n|id:b");
  ck_assert_str_eq(tokens("uR\"(\")\"R"), "string:uR\"(\")\"|id:R");
  ck_assert_str_eq(tokens("#x.y"), "punct:#|id:x|punct:.|id:y");
}
END_TEST

START_TEST(significant_tokens) {
  // Blanks, comments, splices and line ends are skipped; `first` says which
  // token begins its line, across a comment and a splice, not after a code token.
  LexText t = text("a /* x\n y */ b\n  /**/ #d \\\n e\n\"s\" c");
  const char *want[] = {"a", "b", "#", "d", "e", "\"s\"", "c"};
  const bool first[] = {true, false, true, false, false, true, false};
  bool line_start = true;
  size_t i = 0, n = 0;
  LexTok k;
  while (lex_next(t, &i, &line_start, &k)) {
    ck_assert_uint_lt(n, 7);
    ck_assert_uint_eq(k.end - k.start, strlen(want[n]));
    ck_assert(!memcmp(t.s + k.start, want[n], k.end - k.start));
    ck_assert_int_eq(k.first, first[n]);
    ck_assert_uint_eq(i, k.end);
    n++;
  }
  ck_assert_uint_eq(n, 7);
  ck_assert_uint_eq(i, t.n);
}
END_TEST

START_TEST(closing_brackets) {
  size_t bad;
  LexText t = text("(a[)])");
  ck_assert_uint_eq(lex_close(t, 0, LEX_PARENS, NULL), 4);  // the preprocessor counts parentheses only
  ck_assert_uint_eq(lex_close(t, 0, LEX_BRACKETS, &bad), 0);
  ck_assert_uint_eq(bad, 3);
  ck_assert_uint_eq(lex_close(t, 2, LEX_BRACKETS, &bad), 0);
  ck_assert_uint_eq(bad, 3);
  t = text("(\")\", ')', /* ) */ 1'0, R\"()\" // )\n ) x");
  ck_assert_uint_eq(lex_close(t, 0, LEX_PARENS, NULL), t.n - 2);
  ck_assert_uint_eq(lex_close(t, 0, LEX_BRACKETS, &bad), t.n - 2);
  ck_assert_uint_eq(bad, (size_t)-1);
  t = text("{[(x)]}[");
  ck_assert_uint_eq(lex_close(t, 0, LEX_BRACKETS, &bad), 7);
  ck_assert_uint_eq(lex_close(t, 7, LEX_BRACKETS, &bad), 0);  // never closed
  ck_assert_uint_eq(bad, (size_t)-1);
  ck_assert_uint_eq(lex_close(t, 4, LEX_BRACKETS, &bad), 0);  // no opener there
  ck_assert_uint_eq(lex_close(text("(a"), 0, LEX_PARENS, NULL), 0);
  ck_assert_uint_eq(lex_close(text("[a]"), 0, LEX_PARENS, NULL), 0);
  // 64 deep at most for LEX_BRACKETS; parentheses alone have no limit.
  char deep[201];
  memset(deep, '(', 100), memset(deep + 100, ')', 100), deep[200] = '\0';
  ck_assert_uint_eq(lex_close(text(deep), 0, LEX_PARENS, NULL), 200);
  ck_assert_uint_eq(lex_close(text(deep), 0, LEX_BRACKETS, &bad), 0);
  ck_assert_uint_eq(lex_close(text(deep + 36), 0, LEX_BRACKETS, &bad), 128);
}
END_TEST

START_TEST(top_level_search) {
  LexText t = text("f(a;b)[;]{;} \";\" ';' /*;*/ // ;\n ; x");
  ck_assert_uint_eq(lex_find(t, 0, ';'), t.n - 3);
  ck_assert_uint_eq(lex_find(t, 0, '+'), t.n);
  ck_assert_uint_eq(lex_find((LexText){t.s, 20}, 0, ';'), 20);  // a prefix: nothing read past it
  t = text("k<a<b>><<<g, b>>>(x)");
  ck_assert_uint_eq(lex_find(t, 0, '<'), 1);
  ck_assert_uint_eq(lex_find(t, 14, '>'), 14);
}
END_TEST

START_TEST(over_a_source) {
  const char *s = "for (int i = 0; i < (n); ++i) /* c */ x;";
  Source src = {.path = "t.cu", .data = s, .len = strlen(s)};
  ck_assert_uint_eq(lex_close_paren(&src, 4), 29);
  ck_assert_uint_eq(lex_find_top(&src, 5, 28, ';'), 14);
  ck_assert_uint_eq(lex_find_top(&src, 15, 28, ';'), 23);
  ck_assert_uint_eq(lex_find_top(&src, 24, 28, ';'), 28);
  ck_assert_uint_eq(lex_skip_blank(&src, 29), 38);
}
END_TEST

int main(void) {
  Suite *s = suite_create("lex");
  TCase *tc = tcase_create("lex");
  tcase_add_test(tc, line_ends_and_splices);
  tcase_add_test(tc, comments);
  tcase_add_test(tc, literals);
  tcase_add_test(tc, raw_strings);
  tcase_add_test(tc, token_boundaries);
  tcase_add_test(tc, significant_tokens);
  tcase_add_test(tc, closing_brackets);
  tcase_add_test(tc, top_level_search);
  tcase_add_test(tc, over_a_source);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
