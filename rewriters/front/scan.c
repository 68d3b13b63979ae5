// scan.c - finds tirx annotations and #include lines in a file's bytes, token
// by token with the lexer of lex.c (comments, literals, pp-numbers skipped).
#include "scan.h"

#include <string.h>

// The tirx_* calls (constructs.def).
static const TirxCall calls[] = {
#define TIRX_CALL(NAME, CLASS, STUB, ...) {#NAME, CLASS, STUB},
#include "constructs.def"
};

const TirxCall *find_tirx_call(Span name) {
  for (size_t i = 0; i < sizeof calls / sizeof *calls; i++)
    if (span_eq(name, calls[i].name)) return &calls[i];
  return NULL;
}

bool is_tirx_call(Span name) { return find_tirx_call(name) != NULL; }

typedef LexText Text;  // the lexer's view of the bytes (lex.h)

// End of the logical line that starts at i (continuations followed), before
// the newline. Comments are skipped so that a /* */ spanning lines is whole,
// and literals so that a quote or // in one ends nothing.
static size_t line_end(Text t, size_t i) {
  while (i < t.n && !lex_eol(t, i)) i = lex_token(t, i, NULL);
  if (i > 0 && i <= t.n && t.s[i - 1] == '\r') i--;
  return i;
}

static size_t ident_end(Text t, size_t i) {
  while (i < t.n && is_ident_char((unsigned char)t.s[i])) i++;
  return i;
}

static bool word_at(Text t, size_t i, size_t end, const char *w) {
  return end - i == strlen(w) && memcmp(t.s + i, w, end - i) == 0;
}

// One named vector type for the annotations found (C11 6.5p7: each VEC(T)
// spelled out is a type of its own, and a pointer to one must not be read
// as another; they were passed as void *).
typedef VEC(Annotation) AnnVec;

// A function-like macro of the file whose body stringizes a parameter into
// _Pragma: `#define PRAGMA(x) _Pragma(#x)`.
typedef struct {
  Span name;
  bool just_pragma;  // the whole body is `_Pragma(#x)` of its only parameter: PRAGMA(tirx elect) reads as one
} PragmaMacro;

typedef struct {
  AnnVec anns;
  VEC(IncludeLine) includes;
  VEC(PragmaMacro) pragma_macros;
} Found;

// The header name of an #include whose directive name ends at k.
static void scan_include(Arena *a, Text t, size_t i, size_t k, size_t end, Found *found) {
  IncludeLine inc = {.start = i, .name_start = lex_space((Text){t.s, end}, k)};
  size_t q = inc.name_start;
  char close = q < end && t.s[q] == '"' ? '"' : q < end && t.s[q] == '<' ? '>' : 0;
  size_t e = q + 1;
  while (close && e < end && t.s[e] != close) e++;
  if (!close || e >= end) {
    inc.computed = true;
    inc.name_end = end;
  } else {
    inc.angled = close == '>';
    inc.name_end = e + 1;
  }
  VEC_PUSH(a, found->includes, inc);
}

// Whether a line continuation in [i, end) splits a word (`un\` newline `roll`).
static bool splits_word(Text t, size_t i, size_t end) {
  for (; i < end; i++)
    if (lex_splice(t, i) && i > 0 && is_ident_char((unsigned char)t.s[i - 1])) {
      size_t k = i + lex_splice(t, i);
      if (k < end && is_ident_char((unsigned char)t.s[k])) return true;
    }
  return false;
}

// Whether the directive [from, end) (after its '#') reads `pragma tirx` once
// its line continuations are removed.
static bool is_spliced_tirx_pragma(Arena *a, Text t, size_t from, size_t end) {
  char *s = arena_alloc(a, end - from + 1);
  size_t n = 0;
  for (size_t i = from; i < end;)
    if (lex_splice(t, i))
      i += lex_splice(t, i);
    else
      s[n++] = t.s[i++];
  Text l = {s, n};
  size_t j = lex_space(l, 0), k = ident_end(l, j);
  if (!word_at(l, j, k, "pragma")) return false;
  size_t w = lex_space(l, k);
  return word_at(l, w, ident_end(l, w), "tirx");
}

