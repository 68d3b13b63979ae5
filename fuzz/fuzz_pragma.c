// fuzz_pragma.c - libFuzzer harness for the annotation parser (rewriters/front/pragma.c).
//
// Each input is the directive text of a `#pragma tirx <text>` line. It is laid
// out in a Source exactly as the scanner would hand it over, and parsed:
//   - by pragma_parse, once with a Diag that only counts (out == NULL) and once
//     with a Diag printing into an fmemopen buffer; both runs must agree;
//   - by pragma_from_macro, as the argument text of every TIRX_* macro name
//     (`TIRX_GRID(<text>)`), and once per input without arguments.
// Every span a successful parse returns must point into the text it came from,
// with .off consistent with .s.
// The same bytes are also taken as a whole file: scan_annotations finds its
// annotations (rewriters/front/scan.c), each is read as the driver reads it
// (pragma_parse or pragma_from_macro, messages printed), and the lexer helpers
// run over it; every offset they return must lie in the file.
// Everything is allocated in one Arena per iteration and freed with it.
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "lex.h"
#include "pragma.h"
#include "scan.h"
#include "source.h"
#include "util.h"

// The TIRX_* statement macros (headers/tirx.h; the rows of constructs.def). A
// name pragma_is_macro does not know is skipped: pragma_from_macro requires one.
static const char *const macro_names[] = {
#define TIRX_MACRO(MACRO, ...) #MACRO,
#include "constructs.def"
};
enum { NMACROS = sizeof macro_names / sizeof *macro_names };

static char sink[1 << 16];  // what the printing Diag writes (truncated when full)

static void fail(const char *what) {
  fprintf(stderr, "fuzz_pragma: invariant violated: %s\n", what);
  abort();
}

// A span that must lie inside buf[0, n) with s == buf + off. A zero-length
// span may carry any pointer (a default-initialised one is {NULL, 0, 0}).
static void check_span(Span s, const char *buf, size_t n, const char *what) {
  if (s.len == 0) return;
  if (s.s < buf || s.s + s.len > buf + n) fail(what);
  if ((size_t)(s.s - buf) != s.off) fail(what);
}

// A clause a macro implies (its name is the table's) may carry arguments the
// macro builds (TIRX_PERSISTENT_GROUPED's `grouped(COLS, G)`): their text is
// the arena's, and only their offset must lie in the text.
static void check_built_arg(Span s, size_t n) {
  if (s.len && (!s.s || s.off >= n)) fail("built argument's offset outside the text");
}

static void check_clause(const Clause *c, const char *buf, size_t n, bool name_in_text, bool args_in_text) {
  if (name_in_text) check_span(c->name, buf, n, "clause name outside the text");
  if (c->has_index) check_span(c->index, buf, n, "clause index outside the text");
  if (c->nargs < 0) fail("negative argument count");
  if (c->nargs > 0 && !c->args) fail("arguments counted but not stored");
  for (int i = 0; i < c->nargs; i++) {
    if (!args_in_text) {
      check_built_arg(c->args[i].name, n);
      check_built_arg(c->args[i].expr, n);
      continue;
    }
    check_span(c->args[i].name, buf, n, "argument name outside the text");
    check_span(c->args[i].expr, buf, n, "argument outside the text");
  }
}

static void use_directive(const Directive *dir) {
  // Exercise the lookups the constructs make.
  volatile const char *name = dir_name(dir->kind);
  (void)name;
  volatile const Clause *c = dir_clause(dir, "unroll");
  c = dir_clause(dir, "regs");
  c = dir_clause(dir, "count");
  c = dir_clause(dir, "ready");
  (void)c;
}

