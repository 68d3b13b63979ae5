// util.c - arena, buffers, and the out-of-memory trap.
#define _DEFAULT_SOURCE  // realpath
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Block {
  struct Block *next;
  size_t used, cap;
  _Alignas(16) char mem[];
} Block;

// The innermost trap of this thread: per thread, as each call of the
// library's interface sets its own (the thread's only shared state).
static _Thread_local OomTrap *current_trap;

struct Arena {
  Block *head;
  OomTrap *trap;      // the trap it was made under, NULL when none
  Arena *next_trapped;
};

void oom_trap_push(OomTrap *t) {
  t->outer = current_trap;
  t->arenas = NULL;
  current_trap = t;
}

void oom_trap_pop(OomTrap *t) {
  // Arenas that outlive the call (none in the library today) are no longer
  // the trap's to free.
  for (Arena *a = t->arenas; a; a = a->next_trapped) a->trap = NULL;
  current_trap = t->outer;
}

static void release_arena(Arena *a) {
  for (Block *b = a->head, *next; b; b = next) {
    next = b->next;
    free(b);
  }
  free(a);
}

_Noreturn static void out_of_memory(void) {
  OomTrap *t = current_trap;
  if (!t) {
    fputs("tirx-pp: out of memory\n", stderr);
    abort();
  }
  current_trap = t->outer;
  for (Arena *a = t->arenas, *next; a; a = next) {
    next = a->next_trapped;
    release_arena(a);
  }
  longjmp(t->jump, 1);
}

void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) out_of_memory();
  return p;
}

void *xrealloc(void *p, size_t n) {
  p = realloc(p, n ? n : 1);
  if (!p) out_of_memory();
  return p;
}

char *xstrdup(const char *s) {
  size_t n = strlen(s) + 1;
  return memcpy(xmalloc(n), s, n);
}

Arena *arena_new(void) {
  Arena *a = xmalloc(sizeof *a);
  *a = (Arena){.trap = current_trap};
  if (a->trap) {
    a->next_trapped = a->trap->arenas;
    a->trap->arenas = a;
  }
  return a;
}

void arena_free(Arena *a) {
  if (!a) return;
  if (a->trap) {
    Arena **p = &a->trap->arenas;
    while (*p != a) p = &(*p)->next_trapped;
    *p = a->next_trapped;
  }
  release_arena(a);
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

char *arena_realpath(Arena *a, const char *path) {
  char *r = path ? realpath(path, NULL) : NULL;
  char *s = r ? arena_strndup(a, r, strlen(r)) : NULL;
  free(r);
  return s;
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

uint64_t hash_bytes(uint64_t h, const char *s, size_t n) {
  size_t i = 0;
  // Eight bytes a step (the pass-through check hashes a whole source, 200 KB
  // for ggml's largest), each step a bijection of the state: the multiply,
  // then a shift that brings the high bits down.
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    memcpy(&w, s + i, 8);
    h = (h ^ w) * 1099511628211ULL;
    h ^= h >> 29;
  }
  for (; i < n; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
  return (h ^ 0xff) * 1099511628211ULL;
}

// Bottom-up merge sort through one temporary buffer, the runs swapping
// between the two.
void sort_stable(void *base, size_t n, size_t size, SortCmp cmp, void *ctx) {
  if (n < 2) return;
  char *from = base, *to = xmalloc(n * size), *tmp = to;
  for (size_t width = 1; width < n; width *= 2) {
    for (size_t lo = 0; lo < n; lo += 2 * width) {
      size_t mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
      size_t i = lo, j = mid, k = lo;
      while (i < mid && j < hi) {
        // Ties keep the left run's element first: stable.
        const char *pick = cmp(from + j * size, from + i * size, ctx) < 0 ? from + j++ * size : from + i++ * size;
        memcpy(to + k++ * size, pick, size);
      }
      memcpy(to + k * size, from + i * size, (mid - i) * size), k += mid - i;
      memcpy(to + k * size, from + j * size, (hi - j) * size);
    }
    char *t = from;
    from = to, to = t;
  }
  if (from != base) memcpy(base, from, n * size);
  free(tmp);
}