// The length of a '#' at i at the start of a line: 1, or 2 for the digraph
// `%:`; 0 when there is none.
static size_t hash_len(Text t, size_t i) {
  if (t.s[i] == '#') return 1;
  return t.s[i] == '%' && i + 1 < t.n && t.s[i + 1] == ':' ? 2 : 0;
}

static size_t scan_upragma(Arena *a, Text t, size_t i, size_t ie, AnnVec *v);

// The next token of line from i, past blanks: its kind in *kind, its start
// in *start; returns its end.
static size_t next_token(Text line, size_t i, size_t *start, LexKind *kind) {
  *start = lex_space(line, i);
  return *start < line.n ? lex_token(line, *start, kind) : line.n;
}

// Whether the tokens of line from i are `( # NAME )` (NAME a word); *end
// past them.
static bool stringized_arg(Text line, size_t i, size_t *end) {
  size_t s1, s2, s3, s4;
  LexKind k1, k2, k3, k4;
  size_t e1 = next_token(line, i, &s1, &k1), e2 = next_token(line, e1, &s2, &k2);
  size_t e3 = next_token(line, e2, &s3, &k3), e4 = next_token(line, e3, &s4, &k4);
  *end = e4;
  return s4 < line.n && line.s[s1] == '(' && e1 == s1 + 1 && line.s[s2] == '#' && e2 == s2 + 1 && k3 == LEX_IDENT &&
         line.s[s4] == ')' && e4 == s4 + 1;
}

// `#define NAME(params) ... _Pragma(#p) ...` (the name starts at k): records
// NAME, and whether its body is that _Pragma alone, of its one parameter.
static void scan_pragma_macro(Arena *a, Text line, size_t k, Found *found) {
  size_t ns, ne = next_token(line, k, &ns, &(LexKind){0});
  size_t close = ne < line.n && line.s[ne] == '(' ? lex_close(line, ne, LEX_PARENS, NULL) : 0;
  if (!close) return;  // object-like
  for (size_t i = close, first = 1;; first = 0) {
    size_t ts, end;
    LexKind kind;
    size_t te = next_token(line, i, &ts, &kind);
    if (ts >= line.n) return;
    if (kind == LEX_IDENT && word_at(line, ts, te, "_Pragma") && stringized_arg(line, te, &end)) {
      bool one_param = !memchr(line.s + ne, ',', close - ne);
      PragmaMacro m = {{line.s + ns, ne - ns, ns}, first && one_param && lex_space(line, end) >= line.n};
      VEC_PUSH(a, found->pragma_macros, m);
      return;
    }
    i = te;
  }
}

// Whether the identifier ending at ie is called as `NAME(tirx WORD ...)`:
// sets *we to the end of `tirx` and *c to the end of the call.
static bool is_macro_pragma(Text t, size_t ie, size_t *we, size_t *c) {
  size_t p = lex_space(t, ie);
  if (p >= t.n || t.s[p] != '(') return false;
  size_t w = lex_space(t, p + 1), x;
  *we = ident_end(t, w), x = lex_space(t, *we);
  if (!word_at(t, w, *we, "tirx") || x == *we || x >= t.n || !is_ident_char((unsigned char)t.s[x])) return false;
  *c = lex_close(t, p, LEX_PARENS, NULL);
  return *c != 0;
}