static void check_directive(const Directive *dir, const char *buf, size_t n, bool from_macro) {
  if (dir->kind == DIR_UNKNOWN) fail("a parse succeeded with an unknown directive");
  // A macro's head name (and implied clauses) are the table's own strings.
  check_clause(&dir->head, buf, n, !from_macro, true);
  if (dir->nclauses < 0) fail("negative clause count");
  if (dir->nclauses > 0 && !dir->clauses) fail("clauses counted but not stored");
  for (int i = 0; i < dir->nclauses; i++) {
    bool implied = from_macro && dir->clauses[i].name.s && !(dir->clauses[i].name.s >= buf &&
                                                               dir->clauses[i].name.s < buf + n);
    check_clause(&dir->clauses[i], buf, n, !implied, !implied);
  }
  // Declarators (`event a[N], b[N] ready`): each a run of the clauses above,
  // in order, together all of them.
  if (dir->ndecls < 0 || (dir->ndecls > 0 && (!dir->decls || dir->kind != DIR_EVENT))) fail("bad declarator list");
  int covered = 0;
  for (int j = 0; j < dir->ndecls; j++) {
    const Directive *d = &dir->decls[j];
    if (d->kind != dir->kind || d->ndecls || d->nclauses < 1 || d->clauses != dir->clauses + covered)
      fail("a declarator that is not the next run of clauses");
    covered += d->nclauses;
  }
  if (dir->ndecls && covered != dir->nclauses) fail("declarators that do not cover the clauses");
  if (dir_ndecls(dir) < 1 || dir_decl(dir, 0) == NULL) fail("no first declarator");
  use_directive(dir);
}

