// test_core.c - unit tests of the pieces under the rewriters: the pragma
// parser, the annotation scanner, the source line table and the renderer.
#define _GNU_SOURCE
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "edit.h"
#include "pragma.h"
#include "scan.h"

static Arena *arena;
static char *messages;
static size_t messages_len;
static FILE *msg_stream;

static void setup(void) {
  arena = arena_new();
  msg_stream = open_memstream(&messages, &messages_len);
}

static void teardown(void) {
  fclose(msg_stream);
  free(messages);
  arena_free(arena);
}

static const char *diag_text(void) {
  fflush(msg_stream);
  return messages;
}

// Parses `text` as the tail of "#pragma tirx <text>" in a one-line file.
static bool parse(const char *text, Directive *dir) {
  char *line = arena_printf(arena, "#pragma tirx %s", text);
  Source *src = source_new(arena, "t.cu", line, strlen(line));
  Diag *d = arena_alloc(arena, sizeof *d);
  *d = (Diag){.src = src, .out = msg_stream};
  Span s = {line + 12, strlen(line) - 12, 12};
  bool ok = pragma_parse(arena, d, s, dir);
  diag_flush(d);
  return ok;
}

static bool span_is(Span s, const char *lit) { return span_eq(s, lit); }

START_TEST(parse_unroll) {
  Directive d;
  ck_assert(parse("unroll", &d));
  ck_assert_int_eq(d.kind, DIR_UNROLL);
  ck_assert(!d.head.has_args);
  ck_assert_int_eq(d.nclauses, 0);
}
END_TEST

START_TEST(parse_unroll_factor) {
  Directive d;
  ck_assert(parse("unroll(N * 2)", &d));
  ck_assert_int_eq(d.head.nargs, 1);
  ck_assert(span_is(d.head.args[0].expr, "N * 2"));
  ck_assert_int_eq(d.head.args[0].expr.off, 20);
}
END_TEST

START_TEST(parse_grid_named_args_and_clause) {
  Directive d;
  ck_assert(parse("grid(i: 4, j: f(a, b)) unroll // trailing comment", &d));
  ck_assert_int_eq(d.kind, DIR_GRID);
  ck_assert_int_eq(d.head.nargs, 2);
  ck_assert(span_is(d.head.args[0].name, "i"));
  ck_assert(span_is(d.head.args[0].expr, "4"));
  ck_assert(span_is(d.head.args[1].name, "j"));
  ck_assert(span_is(d.head.args[1].expr, "f(a, b)"));
  ck_assert_int_eq(d.nclauses, 1);
  ck_assert(span_is(d.clauses[0].name, "unroll"));
}
END_TEST

START_TEST(parse_scope_colon_is_not_a_name) {
  Directive d;
  ck_assert(parse("grid(i: ns::N, j: c ? 1 : 2)", &d));
  ck_assert(span_is(d.head.args[0].expr, "ns::N"));
  ck_assert(span_is(d.head.args[1].name, "j"));
  ck_assert(span_is(d.head.args[1].expr, "c ? 1 : 2"));
  Directive e;
  ck_assert(parse("unroll(ns::K)", &e));
  ck_assert_int_eq(e.head.args[0].name.len, 0);
  ck_assert(span_is(e.head.args[0].expr, "ns::K"));
}
END_TEST

START_TEST(parse_event_index_and_clauses) {
  Directive d;
  ck_assert(parse("event full[STAGES] count(2 * 128)", &d));
  ck_assert_int_eq(d.kind, DIR_EVENT);
  ck_assert_int_eq(d.nclauses, 2);
  ck_assert(span_is(d.clauses[0].name, "full"));
  ck_assert(d.clauses[0].has_index);
  ck_assert(span_is(d.clauses[0].index, "STAGES"));
  ck_assert(span_is(d.clauses[1].args[0].expr, "2 * 128"));
}
END_TEST