// `_Pragma("tirx ...")` or `PRAGMA(tirx ...)` in the body of a #define [k, end): tirx-pp rewrites
// annotations where they are written, and a macro's expansion is not
// (docs/language.md#spellings: never silently dropped). An error at the first one.
static void scan_define(Arena *a, Text t, size_t k, size_t end, Found *found) {
  Text line = {t.s, end};
  scan_pragma_macro(a, line, k, found);
  // The body starts past the name and a function-like macro's parameters.
  size_t body = ident_end(t, lex_space(line, k));
  if (body < end && t.s[body] == '(') body = lex_close(line, body, LEX_PARENS, NULL);
  for (size_t i = k; i < end;) {
    LexKind kind;
    size_t ie = lex_token(line, i, &kind);
    AnnVec probe = {0};
    size_t we, c;
    if (kind == LEX_IDENT && !word_at(t, i, ie, "_Pragma") && i > k && is_macro_pragma(line, ie, &we, &c)) {
      Annotation use = {.spelling = SPELL_UPRAGMA, .start = i, .end = c, .node = -1};  // PRAGMA(tirx ...)
      use.text = (Span){t.s + we, c - 1 - we, we};
      VEC_PUSH(a, probe, use);
    }
    // TIRX_ELECT in a body: the macro's uses run tirx.h's fallback, which no
    // check of elect sees (what the elected lane does may depend on which).
    if (kind == LEX_IDENT && body && i >= body && word_at(t, i, ie, "TIRX_ELECT")) {
      Annotation use = {.spelling = SPELL_MACRO, .start = i, .end = ie, .name = {t.s + i, ie - i, i}, .node = -1};
      VEC_PUSH(a, probe, use);
    }
    if (probe.len || (kind == LEX_IDENT && word_at(t, i, ie, "_Pragma") && (scan_upragma(a, line, i, ie, &probe), probe.len))) {
      Annotation an = probe.items[0];
      an.bad = "an annotation inside a macro definition is not rewritten where the macro is used: tirx-pp "
               "rewrites annotations where they are written; write it out before the statement";
      VEC_PUSH(a, found->anns, an);
      return;
    }
    i = ie;
  }
}

// A directive line starting with '#' (or `%:`) at i: records `#pragma tirx`
// and `#include` lines; returns the end of the line.
static size_t scan_directive(Arena *a, Text t, size_t i, AnnotationList *out, Found *found) {
  size_t end = line_end(t, i);
  size_t j = lex_space((Text){t.s, end}, i + hash_len(t, i));
  size_t k = ident_end(t, j);
  // A word split by a line continuation is one word to the compiler, but
  // tirx-pp reads annotations word by word: an error, not a silent skip.
  if (splits_word(t, i, end) && is_spliced_tirx_pragma(a, t, i + hash_len(t, i), end)) {
    Annotation an = {.spelling = SPELL_PRAGMA, .start = i, .end = end, .node = -1,
                     .bad = "a line continuation splits a word of this '#pragma tirx' line; join the word "
                            "(continuations between words are fine)"};
    an.text = (Span){t.s + end, 0, end};
    VEC_PUSH(a, found->anns, an);
    return end;
  }
  if (word_at(t, j, k, "pragma")) {
    size_t w = lex_space((Text){t.s, end}, k);
    size_t we = ident_end(t, w);
    if (word_at(t, w, we, "tirx")) {
      Annotation an = {.spelling = SPELL_PRAGMA, .start = i, .end = end, .node = -1};
      an.text = (Span){t.s + we, end - we, we};
      VEC_PUSH(a, found->anns, an);
    }
  } else if (word_at(t, j, k, "define")) {
    scan_define(a, t, k, end, found);
  } else if (word_at(t, j, k, "include_next")) {
    scan_include(a, t, i, k, end, found);
    found->includes.items[found->includes.len - 1].computed = true;
    found->includes.items[found->includes.len - 1].next = true;
  } else if (word_at(t, j, k, "include")) {
    scan_include(a, t, i, k, end, found);
    size_t len = end - k;
    const char *p = t.s + k;
    for (size_t m = 0; m + 6 <= len; m++)
      if (memcmp(p + m, "tirx.h", 6) == 0 && (p[m + 6] == '"' || p[m + 6] == '>') &&
          (m == 0 || p[m - 1] == '/' || p[m - 1] == '"' || p[m - 1] == '<'))
        out->includes_tirx_h = true;
  }
  return end;
}

// `_Pragma(R"(tirx ...)")` (R at r, the raw string ending at e): a raw string
// is not what tirx-pp reads there; one that holds a tirx annotation is an
// error, not a silent skip.
static size_t raw_upragma(Arena *a, Text t, size_t i, size_t r, size_t e, AnnVec *v) {
  size_t open = r + 2;
  while (open < e && t.s[open] != '(') open++;
  if (open >= e) return e;  // no delimiter: not a raw string after all
  size_t w = open + 1;
  while (w < e && (t.s[w] == ' ' || t.s[w] == '\t')) w++;
  if (e - w < 4 || memcmp(t.s + w, "tirx", 4) || (w + 4 < e && is_ident_char((unsigned char)t.s[w + 4]))) return e;
  size_t c = lex_space(t, e);
  Annotation an = {.spelling = SPELL_UPRAGMA, .start = i, .end = c < t.n && t.s[c] == ')' ? c + 1 : e, .node = -1,
                   .bad = "a raw string in _Pragma(R\"(tirx ...)\"): write _Pragma(\"tirx ...\")"};
  an.text = (Span){t.s + w + 4, 0, w + 4};
  VEC_PUSH(a, *v, an);
  return an.end;
}

