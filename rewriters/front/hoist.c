// hoist.c - which system headers, included by the user's headers past the
// input's preamble, the PCH may read too (pch.c pch_for), and whether
// hoisting and the prescan of host bodies pay: every part of the rule, and
// every decision that it takes, is here.
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
//     outside every conditional block of its file but an include guard that
//     is met (its macro not set before: by the user's text here, by what the
//     PCH reads in hoisted_ok), at namespace scope between two declarations
//     (no bracket open, the code's last token `;` or `}`; each branch of a
//     conditional block leaves both as it found them); and in what the
//     preprocessor reads between the preamble and the line stands no system
//     #include that is not hoisted itself (a conditional one, a quoted one,
//     `#include_next`, a computed one), no #pragma but once, tirx, unroll and
//     nounroll, no _Pragma but those (in code or in a macro's body, the
//     preamble's user files' too), no #line, no `%:` directive, no
//     __COUNTER__, no using-directive or using-declaration, no use of a macro
//     of the user's that pastes (##), and at namespace scope none of one that
//     may declare a name: the hoisted headers are read in their own order,
//     after the same preamble, under the same flags and pragmas, at the same
//     scope.
//  2. (hoisted_ok, which pch.c calls when the PCH is built) No name that the user's text
//     defines or undefines before the line (include guards too) occurs in a
//     file that the line reads (as bytes, comments included): the header sees
//     the macros it would have seen, and defines none that the user's text
//     set. Each header that a hoisted line names is include-guarded or #pragma
//     once, or was read before by the preamble (assert.h, clang's stddef.h):
//     the original reads it twice too (the run's parse reads it a third time,
//     which changes nothing unless it toggles a macro: known-problems.md).
//     And what the walk took for granted: no include guard it
//     took as met is named in what the PCH reads (-D, the preamble, every
//     header), and each user file it skipped as read by the preamble was
//     (reach() follows every include line, `#if 0` too). Else
//     nothing is hoisted (KEY.pch.refused says why).
//  3. (hoist_clash, which pch.c calls each run, on the PCH's KEY.pch.names) No
//     identifier of the user's text before the line (code, conditions, macro
//     bodies, and the bodies of the macros that the user's files in the
//     preamble define) is a macro defined or undefined or a name declared in
//     a file that the line reads first, at file scope (an unscoped enum's
//     constants too), or in a namespace whose name that text holds too: that
//     text sees no macro, declaration or overload earlier than it did.
//  4. (hoist_clash, from KEY.pch.names' `LINE @NAME`) No name that the
//     user's code declares at namespace scope before the line (as written: a
//     name followed by ( = ; , [ { < or a single :, keywords and reserved names
//     aside) is an identifier of a file that the line reads first: the
//     header's code finds what it found (an overload, a function that a
//     template's unqualified call finds where the template is defined).
//     And of the macros of the headers that the PCH reads, none whose body
//     holds a pragma operator that rule 1 does not allow or __COUNTER__ (or
//     names such a macro) is used before a hoisted line (`LINE !NAME`), and
//     none that may declare a name (function-like, or with a name in its
//     body; a reserved name's: with a parameter that its body declares;
//     header_macros_lines) is used at namespace scope before one
//     (`LINE ?NAME`). Else (3, 4) the run uses the PCH of the preamble alone
//     (`(no hoisting: ...)` under TIRX_PP_TIMES=1).
// What this does not see: a name that a system header's macro assembles with
// ## or brings into the user's text inside a function body, a reserved
// name's macro that declares a name of its body's own (`#define __DECL_W int
// width(int);`), a declaration whose name does not
// stand as rule 4 reads it (`int (f)(int);`), and an overload in a namespace
// the text never names that an unqualified call finds through its argument's
// type (argument-dependent lookup on a type of an earlier header).
#define _GNU_SOURCE
#include "hoist.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lex.h"
#include "scan.h"

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
  int depth;       // files open
  int brackets;    // the ( [ { of the user's code that are open where the walk is
  char open[64];   // each: '(', '[', '{', or 'n' for the brace of a namespace or extern "C" block
  int inner;       // those open that are not 'n': the code is not at namespace scope
  int ns_at;       // 1 after `namespace` (and its name), 2 after `extern`, 3 after `extern "C"`
  const char *pend;  // a name at namespace scope whose next token tells whether it is declared
  size_t pendn;
  bool boundary;   // the code's last token ends a declaration (`;`, `}`), or there is none
  int using_at;    // 1 just after `using`, 2 after `using NAME`; else 0
  VEC(const char *) declared;  // FrontHoist.declared
  WordSet declared_set;
  VEC(const char *) scoped;  // FrontHoist.scoped
  WordSet scoped_set;
  WordSet macros;  // the user's macros: add_macro's bits
  VEC(const char *) guards;   // FrontHoist.guards
  VEC(const char *) assumed;  // FrontHoist.assumed
} Walk;