START_TEST(parse_turns) {  // docs/turns.md
  Directive d;
  ck_assert(parse("turns mma", &d));
  ck_assert_int_eq(d.kind, DIR_TURNS);
  ck_assert_int_eq(d.nclauses, 1);
  ck_assert(span_is(d.clauses[0].name, "mma"));
  ck_assert(parse("turn(mma)", &d));
  ck_assert_int_eq(d.kind, DIR_TURN);
  ck_assert_int_eq(d.head.nargs, 1);
  ck_assert(span_is(d.head.args[0].expr, "mma"));
  const char *text = "TIRX_TURNS(mma)";
  Source *src = source_new(arena, "t.cu", text, strlen(text));
  Diag diag = {.src = src, .out = msg_stream};
  Span name = {text, 10, 0}, args = {text + 11, 3, 11};
  ck_assert(pragma_from_macro(arena, &diag, name, args, true, &d));
  ck_assert_int_eq(d.kind, DIR_TURNS);
  ck_assert(span_is(d.head.args[0].expr, "mma"));
  ck_assert(!pragma_from_macro(arena, &diag, (Span){"TIRX_TURN", 9, 0}, (Span){0}, false, &d));
  diag_flush(&diag);
  ck_assert_str_eq(diag_text(), "t.cu:1:1: error: TIRX_TURN needs its arguments in parentheses\n"
                                "TIRX_TURNS(mma)\n"
                                "^\n");
}
END_TEST

// `event a[S], b[S] ready, c count(C)`: one declarator per name, each with
// the clauses after it; `clauses` holds them all. No list: no declarators.
START_TEST(parse_event_declarators) {
  Directive d;
  ck_assert(parse("event full[S], empty[S] ready, done count(f(1, 2))", &d));
  ck_assert_int_eq(d.nclauses, 5);
  ck_assert_int_eq(d.ndecls, 3);
  ck_assert_int_eq(dir_ndecls(&d), 3);
  const Directive *a = dir_decl(&d, 0), *b = dir_decl(&d, 1), *c = dir_decl(&d, 2);
  ck_assert_int_eq(a->nclauses, 1);
  ck_assert(span_is(a->clauses[0].name, "full"));
  ck_assert(!dir_clause(a, "ready"));
  ck_assert_int_eq(b->nclauses, 2);
  ck_assert(span_is(b->clauses[0].index, "S"));
  ck_assert(dir_clause(b, "ready"));
  ck_assert(span_is(c->clauses[0].name, "done"));
  ck_assert(span_is(dir_clause(c, "count")->args[0].expr, "f(1, 2)"));
  ck_assert(parse("event full[S] ready", &d));
  ck_assert_int_eq(d.ndecls, 0);
  ck_assert_int_eq(dir_ndecls(&d), 1);
  ck_assert_ptr_eq(dir_decl(&d, 0), &d);
  // Each declarator's clauses once (the same clause in two is fine).
  ck_assert(parse("event a ready, b ready", &d));
  ck_assert(!parse("event a ready ready, b", &d));
  ck_assert(!parse("event a[2],", &d));
  ck_assert(strstr(diag_text(), "t.cu:1:24: error: expected another event after ','"));
  ck_assert(!parse("unroll, serial", &d));  // a list is an event declaration's only
}
END_TEST

START_TEST(parse_unknown_directive) {
  Directive d;
  ck_assert(!parse("unrol", &d));
  ck_assert_str_eq(diag_text(),
                   "t.cu:1:14: error: unknown tirx directive 'unrol'\n"
                   "#pragma tirx unrol\n"
                   "             ^~~~~\n");
}
END_TEST

START_TEST(parse_unbalanced) {
  Directive d;
  ck_assert(!parse("grid(i: 4", &d));
  ck_assert_str_eq(diag_text(),
                   "t.cu:1:18: error: unbalanced '(' in tirx annotation\n"
                   "#pragma tirx grid(i: 4\n"
                   "                 ^\n");
}
END_TEST

START_TEST(parse_empty_argument) {
  Directive d;
  ck_assert(!parse("grid(i: 4, )", &d));
  ck_assert_ptr_nonnull(strstr(diag_text(), "error: empty argument in 'grid(...)'"));
}
END_TEST

