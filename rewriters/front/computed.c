// computed.c - the headers a computed #include may name, from its macro's
// definitions (computed.h).
#define _GNU_SOURCE  // memmem
#include "computed.h"

#include <stdio.h>
#include <string.h>

#include "lex.h"
#include "util.h"

#define MAX_PARAMS 16
#define MAX_DEPTH 8

// One definition of a macro: its parameters (function-like) and its body,
// tokens joined by one blank where the text had blanks or comments.
typedef struct {
  bool function_like;
  int nparams;
  const char *params[MAX_PARAMS];
  const char *body;
} Def;
typedef VEC(Def) Defs;

// The definitions found for one name (ok: all could be read), kept: a chain
// of macros asks for the same names again.
typedef struct {
  const char *name;
  Defs defs;
  bool ok;
} Found;

struct Settle {
  Arena *a;
  const TirxOptions *opt;
  const Source *const *files;
  int nfiles;
  VEC(HeaderName) names;  // the current include's
  VEC(Found) found;       // every name's definitions, for the whole translation unit
};

// The tokens of s[from, to), comments dropped, joined by one blank where the
// text had blanks, comments or line splices between them.
static const char *joined(Arena *a, const char *s, size_t from, size_t to) {
  LexText t = {s, to};
  char *out = arena_alloc(a, to - from + 1);
  size_t n = 0;
  for (size_t i = from; i < to;) {
    LexKind kind;
    size_t e = lex_token(t, i, &kind);
    if (kind == LEX_SPACE || kind == LEX_COMMENT) {
      if (n && out[n - 1] != ' ') out[n++] = ' ';
    } else {
      memcpy(out + n, s + i, e - i);
      n += e - i;
    }
    i = e;
  }
  while (n && out[n - 1] == ' ') n--;
  out[n] = '\0';
  return out;
}

// The end of the logical line from i (line splices followed).
static size_t logical_line_end(LexText t, size_t i) {
  while (i < t.n && !lex_eol(t, i)) i = lex_token(t, i, NULL);
  return i;
}

// Reads `(a, b)` at *i (just past the macro's name) into d's parameters;
// false for a variadic macro or more than MAX_PARAMS of them.
static bool read_params(Arena *a, LexText t, size_t *i, size_t end, Def *d) {
  size_t close = lex_close(t, *i, LEX_PARENS, NULL);
  if (!close || close > end) return false;
  const char *list = joined(a, t.s, *i + 1, close - 1);
  *i = close;
  d->function_like = true;
  for (const char *p = list; *p;) {
    while (*p == ' ') p++;
    const char *e = p;
    while (is_ident_char((unsigned char)*e)) e++;
    if (e == p || d->nparams == MAX_PARAMS) return false;  // `...`, or too many
    d->params[d->nparams++] = arena_strndup(a, p, (size_t)(e - p));
    while (*e == ' ') e++;
    if (*e && *e != ',') return false;
    p = *e ? e + 1 : e;
  }
  return true;
}

// Whether the text from the start of the physical line holding at up to at
// is `#define ` (blanks allowed around '#').
static bool define_before(const char *s, size_t line, size_t at) {
  size_t i = line;
  while (i < at && (s[i] == ' ' || s[i] == '\t')) i++;
  if (i >= at || s[i++] != '#') return false;
  while (i < at && (s[i] == ' ' || s[i] == '\t')) i++;
  if (at - i < 7 || memcmp(s + i, "define", 6) || (s[i + 6] != ' ' && s[i + 6] != '\t')) return false;
  for (i += 6; i < at; i++)
    if (s[i] != ' ' && s[i] != '\t') return false;
  return true;
}

// Every `#define NAME` line of src. A definition in a comment or in an
// #if 0 block counts as well: more definitions only make an answer rarer.
static bool add_file_defs(Arena *a, const Source *src, const char *name, Defs *defs) {
  size_t len = strlen(name);
  LexText t = {src->data, src->len};
  for (const char *p = src->data; (p = memmem(p, src->len - (size_t)(p - src->data), name, len)); p += len) {
    size_t at = (size_t)(p - src->data), after = at + len;
    if ((at && is_ident_char((unsigned char)src->data[at - 1])) ||
        (after < src->len && is_ident_char((unsigned char)src->data[after])))
      continue;
    size_t line = at;
    while (line && src->data[line - 1] != '\n') line--;
    if (!define_before(src->data, line, at)) continue;
    size_t end = logical_line_end(t, after), i = after;
    Def d = {0};
    if (i < end && src->data[i] == '(' && !read_params(a, t, &i, end, &d)) return false;
    d.body = joined(a, src->data, i, end);
    VEC_PUSH(a, *defs, d);
  }
  return true;
}

