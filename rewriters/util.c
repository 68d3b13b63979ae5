// util.c - arena, buffers.
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) {
    fputs("tirx-pp: out of memory\n", stderr);
    exit(3);
  }
  return p;
}

void *xrealloc(void *p, size_t n) {
  p = realloc(p, n ? n : 1);
  if (!p) {
    fputs("tirx-pp: out of memory\n", stderr);
    exit(3);
  }
  return p;
}

typedef struct Block {
  struct Block *next;
  size_t used, cap;
  _Alignas(16) char mem[];
} Block;

struct Arena {
  Block *head;
};

Arena *arena_new(void) {
  Arena *a = xmalloc(sizeof *a);
  a->head = NULL;
  return a;
}

void arena_free(Arena *a) {
  if (!a) return;
  for (Block *b = a->head, *next; b; b = next) {
    next = b->next;
    free(b);
  }
  free(a);
}

void *arena_alloc(Arena *a, size_t size) {
  size = (size + 15) & ~(size_t)15;
  Block *b = a->head;
  if (!b || b->cap - b->used < size) {
    size_t cap = size > 65536 ? size : 65536;
    b = xmalloc(sizeof(Block) + cap);
    b->used = 0;
    b->cap = cap;
    b->next = a->head;
    a->head = b;
  }
  void *p = b->mem + b->used;
  b->used += size;
  memset(p, 0, size);
  return p;
}

char *arena_strndup(Arena *a, const char *s, size_t n) {
  char *p = arena_alloc(a, n + 1);
  memcpy(p, s, n);
  p[n] = '\0';
  return p;
}

char *arena_printf(Arena *a, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  Buf b = {0};
  buf_vprintf(&b, fmt, ap);
  va_end(ap);
  char *s = arena_strndup(a, b.data ? b.data : "", b.len);
  buf_free(&b);
  return s;
}

void buf_put(Buf *b, const char *s, size_t n) {
  if (b->len + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + n + 1) cap *= 2;
    b->data = xrealloc(b->data, cap);
    b->cap = cap;
  }
  if (n) memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = '\0';
}

void buf_puts(Buf *b, const char *s) { buf_put(b, s, strlen(s)); }
void buf_putc(Buf *b, char c) { buf_put(b, &c, 1); }

void buf_vprintf(Buf *b, const char *fmt, va_list ap) {
  char small[256];
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(small, sizeof small, fmt, ap);
  if (n < 0) n = 0;
  if ((size_t)n < sizeof small) {
    buf_put(b, small, (size_t)n);
  } else {
    char *big = xmalloc((size_t)n + 1);
    vsnprintf(big, (size_t)n + 1, fmt, ap2);
    buf_put(b, big, (size_t)n);
    free(big);
  }
  va_end(ap2);
}

void buf_printf(Buf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  buf_vprintf(b, fmt, ap);
  va_end(ap);
}

void buf_free(Buf *b) {
  free(b->data);
  b->data = NULL;
  b->len = b->cap = 0;
}

bool is_ident_start(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_ident_char(int c) { return is_ident_start(c) || (c >= '0' && c <= '9'); }