static void add_word(Walk *w, const char *s, size_t n) {
  // A header read earlier would count its own __COUNTER__s before the text's.
  if (n == 11 && !memcmp(s, "__COUNTER__", 11)) w->stopped = true;
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

// A directive line: its '#', its end, its name [s, ne) and the token after
// the name [as, ae) (ak: its kind; LEX_SPACE when none).
typedef struct {
  size_t hash, end, s, ne, as, ae;
  LexKind ak;
} Dir;

// Whether the token k (lex_next's) starts a directive; *d: the directive.
static bool dir_at(LexText t, LexTok k, Dir *d) {
  if (!(k.first && k.kind == LEX_PUNCT && t.s[k.start] == '#')) return false;
  LexKind nk = LEX_SPACE;
  d->hash = k.start, d->end = line_end(t, k.start), d->ak = LEX_SPACE;
  d->ne = next_token(t, k.start + 1, d->end, &d->s, &nk);
  d->ae = next_token(t, d->ne, d->end, &d->as, &d->ak);
  return true;
}

static bool dir_is(LexText t, const Dir *d, const char *name) { return is_word(t, d->s, d->ne, name); }

// #if, #ifdef, #ifndef.
static bool dir_opens(LexText t, const Dir *d) {
  return dir_is(t, d, "if") || dir_is(t, d, "ifdef") || dir_is(t, d, "ifndef");
}

// #elif (and #elifdef, #elifndef), #else.
static bool dir_branches(LexText t, const Dir *d) {
  return dir_is(t, d, "else") || (d->ne - d->s >= 4 && !memcmp(t.s + d->s, "elif", 4));
}

// Whether the file is include-guarded (#ifndef X and #define X first, the
// matching #endif last, no #else or #elif between at its level) or says
// #pragma once; *guard_at: the guard's #ifndef ('#'), (size_t)-1 for none;
// X at [*macro, *macro + *macro_len).
static bool guarded(LexText t, size_t *guard_at, size_t *macro, size_t *macro_len) {
  *guard_at = (size_t)-1;
  bool line_start = true, once = false, defined = false, closed = false, spoilt = false, code = false;
  int depth = 0, ndirs = 0;
  size_t ms = 0, mn = 0;  // the guard's macro
  LexTok k;
  Dir d;
  for (size_t i = 0; lex_next(t, &i, &line_start, &k);) {
    if (closed) spoilt = true;  // anything after the guard's #endif
    if (!dir_at(t, k, &d)) {
      code = true;
      continue;
    }
    if (dir_is(t, &d, "pragma") && is_word(t, d.as, d.ae, "once")) once = true;
    if (ndirs == 0 && !code && dir_is(t, &d, "ifndef") && d.ak == LEX_IDENT)
      *guard_at = d.hash, ms = d.as, mn = d.ae - d.as;
    else if (ndirs == 1 && mn && dir_is(t, &d, "define") && d.ae - d.as == mn && !memcmp(t.s + d.as, t.s + ms, mn))
      defined = true;
    if (dir_opens(t, &d)) depth++;
    if (depth == 1 && dir_branches(t, &d)) spoilt = true;
    if (dir_is(t, &d, "endif") && --depth == 0 && mn) closed = true;
    ndirs++;
    i = d.end;
  }
  bool guard = mn && defined && closed && !spoilt;
  if (!guard) *guard_at = (size_t)-1;
  *macro = ms, *macro_len = mn;
  return once || guard;
}

bool hoist_guarded(const Source *src) {
  size_t guard_at, macro, macro_len;
  return guarded((LexText){src->data, src->len}, &guard_at, &macro, &macro_len);
}

static void walk_file(Walk *w, int f, size_t from, bool cond);

static bool allowed_pragma(LexText t, size_t s, size_t e) {
  return is_word(t, s, e, "once") || is_word(t, s, e, "tirx") || is_word(t, s, e, "unroll") ||
         is_word(t, s, e, "nounroll");
}

// Whether the _Pragma operator whose name ends at i holds, before end, a
// pragma that the rule allows: `_Pragma("tirx ...")`, `_Pragma("unroll")`.
static bool allowed_pragma_op(LexText t, size_t i, size_t end) {
  size_t s;
  LexKind kind = LEX_SPACE;
  size_t e = next_token(t, i, end, &s, &kind);
  if (s >= end || kind != LEX_PUNCT || t.s[s] != '(') return false;
  kind = LEX_SPACE;
  e = next_token(t, e, end, &s, &kind);
  if (s >= end || kind != LEX_STRING || t.s[s] != '"' || e - s < 2) return false;
  size_t ws;
  kind = LEX_SPACE;
  size_t we = next_token(t, s + 1, e - 1, &ws, &kind);
  return ws < e - 1 && kind == LEX_IDENT && allowed_pragma(t, ws, we);
}

// Whether a pragma operator stands at [i, e) (its name) that the rule does not allow.
static bool bad_pragma_op(LexText t, size_t i, size_t e, size_t end) {
  return is_word(t, i, e, "__pragma") || (is_word(t, i, e, "_Pragma") && !allowed_pragma_op(t, e, end));
}

// Whether the user's text before this point defines or undefines `name`.
static bool set_before(const Walk *w, const char *name, size_t n) {
  for (int d = 0; d < w->defined.len; d++)
    if (!strncmp(w->defined.items[d], name, n) && !w->defined.items[d][n]) return true;
  return false;
}

static bool user_name(const char *s, size_t n);

// Whether a use of the macro that the #define d defines may declare a name
// (rule 4 sees only the declarations written out): a function-like one, or
// one whose body holds a name that is not a keyword or reserved.
static bool may_declare(LexText t, const Dir *d) {
  bool may = d->ae < d->end && t.s[d->ae] == '(';  // function-like
  for (size_t p = d->ae; p < d->end && !may;) {
    LexKind kind;
    size_t q, e = next_token(t, p, d->end, &q, &kind);
    if (q >= d->end) break;
    may = kind == LEX_IDENT && user_name(t.s + q, e - q);
    p = e;
  }
  return may;
}

// Whether the body of the macro that d defines pastes tokens (`##`): a name
// that it makes is in no list of words.
static bool pastes(LexText t, const Dir *d) {
  for (size_t p = d->ae; p + 1 < d->end; p++)
    if (t.s[p] == '#' && t.s[p + 1] == '#') return true;  // or in a literal: the safe side
  return false;
}

// Whether the body of the macro that d defines opens or closes a bracket it
// does not close or open itself (`#define NS_OPEN namespace u {`): a use
// moves the code into or out of a scope that the walk, which counts the
// brackets written out, does not see.
static bool unbalanced(LexText t, const Dir *d) {
  int depth[3] = {0, 0, 0};  // ( [ {
  for (size_t p = d->ae; p < d->end;) {
    LexKind kind;
    size_t q, e = next_token(t, p, d->end, &q, &kind);
    if (q >= d->end) break;
    const char *at = kind == LEX_PUNCT ? strchr("([{)]}", t.s[q]) : NULL;
    if (at && *at) {
      int i = (int)(at - "([{)]}");
      if ((depth[i % 3] += i < 3 ? 1 : -1) < 0) return true;
    }
    p = e;
  }
  return depth[0] || depth[1] || depth[2];
}

// Records the macro that the #define d defines: 1 when a use may declare, 2
// when it pastes or leaves a bracket open or closes one (a use stops the
// hoisting).
static void add_macro(Walk *w, LexText t, const Dir *d) {
  if (d->ak != LEX_IDENT) return;
  int may = may_declare(t, d) | (pastes(t, d) || unbalanced(t, d) ? 2 : 0);
  int *v = wordset_get(&w->macros, t.s + d->as, d->ae - d->as);
  if (v)
    *v |= may;
  else
    wordset_add(&w->macros, t.s + d->as, d->ae - d->as, may);
}

// Whether the function-like macro that d defines declares a name that its
// use gives: a parameter followed by ( = ; [ { in its body (`__DECL(n)`,
// `constexpr int n(int)`; not `__location__(a)`, `__annotate__(a)`).
static bool declares_parameter(LexText t, const Dir *d) {
  if (!(d->ae < d->end && t.s[d->ae] == '(')) return false;
  size_t close = d->ae, body;
  while (close < d->end && t.s[close] != ')') close++;
  body = close + 1;
  for (size_t p = body; p < d->end;) {
    LexKind kind, nkind = LEX_SPACE;
    size_t q, e = next_token(t, p, d->end, &q, &kind), nq;
    if (q >= d->end) break;
    next_token(t, e, d->end, &nq, &nkind);
    if (kind == LEX_IDENT && nq < d->end && nkind == LEX_PUNCT && strchr("(=;[{", t.s[nq]))
      for (size_t a = d->ae + 1; a < close;) {  // the parameters
        LexKind akind;
        size_t as, ae = next_token(t, a, close, &as, &akind);
        if (as >= close) break;
        if (akind == LEX_IDENT && ae - as == e - q && !memcmp(t.s + as, t.s + q, e - q)) return true;
        a = ae;
      }
    p = e;
  }
  return false;
}

void header_macros_init(HeaderMacros *m, Arena *a) {
  *m = (HeaderMacros){.a = a};
  wordset_init(&m->bad, a, 256);
}

void header_macros_add(HeaderMacros *m, const char *text, size_t size) {
  LexText t = {text, size};
  bool line_start = true;
  LexTok k;
  Dir d;
  for (size_t i = 0; lex_next(t, &i, &line_start, &k);) {
    if (!dir_at(t, k, &d)) continue;
    i = d.end;
    if (!dir_is(t, &d, "define") || d.ak != LEX_IDENT) continue;
    HeaderMacro hm = {.name = arena_strndup(m->a, t.s + d.as, d.ae - d.as)};
    bool bad = false;  // ## aside: CUDA's __host__ pastes, through __location__
    VEC(const char *) words = {0};
    for (size_t p = d.ae; p < d.end;) {
      LexKind kind;
      size_t q, e = next_token(t, p, d.end, &q, &kind);
      if (q >= d.end) break;
      if (kind == LEX_IDENT) {
        bad = bad || bad_pragma_op(t, q, e, d.end) || is_word(t, q, e, "__COUNTER__");
        VEC_PUSH(m->a, words, arena_strndup(m->a, t.s + q, e - q));
      }
      p = e;
    }
    hm.words = words.items, hm.nwords = words.len;
    hm.declares = user_name(t.s + d.as, d.ae - d.as) ? may_declare(t, &d) : declares_parameter(t, &d);
    bad = bad || unbalanced(t, &d);  // __BEGIN_DECLS: extern "C" {
    if (bad) wordset_add(&m->bad, hm.name, strlen(hm.name), 1);
    VEC_PUSH(m->a, m->all, hm);
  }
}

const char **header_macros_lines(HeaderMacros *m, int *n) {
  // A macro whose body names a bad one is bad too (SYS_A for `#define SYS_A SYS_B`).
  for (bool more = true; more;) {
    more = false;
    for (int i = 0; i < m->all.len; i++) {
      const HeaderMacro *hm = &m->all.items[i];
      if (wordset_get(&m->bad, hm->name, strlen(hm->name))) continue;
      for (int w = 0; w < hm->nwords; w++)
        if (wordset_get(&m->bad, hm->words[w], strlen(hm->words[w]))) {
          more = wordset_add(&m->bad, hm->name, strlen(hm->name), 1);
          break;
        }
    }
  }
  VEC(const char *) out = {0};
  for (int i = 0; i < m->all.len; i++) {
    const HeaderMacro *hm = &m->all.items[i];
    bool bad = wordset_get(&m->bad, hm->name, strlen(hm->name)) != NULL;
    if (bad || hm->declares) VEC_PUSH(m->a, out, arena_printf(m->a, "%c%s", bad ? '!' : '?', hm->name));
  }
  *n = out.len;
  return out.items;
}

// The identifiers of [p, end) (a directive's line): what a condition tests,
// what a macro's body names; a pragma operator there may be used later.
static void line_words(Walk *w, LexText t, size_t p, size_t end) {
  while (p < end) {
    LexKind kind;
    size_t q, e = next_token(t, p, end, &q, &kind);
    if (q >= end) break;
    if (kind == LEX_IDENT && bad_pragma_op(t, q, e, end)) w->stopped = true;
    if (kind == LEX_IDENT) add_word(w, t.s + q, e - q);
    p = e;
  }
}

// The directive d of file f.
static void directive(Walk *w, int f, LexText t, const Dir *d, bool cond, int *next_inc) {
  size_t i = d->hash;
  if (d->s >= d->end) return;  // `#` alone
  if (dir_is(t, d, "include")) {
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
      size_t guard_at, ms, mn;
      if (w->guard[target] < 0)
        w->guard[target] = tf->src && guarded((LexText){tf->src->data, tf->src->len}, &guard_at, &ms, &mn);
      if ((w->entered[target] || w->in_pch[target]) && w->guard[target]) {  // read once
        // reach() follows every include line: hoisted_ok checks that the preamble read it.
        if (!w->entered[target] && !w->stopped) VEC_PUSH(w->a, w->assumed, tf->real);
        return;
      }
      walk_file(w, target, 0, cond);
      return;
    }
    // In the middle of a declaration, or in a namespace or extern "C" block,
    // the header reads otherwise than at file scope.
    if (w->stopped || cond || !inc->angled || inc->computed || w->brackets || !w->boundary) {
      w->stopped = true;
      if (!cond && !inc->computed && inc->name_end - inc->name_start > 2)
        VEC_PUSH(w->a, w->rest, arena_strndup(w->a, t.s + inc->name_start + 1, inc->name_end - inc->name_start - 2));
      return;
    }
    FrontHoistLine line = {.line = arena_printf(w->a, "#include %.*s", (int)(inc->name_end - inc->name_start),
                                                t.s + inc->name_start),
                           .ndefined = w->defined.len, .nwords = w->words.len, .ndeclared = w->declared.len,
                           .nscoped = w->scoped.len};
    VEC_PUSH(w->a, w->lines, line);
    return;
  }
  if (dir_is(t, d, "pragma")) {
    if (!allowed_pragma(t, d->as, d->ae)) w->stopped = true;
    return;
  }
  static const char *const quiet[] = {"if", "ifdef", "ifndef", "elif", "elifdef", "elifndef", "else",
                                      "endif", "define", "undef", "error", "warning"};
  bool known = false;
  for (size_t q = 0; q < sizeof quiet / sizeof *quiet && !known; q++) known = dir_is(t, d, quiet[q]);
  if (!known) {  // #line, #include_next, #import, ...
    w->stopped = true;
    return;
  }
  if ((dir_is(t, d, "define") || dir_is(t, d, "undef")) && d->ak == LEX_IDENT && !w->stopped)
    VEC_PUSH(w->a, w->defined, arena_strndup(w->a, t.s + d->as, d->ae - d->as));
  if (dir_is(t, d, "define")) add_macro(w, t, d);
  line_words(w, t, d->ne, d->end);
}

