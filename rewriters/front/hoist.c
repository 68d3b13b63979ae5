// hoist.c - which system headers, included by the user's headers past the
// input's preamble, the PCH may read too (front.c pch_for).
//
// The PCH holds the input's preamble (its leading #include lines, up to the
// first that reaches an annotated header). The system headers that the user's
// headers include after that (cuBLAS, <vector>, ...) were parsed by every run:
// llm.c's train_gpt2.cu spent most of its parse there. Those #include lines,
// in the order the preprocessor meets them, may follow the preamble in the
// PCH's text (they are *hoisted*); the run's own parse meets each line again
// where it is written and skips the header, which its include guard (or
// #pragma once) closes. The user's headers themselves stay in that parse
// (the node table needs their cursors).
//
// Read earlier, a header could mean something else, or make the user's code
// before its line mean something else. The rule, and who checks each part:
//  1. (here) The line is `#include <name>` of a file that is not the user's,
//     outside every conditional block of its file but the include guard, and
//     in what the preprocessor reads between the preamble and the line stands
//     no system #include that is not hoisted itself (a conditional one, a
//     quoted one, `#include_next`, a computed one), no #pragma but once, tirx,
//     unroll and nounroll, no #line, no _Pragma and no `%:` directive: the
//     hoisted headers are read in their own order, after the same preamble,
//     under the same flags and pragmas.
//  2. (front.c hoisted_ok, when the PCH is built) No name that the user's text
//     defines or undefines before the line (include guards too) occurs in a
//     file that the line reads (as bytes, comments included): the header sees
//     the macros it would have seen, and defines none that the user's text
//     set. Each header that a hoisted line names is include-guarded or #pragma
//     once, or was read before by the preamble (assert.h): the original reads
//     it twice too. Else nothing is hoisted (KEY.pch.refused says why).
//  3. (front.c hoist_clash, each run, from the PCH's KEY.pch.names) No
//     identifier of the user's text before the line (code, conditions, macro
//     bodies, and the bodies of the macros that the user's files in the
//     preamble define) is a macro defined or a name declared in a file that
//     the line reads first, at file scope (an unscoped enum's constants too),
//     or in a namespace whose name that text holds too: that text sees no
//     macro, declaration or overload earlier than it did. Else the run uses
//     the PCH of the preamble alone (`(no hoisting: ...)` under
//     TIRX_PP_TIMES=1).
// What this does not see: a name that a macro assembles with ##, a name that
// a system header's macro brings into the user's text, and an overload in a
// namespace the text never names that an unqualified call finds through its
// argument's type (argument-dependent lookup on a type of an earlier header).
#include "hoist.h"

#include <stdint.h>
#include <string.h>

#include "lex.h"

// --- a set of words ---------------------------------------------------------------

static uint64_t hash_word(const char *w, size_t n) {
  uint64_t h = 14695981039346656037ULL;
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)w[i]) * 1099511628211ULL;
  return h;
}

void wordset_init(WordSet *s, Arena *a, size_t expect) {
  *s = (WordSet){.a = a, .cap = 64};
  while (s->cap < expect * 2) s->cap *= 2;
  s->keys = arena_alloc(a, sizeof(char *) * s->cap);
  s->vals = arena_alloc(a, sizeof(int) * s->cap);
}

static size_t slot_of(const WordSet *s, const char *w, size_t n) {
  size_t i = (size_t)hash_word(w, n) & (s->cap - 1);
  while (s->keys[i] && (strncmp(s->keys[i], w, n) || s->keys[i][n])) i = (i + 1) & (s->cap - 1);
  return i;
}

int *wordset_get(const WordSet *s, const char *w, size_t n) {
  size_t i = slot_of(s, w, n);
  return s->keys[i] ? &s->vals[i] : NULL;
}