START_TEST(parse_nothing) {
  Directive d;
  ck_assert(!parse("", &d));
  ck_assert_ptr_nonnull(strstr(diag_text(), "error: expected a tirx directive after 'tirx'"));
}
END_TEST

// The annotation text is lexed as C++ (lex.c): a digit separator is no
// character literal, a comma in a comment separates nothing, a quote in a
// character literal is no string. (Before the one lexer, pragma.c read
// `1'000` as the start of a character literal and split at commas in comments.)
START_TEST(parse_lexes_as_cpp) {
  Directive d;
  ck_assert(parse("grid(i: 1'000, j: 2)", &d));
  ck_assert_int_eq(d.head.nargs, 2);
  ck_assert(span_is(d.head.args[0].expr, "1'000"));
  ck_assert(span_is(d.head.args[1].name, "j"));
  ck_assert(parse("grid(i: 4 /* , j: 2 */)", &d));
  ck_assert_int_eq(d.head.nargs, 1);
  ck_assert(span_is(d.head.args[0].expr, "4 /* , j: 2 */"));
  ck_assert(parse("unroll(f(')', \"(\"))", &d));
  ck_assert(span_is(d.head.args[0].expr, "f(')', \"(\")"));
  Diag diag = {.out = msg_stream};
  ck_assert(parse("unroll('\"' == 0 ? 2 : 4 /* \"x\" */)", &d));
  ck_assert(pragma_check_literals(&diag, &d));
  ck_assert_int_eq(diag.errors, 0);
}
END_TEST

// A string literal, with its prefix, is still an error, at its quote.
START_TEST(parse_string_is_an_error) {
  Directive d;
  ck_assert(parse("unroll(u8\"x\")", &d));
  char *line = arena_printf(arena, "#pragma tirx unroll(u8\"x\")");
  Diag diag = {.src = source_new(arena, "t.cu", line, strlen(line)), .out = msg_stream};
  ck_assert(!pragma_check_literals(&diag, &d));
  diag_flush(&diag);
  ck_assert_str_eq(diag_text(),
                   "t.cu:1:23: error: a string is not allowed in a tirx annotation\n"
                   "#pragma tirx unroll(u8\"x\")\n"
                   "                      ^\n");
}
END_TEST

// The last byte being a closer does not make a bracket balanced (it used to:
// `unroll(f(n)` became `#pragma unroll f(n`).
START_TEST(parse_unbalanced_closer_last) {
  Directive d;
  ck_assert(!parse("unroll(f(n)", &d));
  ck_assert_str_eq(diag_text(),
                   "t.cu:1:20: error: unbalanced '(' in tirx annotation\n"
                   "#pragma tirx unroll(f(n)\n"
                   "                   ^\n");
}
END_TEST

START_TEST(parse_closer_of_another_bracket) {
  Directive d;
  ck_assert(!parse("grid(i: a[1)]", &d));
  ck_assert_str_eq(diag_text(),
                   "t.cu:1:25: error: unexpected ')' in tirx annotation\n"
                   "#pragma tirx grid(i: a[1)]\n"
                   "                        ^\n");
}
END_TEST

// A macro's arguments span lines: a // comment ends at its line, not at the
// end of the arguments (it used to hide `stream(s)`).
START_TEST(macro_launch_line_comment) {
  const char *text = "TIRX_LAUNCH(smem(B) // the bytes\n  stream(s))";
  Source *src = source_new(arena, "t.cu", text, strlen(text));
  Diag d = {.src = src, .out = msg_stream};
  Directive dir;
  Span name = {text, 11, 0}, args = {text + 12, strlen(text) - 13, 12};
  ck_assert(pragma_from_macro(arena, &d, name, args, true, &dir));
  diag_flush(&d);
  ck_assert_int_eq(dir.kind, DIR_LAUNCH);
  ck_assert_int_eq(dir.nclauses, 2);
  ck_assert(span_is(dir.clauses[1].name, "stream"));
}
END_TEST