// Whether a name may be one that the user declares: not a keyword, nor
// reserved to the implementation (`__x`, `_X`).
static bool user_name(const char *s, size_t n) {
  static const char *const keywords[] = {
      "alignas",   "alignof",  "asm",      "auto",          "bool",     "case",         "catch",    "char",
      "class",     "const",    "constexpr", "consteval",    "constinit", "decltype",    "default",  "delete",
      "do",        "double",   "else",     "enum",          "explicit", "export",       "extern",   "false",
      "final",     "float",    "for",      "friend",        "if",       "inline",       "int",      "long",
      "mutable",   "new",      "noexcept", "nullptr",       "operator", "override",     "private",  "protected",
      "public",    "register", "requires", "return",        "short",    "signed",       "sizeof",   "static",
      "static_assert", "struct", "switch", "template",      "this",     "thread_local", "throw",    "true",
      "try",       "typedef",  "typeid",   "typename",      "union",    "unsigned",     "using",    "virtual",
      "void",      "volatile", "while",    "wchar_t",       "char8_t",  "char16_t",     "char32_t", "namespace"};
  if (n >= 2 && s[0] == '_' && (s[1] == '_' || (s[1] >= 'A' && s[1] <= 'Z'))) return false;
  for (size_t i = 0; i < sizeof keywords / sizeof *keywords; i++)
    if (strlen(keywords[i]) == n && !memcmp(keywords[i], s, n)) return false;
  return true;
}

