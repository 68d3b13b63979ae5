// scan.h - finds tirx annotations in the bytes of a file, without libclang:
// `#pragma tirx` lines, `_Pragma("tirx ...")`, TIRX_* macros and tirx_* calls.
// Comments, string and character literals and other directives are skipped
// (lex.h: the lexer, and its calls over a file that the constructs use).
#pragma once
#include <stdbool.h>

#include "lex.h"
#include "pragma.h"
#include "source.h"

typedef enum { SPELL_PRAGMA, SPELL_UPRAGMA, SPELL_MACRO, SPELL_CALL } Spelling;

typedef struct {
  Spelling spelling;
  size_t start, end;  // the annotation's own text (a pragma line without its newline)
  Span name;          // macro or call name
  Span args;          // inside the parentheses of a macro or call
  bool has_args;
  Span text;          // pragma forms: the text after `tirx`
  Directive dir;      // filled by the driver for statement annotations
  int node;           // the AST node it is attached to, -1 before
  bool skipped;       // inside a preprocessor-skipped block: left alone
  bool read;          // its directive was read cleanly while the stubs were made
  const char *bad;    // what is wrong with its very text, when something is
} Annotation;

// An `#include` line: where its header name is, so that it can be resolved
// as the preprocessor would and redirected when the output lives elsewhere.
typedef struct {
  size_t start;       // the '#'
  size_t name_start;  // the opening '"' or '<'
  size_t name_end;    // just past the closing '"' or '>'
  bool angled;        // <...>
  bool computed;      // `#include MACRO`: only the preprocessor knows the name
  bool next;          // `#include_next`: found past the directory of the including file
                      // (computed too: only the preprocessor knows which file)
} IncludeLine;

typedef struct {
  Annotation *items;
  int len;
  bool includes_tirx_h;  // the file has `#include "tirx.h"` (or <tirx.h>)
  IncludeLine *includes;  // every #include line, in file order
  int nincludes;
} AnnotationList;

AnnotationList scan_annotations(Arena *a, const Source *src);

// A tirx_* call of tirx.h (a row of constructs.def).
typedef enum { CALL_THREAD, CALL_CONCURRENCY } CallClass;
typedef struct {
  const char *name;
  CallClass class;
  const char *stub;  // what clang sees in its place; NULL: its arguments, `((void)(ARGS))`
} TirxCall;
// The call named name; NULL when it is none of them.
const TirxCall *find_tirx_call(Span name);
bool is_tirx_call(Span name);
// End of the file's preamble: the leading lines that hold only directives
// (no tirx annotation), blanks and comments, with #if/#endif balanced. 0 when
// there is none or it holds no #include.
size_t lex_preamble_end(const Source *src);