// `-DNAME`, `-DNAME=VALUE`, `-DNAME(x)=VALUE` (or `-D` then the rest); a
// `-UNAME` is no answer.
static bool add_option_defs(Arena *a, const TirxOptions *opt, const char *name, Defs *defs) {
  size_t len = strlen(name);
  for (int k = 0; k < opt->nclang_args; k++) {
    const char *arg = opt->clang_args[k];
    bool undef = !strncmp(arg, "-U", 2);
    if (strncmp(arg, "-D", 2) && !undef) continue;
    arg = !arg[2] && k + 1 < opt->nclang_args ? opt->clang_args[++k] : arg + 2;
    if (strncmp(arg, name, len) || is_ident_char((unsigned char)arg[len])) continue;
    if (undef) return false;  // what stands after it may be a header's definition, which the text does not show
    const char *eq = strchr(arg, '=');
    size_t n = strlen(arg), i = len;
    LexText t = {arg, n};
    Def d = {0};
    if (arg[i] == '(' && !read_params(a, t, &i, eq ? (size_t)(eq - arg) : n, &d)) return false;
    d.body = eq ? joined(a, arg, (size_t)(eq - arg) + 1, n) : "1";
    VEC_PUSH(a, *defs, d);
  }
  return true;
}

// Every definition of name; false when one cannot be read.
static bool find_defs(Settle *s, const char *name, Defs *defs) {
  for (int i = 0; i < s->found.len; i++)
    if (!strcmp(s->found.items[i].name, name)) return *defs = s->found.items[i].defs, s->found.items[i].ok;
  *defs = (Defs){0};
  bool ok = true;
  for (int f = 0; f < s->nfiles && ok; f++)
    if (s->files[f]) ok = add_file_defs(s->a, s->files[f], name, defs);
  ok = ok && add_option_defs(s->a, s->opt, name, defs);
  VEC_PUSH(s->a, s->found, ((Found){name, *defs, ok}));
  return ok;
}

// Whether text holds a word that is a macro, which the preprocessor would
// replace and the reading here does not: in an argument before it goes into
// the body (`STR(NAME)` with `#define NAME ann.cuh`), in an angled header
// name (`<linux/x.h>` under -Dlinux). A pp-number's letters are no word.
static bool has_macro_word(Settle *s, const char *text) {
  LexText t = {text, strlen(text)};
  for (size_t i = 0; i < t.n;) {
    LexKind kind;
    size_t e = lex_token(t, i, &kind);
    Defs defs;
    if (kind == LEX_IDENT && (!find_defs(s, arena_strndup(s->a, text + i, e - i), &defs) || defs.len)) return true;
    i = e;
  }
  return false;
}

static void add_name(Settle *s, const char *name, bool angled) {
  for (int i = 0; i < s->names.len; i++)
    if (s->names.items[i].angled == angled && !strcmp(s->names.items[i].name, name)) return;
  VEC_PUSH(s->a, s->names, ((HeaderName){.name = name, .angled = angled}));
}

// A header name outright: `<a/b>` or a plain `"a/b"`; false when text is
// neither (*is_name false) or is one that cannot be settled (*is_name true).
static bool header_name(Settle *s, const char *text, bool *is_name) {
  size_t n = strlen(text);
  *is_name = n >= 2 && ((text[0] == '<' && text[n - 1] == '>') || (text[0] == '"' && text[n - 1] == '"'));
  if (!*is_name) return false;
  const char *name = arena_strndup(s->a, text + 1, n - 2);
  if (!*name || strpbrk(name, " \t\"\\<>")) return false;
  if (text[0] == '<' && has_macro_word(s, name)) return false;
  add_name(s, name, text[0] == '<');
  return true;
}