// A token of the user's code: the brackets it opens or closes, whether it
// ends a declaration, the names it declares at namespace scope (a name
// followed by ( = ; , [ { < or a single :), and a using-directive or
// using-declaration, which may change what a header's names find (an
// alias-declaration `using A = ...` is a declaration like any other).
static void code_token(Walk *w, LexText t, LexTok k) {
  char c = t.s[k.start];
  bool punct = k.kind == LEX_PUNCT;
  bool one_colon = c == ':' && !(k.end < t.n && t.s[k.end] == ':') && !(k.start > 0 && t.s[k.start - 1] == ':');
  if (w->pend && punct && (strchr("(=;,[{<", c) || one_colon) && !w->stopped && user_name(w->pend, w->pendn) &&
      wordset_add(&w->declared_set, w->pend, w->pendn, w->declared.len))
    VEC_PUSH(w->a, w->declared, w->declared_set.keys[slot_of(&w->declared_set, w->pend, w->pendn)]);
  if (punct && (c == '(' || c == '[' || c == '{')) {
    bool ns = c == '{' && (w->ns_at == 1 || w->ns_at == 3);
    if (w->brackets == (int)sizeof w->open)
      w->stopped = true;  // too deep to follow
    else
      w->open[w->brackets++] = ns ? 'n' : c, w->inner += !ns;
  } else if (punct && (c == ')' || c == ']' || c == '}') && w->brackets > 0) {
    w->inner -= w->open[--w->brackets] != 'n';
  } else if (punct && k.end < t.n && ((c == '<' && t.s[k.end] == '%') || (c == '%' && t.s[k.end] == '>')))
    w->stopped = true;  // a digraph brace
  bool ident = k.kind == LEX_IDENT;
  // A macro of the user's that pastes names, or that may declare one at namespace
  // scope: rules 3 and 4 see the names written out.
  const int *macro = ident ? wordset_get(&w->macros, t.s + k.start, k.end - k.start) : NULL;
  if (macro && ((*macro & 2) || (!w->inner && (*macro & 1)))) w->stopped = true;
  if (ident && !w->inner && !w->stopped &&
      wordset_add(&w->scoped_set, t.s + k.start, k.end - k.start, w->scoped.len))
    VEC_PUSH(w->a, w->scoped, w->scoped_set.keys[slot_of(&w->scoped_set, t.s + k.start, k.end - k.start)]);
  if (ident && is_word(t, k.start, k.end, "namespace"))
    w->ns_at = 1;
  else if (w->ns_at == 1 && (ident || (punct && c == ':')))
    ;  // `namespace a::b`
  else if (ident && is_word(t, k.start, k.end, "extern"))
    w->ns_at = 2;
  else
    w->ns_at = w->ns_at == 2 && k.kind == LEX_STRING ? 3 : 0;
  w->pend = ident && !w->inner && w->ns_at != 1 ? t.s + k.start : NULL;
  w->pendn = k.end - k.start;
  w->boundary = punct && (c == ';' || c == '}');
  if (w->using_at == 1)
    w->using_at = k.kind == LEX_IDENT && !is_word(t, k.start, k.end, "namespace") &&
                          !is_word(t, k.start, k.end, "typename") && !is_word(t, k.start, k.end, "enum")
                      ? 2
                      : -1;
  else if (w->using_at == 2)
    w->using_at = punct && c == '=' ? 0 : -1;
  if (w->using_at < 0) w->stopped = true, w->using_at = 0;
  if (k.kind == LEX_IDENT && is_word(t, k.start, k.end, "using")) w->using_at = 1;
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
  size_t guard_at, ms, mn;
  bool is_guarded = guarded(t, &guard_at, &ms, &mn);
  int depth = 0, base = 0;  // conditional blocks open; the guard's
  struct {
    int brackets;
    bool boundary;
  } at_if[64];  // the code's state where each open conditional block began
  int next_inc = 0;
  bool line_start = true;
  LexTok k;
  Dir d;
  for (size_t i = from; lex_next(t, &i, &line_start, &k);) {
    if (dir_at(t, k, &d)) {
      bool endif = dir_is(t, &d, "endif");
      // Each branch of a conditional block leaves the brackets as it found them (else
      // the count, which reads every branch, says nothing).
      if ((endif || dir_branches(t, &d)) && depth > 0 && depth <= 64 &&
          (w->brackets != at_if[depth - 1].brackets || (at_if[depth - 1].boundary && !w->boundary)))
        w->stopped = true;
      if (dir_opens(t, &d)) {
        if (depth < 64)
          at_if[depth].brackets = w->brackets, at_if[depth].boundary = w->boundary;
        else
          w->stopped = true;  // too deep to follow
        depth++;
        // The guard's block is met unless its macro is set before (hoisted_ok: nor by the PCH).
        if (is_guarded && d.hash == guard_at && !set_before(w, t.s + ms, mn)) {
          base = 1;
          if (!w->stopped) VEC_PUSH(w->a, w->guards, arena_strndup(w->a, t.s + ms, mn));
        }
      }
      directive(w, f, t, &d, cond || depth > base, &next_inc);
      if (endif && depth > 0) depth--;
      i = d.end;
      continue;
    }
    if (k.first && t.s[k.start] == '%' && k.start + 1 < t.n && t.s[k.start + 1] == ':')
      w->stopped = true;  // a `%:` directive
    code_token(w, t, k);
    if (k.kind == LEX_IDENT) {
      if (bad_pragma_op(t, k.start, k.end, t.n)) w->stopped = true;
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
  Dir d;
  for (size_t i = 0; lex_next(t, &i, &line_start, &k);) {
    if (!dir_at(t, k, &d)) continue;
    if (dir_is(t, &d, "define")) line_words(w, t, d.ne, d.end), add_macro(w, t, &d);
    i = d.end;
  }
}

const FrontHoist *tu_hoist(Arena *a, const Tu *tu, size_t preamble, const bool *in_pch) {
  Walk w = {.a = a, .tu = tu, .in_pch = in_pch, .boundary = true};
  w.entered = arena_alloc(a, sizeof(bool) * (size_t)(tu->n + 1));
  w.guard = arena_alloc(a, (size_t)(tu->n + 1));
  memset(w.guard, -1, (size_t)(tu->n + 1));
  wordset_init(&w.seen, a, 1024);
  wordset_init(&w.declared_set, a, 64);
  wordset_init(&w.scoped_set, a, 64);
  wordset_init(&w.macros, a, 256);
  if (tu->computed || !tu->files[0].src || preamble > tu->files[0].src->len) return NULL;
  for (int f = 0; f < tu->n; f++)
    if (in_pch[f] && tu->files[f].src) define_words(&w, (LexText){tu->files[f].src->data, tu->files[f].src->len});
  walk_file(&w, 0, preamble, false);
  if (!w.lines.len) return NULL;
  FrontHoist *h = arena_alloc(a, sizeof *h);
  *h = (FrontHoist){w.lines.items,   w.lines.len,   w.defined.items, w.defined.len, w.words.items,
                    w.words.len,     w.rest.items,  w.rest.len,      w.guards.items, w.guards.len,
                    w.assumed.items, w.assumed.len,  w.declared.items, w.declared.len,
                    w.scoped.items,  w.scoped.len};
  return h;
}

// --- rules 2, 3 and 4: on the PCH's parse, and each run ---------------------------

typedef struct {
  CXFile file;
  int line;  // the hoisted line it is read under; -1: before them
  bool top;  // named by that line itself
} Inclusion;

typedef struct {
  const HoistPch *p;
  Arena *arena;
  VEC(Inclusion) list;
} Inclusions;

// Each file the PCH's parse entered, in order, with the line it came under.
static void list_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data) {
  Inclusions *in = data;
  if (depth == 0) return;  // the PCH's own text
  CXFile from;
  unsigned off;
  clang_getSpellingLocation(stack[depth - 1], &from, NULL, NULL, &off);  // the outermost #include
  CXString name = clang_getFileName(from);
  bool text = from && !strcmp(clang_getCString(name), in->p->header);
  clang_disposeString(name);
  int line = -1;
  if (text && off >= in->p->hoist_at)
    for (int k = 0; k < in->p->hoist->n && in->p->line_at[k] <= off; k++) line = k;
  VEC_PUSH(in->arena, in->list, ((Inclusion){file, line, depth == 1}));
}

// Files by identity (CXFile), each with a value.
typedef struct {
  CXFile *keys;
  int *vals;
  size_t cap;
} FileMap;

// The file's slot: its value, or NULL when it has none and add is false.
// The map holds at most half its capacity (hoisted_ok).
static int *file_slot(FileMap *m, CXFile file, bool add) {
  size_t i = ((uintptr_t)file >> 4) & (m->cap - 1);
  while (m->keys[i] && m->keys[i] != file) i = (i + 1) & (m->cap - 1);
  if (!m->keys[i] && !add) return NULL;
  if (!m->keys[i]) m->keys[i] = file, m->vals[i] = -2;
  return &m->vals[i];
}

typedef struct {
  FileMap *first;  // a file's hoisted line, when it is first read under one (else -1)
  Arena *arena;
  Messages *names;
} Names;

static void add_name(Names *n, int line, CXCursor c, const char *ns) {
  CXString s = clang_getCursorSpelling(c);
  const char *name = clang_getCString(s);
  if (name && *name && !strchr(name, ' '))
    VEC_PUSH(n->arena, *n->names,
             ns ? arena_printf(n->arena, "%d %s %s", line, name, ns) : arena_printf(n->arena, "%d %s", line, name));
  clang_disposeString(s);
}

typedef struct {
  Names *n;
  const char *ns;  // the outermost namespace's name; NULL at file scope
} Scope;

// Macros and declarations at file scope and in namespaces (an unscoped
// enum's constants too) of the files first read under a hoisted line.
static enum CXChildVisitResult name_decl(CXCursor c, CXCursor parent, CXClientData data) {
  (void)parent;
  Scope *sc = data;
  enum CXCursorKind kind = clang_getCursorKind(c);
  if (kind == CXCursor_MacroExpansion || kind == CXCursor_InclusionDirective) return CXChildVisit_Continue;
  if (kind == CXCursor_Namespace || kind == CXCursor_LinkageSpec) {
    Scope inner = *sc;
    if (kind == CXCursor_Namespace && !inner.ns) {
      CXString s = clang_getCursorSpelling(c);
      const char *name = clang_getCString(s);
      inner.ns = arena_strndup(sc->n->arena, name ? name : "", name ? strlen(name) : 0);
      clang_disposeString(s);
      if (!*inner.ns) inner.ns = NULL;  // an anonymous namespace's names are the file's
    }
    clang_visitChildren(c, name_decl, &inner);
    return CXChildVisit_Continue;
  }
  CXFile file;
  clang_getSpellingLocation(clang_getCursorLocation(c), &file, NULL, NULL, NULL);
  if (!file) return CXChildVisit_Continue;
  const int *line = file_slot(sc->n->first, file, false);
  if (!line || *line < 0) return CXChildVisit_Continue;
  add_name(sc->n, *line, c, kind == CXCursor_MacroDefinition ? NULL : sc->ns);
  if (kind == CXCursor_EnumDecl && !clang_EnumDecl_isScoped(c)) clang_visitChildren(c, name_decl, sc);
  return CXChildVisit_Continue;
}

// Whether the PCH's parse read `real` (a user file) before its hoisted lines.
static bool read_before(CXTranslationUnit tu, const Inclusions *in, const char *real) {
  CXFile file = clang_getFile(tu, real);
  for (int i = 0; file && i < in->list.len; i++)
    if (in->list.items[i].line < 0 && clang_File_isEqual(in->list.items[i].file, file)) return true;
  return false;
}

// Adds `LINE @WORD` to *words for each identifier of a file's text not in
// *seen (rule 4), and `LINE NAME` to *names for each macro it
// undefines (rule 3: the user's text before the line may use it).
static void add_identifiers(Arena *a, const char *text, size_t size, int line, WordSet *seen, Messages *words,
                            Messages *names) {
  LexText t = {text, size};
  bool line_start = true;
  int undef = 0;  // 1 after a directive's '#', 2 after `# undef`
  LexTok k;
  for (size_t i = 0; lex_next(t, &i, &line_start, &k);) {
    bool ident = k.kind == LEX_IDENT;
    size_t n = k.end - k.start;
    if (ident && undef == 2) VEC_PUSH(a, *names, arena_printf(a, "%d %.*s", line, (int)n, t.s + k.start));
    undef = k.first && k.kind == LEX_PUNCT && t.s[k.start] == '#' ? 1
            : undef == 1 && ident && n == 5 && !memcmp(t.s + k.start, "undef", 5) ? 2
                                                                                  : 0;
    if (ident && wordset_add(seen, t.s + k.start, n, line))
      VEC_PUSH(a, *words, arena_printf(a, "%d @%.*s", line, (int)n, t.s + k.start));
  }
}

// Rule 2, on the PCH's parse: no macro the user's text sets before
// a hoisted line occurs in a file read under it, and each header a line names
// is include-guarded or was read before. And what the walk (rule 1) took
// for granted: the include guards it met are named nowhere in what the PCH
// reads (its text before the lines: -D, the preamble), and the user's files
// that it skipped as the preamble's were read there. Fills *names with rule
// 3's names, `LINE NAME [NAMESPACE]`, and rule 4's, `LINE @IDENTIFIER`: those
// of the files first read under a line. *why: what failed.
bool hoisted_ok(Arena *a, CXTranslationUnit tu, const HoistPch *p, Messages *names, const char **why) {
  Inclusions in = {.p = p, .arena = a};
  clang_getInclusions(tu, list_inclusion, &in);
  for (int r = 0; r < p->hoist->nassumed; r++)
    if (!read_before(tu, &in, p->hoist->assumed[r])) {
      *why = arena_printf(a, "'%s' is not read by the preamble", p->hoist->assumed[r]);
      return false;
    }
  for (int g = 0; g < p->hoist->nguards; g++) {
    const char *m = p->hoist->guards[g];
    bool named = memmem(p->preamble, p->hoist_at, m, strlen(m)) != NULL;
    for (int i = 0; i < in.list.len && !named; i++) {
      size_t size = 0;
      const char *text = clang_getFileContents(tu, in.list.items[i].file, &size);
      named = text && memmem(text, size, m, strlen(m));
    }
    if (named) {
      *why = arena_printf(a, "the include guard '%s' of a user's header is named before it", m);
      return false;
    }
  }
  FileMap first = {.cap = 64};
  while (first.cap < (size_t)in.list.len * 2) first.cap *= 2;
  first.keys = arena_alloc(a, sizeof(CXFile) * first.cap);
  first.vals = arena_alloc(a, sizeof(int) * first.cap);
  WordSet idents;
  wordset_init(&idents, a, 4096);
  Messages words = {0};  // rule 4's, after rule 3's (whose message says more)
  HeaderMacros macros;
  header_macros_init(&macros, a);
  for (int i = 0; i < in.list.len; i++) {
    const Inclusion *inc = &in.list.items[i];
    int *seen = file_slot(&first, inc->file, true);
    bool before = *seen != -2;
    if (!before) *seen = inc->line;
    size_t size = 0;
    const char *text = before ? NULL : clang_getFileContents(tu, inc->file, &size);
    if (text) header_macros_add(&macros, text, size);
    if (inc->line < 0) continue;
    CXString name = clang_getFileName(inc->file);
    const char *path = arena_printf(a, "%s", clang_getCString(name));
    clang_disposeString(name);
    if (inc->top && !before && !clang_isFileMultipleIncludeGuarded(tu, inc->file)) {
      *why = arena_printf(a, "'%s' is not include-guarded", path);
      return false;
    }
    text = clang_getFileContents(tu, inc->file, &size);
    if (text && !before) add_identifiers(a, text, size, inc->line, &idents, &words, names);
    for (int d = 0; text && d < p->hoist->lines[inc->line].ndefined; d++) {
      const char *m = p->hoist->defined[d];
      if (memmem(text, size, m, strlen(m))) {
        *why = arena_printf(a, "'%s' names '%s', a macro that the user's text sets before '%s'", path, m,
                            p->hoist->lines[inc->line].line);
        return false;
      }
    }
  }
  Names n = {.first = &first, .arena = a, .names = names};
  Scope sc = {.n = &n};
  clang_visitChildren(clang_getTranslationUnitCursor(tu), name_decl, &sc);
  for (int i = 0; i < words.len; i++) VEC_PUSH(a, *names, words.items[i]);
  int nmacros = 0;
  const char **lines = header_macros_lines(&macros, &nmacros);
  for (int m = 0; m < nmacros; m++) VEC_PUSH(a, *names, arena_printf(a, "%d %s", p->hoist->n - 1, lines[m]));
  return true;
}

// Rules 3 and 4: whether the user's text before a hoisted line holds a
// name (macro or declaration) that a header read under it brings.
bool hoist_clash(Front *f, const FrontOptions *opt, const FrontHoist *h, const char **lines, int n) {
  WordSet words, declared;
  wordset_init(&words, f->arena, (size_t)h->nwords);
  for (int i = 0; i < h->nwords; i++) wordset_add(&words, h->words[i], strlen(h->words[i]), i);
  wordset_init(&declared, f->arena, (size_t)h->ndeclared);
  for (int i = 0; i < h->ndeclared; i++) wordset_add(&declared, h->declared[i], strlen(h->declared[i]), i);
  WordSet scoped;
  wordset_init(&scoped, f->arena, (size_t)h->nscoped);
  for (int i = 0; i < h->nscoped; i++) wordset_add(&scoped, h->scoped[i], strlen(h->scoped[i]), i);
  if (n < 0) return true;  // no KEY.pch.names: the safe side
  for (int i = 0; i < n; i++) {
    char *end;
    long k = strtol(lines[i], &end, 10);
    if (k < 0 || k >= h->n || *end != ' ') return true;  // not ours: the safe side
    const char *name = end + 1, *sp = strchr(name, ' ');
    if (*name == '!') {  // a macro with a pragma or __COUNTER__ (header_macros_lines), used before a line
      const int *at = wordset_get(&words, name + 1, strlen(name + 1));
      if (!at || *at >= h->lines[h->n - 1].nwords) continue;
      if (opt->clock && opt->clock->out)
        fprintf(opt->clock->out,
                "tirx-pp: time: (no hoisting: '%s', whose body holds a pragma or __COUNTER__, is used before it)\n",
                name + 1);
      return true;
    }
    if (*name == '?') {  // a macro that may declare a name, used at namespace scope before a line
      const int *at = wordset_get(&scoped, name + 1, strlen(name + 1));
      if (!at || *at >= h->lines[h->n - 1].nscoped) continue;
      if (opt->clock && opt->clock->out)
        fprintf(opt->clock->out,
                "tirx-pp: time: (no hoisting: '%s', a header's macro, is used at namespace scope before it)\n",
                name + 1);
      return true;
    }
    if (*name == '@') {  // rule 4: an identifier of a header read under line k
      const int *at = wordset_get(&declared, name + 1, strlen(name + 1));
      if (!at || *at >= h->lines[k].ndeclared) continue;
      if (opt->clock && opt->clock->out)
        fprintf(opt->clock->out, "tirx-pp: time: (no hoisting: '%s', declared before %s, is named there)\n", name + 1,
                h->lines[k].line);
      return true;
    }
    size_t len = sp ? (size_t)(sp - name) : strlen(name);
    const int *at = wordset_get(&words, name, len);
    if (!at || *at >= h->lines[k].nwords) continue;
    const int *ns = sp ? wordset_get(&words, sp + 1, strlen(sp + 1)) : NULL;
    if (sp && (!ns || *ns >= h->lines[k].nwords)) continue;
    if (opt->clock && opt->clock->out)
      fprintf(opt->clock->out, "tirx-pp: time: (no hoisting: '%.*s' of %s is named before it)\n", (int)len, name,
              h->lines[k].line);
    return true;
  }
  return false;
}

// --- whether hoisting and the prescan pay ------------------------------------------

// Marks file f and the user files it reaches (through every include line, or
// only those before `before` in f itself).
static void reach(const Tu *tu, int f, size_t before, bool *mark) {
  if (mark[f]) return;
  mark[f] = true;
  const TuFile *file = &tu->files[f];
  for (int k = 0; k < file->anns.nincludes; k++)
    if (file->anns.includes[k].start < before && file->targets[k] >= 0) reach(tu, file->targets[k], (size_t)-1, mark);
}

// Whether the front end's prescan (host bodies, blank.c) pays: when every
// file the parse reads past the PCH's text is one of the user's (a few
// headers tirx-pp knows), not a toolkit's or a system header of unknown size
// (llm.c's train_gpt2.cu reads 0.4 s of them after its first annotated
// header: the prescan would read them twice). in_pch: the user files the
// preamble reaches. hoisting: the PCH reads the system headers past the
// preamble that it can (tu_hoist); the others count there (hoist_prescan_pays
// looks for them among the files that PCH read), not here.
static bool prescan_pays(const Tu *tu, size_t preamble, const bool *in_pch, bool *after, bool hoisting) {
  after[0] = true;
  for (int f = 0; f < tu->n; f++) {  // breadth first: a file's targets come after it
    if (!after[f]) continue;
    const TuFile *file = &tu->files[f];
    for (int k = 0; k < file->anns.nincludes; k++) {
      if (f == 0 && file->anns.includes[k].start < preamble) continue;
      int t = file->targets[k];
      if (t < 0 && hoisting && !file->anns.includes[k].computed) continue;  // hoisted, or FrontHoist.rest
      if (file->anns.includes[k].computed || t < 0) return false;
      if (!in_pch[t]) after[t] = true;
    }
  }
  return true;
}

// The front end's options that come from the translation unit: the PCH's
// preamble, the system headers it may hoist, whether the prescan pays.
void hoist_front_options(Arena *a, const Tu *tu, bool whole_tu, FrontOptions *fo) {
  fo->preamble_limit = tu_preamble_limit(a, tu);
  // --check's parse reads the preamble again after the PCH: it ends before
  // the first user header without an include guard, which would be read twice.
  const TuFile *main = &tu->files[0];
  for (int k = 0; whole_tu && k < main->anns.nincludes; k++) {
    int t = main->targets[k];
    if (t > 0 && tu->files[t].src && !hoist_guarded(tu->files[t].src)) {
      if (main->anns.includes[k].start < fo->preamble_limit) fo->preamble_limit = main->anns.includes[k].start;
      break;
    }
  }
  size_t preamble = lex_preamble_end(tu->files[0].src);
  if (preamble > fo->preamble_limit) preamble = fo->preamble_limit;
  bool *in_pch = arena_alloc(a, sizeof(bool) * (size_t)(tu->n + 1));  // zeroed
  reach(tu, 0, preamble, in_pch);
  // --check's device view visits the PCH's declarations: the headers stay where they are.
  fo->hoist = whole_tu ? NULL : tu_hoist(a, tu, preamble, in_pch);
  fo->prescan = prescan_pays(tu, preamble, in_pch, arena_alloc(a, sizeof(bool) * (size_t)(tu->n + 1)), false);
  fo->prescan_hoisted =
      fo->hoist && prescan_pays(tu, preamble, in_pch, arena_alloc(a, sizeof(bool) * (size_t)(tu->n + 1)), true);
}

// Whether the prescan pays with the PCH that serves: one that hoists no
// header, when opt->prescan says so; one that hoists `hoisted`, when
// opt->prescan_hoisted does and it read (read[0, nread), its KEY.pch.deps)
// each system header that the user's headers include further on and that it
// does not hoist (FrontHoist.rest): then the prescan reads no header of
// unknown size twice.
bool hoist_prescan_pays(const FrontOptions *opt, const FrontHoist *hoisted, const char *const *read, int nread) {
  if (!hoisted) return opt->prescan;
  if (!opt->prescan_hoisted) return false;
  for (int r = 0; r < hoisted->nrest; r++) {
    const char *name = hoisted->rest[r];
    size_t n = strlen(name);
    bool found = false;
    for (int d = 0; d < nread && !found; d++) {
      size_t len = strlen(read[d]);
      found = len > n && read[d][len - n - 1] == '/' && !strcmp(read[d] + len - n, name);
    }
    if (!found) return false;
  }
  return true;
}