// `_Pragma ( "tirx ..." )` at i (the identifier already read up to ie).
static size_t scan_upragma(Arena *a, Text t, size_t i, size_t ie, AnnVec *v) {
  size_t p = lex_space(t, ie);
  if (p >= t.n || t.s[p] != '(') return ie;
  size_t q = lex_space(t, p + 1);
  bool closed;
  size_t qe = q < t.n ? lex_literal(t, q, &closed) : q;
  if (qe == q) return ie;
  // An encoding prefix (L, u8, u, U) changes nothing in a pragma's text: q
  // moves to the quote.
  size_t literal = q;
  while (t.s[q] != '"' && t.s[q] != '\'') q++;
  if (t.s[q] != '"') return ie;
  if (q > literal && t.s[q - 1] == 'R') return raw_upragma(a, t, i, q - 1, qe, v);
  if (!closed) {  // the string never closes
    size_t w = q + 1;
    while (w < t.n && (t.s[w] == ' ' || t.s[w] == '\t')) w++;
    if (t.n - w >= 4 && !memcmp(t.s + w, "tirx", 4)) {
      size_t end = w;
      while (end < t.n && !lex_eol(t, end)) end++;
      Annotation an = {.spelling = SPELL_UPRAGMA, .start = i, .end = end, .node = -1,
                       .bad = "unterminated string in _Pragma(\"tirx ...\")"};
      an.text = (Span){t.s + w + 4, end - w - 4, w + 4};  // what follows `tirx`, as far as the line goes
      VEC_PUSH(a, *v, an);
      return end;
    }
    return qe;
  }
  size_t c = lex_space(t, qe);
  if (c >= t.n || t.s[c] != ')') return ie;
  // Unescape the string; offsets stay exact when it has no escapes.
  size_t n = qe - q - 2;
  char *s = arena_alloc(a, n + 1);
  size_t m = 0;
  for (size_t k = q + 1; k < qe - 1; k++) {
    if (t.s[k] == '\\' && k + 1 < qe - 1) k++;
    s[m++] = t.s[k];
  }
  size_t w = 0;
  while (w < m && (s[w] == ' ' || s[w] == '\t')) w++;
  if (!(m - w >= 4 && memcmp(s + w, "tirx", 4) == 0 && (m - w == 4 || !is_ident_char((unsigned char)s[w + 4]))))
    return c + 1;
  Annotation an = {.spelling = SPELL_UPRAGMA, .start = i, .end = c + 1, .node = -1};
  an.text = (Span){s + w + 4, m - w - 4, q + 1 + w + 4};
  VEC_PUSH(a, *v, an);
  return c + 1;
}

// A TIRX_* macro or tirx_* call whose name spans [i, ie).
static size_t scan_name(Arena *a, Text t, size_t i, size_t ie, AnnVec *v) {
  Span name = {t.s + i, ie - i, i};
  bool macro = pragma_is_macro(name), call = is_tirx_call(name);
  if (!macro && !call) return ie;
  Annotation an = {.spelling = macro ? SPELL_MACRO : SPELL_CALL, .start = i, .end = ie, .name = name, .node = -1};
  size_t p = lex_space(t, ie);
  if (p < t.n && t.s[p] == '(') {
    size_t c = lex_close(t, p, LEX_PARENS, NULL);
    if (c) {
      an.has_args = true;
      an.args = (Span){t.s + p + 1, c - p - 2, p + 1};
      an.end = c;
    }
  }
  if (call && !an.has_args) return ie;  // a name, not a call
  VEC_PUSH(a, *v, an);
  return an.end;
}

