// pragma.c - lexing and parsing annotation text.
#include "pragma.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lex.h"

// The directives (constructs.def): their pragma names and classes.
static const struct {
  const char *name;
  DirKind kind;
  DirClass class;
} directives[] = {
#define TIRX_DIRECTIVE(NAME, KIND, CLASS, ...) {NAME, KIND, CLASS},
#include "constructs.def"
};

const char *dir_name(DirKind k) {
  for (size_t i = 0; i < sizeof directives / sizeof *directives; i++)
    if (directives[i].kind == k) return directives[i].name;
  return "?";
}

DirClass dir_class(DirKind k) {
  for (size_t i = 0; i < sizeof directives / sizeof *directives; i++)
    if (directives[i].kind == k) return directives[i].class;
  return CLASS_NONE;
}

bool span_eq(Span s, const char *lit) { return strlen(lit) == s.len && memcmp(s.s, lit, s.len) == 0; }

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'; }

static LexText text_of(Span s) { return (LexText){s.s, s.len}; }

// Blanks, and the backslash of a line continuation.
static bool is_trimmed(Span s, size_t i) { return is_blank(s.s[i]) || lex_splice(text_of(s), i); }

Span span_trim(Span s) {
  while (s.len && is_trimmed(s, 0)) s.s++, s.off++, s.len--;
  while (s.len && (is_blank(s.s[s.len - 1]) || (s.s[s.len - 1] == '\\' && s.len == 1))) s.len--;
  return s;
}

static Span sub(Span s, size_t from, size_t to) { return (Span){s.s + from, to - from, s.off + from}; }

int split_args(Arena *a, Span s, Arg **out) {
  VEC(Arg) args = {0};
  LexText t = text_of(s);
  size_t start = 0;
  for (size_t i = 0; i <= s.len;) {
    if (i < s.len && s.s[i] != ',') {  // a token; a bracket whole, with its commas
      if (s.s[i] == '(' || s.s[i] == '[' || s.s[i] == '{') {
        size_t close = lex_close(t, i, LEX_BRACKETS, NULL);
        i = close ? close : s.len;
      } else {
        i = lex_token(t, i, NULL);
      }
      continue;
    }
    Arg arg = {.expr = span_trim(sub(s, start, i))};
    // `name: expr` (but not `a::b` or `c ? x : y`).
    Span e = arg.expr;
    size_t k = 0;
    if (e.len && is_ident_start((unsigned char)e.s[0])) {
      while (k < e.len && is_ident_char((unsigned char)e.s[k])) k++;
      size_t colon = k;
      while (colon < e.len && is_blank(e.s[colon])) colon++;
      if (colon < e.len && e.s[colon] == ':' && (colon + 1 >= e.len || e.s[colon + 1] != ':')) {
        arg.name = sub(e, 0, k);
        arg.expr = span_trim(sub(e, colon + 1, e.len));
      }
    }
    if (!(s.len == 0 && args.len == 0)) VEC_PUSH(a, args, arg);
    start = ++i;
  }
  if (span_trim(s).len == 0) args.len = 0;
  *out = args.items;
  return args.len;
}

// Skips blanks, line continuations and comments inside directive text.
static size_t skip(Span s, size_t i) { return lex_space(text_of(s), i); }

// The inside of the bracket that opens at *pos; *pos moves past it.
static bool bracketed(Diag *d, Span s, size_t *pos, Span *inside) {
  size_t bad_closer, i = *pos, k = lex_close(text_of(s), i, LEX_BRACKETS, &bad_closer);
  if (bad_closer != (size_t)-1) {
    diag_error(d, s.off + bad_closer, "unexpected '%c' in tirx annotation", s.s[bad_closer]);
    return false;
  }
  if (!k) {
    diag_error(d, s.off + i, "unbalanced '%c' in tirx annotation", s.s[i]);
    return false;
  }
  *inside = sub(s, i + 1, k - 1);
  *pos = skip(s, k);
  return true;
}