START_TEST(macro_grid_pairs) {
  const char *text = "TIRX_GRID(i, 8, j, n + 1)";
  Source *src = source_new(arena, "t.cu", text, strlen(text));
  Diag d = {.src = src, .out = msg_stream};
  Directive dir;
  Span name = {text, 9, 0}, args = {text + 10, strlen(text) - 11, 10};
  ck_assert(pragma_from_macro(arena, &d, name, args, true, &dir));
  diag_flush(&d);
  ck_assert_int_eq(dir.kind, DIR_GRID);
  ck_assert_int_eq(dir.head.nargs, 2);
  ck_assert(span_is(dir.head.args[1].name, "j"));
  ck_assert(span_is(dir.head.args[1].expr, "n + 1"));
}
END_TEST

START_TEST(macro_grid_odd_arguments) {
  const char *text = "TIRX_GRID(i, 8, j)";
  Source *src = source_new(arena, "t.cu", text, strlen(text));
  Diag d = {.src = src, .out = msg_stream};
  Directive dir;
  Span name = {text, 9, 0}, args = {text + 10, strlen(text) - 11, 10};
  ck_assert(!pragma_from_macro(arena, &d, name, args, true, &dir));
  diag_flush(&d);
  ck_assert_str_eq(diag_text(), "t.cu:1:1: error: TIRX_GRID takes (name, extent) pairs, got 3 arguments\n"
                                "TIRX_GRID(i, 8, j)\n"
                                "^\n");
}
END_TEST

static AnnotationList scan(const char *text) {
  Source *src = source_new(arena, "t.cu", text, strlen(text));
  return scan_annotations(arena, src);
}

START_TEST(scan_finds_all_spellings) {
  AnnotationList l = scan("#include \"tirx.h\"\n"
                          "  #  pragma   tirx unroll\n"
                          "_Pragma(\"tirx grid(i: 2)\") x;\n"
                          "TIRX_ELECT y; tirx_cta_sync(); tirx_elect_sync;\n");
  ck_assert(l.includes_tirx_h);
  ck_assert_int_eq(l.len, 4);
  ck_assert_int_eq(l.items[0].spelling, SPELL_PRAGMA);
  ck_assert_int_eq(l.items[0].start, 20);
  ck_assert(span_is(span_trim(l.items[0].text), "unroll"));
  ck_assert_int_eq(l.items[1].spelling, SPELL_UPRAGMA);
  ck_assert(span_is(span_trim(l.items[1].text), "grid(i: 2)"));
  ck_assert_int_eq(l.items[2].spelling, SPELL_MACRO);
  ck_assert_int_eq(l.items[3].spelling, SPELL_CALL);
  ck_assert(span_is(l.items[3].name, "tirx_cta_sync"));
}
END_TEST

START_TEST(scan_skips_comments_strings_and_defines) {
  AnnotationList l = scan("// #pragma tirx unroll\n"
                          "/* TIRX_UNROLL */ const char *s = \"#pragma tirx unroll TIRX_ELECT\";\n"
                          "char c = '\\''; const char *r = R\"x(tirx_cta_sync())x\";\n"
                          "#define LOOP TIRX_UNROLL \\\n  tirx_cta_sync()\n"
                          "#pragma once\n"
                          "int TIRX_UNROLLED = 0; int mytirx_cta_sync();\n");
  ck_assert_int_eq(l.len, 0);
  ck_assert(!l.includes_tirx_h);
}
END_TEST

