// lex.h - the one C/C++ lexer under tirx-pp's text scanning (scan.c, pragma.c,
// grid.c, and through the Source calls ast.c, launch.c, device.c, driver.c):
// comments, string and character literals (encoding prefixes L u U u8, raw
// strings R"d(...)d"), line splices, pp-numbers (digit separators) and
// brackets, over any run of bytes: a whole file, or an annotation's text. It
// knows where tokens end, not what they mean; no libclang, no state.
#pragma once
#include <stdbool.h>
#include <stddef.h>

#include "source.h"

// The bytes lexed: s[0, n). Offsets are indexes into s; nothing at or past n
// is read, so a prefix of a file (n short of its length) is lexed as if the
// file ended there.
typedef struct {
  const char *s;
  size_t n;
} LexText;

typedef enum {
  LEX_SPACE,    // one blank or line end, or one line splice
  LEX_COMMENT,  // `// ...` (splices followed; its line end not included) or `/* ... */`
  LEX_STRING,   // "...", with its encoding prefix; a raw string R"d(...)d"
  LEX_CHAR,     // '...', with its encoding prefix
  LEX_NUMBER,   // a pp-number: 1'000, 0x1p-3, .5f
  LEX_IDENT,    // an identifier (or keyword)
  LEX_PUNCT,    // any other byte, alone
} LexKind;

// Whether a line ends at i: a \n, or a \r that no \n follows (as clang reads it).
bool lex_eol(LexText t, size_t i);
// The length of the line splice (a backslash and its line end) at i; 0 when none.
size_t lex_splice(LexText t, size_t i);
// The end of the comment starting at i; i when none starts there. A // comment
// stops before its line end; a /* that never closes runs to n.
size_t lex_comment(LexText t, size_t i);
// The end of the string or character literal starting at i, its encoding
// prefix (L, u, U, u8) and a raw string's R included; i when none starts
// there. *closed (when not NULL): whether the literal has its closing quote or
// delimiter. An unterminated literal stops before its line end (a raw string
// runs to n).
size_t lex_literal(LexText t, size_t i, bool *closed);
// Past the blanks, line ends, line splices and comments from i.
size_t lex_space(LexText t, size_t i);
// The end of the token at i (i < n) and, when kind is not NULL, what it is.
// Call it at the boundary of a token: in the middle of one, it lexes from there.
size_t lex_token(LexText t, size_t i, LexKind *kind);

// A token that is not blanks, a splice, a comment or a line end, and whether
// it is the first of its logical line (a '#' there starts a directive).
typedef struct {
  size_t start, end;
  LexKind kind;
  bool first;
} LexTok;
// The next such token from *i into *tok, *i moved past it; false at the end
// of the text. *line_start says whether *i is at the start of a line (true at
// the start of the text) and is kept up to date, so that a caller that skips
// to a directive's line end sees that line end next.
bool lex_next(LexText t, size_t *i, bool *line_start, LexTok *tok);

typedef enum {
  LEX_PARENS,    // only ( and ) count: how the preprocessor splits a macro's arguments
  LEX_BRACKETS,  // ( [ { are each closed by their own closer (64 deep at most)
} LexNesting;

// Just past the bracket that closes the one at open, skipping literals and
// comments; 0 when none opens there, or it is not closed before n (or nests
// deeper than 64 with LEX_BRACKETS). With LEX_BRACKETS and bad not NULL, *bad is where the first closer that does not
// match its opener stands (and the answer is 0), (size_t)-1 when none does.
size_t lex_close(LexText t, size_t open, LexNesting nesting, size_t *bad);
// The first c in [from, n) outside brackets, literals and comments (closers
// counted as they come, unmatched); n when there is none.
size_t lex_find(LexText t, size_t from, char c);

// The same over a file's bytes.
// Skips blanks, comments and line continuations from off.
size_t lex_skip_blank(const Source *src, size_t off);
// Given the offset of '(', returns the offset just past its ')', or 0 when
// unbalanced (only parentheses count).
size_t lex_close_paren(const Source *src, size_t open);
// First `c` in [from, to) outside brackets, literals and comments; `to` if none.
size_t lex_find_top(const Source *src, size_t from, size_t to, char c);
// First `ccc` (`<<<`, `>>>` of a kernel launch) in [from, to) outside
// brackets, literals and comments; `to` if none.
size_t lex_find_top_triple(const Source *src, size_t from, size_t to, char c);
