// lex.c - the one C/C++ lexer: comments, literals, splices, pp-numbers and
// brackets (lex.h). Every text scan of tirx-pp goes through these calls, so
// that a quote, a comment or a digit separator means the same thing in a
// file, in a directive line, in a macro's arguments and in an annotation.
#include "lex.h"

#include <string.h>

bool lex_eol(LexText t, size_t i) {
  return t.s[i] == '\n' || (t.s[i] == '\r' && (i + 1 >= t.n || t.s[i + 1] != '\n'));
}

size_t lex_splice(LexText t, size_t i) {
  if (t.s[i] != '\\' || i + 1 >= t.n || (t.s[i + 1] != '\n' && t.s[i + 1] != '\r')) return 0;
  return i + 2 < t.n && t.s[i + 1] == '\r' && t.s[i + 2] == '\n' ? 3 : 2;
}

size_t lex_comment(LexText t, size_t i) {
  if (i + 1 >= t.n || t.s[i] != '/') return i;
  if (t.s[i + 1] == '/') {
    while (i < t.n && !lex_eol(t, i)) {
      size_t sp = lex_splice(t, i);
      i += sp ? sp : 1;
    }
    return i;
  }
  if (t.s[i + 1] == '*') {
    for (i += 2; i + 1 < t.n; i++)
      if (t.s[i] == '*' && t.s[i + 1] == '/') return i + 2;
    return t.n;
  }
  return i;
}

// A byte of a raw string's delimiter: the basic source characters but space,
// the parentheses, the backslash and the control characters (as clang reads it).
static bool is_delimiter_char(char c) {
  return is_ident_char((unsigned char)c) || (c && strchr("{}[]#<>%:;.?*+-/^&|~!=,\"'", c));
}

// A raw string whose opening quote is at q.
static size_t raw_string_end(LexText t, size_t q, bool *closed) {
  size_t open = q + 1;
  while (open < t.n && open - q - 1 < 16 && is_delimiter_char(t.s[open])) open++;
  if (open >= t.n || t.s[open] != '(') {
    // Not a delimiter: clang says so and goes on after the next '"'.
    for (size_t i = q + 1; i < t.n; i++)
      if (t.s[i] == '"') return i + 1;
    return t.n;
  }
  size_t dlen = open - q - 1;
  for (size_t j = open + 1; j + dlen + 1 < t.n; j++)
    if (t.s[j] == ')' && memcmp(t.s + j + 1, t.s + q + 1, dlen) == 0 && t.s[j + 1 + dlen] == '"') {
      *closed = true;
      return j + dlen + 2;
    }
  return t.n;
}

size_t lex_literal(LexText t, size_t i, bool *closed) {
  bool ignored;
  if (!closed) closed = &ignored;
  *closed = false;
  size_t q = i;
  if (q + 1 < t.n && t.s[q] == 'u' && t.s[q + 1] == '8')
    q += 2;
  else if (q < t.n && (t.s[q] == 'L' || t.s[q] == 'u' || t.s[q] == 'U'))
    q++;
  if (q + 1 < t.n && t.s[q] == 'R' && t.s[q + 1] == '"') return raw_string_end(t, q + 1, closed);
  if (q >= t.n || (t.s[q] != '"' && t.s[q] != '\'')) return i;
  char quote = t.s[q];
  size_t k = q + 1;
  while (k < t.n && !lex_eol(t, k)) {
    if (t.s[k] == quote) {
      *closed = true;
      return k + 1;
    }
    if (t.s[k] == '\\') {  // an escape, or a line splice
      size_t sp = lex_splice(t, k);
      k += sp ? sp : 2;
      continue;
    }
    k++;
  }
  return k < t.n ? k : t.n;
}

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