// Splits `NAME` or `NAME(a, b)` into the name and its arguments (*nargs -1:
// no parentheses).
static bool read_call(Arena *a, const char *text, const char **name, const char **args, int *nargs) {
  const char *e = text;
  while (is_ident_char((unsigned char)*e)) e++;
  if (e == text || (*text >= '0' && *text <= '9')) return false;
  *name = arena_strndup(a, text, (size_t)(e - text));
  while (*e == ' ') e++;
  *nargs = -1;
  if (!*e) return true;
  size_t n = strlen(text), open = (size_t)(e - text);
  LexText t = {text, n};
  if (text[open] != '(' || lex_close(t, open, LEX_PARENS, NULL) != n) return false;
  *nargs = 0;
  for (size_t i = open + 1; i < n;) {
    size_t comma = lex_find(t, i, ','), stop = comma < n - 1 ? comma : n - 1;
    if (*nargs == MAX_PARAMS) return false;
    args[(*nargs)++] = joined(a, text, i, stop);
    i = stop + 1;
  }
  return true;
}

// d's body with the arguments put in; NULL when it pastes (##), stringizes
// what cannot be a plain string, or puts in an argument that holds a macro.
static const char *substitute(Settle *s, const Def *d, const char *const *args) {
  Arena *a = s->a;
  LexText t = {d->body, strlen(d->body)};
  size_t cap = t.n + 1;
  for (int k = 0; k < d->nparams; k++) cap += (strlen(args[k]) + 2) * t.n;
  char *out = arena_alloc(a, cap);
  size_t n = 0;
  bool stringize = false;
  for (size_t i = 0; i < t.n;) {
    LexKind kind;
    size_t e = lex_token(t, i, &kind);
    if (t.s[i] == '#' && kind == LEX_PUNCT) {
      if (stringize || (e < t.n && t.s[e] == '#')) return NULL;  // ##
      stringize = true;
      i = e;
      continue;
    }
    const char *piece = NULL;
    if (kind == LEX_IDENT)
      for (int k = 0; k < d->nparams && !piece; k++)
        if (strlen(d->params[k]) == e - i && !memcmp(t.s + i, d->params[k], e - i)) piece = args[k];
    if (stringize) {
      if (kind == LEX_SPACE) {
        i = e;
        continue;
      }
      if (!piece || strpbrk(piece, "\"\\")) return NULL;
      n += (size_t)sprintf(out + n, "\"%s\"", piece);
      stringize = false;
    } else if (piece) {
      if (has_macro_word(s, piece)) return NULL;
      n += (size_t)sprintf(out + n, "%s", piece);
    } else {
      memcpy(out + n, t.s + i, e - i);
      n += e - i;
    }
    i = e;
  }
  if (stringize) return NULL;
  out[n] = '\0';
  return out;
}

static bool expand(Settle *s, const char *text, int depth) {
  bool is_name;
  if (header_name(s, text, &is_name)) return true;
  if (is_name) return false;  // a name that cannot be settled
  const char *name, *args[MAX_PARAMS];
  int nargs;
  Defs defs;
  if (depth == MAX_DEPTH || !read_call(s->a, text, &name, args, &nargs) || !find_defs(s, name, &defs) || !defs.len)
    return false;
  for (int i = 0; i < defs.len; i++) {
    const Def *d = &defs.items[i];
    if (d->function_like != (nargs >= 0)) return false;  // a function-like macro's name alone stays a word
    if (d->function_like && nargs != d->nparams && !(d->nparams == 0 && nargs == 1 && !*args[0])) return false;
    const char *body = d->function_like ? substitute(s, d, args) : d->body;
    if (!body || !expand(s, body, depth + 1)) return false;
  }
  return true;
}

Settle *computed_begin(Arena *a, const TirxOptions *opt, const Source *const *files, int nfiles) {
  Settle *s = arena_alloc(a, sizeof *s);
  *s = (Settle){.a = a, .opt = opt, .files = files, .nfiles = nfiles};
  return s;
}

bool computed_names(Settle *s, const Source *src, const IncludeLine *inc, HeaderName **names, int *n) {
  const TirxOptions *opt = s->opt;
  if (inc->next || opt->flags_hidden) return false;  // #include_next: the search, not the name, is the question
  for (int k = 0; k < opt->nclang_args; k++)
    if (!strncmp(opt->clang_args[k], "-imacros", 8)) return false;  // definitions in a file the text does not show
  s->names.len = 0;
  if (!expand(s, joined(s->a, src->data, inc->name_start, inc->name_end), 0)) return false;
  *names = s->names.items;
  *n = s->names.len;
  return true;
}