// Parses `name [ '[' index ']' ] [ '(' args ')' ]` at *pos.
static bool parse_clause(Arena *a, Diag *d, Span s, size_t *pos, Clause *c) {
  size_t i = *pos;
  if (!is_ident_start((unsigned char)s.s[i])) {
    unsigned char ch = (unsigned char)s.s[i];
    if (ch >= 0x20 && ch < 0x7f)
      diag_error(d, s.off + i, "expected a name in tirx annotation, found '%c'", ch);
    else
      diag_error(d, s.off + i, "expected a name in tirx annotation, found byte 0x%02x", ch);
    return false;
  }
  size_t j = i;
  while (j < s.len && is_ident_char((unsigned char)s.s[j])) j++;
  c->name = sub(s, i, j);
  i = skip(s, j);
  Span inside;
  if (i < s.len && s.s[i] == '[') {
    if (!bracketed(d, s, &i, &inside)) return false;
    c->has_index = true;
    c->index = span_trim(inside);
  }
  if (i < s.len && s.s[i] == '(') {
    if (!bracketed(d, s, &i, &inside)) return false;
    c->has_args = true;
    c->nargs = split_args(a, inside, &c->args);
    for (int n = 0; n < c->nargs; n++)
      if (c->args[n].expr.len == 0) {
        diag_error(d, c->args[n].expr.off, "empty argument in '%.*s(...)'", (int)c->name.len, c->name.s);
        return false;
      }
  }
  *pos = i;
  return true;
}

static DirKind kind_of(Span name) {
  for (size_t i = 0; i < sizeof directives / sizeof *directives; i++)
    if (span_eq(name, directives[i].name)) return directives[i].kind;
  return DIR_UNKNOWN;
}

// `count(128) count(4)`, `unroll unroll`: one would silently win. (Names
// with an index, `e[0] e[1]`, are event slots: their directives say more.)
static bool no_repeated_clause(Diag *d, const Directive *dir) {
  for (int j = 0; j < dir->nclauses; j++)
    for (int i = 0; i < j; i++)
      if (!dir->clauses[j].has_index && dir->clauses[i].name.len == dir->clauses[j].name.len &&
          !memcmp(dir->clauses[i].name.s, dir->clauses[j].name.s, dir->clauses[j].name.len)) {
        diag_at(d, DIAG_ERROR, dir->clauses[j].name.off, dir->clauses[j].name.len,
                "'%.*s' is given twice in '#pragma tirx %.*s'", (int)dir->clauses[j].name.len, dir->clauses[j].name.s,
                (int)dir->head.name.len, dir->head.name.s);
        return false;
      }
  return true;
}

// The clauses of text from i on, into out. An event declaration may list
// several declarators, `event full[S], empty[S] ready`: a top-level comma
// ends one (its clauses are those after its name) and starts the next.
static bool clause_list_from(Arena *a, Diag *d, Span text, size_t i, Directive *out) {
  VEC(Clause) clauses = {0};
  VEC(int) starts = {0};  // where each declarator's clauses start
  VEC_PUSH(a, starts, 0);
  while (i < text.len) {
    Clause c = {0};
    if (!parse_clause(a, d, text, &i, &c)) return false;
    VEC_PUSH(a, clauses, c);
    if (out->kind == DIR_EVENT && i < text.len && text.s[i] == ',') {
      size_t comma = i;
      i = skip(text, i + 1);
      if (i >= text.len) {
        diag_error(d, text.off + comma, "expected another event after ',' in '#pragma tirx event'");
        return false;
      }
      VEC_PUSH(a, starts, clauses.len);
    }
  }
  out->clauses = clauses.items;
  out->nclauses = clauses.len;
  if (starts.len == 1) return no_repeated_clause(d, out);
  out->ndecls = starts.len;
  out->decls = arena_alloc(a, sizeof(Directive) * (size_t)starts.len);
  for (int k = 0; k < starts.len; k++) {
    int end = k + 1 < starts.len ? starts.items[k + 1] : clauses.len;
    out->decls[k] = (Directive){.kind = out->kind, .head = out->head, .clauses = clauses.items + starts.items[k],
                                .nclauses = end - starts.items[k]};
    if (!no_repeated_clause(d, &out->decls[k])) return false;
  }
  return true;
}

static bool clause_list(Arena *a, Diag *d, Span text, Directive *out) {
  return clause_list_from(a, d, text, skip(text, 0), out);
}

bool pragma_parse(Arena *a, Diag *d, Span text, Directive *out) {
  memset(out, 0, sizeof *out);
  size_t i = skip(text, 0);
  if (i >= text.len) {
    diag_error(d, text.off, "expected a tirx directive after 'tirx'");  // where it is missing
    return false;
  }
  if (!parse_clause(a, d, text, &i, &out->head)) return false;
  out->kind = kind_of(out->head.name);
  if (out->kind == DIR_UNKNOWN) {
    diag_at(d, DIAG_ERROR, out->head.name.off, out->head.name.len, "unknown tirx directive '%.*s'",
            (int)out->head.name.len, out->head.name.s);
    return false;
  }
  return clause_list_from(a, d, text, i, out);
}