size_t lex_space(LexText t, size_t i) {
  for (;;) {
    while (i < t.n && is_blank(t.s[i])) i++;
    if (i < t.n && lex_splice(t, i)) {
      i += lex_splice(t, i);
      continue;
    }
    size_t j = lex_comment(t, i);
    if (j == i) return i;
    i = j;
  }
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A pp-number at i: digits, letters, dots, a sign after an exponent's e or p,
// and a digit separator ' before a digit or letter.
static size_t number_end(LexText t, size_t i) {
  for (i++; i < t.n; i++) {
    char c = t.s[i], prev = t.s[i - 1];
    if (is_ident_char((unsigned char)c) || c == '.') continue;
    if ((c == '+' || c == '-') && (prev == 'e' || prev == 'E' || prev == 'p' || prev == 'P')) continue;
    if (c == '\'' && i + 1 < t.n && is_ident_char((unsigned char)t.s[i + 1])) continue;
    break;
  }
  return i;
}

size_t lex_token(LexText t, size_t i, LexKind *kind) {
  LexKind ignored;
  if (!kind) kind = &ignored;
  char c = t.s[i];
  size_t j = lex_comment(t, i);
  if (j != i) {
    *kind = LEX_COMMENT;
    return j;
  }
  j = lex_literal(t, i, NULL);
  if (j != i) {
    size_t q = i;
    while (t.s[q] != '"' && t.s[q] != '\'') q++;
    *kind = t.s[q] == '"' ? LEX_STRING : LEX_CHAR;
    return j;
  }
  if (is_digit(c) || (c == '.' && i + 1 < t.n && is_digit(t.s[i + 1]))) {
    *kind = LEX_NUMBER;
    return number_end(t, i);
  }
  if (is_ident_start((unsigned char)c)) {
    *kind = LEX_IDENT;
    for (j = i + 1; j < t.n && is_ident_char((unsigned char)t.s[j]);) j++;
    return j;
  }
  size_t sp = lex_splice(t, i);
  *kind = sp || is_blank(c) ? LEX_SPACE : LEX_PUNCT;
  return i + (sp ? sp : 1);
}

bool lex_next(LexText t, size_t *i, bool *line_start, LexTok *tok) {
  for (size_t p = *i; p < t.n;) {
    if (lex_eol(t, p)) {
      *line_start = true;
      p++;
      continue;
    }
    LexKind kind;
    size_t e = lex_token(t, p, &kind);
    if (kind == LEX_SPACE || kind == LEX_COMMENT) {  // blanks, splices, comments: the line start stays
      p = e;
      continue;
    }
    *tok = (LexTok){p, e, kind, *line_start};
    *line_start = false;
    *i = e;
    return true;
  }
  *i = t.n;
  return false;
}

static bool is_opener(char c) { return c == '(' || c == '[' || c == '{'; }
static bool is_closer(char c) { return c == ')' || c == ']' || c == '}'; }

size_t lex_close(LexText t, size_t open, LexNesting nesting, size_t *bad) {
  enum { MAX_DEPTH = 64 };
  char want[MAX_DEPTH];  // LEX_BRACKETS: the closer each open bracket waits for
  size_t depth = 0;
  if (bad) *bad = (size_t)-1;
  if (open >= t.n || (nesting == LEX_PARENS ? t.s[open] != '(' : !is_opener(t.s[open]))) return 0;
  for (size_t i = open; i < t.n;) {
    LexKind kind;
    size_t e = lex_token(t, i, &kind);
    char c = t.s[i];
    if (kind != LEX_PUNCT) {
      i = e;
      continue;
    }
    if (nesting == LEX_PARENS) {
      if (c == '(') depth++;
      if (c == ')' && --depth == 0) return i + 1;
    } else if (is_opener(c)) {
      if (depth == MAX_DEPTH) return 0;
      want[depth++] = c == '(' ? ')' : c == '[' ? ']' : '}';
    } else if (is_closer(c)) {
      if (depth == 0 || want[depth - 1] != c) {
        if (bad) *bad = i;
        return 0;
      }
      if (--depth == 0) return i + 1;
    }
    i = e;
  }
  return 0;
}

size_t lex_find(LexText t, size_t from, char c) {
  int depth = 0;
  for (size_t i = from; i < t.n;) {
    LexKind kind;
    size_t e = lex_token(t, i, &kind);
    char ch = t.s[i];
    if (kind == LEX_PUNCT) {
      if (depth == 0 && ch == c) return i;
      if (is_opener(ch)) depth++;
      if (is_closer(ch)) depth--;
    }
    i = e;
  }
  return t.n;
}

size_t lex_skip_blank(const Source *src, size_t off) { return lex_space((LexText){src->data, src->len}, off); }

size_t lex_close_paren(const Source *src, size_t open) {
  return lex_close((LexText){src->data, src->len}, open, LEX_PARENS, NULL);
}

size_t lex_find_top(const Source *src, size_t from, size_t to, char c) {
  return lex_find((LexText){src->data, to}, from, c);
}

size_t lex_find_top_triple(const Source *src, size_t from, size_t to, char c) {
  for (size_t p = from; p < to; p++) {
    p = lex_find_top(src, p, to, c);
    if (p + 2 < to && src->data[p + 1] == c && src->data[p + 2] == c) return p;
  }
  return to;
}
