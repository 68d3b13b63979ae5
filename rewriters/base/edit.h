// edit.h - the rewrite engine. Constructs add edits against offsets of the
// original file; edits nest (an unrolled loop inside a grid inside an unrolled
// loop) and never overlap partially. Rendering walks the file once, copying
// bytes outside edits unchanged and letting each edit render its range, which
// may render its sub-ranges (and the edits inside them) any number of times.
// `#line` directives keep the output pointing at the original lines.
#pragma once
#include <stdbool.h>

#include "diag.h"
#include "source.h"
#include "util.h"

typedef struct Render Render;
typedef struct Edit Edit;
typedef void (*EditFn)(Render *r, const Edit *e);

struct Edit {
  size_t start, end;  // start < end
  EditFn fn;          // renders [start, end); NULL: replace with text
  const char *text;
  void *data;
  int variant;  // 0: rendered always; EDIT_NO_VARIANT: only while none is; else while that one is
  int copy;     // 0: in every copy; EDIT_TRACED, EDIT_PLAIN, EDIT_OUTSIDE: below
};

enum { EDIT_NO_VARIANT = -1 };  // an edit that renders the variants (values.c's), not one inside them

// Under --trace the body of a persistent loop is rendered twice, recorded and
// plain (trace.c): an operation's hook is then two edits of one range, the
// traced one (rendered also outside such bodies) and the plain one; the edit
// that renders the two copies is rendered only outside them (EDIT_OUTSIDE).
enum { EDIT_TRACED = 1, EDIT_PLAIN = 2, EDIT_OUTSIDE = 3 };

// A kernel lowered once per value of a template parameter (warpgroups(...)
// values(...)) gives its lowerings' edits the variant numbers of those
// values: a variant's edits are rendered only inside the edit that renders
// the kernel's body once per value (r->variant set), and they may overlap
// another variant's.
typedef struct {
  Arena *arena;
  VEC(Edit) items;
  int variant;    // the variant the next edits belong to (0: all)
  int nvariants;  // variant numbers given out so far
} EditList;

// Adds e, in the list's current variant unless e has one.
void edit_add(EditList *l, Edit e);
void edit_replace(EditList *l, size_t start, size_t end, const char *text);
// Sorts the edits and checks that they nest; reports a partial overlap.
bool edit_finish(EditList *l, Diag *d);

struct Render {
  const Source *src;
  const EditList *edits;
  Buf out;
  bool no_line;      // no #line directives
  int line;          // original line the current output line stands for
  bool at_bol;       // the output ends with a newline (or is empty)
  int counter;       // for unique label names
  const char *path_literal;  // the file name as a C string literal
  int variant;               // the variant being rendered (0: none)
  int copy;                  // the copy of a body rendered twice being rendered (0: none)
};

// s[0..n) as a C string literal: quotes and backslashes escaped, line breaks
// and tabs as spaces (a file name for #line, a kernel's name for a message).
const char *c_string_literal(Arena *a, const char *s, size_t n);
void render_init(Render *r, const Source *src, const EditList *edits, bool no_line);
// Copies [from, to) of the original, rendering the edits inside it.
void render_range(Render *r, size_t from, size_t to);
// Emits generated text that stands for original line `line`.
void render_gen(Render *r, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
// Emits text right here, with no line bookkeeping beyond counting newlines.
void render_text(Render *r, const char *text);
// Ends the current output line with the file's end-of-line.
void render_newline(Render *r);
// Starts a new output line that stands for original line `line`, indented
// like it.
void render_line_start(Render *r, int line);
// Continues generated text on a new output line indented like `line` plus
// `extra` spaces, with no #line directive (which would split an expression).
void render_wrap(Render *r, int line, int extra);