bool wordset_add(WordSet *s, const char *w, size_t n, int v) {
  if ((s->n + 1) * 2 > s->cap) {
    WordSet bigger;
    wordset_init(&bigger, s->a, s->cap);
    for (size_t i = 0; i < s->cap; i++)
      if (s->keys[i]) {
        size_t k = slot_of(&bigger, s->keys[i], strlen(s->keys[i]));
        bigger.keys[k] = s->keys[i], bigger.vals[k] = s->vals[i], bigger.n++;
      }
    *s = bigger;
  }
  size_t i = slot_of(s, w, n);
  if (s->keys[i]) return false;
  s->keys[i] = arena_strndup(s->a, w, n);
  s->vals[i] = v;
  s->n++;
  return true;
}

// --- the walk ---------------------------------------------------------------------

typedef struct {
  Arena *a;
  const Tu *tu;
  const bool *in_pch;
  bool *entered;
  signed char *guard;  // per file: 1 include-guarded, 0 not, -1 not known yet
  VEC(FrontHoistLine) lines;
  VEC(const char *) defined;
  VEC(const char *) words;
  WordSet seen;
  bool stopped;  // no more hoisting; the walk goes on for `rest`
  VEC(const char *) rest;
  int depth;  // files open
} Walk;

static void add_word(Walk *w, const char *s, size_t n) {
  if (w->stopped) return;  // no line follows that would need it
  if (wordset_add(&w->seen, s, n, w->words.len)) VEC_PUSH(w->a, w->words, w->seen.keys[slot_of(&w->seen, s, n)]);
}

static bool is_word(LexText t, size_t i, size_t e, const char *word) {
  return e - i == strlen(word) && !memcmp(t.s + i, word, e - i);
}

// The next token at or after i on the directive's line [i, end): its end,
// and *start; end when none.
static size_t next_token(LexText t, size_t i, size_t end, size_t *start, LexKind *kind) {
  LexText line = {t.s, end};
  i = lex_space(line, i);
  *start = i;
  if (i >= end) return end;
  return lex_token(line, i, kind);
}

// The end of the logical line that starts at i (splices followed, comments
// and literals whole), before its line end.
static size_t line_end(LexText t, size_t i) {
  while (i < t.n && !lex_eol(t, i)) i = lex_token(t, i, NULL);
  return i;
}

// Whether the file is include-guarded (#ifndef X and #define X first, the
// matching #endif last, no #else or #elif between at its level) or says
// #pragma once; *guard_at: the guard's #ifndef ('#'), (size_t)-1 for none.
static bool guarded(LexText t, size_t *guard_at) {
  *guard_at = (size_t)-1;
  bool line_start = true, once = false, defined = false, closed = false, spoilt = false, code = false;
  int depth = 0, ndirs = 0;
  size_t ms = 0, mn = 0;  // the guard's macro
  LexTok k;
  for (size_t i = 0; lex_next(t, &i, &line_start, &k);) {
    if (closed) spoilt = true;  // anything after the guard's #endif
    if (!(k.first && k.kind == LEX_PUNCT && t.s[k.start] == '#')) {
      code = true;
      continue;
    }
    i = k.start;
    size_t le = line_end(t, i), s, as;
    LexKind nk = LEX_SPACE, ak = LEX_SPACE;
    size_t ne = next_token(t, i + 1, le, &s, &nk), ae = next_token(t, ne, le, &as, &ak);
    if (is_word(t, s, ne, "pragma") && is_word(t, as, ae, "once")) once = true;
    if (ndirs == 0 && !code && is_word(t, s, ne, "ifndef") && ak == LEX_IDENT)
      *guard_at = i, ms = as, mn = ae - as;
    else if (ndirs == 1 && mn && is_word(t, s, ne, "define") && ae - as == mn && !memcmp(t.s + as, t.s + ms, mn))
      defined = true;
    if (is_word(t, s, ne, "if") || is_word(t, s, ne, "ifdef") || is_word(t, s, ne, "ifndef")) depth++;
    if (depth == 1 && (is_word(t, s, ne, "else") || (ne - s >= 4 && !memcmp(t.s + s, "elif", 4)))) spoilt = true;
    if (is_word(t, s, ne, "endif") && --depth == 0 && mn) closed = true;
    ndirs++;
    i = le;
  }
  bool guard = mn && defined && closed && !spoilt;
  if (!guard) *guard_at = (size_t)-1;
  return once || guard;
}