// `NAME(tirx ...)` at i (NAME ends at ie): an annotation through a macro of
// the program. One of this file whose body is `_Pragma(#x)` alone reads as
// `_Pragma("tirx ...")`; through any other, tirx-pp cannot see what it
// expands to, and nvcc would ignore an unknown pragma: refused.
static size_t scan_macro_use(Arena *a, Text t, size_t i, size_t ie, Found *found) {
  size_t we, c;
  if (!is_macro_pragma(t, ie, &we, &c)) return ie;
  const PragmaMacro *m = NULL;
  for (int k = 0; k < found->pragma_macros.len && !m; k++) {
    Span n = found->pragma_macros.items[k].name;
    if (n.len == ie - i && !memcmp(n.s, t.s + i, n.len)) m = &found->pragma_macros.items[k];
  }
  Annotation an = {.spelling = SPELL_UPRAGMA, .start = i, .end = c, .node = -1};
  an.text = (Span){t.s + we, c - 1 - we, we};
  if (!m || !m->just_pragma)
    an.bad = arena_printf(a,
                          "'%.*s(tirx ...)' spells an annotation through a macro %s: tirx-pp reads annotations "
                          "where they are written, and nvcc would ignore the pragma (every thread would run the "
                          "statement as if it were not there); write '#pragma tirx ...', '_Pragma(\"tirx ...\")' "
                          "or the TIRX_* macro of tirx.h",
                          (int)(ie - i), t.s + i,
                          m ? "that puts more around its argument than '_Pragma(#x)'" : "that tirx-pp does not expand");
  VEC_PUSH(a, found->anns, an);
  return c;
}

AnnotationList scan_annotations(Arena *a, const Source *src) {
  Text t = {src->data, src->len};
  AnnotationList out = {0};
  Found found = {0};
  bool line_start = true;
  size_t start = t.n >= 3 && !memcmp(t.s, "\xef\xbb\xbf", 3) ? 3 : 0;  // a UTF-8 byte-order mark
  LexTok k;
  for (size_t i = start; lex_next(t, &i, &line_start, &k);) {
    if (k.first && hash_len(t, k.start)) {
      i = scan_directive(a, t, k.start, &out, &found);
      line_start = true;  // as at the directive's start: its line end may be behind i
      continue;
    }
    // Else a literal (raw strings and encoding prefixes too), a pp-number, a word, a byte.
    if (k.kind == LEX_IDENT && word_at(t, k.start, k.end, "_Pragma"))
      i = scan_upragma(a, t, k.start, k.end, &found.anns);
    else if (k.kind == LEX_IDENT && k.end - k.start > 5 &&
             (!memcmp(t.s + k.start, "TIRX_", 5) || !memcmp(t.s + k.start, "tirx_", 5)))
      i = scan_name(a, t, k.start, k.end, &found.anns);
    else if (k.kind == LEX_IDENT)
      i = scan_macro_use(a, t, k.start, k.end, &found);
  }
  out.items = found.anns.items;
  out.len = found.anns.len;
  out.includes = found.includes.items;
  out.nincludes = found.includes.len;
  return out;
}

size_t lex_preamble_end(const Source *src) {
  Text t = {src->data, src->len};
  size_t i = 0, end = 0;
  int depth = 0, includes = 0;
  for (;;) {
    i = lex_space(t, i);
    if (i >= t.n || !hash_len(t, i)) break;
    size_t le = line_end(t, i);
    size_t j = lex_space((Text){t.s, le}, i + hash_len(t, i)), k = ident_end(t, j);
    if (word_at(t, j, k, "pragma")) {
      size_t w = lex_space((Text){t.s, le}, k);
      if (word_at(t, w, ident_end(t, w), "tirx")) break;
    }
    if (word_at(t, j, k, "if") || word_at(t, j, k, "ifdef") || word_at(t, j, k, "ifndef")) depth++;
    if (word_at(t, j, k, "endif") && --depth < 0) break;
    if (word_at(t, j, k, "include")) includes++;
    i = le;
    while (i < t.n && !lex_eol(t, i)) i++;  // a comment after the directive
    if (i < t.n) i++;
    if (depth == 0) end = i;
  }
  return includes ? end : 0;
}