// The scanner lexes as C++ too: a comment in a #define is no annotation, a
// digit separator no character literal (it hid what followed on the line), an
// apostrophe in #warning or an unterminated literal ends at its line (it
// swallowed the next one, and the `#pragma tirx` there was left unrewritten).
START_TEST(scan_lexes_as_cpp) {
  AnnotationList l = scan("#define M /* _Pragma(\"tirx unroll\") */\n");
  ck_assert_int_eq(l.len, 0);
  l = scan("#define M 1'0 _Pragma(\"tirx unroll\")\n");
  ck_assert_int_eq(l.len, 1);
  ck_assert_ptr_nonnull(l.items[0].bad);
  l = scan("#warning don't\n#pragma tirx unroll\nfor (;;);\n");
  ck_assert_int_eq(l.len, 1);
  ck_assert_int_eq(l.items[0].start, 15);
  l = scan("char c = 'x;\n#pragma tirx unroll\nfor (;;);\n");
  ck_assert_int_eq(l.len, 1);
  l = scan("TIRX_UNROLL_N(1'0) x; tirx_wait(f(')')) y;\n");
  ck_assert_int_eq(l.len, 2);
  ck_assert(span_is(l.items[0].args, "1'0"));
  ck_assert(span_is(l.items[1].args, "f(')')"));
  l = scan("const char *s = u8R\"(\n#pragma tirx unroll\n)\"; _Pragma(LR\"(tirx unroll)\")\n");
  ck_assert_int_eq(l.len, 1);
  ck_assert_ptr_nonnull(l.items[0].bad);  // a raw string in _Pragma
  l = scan("_Pragma(\"tirx unroll\\\"");  // unterminated at the end of the file, after an escaped quote
  ck_assert_int_eq(l.len, 1);
  ck_assert_str_eq(l.items[0].bad, "unterminated string in _Pragma(\"tirx ...\")");
}
END_TEST

START_TEST(scan_pragma_with_continuation) {
  AnnotationList l = scan("#pragma tirx grid(i: 4, \\\n  j: 4)\nx;\n");
  ck_assert_int_eq(l.len, 1);
  ck_assert_int_eq(l.items[0].end, 33);
}
END_TEST

START_TEST(preamble_stops_at_code_and_annotations) {
  const char *t1 = "// header\n#include <a.h>\n#define X 1\n#if X\n#include \"b.h\"\n#endif\nint x;\n";
  Source *s1 = source_new(arena, "t.cu", t1, strlen(t1));
  ck_assert_int_eq(lex_preamble_end(s1), strlen(t1) - strlen("int x;\n"));
  const char *t2 = "#include <a.h>\n#pragma tirx unroll\nfor (;;);\n";
  Source *s2 = source_new(arena, "t.cu", t2, strlen(t2));
  ck_assert_int_eq(lex_preamble_end(s2), 15);
  const char *t3 = "#include <a.h>\n#ifdef Y\nint y;\n#endif\n";  // unbalanced before code
  Source *s3 = source_new(arena, "t.cu", t3, strlen(t3));
  ck_assert_int_eq(lex_preamble_end(s3), 15);
  const char *t4 = "#define A 1\nint a;\n";  // no #include: no preamble worth a PCH
  Source *s4 = source_new(arena, "t.cu", t4, strlen(t4));
  ck_assert_int_eq(lex_preamble_end(s4), 0);
}
END_TEST

START_TEST(source_lines_and_crlf) {
  const char *text = "a\r\nbc\r\n\r\nd";
  Source *s = source_new(arena, "t.cu", text, strlen(text));
  ck_assert_int_eq(s->nlines, 4);
  ck_assert_str_eq(s->eol, "\r\n");
  ck_assert_int_eq(source_line(s, 4), 2);
  ck_assert_int_eq(source_col(s, 4), 2);
  size_t n;
  const char *l = source_line_text(s, 2, &n);
  ck_assert_int_eq(n, 2);
  ck_assert(!strncmp(l, "bc", 2));
}
END_TEST

// An edit that renders its range twice, to check nesting and #line.
static void twice(Render *r, const Edit *e) {
  render_text(r, "{");
  render_line_start(r, 2);
  render_range(r, e->start + 1, e->end);
  render_line_start(r, 2);
  render_range(r, e->start + 1, e->end);
  render_text(r, "}");
}