bool hoist_guarded(const Source *src) {
  size_t guard_at;
  return guarded((LexText){src->data, src->len}, &guard_at);
}

static void walk_file(Walk *w, int f, size_t from, bool cond);

static bool allowed_pragma(LexText t, size_t s, size_t e) {
  return is_word(t, s, e, "once") || is_word(t, s, e, "tirx") || is_word(t, s, e, "unroll") ||
         is_word(t, s, e, "nounroll");
}

// The directive at i (its '#'), line end le, in file f.
static void directive(Walk *w, int f, LexText t, size_t i, size_t le, bool cond, int *next_inc) {
  size_t s, ne, as, ae;
  LexKind nk = LEX_SPACE, ak = LEX_SPACE;
  ne = next_token(t, i + 1, le, &s, &nk);
  if (s >= le) return;  // `#` alone
  ae = next_token(t, ne, le, &as, &ak);
  if (is_word(t, s, ne, "include")) {
    const TuFile *file = &w->tu->files[f];
    int k = *next_inc;
    while (k < file->anns.nincludes && file->anns.includes[k].start < i) k++;
    *next_inc = k + 1;
    if (k >= file->anns.nincludes || file->anns.includes[k].start != i) {  // not scan.c's: cannot be
      w->stopped = true;
      return;
    }
    const IncludeLine *inc = &file->anns.includes[k];
    int target = file->targets[k];
    if (target >= 0) {
      const TuFile *tf = &w->tu->files[target];
      size_t guard_at;
      if (w->guard[target] < 0)
        w->guard[target] = tf->src && guarded((LexText){tf->src->data, tf->src->len}, &guard_at);
      if ((w->entered[target] || w->in_pch[target]) && w->guard[target]) return;  // read once
      walk_file(w, target, 0, cond);
      return;
    }
    if (w->stopped || cond || !inc->angled || inc->computed) {
      w->stopped = true;
      if (!cond && !inc->computed && inc->name_end - inc->name_start > 2)
        VEC_PUSH(w->a, w->rest, arena_strndup(w->a, t.s + inc->name_start + 1, inc->name_end - inc->name_start - 2));
      return;
    }
    FrontHoistLine line = {.line = arena_printf(w->a, "#include %.*s", (int)(inc->name_end - inc->name_start),
                                                t.s + inc->name_start),
                           .ndefined = w->defined.len, .nwords = w->words.len};
    VEC_PUSH(w->a, w->lines, line);
    return;
  }
  if (is_word(t, s, ne, "pragma")) {
    if (!allowed_pragma(t, as, ae)) w->stopped = true;
    return;
  }
  static const char *const quiet[] = {"if", "ifdef", "ifndef", "elif", "elifdef", "elifndef", "else",
                                      "endif", "define", "undef", "error", "warning"};
  bool known = false;
  for (size_t q = 0; q < sizeof quiet / sizeof *quiet && !known; q++) known = is_word(t, s, ne, quiet[q]);
  if (!known) {  // #line, #include_next, #import, ...
    w->stopped = true;
    return;
  }
  if ((is_word(t, s, ne, "define") || is_word(t, s, ne, "undef")) && ak == LEX_IDENT && !w->stopped)
    VEC_PUSH(w->a, w->defined, arena_strndup(w->a, t.s + as, ae - as));
  // Every identifier of the line: what a condition tests, what a macro's body names.
  for (size_t p = ne; p < le;) {
    LexKind kind;
    size_t q, e = next_token(t, p, le, &q, &kind);
    if (q >= le) break;
    if (kind == LEX_IDENT) add_word(w, t.s + q, e - q);
    p = e;
  }
}