int dir_ndecls(const Directive *dir) { return dir->ndecls ? dir->ndecls : 1; }

const Directive *dir_decl(const Directive *dir, int i) { return dir->ndecls ? &dir->decls[i] : dir; }

const Clause *dir_clause(const Directive *dir, const char *name) {
  for (int i = 0; i < dir->nclauses; i++)
    if (span_eq(dir->clauses[i].name, name)) return &dir->clauses[i];
  return NULL;
}

// How each TIRX_* macro maps onto the pragma form (constructs.def).
static const struct {
  const char *macro;
  DirKind kind;
  MacroForm form;
  const char *clause;  // a clause the macro implies
} macros[] = {
#define TIRX_MACRO(MACRO, KIND, FORM, CLAUSE) {#MACRO, KIND, FORM, CLAUSE},
#include "constructs.def"
};

bool pragma_is_macro(Span name) {
  for (size_t i = 0; i < sizeof macros / sizeof *macros; i++)
    if (span_eq(name, macros[i].macro)) return true;
  return false;
}

// TIRX_PERSISTENT_GROUPED(tile, total, cols, g): `persistent(tile: total)
// order(grouped(cols, g))`, the order's text spelled out from the arguments.
static bool persistent_grouped(Arena *a, Diag *d, Span name, Arg *list, int n, Directive *out) {
  if (n != 4) {
    diag_error(d, name.off, "TIRX_PERSISTENT_GROUPED takes (name, total, cols, group), got %d argument%s", n,
               n == 1 ? "" : "s");
    return false;
  }
  out->head.has_args = true;
  out->head.nargs = 1;
  out->head.args = arena_alloc(a, sizeof(Arg));
  out->head.args[0] = (Arg){.name = list[0].expr, .expr = list[1].expr};
  const char *text = arena_printf(a, "grouped(%.*s, %.*s)", (int)list[2].expr.len, list[2].expr.s,
                                  (int)list[3].expr.len, list[3].expr.s);
  Clause *o = arena_alloc(a, sizeof(Clause));
  *o = (Clause){.name = {"order", 5, name.off}, .has_args = true, .nargs = 1};
  o->args = arena_alloc(a, sizeof(Arg));
  // Offsets such that `cols` stands where it is written (the macro's name comes before it).
  o->args[0] = (Arg){.expr = {text, strlen(text), list[2].expr.off - strlen("grouped(")}};
  out->clauses = o;
  out->nclauses = 1;
  return true;
}