START_TEST(render_nested_edits_with_lines) {
  const char *text = "one\n@a b\nthree\n";
  Source *src = source_new(arena, "f.cu", text, strlen(text));
  EditList l = {.arena = arena};
  edit_add(&l, (Edit){.start = 4, .end = 8, .fn = twice});
  edit_replace(&l, 5, 6, "A");
  Diag d = {.src = src, .out = msg_stream};
  ck_assert(edit_finish(&l, &d));
  diag_flush(&d);
  Render r;
  render_init(&r, src, &l, false);
  render_range(&r, 0, src->len);
  ck_assert_str_eq(r.out.data, "one\n{\n#line 2 \"f.cu\"\nA b\n#line 2 \"f.cu\"\nA b}\nthree\n");
  buf_free(&r.out);
  render_init(&r, src, &l, true);
  render_range(&r, 0, src->len);
  ck_assert_str_eq(r.out.data, "one\n{\nA b\nA b}\nthree\n");
  buf_free(&r.out);
}
END_TEST

START_TEST(render_rejects_partial_overlap) {
  const char *text = "abcdef";
  Source *src = source_new(arena, "f.cu", text, strlen(text));
  EditList l = {.arena = arena};
  edit_replace(&l, 0, 3, "x");
  edit_replace(&l, 2, 5, "y");
  Diag d = {.src = src, .out = msg_stream};
  ck_assert(!edit_finish(&l, &d));
  diag_flush(&d);
  ck_assert_ptr_nonnull(strstr(diag_text(), "f.cu:1:3: error: tirx constructs overlap here"));
}
END_TEST

// ast.c's text_has_word: identifiers as the lexer reads them, not bytes.
START_TEST(text_has_word_reads_tokens) {
  const char *s = "void /* __launch_bounds__ */ k(const char *p = \"__launch_bounds__\") // __launch_bounds__\n";
  LexText t = {s, strlen(s)};
  ck_assert(!text_has_word(t, 0, "__launch_bounds__"));  // a comment, a string, a line comment
  ck_assert(text_has_word(t, 0, "k") && text_has_word(t, 0, "const") && !text_has_word(t, 0, "con"));
  ck_assert(!text_has_word(t, 6, "void"));  // from an offset on
  const char *m = "MY__launch_bounds__(4) x; R\"(i)\" u8'i' 1'000i";
  ck_assert(!text_has_word((LexText){m, strlen(m)}, 0, "__launch_bounds__"));  // inside a longer identifier
  ck_assert(!text_has_word((LexText){m, strlen(m)}, 0, "i"));  // a raw string, a character, a pp-number
  ck_assert(text_has_word((LexText){m, strlen(m)}, 0, "x"));
}
END_TEST

int main(void) {
  Suite *s = suite_create("core");
  TCase *tc = tcase_create("core");
  tcase_add_checked_fixture(tc, setup, teardown);
  tcase_add_test(tc, parse_unroll);
  tcase_add_test(tc, parse_unroll_factor);
  tcase_add_test(tc, parse_grid_named_args_and_clause);
  tcase_add_test(tc, parse_scope_colon_is_not_a_name);
  tcase_add_test(tc, parse_event_index_and_clauses);
  tcase_add_test(tc, parse_turns);
  tcase_add_test(tc, parse_event_declarators);
  tcase_add_test(tc, parse_unknown_directive);
  tcase_add_test(tc, parse_unbalanced);
  tcase_add_test(tc, parse_empty_argument);
  tcase_add_test(tc, parse_nothing);
  tcase_add_test(tc, parse_lexes_as_cpp);
  tcase_add_test(tc, parse_string_is_an_error);
  tcase_add_test(tc, parse_unbalanced_closer_last);
  tcase_add_test(tc, parse_closer_of_another_bracket);
  tcase_add_test(tc, macro_launch_line_comment);
  tcase_add_test(tc, macro_grid_pairs);
  tcase_add_test(tc, macro_grid_odd_arguments);
  tcase_add_test(tc, scan_finds_all_spellings);
  tcase_add_test(tc, scan_skips_comments_strings_and_defines);
  tcase_add_test(tc, scan_lexes_as_cpp);
  tcase_add_test(tc, scan_pragma_with_continuation);
  tcase_add_test(tc, preamble_stops_at_code_and_annotations);
  tcase_add_test(tc, source_lines_and_crlf);
  tcase_add_test(tc, render_nested_edits_with_lines);
  tcase_add_test(tc, render_rejects_partial_overlap);
  tcase_add_test(tc, text_has_word_reads_tokens);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
