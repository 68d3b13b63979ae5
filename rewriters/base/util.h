// util.h - arena allocation, growable byte buffers and small string helpers.
#pragma once
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "tirx_support.h"


typedef struct {
  size_t start, end;
} Range;

void buf_vprintf(Buf *b, const char *fmt, va_list ap);

bool is_ident_start(int c);
bool is_ident_char(int c);
// FNV-1a's steps over n bytes, eight at a time, from h
// (14695981039346656037 to start), with a separator mixed in after them (so
// that "ab","c" and "a","bc" differ).
uint64_t hash_bytes(uint64_t h, const char *s, size_t n);

// A stable merge sort of n elements of `size` bytes whose comparison reads
// ctx (qsort's comparator has no context, so it would need a static).
typedef int (*SortCmp)(const void *a, const void *b, void *ctx);
void sort_stable(void *base, size_t n, size_t size, SortCmp cmp, void *ctx);

// ---- the failure policy: running out of memory ----
// Nothing in the library exits or aborts. Every allocation goes through
// xmalloc/xrealloc (arenas and Bufs too), which never return NULL: when
// memory runs out they jump to the innermost OomTrap of this thread, set by
// each call of the library's interface (tirx_rewrite, tirx_has_annotations;
// api.c), which then returns its I/O error. The trap frees the arenas made
// under it; Bufs and libclang's objects of the failed call are leaked (and a
// failure inside a libclang callback jumps over libclang's frames).
//
//   OomTrap t;
//   oom_trap_push(&t);
//   if (setjmp(t.jump)) return TIRX_IO_ERROR;  // popped already
//   ... work ...
//   oom_trap_pop(&t);
//
// A program that calls these helpers outside any trap (the tool, around its
// own buffers) gets a message and abort(): set a trap there to do better.
// (xmalloc, xrealloc and xstrdup: tirx_support.h)
typedef struct OomTrap {
  jmp_buf jump;
  struct OomTrap *outer;
  Arena *arenas;  // made under this trap and not freed yet
} OomTrap;
void oom_trap_push(OomTrap *t);
void oom_trap_pop(OomTrap *t);