bool pragma_from_macro(Arena *a, Diag *d, Span name, Span args, bool has_args, Directive *out) {
  memset(out, 0, sizeof *out);
  size_t m = 0;
  while (!span_eq(name, macros[m].macro)) m++;
  out->kind = macros[m].kind;
  const char *head = dir_name(out->kind);
  out->head.name = (Span){head, strlen(head), name.off};
  Arg *list = NULL;
  int n = has_args ? split_args(a, args, &list) : 0;
  bool bare = macros[m].form == MACRO_BARE;  // the macros without parameters, and those with
  if (bare && has_args) {
    diag_error(d, name.off, "%s takes no arguments", macros[m].macro);
    return false;
  }
  if (!bare && !has_args) {
    diag_error(d, name.off, "%s needs its arguments in parentheses", macros[m].macro);
    return false;
  }
  if (out->kind == DIR_PERSISTENT && macros[m].clause) return persistent_grouped(a, d, name, list, n, out);
  if (out->kind == DIR_LAUNCH) return clause_list(a, d, args, out);  // TIRX_LAUNCH(smem(B) stream(s))
  if (macros[m].form != MACRO_PAIRS) {
    out->head.args = list;
    out->head.nargs = n;
    out->head.has_args = has_args;
  } else {
    bool pair = macros[m].kind != DIR_GRID;  // one (name, value): warpgroups, warps, persistent
    if (n % 2 != 0 || n == 0 || (pair && n != 2)) {
      diag_error(d, name.off, pair ? "%s takes (name, %s), got %d argument%s" : "%s takes (name, %s) pairs, got %d argument%s",
                 macros[m].macro, macros[m].kind == DIR_PERSISTENT ? "total" : pair ? "count" : "extent", n,
                 n == 1 ? "" : "s");
      return false;
    }
    out->head.has_args = true;
    out->head.nargs = n / 2;
    out->head.args = arena_alloc(a, sizeof(Arg) * (size_t)(n / 2));
    for (int k = 0; k < n / 2; k++)
      out->head.args[k] = (Arg){.name = list[2 * k].expr, .expr = list[2 * k + 1].expr};
  }
  // Event macros: (name, N[, C]) become `event name[N] count(C)`; one event
  // each (more arguments would be dropped unseen).
  int want = macros[m].clause && !strcmp(macros[m].clause, "count") ? 3 : 2;
  if (out->kind == DIR_EVENT && n != want) {
    diag_error(d, name.off, "%s takes (name, slots%s), got %d argument%s%s", macros[m].macro,
               want == 3 ? ", count" : "", n, n == 1 ? "" : "s",
               n > want ? "; several events in one declaration are written '#pragma tirx event a[N], b[N]'" : "");
    return false;
  }
  if (out->kind == DIR_EVENT) {
    Clause ev = {.name = list[0].expr, .index = list[1].expr, .has_index = true};
    VEC(Clause) cl = {0};
    VEC_PUSH(a, cl, ev);
    if (macros[m].clause) {
      Clause c = {.name = {macros[m].clause, strlen(macros[m].clause), name.off}};
      if (n >= 3) c.has_args = true, c.args = &list[2], c.nargs = 1;
      VEC_PUSH(a, cl, c);
    }
    out->head.args = NULL, out->head.nargs = 0, out->head.has_args = false;
    out->clauses = cl.items;
    out->nclauses = cl.len;
    return true;
  }
  // TIRX_ASYNC_REGS(pred, R): async(pred) regs(R).
  if (macros[m].clause) {
    Clause c = {.name = {macros[m].clause, strlen(macros[m].clause), name.off}};
    if (out->kind == DIR_ASYNC && n == 2) {
      c.has_args = true, c.args = &list[1], c.nargs = 1;
      out->head.nargs = 1;
    }
    out->clauses = arena_alloc(a, sizeof(Clause));
    out->clauses[0] = c;
    out->nclauses = 1;
  }
  return true;
}

// No string literal in the text, and no integer literal too large for any type.
static bool check_span(Diag *d, Span s) {
  LexText t = text_of(s);
  for (size_t i = 0; i < s.len;) {
    LexKind kind;
    size_t j = lex_token(t, i, &kind);
    if (kind == LEX_STRING) {
      diag_error(d, s.off + (size_t)((const char *)memchr(s.s + i, '"', j - i) - s.s),
                 "a string is not allowed in a tirx annotation");
      return false;
    }
    if (kind == LEX_NUMBER) {
      char digits[128];
      size_t n = 0;
      for (size_t k = i; k < j && n + 1 < sizeof digits; k++)
        if (s.s[k] != '\'') digits[n++] = s.s[k];
      digits[n] = '\0';
      if (!strpbrk(digits, ".eEpP") || !strncmp(digits, "0x", 2) || !strncmp(digits, "0X", 2)) {
        errno = 0;
        char *end;
        strtoull(digits, &end, 0);
        if (errno == ERANGE) {
          diag_at(d, DIAG_ERROR, s.off + i, j - i, "integer literal is too large to be represented in any integer type");
          return false;
        }
      }
    }
    i = j;
  }
  return true;
}

static bool check_clause_literals(Diag *d, const Clause *c) {
  if (c->has_index && !check_span(d, c->index)) return false;
  for (int k = 0; k < c->nargs; k++)
    if (!check_span(d, c->args[k].expr)) return false;
  return true;
}

bool pragma_check_literals(Diag *d, const Directive *dir) {
  if (!check_clause_literals(d, &dir->head)) return false;
  for (int i = 0; i < dir->nclauses; i++)  // every clause, however many
    if (!check_clause_literals(d, &dir->clauses[i])) return false;
  return true;
}

bool span_int_literal(Span s, long long *v) {
  s = span_trim(s);
  char buf[64];
  size_t n = 0;
  for (size_t i = 0; i < s.len; i++)
    if (s.s[i] != '\'') {  // digit separators
      if (n + 1 == sizeof buf) return false;
      buf[n++] = s.s[i];
    }
  buf[n] = '\0';
  size_t digits = buf[0] == '-' || buf[0] == '+' ? 1 : 0;
  if (!n || buf[digits] < '0' || buf[digits] > '9') return false;
  errno = 0;
  char *end;
  *v = strtoll(buf, &end, 0);
  if (errno == ERANGE) return false;
  while (*end && strchr("uUlLzZ", *end)) end++;  // suffixes: the value is what matters
  return *end == '\0';
}
