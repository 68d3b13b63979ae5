// tirx_support.h - the support library: what the tool and libtirx_rt (the
// library's two front doors, tool/ and runtime/) use of base/ besides the
// public interface (tirxpp.h): arenas, byte buffers, allocation that never
// returns NULL, files, an input with its line table, and messages in clang's
// format. It is all they may use below them but for tirxpp.h (tests/layers.sh
// holds them to it). Each is declared here only; the library's own files
// reach it through util.h, sys.h, source.h and diag.h, which include this
// header and declare the rest of base/.
#pragma once
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "tirxpp.h"

// ---- memory (util.c) ----
// Everything one run of tirx-pp allocates lives in one arena, freed at once.
typedef struct Arena Arena;
Arena *arena_new(void);
void arena_free(Arena *a);
void *arena_alloc(Arena *a, size_t size);  // zeroed
char *arena_strndup(Arena *a, const char *s, size_t n);
// realpath(path) copied into the arena; NULL when path is NULL or cannot be resolved.
char *arena_realpath(Arena *a, const char *path);
char *arena_printf(Arena *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

// A growable buffer of bytes (malloc-backed; call buf_free). The public
// interface hands results out in it, so it is defined there, as TirxBuf
// (tirxpp.h includes nothing of the library: no cycle).
typedef TirxBuf Buf;
void buf_put(Buf *b, const char *s, size_t n);
void buf_puts(Buf *b, const char *s);
void buf_putc(Buf *b, char c);
void buf_printf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_free(Buf *b);

// A growable array of T in an arena: VEC(T) v = {0}; VEC_PUSH(arena, v, x).
#define VEC(T) struct { T *items; int len, cap; }
#define VEC_PUSH(arena, v, x)                                                   \
  do {                                                                          \
    if ((v).len == (v).cap) {                                                   \
      int cap_ = (v).cap ? (v).cap * 2 : 8;                                     \
      void *items_ = arena_alloc((arena), sizeof(*(v).items) * (size_t)cap_);   \
      if ((v).len) memcpy(items_, (v).items, sizeof(*(v).items) * (size_t)(v).len); \
      (v).items = items_;                                                       \
      (v).cap = cap_;                                                           \
    }                                                                           \
    (v).items[(v).len++] = (x);                                                 \
  } while (0)

// They never return NULL: out of memory, they jump to the innermost OomTrap
// (util.h) or, outside any, print a message and abort().
void *xmalloc(size_t n);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);

// ---- files (sys.c) ----
// None of them prints or exits; failures come back as NULL, false or an
// errno value.
// The whole file, malloc'ed and NUL-terminated (the NUL not counted in *len);
// NULL with errno set when it cannot be read (ENOMEM when memory runs out).
// Pipes and devices are read to their end; "-" is standard input.
char *sys_read_file(const char *path, size_t *len);
// Writes all n bytes to fd (retrying short writes and EINTR); false with
// errno set.
bool sys_write_all(int fd, const char *p, size_t n);
// Replaces path with data: written to a temporary file beside it, synced and
// renamed into place, so that readers see the old file or the whole new one
// and a failure leaves path untouched. The file gets 0666 less the umask (not
// mkstemp's 0600). A device or pipe is written directly. 0, or an errno value.
int sys_replace_file(const char *path, const char *data, size_t len);
// A new file path.tmp.XXXXXX (six letters and digits, as mkstemp names them)
// with the usual mode: created 0666 less the umask, as the kernel applies it
// (mkstemp's 0600 would need the umask to be read, and umask() sets it for
// every thread while it is read). O_EXCL makes the name this call's: a taken
// one is skipped. The descriptor, or -1 with errno set (*tmp NULL: no
// memory); *tmp is the caller's to free.
int sys_create_temp(const char *path, char **tmp);
// A user's cache directory from the values of its variables (NULL: unset),
// which the caller reads (the library reads no environment): setting
// ("off": none), else xdg/SUB ($XDG_CACHE_HOME), else home/.cache/SUB ($HOME),
// created; buf on success, NULL when off, unknown, too long or not writable.
// tirx-pp's parse cache is SUB tirx-pp with setting $TIRX_PP_CACHE_DIR, in the
// tool and in libtirx_rt (which rewrites too) alike.
const char *sys_user_cache_dir(const char *setting, const char *xdg, const char *home, const char *sub, char *buf, size_t size);
// Whether dir (a real path) is one the host compiler searches anyway, for the
// C and C++ libraries: /usr/include, /usr/local/include, the multiarch
// /usr/include/x86_64-linux-gnu, gcc's and libstdc++'s. A project's
// `-I /usr/include` names no header of its own there.
bool sys_is_system_include_dir(const char *dir);
// The directory part of path, for its quoted includes: a pointer to it and
// its length (*len), without copying: "." for "k.cu", "/" for "/k.cu",
// "src" (in path) for "src/k.cu".
const char *sys_path_dir(const char *path, size_t *len);

// ---- an input in memory, with its line table (source.c) ----
// The input's own `#line N ["FILE"]` (or `# N "FILE"`): from physical line
// `after` on, lines are numbered from `line` in `file` (the literal as written,
// quotes included; NULL: the file's own name).
typedef struct {
  int after, line;
  const char *file;
  size_t file_len;
} LineMark;

typedef struct {
  const char *path;  // as given on the command line; used in messages and #line
  const char *data;  // the bytes, NUL-terminated (the file may hold NULs too)
  size_t len;
  size_t *line_start;  // offset of the first byte of each line
  int nlines;
  const char *eol;  // "\r\n" when most lines end so, else "\n"
  LineMark *marks;  // the file's own #line directives, in order
  int nmarks;
} Source;

// Takes the bytes as they are; the arena owns the line table.
Source *source_new(Arena *a, const char *path, const char *data, size_t len);
// The text of line n (1-based) without its end-of-line bytes.
const char *source_line_text(const Source *s, int line, size_t *len);

// ---- messages in clang's format (diag.c) ----
typedef enum { DIAG_ERROR, DIAG_WARNING, DIAG_NOTE, DIAG_REMARK } DiagKind;

typedef struct DiagMessage DiagMessage;

typedef struct {
  const Source *src;
  FILE *out;      // where messages go; NULL counts them only
  bool werror;    // warnings count as errors
  bool remarks;   // -Rpass: print remarks
  bool color;
  int errors, warnings;
  DiagMessage *messages;  // kept until diag_flush
  int nmessages, capmessages;
  int note_to;  // while diag_note_to writes: 1 + the message its note goes to (0: the last)
} Diag;

// len > 1 underlines len bytes after the caret with '~'.
void diag_at(Diag *d, DiagKind kind, size_t off, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
// A message with no place in the input: "tirx-pp: error: ...".
void diag_plain(Diag *d, DiagKind kind, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
// Writes the messages, in source order, and forgets them.
void diag_flush(Diag *d);