// The bytes as a whole file (exactly size bytes, then the NUL the CLI's reader
// leaves).
static void scan_file(const uint8_t *data, size_t size, FILE *out) {
  char *file = malloc(size + 1);
  if (size) memcpy(file, data, size);
  file[size] = '\0';
  Arena *a = arena_new();
  Source *src = source_new(a, "fuzz.cu", file, size);
  AnnotationList anns = scan_annotations(a, src);
  if (anns.len < 0 || (anns.len > 0 && !anns.items)) fail("scan_annotations returned a bad list");
  for (int i = 0; i < anns.len; i++) {
    Annotation *an = &anns.items[i];
    if (an->start > an->end || an->end > size) fail("an annotation outside the file");
    if (i && an->start < anns.items[i - 1].start) fail("annotations out of order");
    if (an->spelling == SPELL_MACRO || an->spelling == SPELL_CALL) {
      check_span(an->name, file, size, "annotation name outside the file");
      if (an->name.off != an->start) fail("annotation name not at its start");
      if (an->has_args) {
        check_span(an->args, file, size, "annotation arguments outside the file");
        if (an->args.off < an->start || an->args.off + an->args.len > an->end) fail("arguments outside the annotation");
      }
    } else {
      if (an->text.off < an->start || an->text.off > an->end) fail("pragma text outside the annotation");
      if (an->spelling == SPELL_PRAGMA) check_span(an->text, file, size, "pragma text outside the file");
    }
    // As the driver reads it (read_directive in driver.c).
    Diag d = {.src = src, .out = out, .remarks = true};
    Directive dir;
    bool ok;
    if (an->spelling == SPELL_MACRO)
      ok = pragma_from_macro(a, &d, an->name, an->args, an->has_args, &dir);
    else if (an->spelling != SPELL_CALL)
      ok = pragma_parse(a, &d, an->text, &dir);
    else
      continue;
    if (ok && d.errors) fail("a directive read with errors");
    if (!ok && !d.errors) fail("a directive failed without an error");
    diag_flush(&d);
    if (ok && an->spelling == SPELL_PRAGMA) check_directive(&dir, file, size, false);
  }
  size_t pe = lex_preamble_end(src);
  if (pe > size) fail("lex_preamble_end past the end");
  for (size_t off = 0; off < size; off += 1 + off / 2) {
    if (lex_skip_blank(src, off) > size) fail("lex_skip_blank past the end");
    if (file[off] == '(') {
      size_t close = lex_close_paren(src, off);
      if (close && (close <= off || close > size)) fail("lex_close_paren outside the file");
    }
    if (lex_find_top(src, off, size, ';') > size) fail("lex_find_top past the end");
  }
  // The lexer's own calls: every token moves on and stays in the file; a
  // bracket's closer is the closer it names.
  LexText t = {file, size};
  for (size_t off = 0; off < size;) {
    size_t e = lex_token(t, off, NULL), bad;
    if (e <= off || e > size) fail("lex_token does not move on inside the file");
    bool closed;
    size_t l = lex_literal(t, off, &closed);
    if (l < off || l > size || (l == off && closed)) fail("lex_literal outside the file");
    size_t close = lex_close(t, off, LEX_BRACKETS, &bad);
    if (close && (close <= off || close > size || !strchr(")]}", file[close - 1]))) fail("lex_close outside the file");
    if (bad != (size_t)-1 && (close || bad <= off || bad >= size || !strchr(")]}", file[bad])))
      fail("lex_close's bad closer is no closer");
    off = e;
  }
  arena_free(a);
  free(file);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const char prefix[] = "#pragma tirx";
  const size_t plen = sizeof prefix - 1;

  // `#pragma tirx<text>\n`: the scanner's text starts right after `tirx`.
  size_t n = plen + size + 1;
  char *buf = malloc(n + 1);
  memcpy(buf, prefix, plen);
  if (size) memcpy(buf + plen, data, size);
  buf[plen + size] = '\n';
  buf[n] = '\0';

  Arena *a = arena_new();
  Source *src = source_new(a, "fuzz.cu", buf, n);
  Span text = {buf + plen, size, plen};

  Directive quiet_dir, loud_dir;
  Diag quiet = {.src = src, .out = NULL};
  bool quiet_ok = pragma_parse(a, &quiet, text, &quiet_dir);

  FILE *out = fmemopen(sink, sizeof sink, "w");
  Diag loud = {.src = src, .out = out, .remarks = true};
  bool loud_ok = pragma_parse(a, &loud, text, &loud_dir);
  diag_flush(&loud);  // messages are kept until then

  if (quiet_ok != loud_ok) fail("pragma_parse depends on whether messages are printed");
  if (quiet.errors != loud.errors || quiet.warnings != loud.warnings) fail("message counts differ");
  if (!quiet_ok && quiet.errors == 0) fail("pragma_parse failed without reporting an error");
  if (quiet_ok && quiet.errors != 0) fail("pragma_parse succeeded after reporting an error");
  if (quiet_ok) {
    check_directive(&quiet_dir, buf, n, false);
    if (quiet_dir.kind != loud_dir.kind || quiet_dir.nclauses != loud_dir.nclauses) fail("two parses differ");
  }

  // The same bytes as a TIRX_* macro's arguments: `NAME(<text>)\n`.
  for (int m = 0; m < NMACROS; m++) {
    size_t nl = strlen(macro_names[m]);
    size_t mn = nl + 1 + size + 2;
    char *mbuf = arena_alloc(a, mn + 1);
    memcpy(mbuf, macro_names[m], nl);
    mbuf[nl] = '(';
    if (size) memcpy(mbuf + nl + 1, data, size);
    memcpy(mbuf + nl + 1 + size, ")\n", 2);
    Source *msrc = source_new(a, "fuzz.cu", mbuf, mn);
    Span name = {mbuf, nl, 0};
    if (!pragma_is_macro(name)) continue;
    Span args = {mbuf + nl + 1, size, nl + 1};
    Directive dir;
    Diag md = {.src = msrc, .out = out};
    bool ok = pragma_from_macro(a, &md, name, args, true, &dir);
    diag_flush(&md);
    if (ok) {
      if (md.errors) fail("pragma_from_macro succeeded after reporting an error");
      check_directive(&dir, mbuf, mn, true);
    } else if (md.errors == 0) {
      fail("pragma_from_macro failed without reporting an error");
    }
  }
  // And one macro used without parentheses, picked by the input.
  {
    const char *mname = macro_names[(size ? data[0] : 0) % NMACROS];
    Span name = {mname, strlen(mname), 0};
    Source *msrc = source_new(a, "fuzz.cu", mname, strlen(mname));
    Directive dir;
    Diag md = {.src = msrc, .out = out};
    if (pragma_is_macro(name) && pragma_from_macro(a, &md, name, (Span){0}, false, &dir)) use_directive(&dir);
    diag_flush(&md);
  }

  // The helpers on their own.
  Span t = span_trim(text);
  if (t.len > text.len) fail("span_trim grew the span");
  Arg *args;
  int nargs = split_args(a, text, &args);
  if (nargs < 0) fail("split_args returned a negative count");
  for (int i = 0; i < nargs; i++) {
    check_span(args[i].name, buf, n, "split_args name outside the text");
    check_span(args[i].expr, buf, n, "split_args argument outside the text");
  }

  scan_file(data, size, out);

  fclose(out);
  arena_free(a);
  free(buf);
  return 0;
}