static void walk_file(Walk *w, int f, size_t from, bool cond) {
  const TuFile *file = &w->tu->files[f];
  if (!file->src || w->depth >= 64) {
    w->stopped = true;
    return;
  }
  w->depth++;
  w->entered[f] = true;
  LexText t = {file->src->data, file->src->len};
  size_t guard_at;
  bool is_guarded = guarded(t, &guard_at);
  int depth = 0, base = 0;  // conditional blocks open; the guard's
  int next_inc = 0;
  bool line_start = true;
  LexTok k;
  for (size_t i = from; lex_next(t, &i, &line_start, &k);) {
    if (k.first && k.kind == LEX_PUNCT && t.s[k.start] == '#') {
      i = k.start;
      size_t le = line_end(t, i), s;
      LexKind nk = LEX_SPACE;
      size_t ne = next_token(t, i + 1, le, &s, &nk);
      if (is_word(t, s, ne, "if") || is_word(t, s, ne, "ifdef") || is_word(t, s, ne, "ifndef")) {
        depth++;
        if (is_guarded && i == guard_at) base = 1;
      }
      directive(w, f, t, i, le, cond || depth > base, &next_inc);
      if (is_word(t, s, ne, "endif") && depth > 0) depth--;
      i = le;
      continue;
    }
    if (k.first && t.s[k.start] == '%' && k.start + 1 < t.n && t.s[k.start + 1] == ':')
      w->stopped = true;  // a `%:` directive
    if (k.kind == LEX_IDENT) {
      if (is_word(t, k.start, k.end, "_Pragma") || is_word(t, k.start, k.end, "__pragma")) w->stopped = true;
      if (!w->stopped) add_word(w, t.s + k.start, k.end - k.start);
    }
  }
  w->depth--;
}

// The identifiers of the #define lines of a file the preamble reaches: a
// macro defined there and used past the preamble brings them into the user's
// text (rule 3).
static void define_words(Walk *w, LexText t) {
  bool line_start = true;
  LexTok k;
  for (size_t i = 0; lex_next(t, &i, &line_start, &k);) {
    if (!(k.first && k.kind == LEX_PUNCT && t.s[k.start] == '#')) continue;
    size_t le = line_end(t, k.start), s;
    LexKind nk = LEX_SPACE, kind;
    size_t ne = next_token(t, k.start + 1, le, &s, &nk);
    for (size_t p = ne; is_word(t, s, ne, "define") && p < le;) {
      size_t q, e = next_token(t, p, le, &q, &kind);
      if (q >= le) break;
      if (kind == LEX_IDENT) add_word(w, t.s + q, e - q);
      p = e;
    }
    i = le;
  }
}

const FrontHoist *tu_hoist(Arena *a, const Tu *tu, size_t preamble, const bool *in_pch) {
  Walk w = {.a = a, .tu = tu, .in_pch = in_pch};
  w.entered = arena_alloc(a, sizeof(bool) * (size_t)(tu->n + 1));
  w.guard = arena_alloc(a, (size_t)(tu->n + 1));
  memset(w.guard, -1, (size_t)(tu->n + 1));
  wordset_init(&w.seen, a, 1024);
  if (tu->computed || !tu->files[0].src || preamble > tu->files[0].src->len) return NULL;
  for (int f = 0; f < tu->n; f++)
    if (in_pch[f] && tu->files[f].src) define_words(&w, (LexText){tu->files[f].src->data, tu->files[f].src->len});
  walk_file(&w, 0, preamble, false);
  if (!w.lines.len) return NULL;
  FrontHoist *h = arena_alloc(a, sizeof *h);
  *h = (FrontHoist){w.lines.items, w.lines.len, w.defined.items, w.defined.len, w.words.items, w.words.len,
                    w.rest.items, w.rest.len};
  return h;
}
