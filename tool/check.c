// check.c - tirx-pp --check: NVRTC compiles the device view for the target
// (a cubin, so ptxas runs too), and each of its messages is reported at the
// original file and line (the view's #line directives give them) with the
// column its caret shows, in tirx-pp's own format.
#define _GNU_SOURCE
#include "tirx_support.h"
#include "check.h"
#include "check_options.h"

#include <stdlib.h>
#include <string.h>

#include "nvrtc.h"

// --- NVRTC's log -------------------------------------------------------------------
// A message is `FILE(LINE): error: TEXT`, maybe more lines of text, the source
// line indented by two, a caret under the place, lines such as "detected during
// instantiation of ...", and a blank line.

typedef struct {
  const char *file;
  int line, col;  // col 0: none shown
  DiagKind kind;
  Buf text;
  const char *echo;  // the source line as NVRTC showed it
  size_t echo_len;
} Msg;

typedef struct {
  const TirxOptions *opt;
  Arena *ar;
  FILE *err;
  const Source *input;
  VEC(const Source *) files;  // other files read for snippets
  int errors;
} Report;

// "FILE(LINE): KIND[ #N-D]: TEXT"; false when the line is not a message's first.
static bool parse_head(Arena *ar, const char *s, size_t n, Msg *m) {
  for (size_t i = 0; i < n; i++) {
    if (s[i] != '(') continue;
    size_t j = i + 1;
    int line = 0;
    while (j < n && s[j] >= '0' && s[j] <= '9' && line < 100000000) line = line * 10 + (s[j++] - '0');
    if (j == i + 1 || j + 3 > n || memcmp(s + j, "): ", 3)) continue;
    const char *k = s + j + 3, *end = s + n;
    static const struct {
      const char *word;
      DiagKind kind;
    } kinds[] = {{"catastrophic error", DIAG_ERROR}, {"internal error", DIAG_ERROR}, {"error", DIAG_ERROR},
                 {"warning", DIAG_WARNING}, {"remark", DIAG_REMARK}};
    for (size_t w = 0; w < sizeof kinds / sizeof *kinds; w++) {
      size_t wl = strlen(kinds[w].word);
      if ((size_t)(end - k) <= wl || memcmp(k, kinds[w].word, wl)) continue;
      const char *p = k + wl, *number = NULL, *number_end = NULL;
      if (*p == ' ' && p + 1 < end && p[1] == '#') {  // " #177-D": kept as clang keeps a flag
        number = p + 1;
        while (p < end && *p != ':') p++;
        number_end = p;
      }
      if (p + 1 >= end || p[0] != ':' || p[1] != ' ') continue;
      *m = (Msg){.file = arena_strndup(ar, s, i), .line = line, .kind = kinds[w].kind};
      buf_put(&m->text, p + 2, (size_t)(end - p - 2));
      if (number) buf_printf(&m->text, " [%.*s]", (int)(number_end - number), number);
      return true;
    }
  }
  return false;
}

// The caret line copies the source line's tabs, so the caret's index is a
// byte count.
static bool is_caret(const char *s, size_t n, size_t *at) {
  size_t i = 0;
  while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
  if (i >= n || s[i] != '^') return false;
  *at = i;
  for (size_t j = i + 1; j < n; j++)
    if (s[j] != ' ') return false;
  return true;
}

static bool is_blank(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r') return false;
  return true;
}

// Lines that sum up rather than say something.
// A message with no place (ptxas's): "ptxas warning : ..." and "ptxas info
// : ..." are what they say; anything else counts as an error.
static DiagKind placeless_kind(const char *s, size_t n) {
  static const char *const kinds[] = {"warning", "info"};
  for (size_t i = 0; i < n && i < 24; i++)
    for (int k = 0; k < 2; k++) {
      size_t l = strlen(kinds[k]);
      if (i + l <= n && !memcmp(s + i, kinds[k], l)) return k == 0 ? DIAG_WARNING : DIAG_NOTE;
    }
  return DIAG_ERROR;
}

static bool is_summary(const char *s, size_t n) {
  return is_blank(s, n) || (n >= 8 && !memcmp(s, "Remark: ", 8)) || memmem(s, n, " detected in the compilation of ", 32) ||
         (n == 23 && !memcmp(s, "Compilation terminated.", 23));
}

// The file a message names, for its snippet: the input as read, else the
// file on disk; NULL when it cannot be read.
static const Source *source_for(Report *r, const char *path) {
  if (!strcmp(path, r->input->path)) return r->input;
  for (int i = 0; i < r->files.len; i++)
    if (!strcmp(r->files.items[i]->path, path)) return r->files.items[i];
  size_t len;
  char *data = sys_read_file(path, &len);
  if (!data) return NULL;
  const Source *s = source_new(r->ar, arena_strndup(r->ar, path, strlen(path)), arena_strndup(r->ar, data, len), len);
  free(data);
  VEC_PUSH(r->ar, r->files, s);
  return s;
}

// The byte of the line under the caret: NVRTC shows the line with tabs as
// they are, so the caret's column counts bytes; when the line shown is not
// the file's (the file changed), the start of the line.
static size_t place(const Source *s, const Msg *m) {
  size_t n;
  const char *text = source_line_text(s, m->line, &n);
  size_t off = (size_t)(text - s->data);
  if (m->col < 1 || !m->echo || m->echo_len != n || memcmp(m->echo, text, n)) return off;
  return off + ((size_t)m->col - 1 <= n ? (size_t)m->col - 1 : n);
}

// libcu++'s <cuda/std/cmath> defines INFINITY and NAN again under NVRTC
// (CUB's headers bring it); the stand-in <cmath> that --check pre-includes
// defined them first, as glibc's <math.h> does for nvcc. Not the user's code:
// the warning is dropped.
static bool redefines_stand_in(const Msg *m) {
  const char *t = m->text.data;
  size_t n = m->text.len;
  return m->kind == DIAG_WARNING && t && memmem(t, n, "[#47-D]", 7) && memmem(t, n, "/nvrtc_include/cmath)", 21);
}

static void emit(Report *r, Msg *m) {
  if (redefines_stand_in(m)) {
    buf_free(&m->text);
    return;
  }
  Diag d = {.out = r->err, .werror = r->opt->werror, .remarks = r->opt->remarks, .color = r->opt->color};
  buf_putc(&m->text, '\0');
  const Source *s = m->file ? source_for(r, m->file) : NULL;
  if (s && m->line >= 1 && m->line <= s->nlines) {
    d.src = s;
    diag_at(&d, m->kind, place(s, m), 0, "%s", m->text.data);
  } else if (m->file) {  // no snippet to show
    DiagKind k = m->kind == DIAG_WARNING && d.werror ? DIAG_ERROR : m->kind;
    if (k != DIAG_REMARK || d.remarks)
      fprintf(r->err, "%s:%d:%d: %s: %s\n", m->file, m->line, m->col > 0 ? m->col : 1,
              k == DIAG_ERROR ? "error" : k == DIAG_WARNING ? "warning" : "remark", m->text.data);
    d.errors += k == DIAG_ERROR;
  } else {
    diag_plain(&d, m->kind, "--check: %s", m->text.data);
  }
  diag_flush(&d);
  r->errors += d.errors;
  buf_free(&m->text);
}

static void add_text(Msg *m, const char *s, size_t n) {
  while (n && *s == ' ') s++, n--;
  buf_printf(&m->text, "\n  %.*s", (int)n, s);
}

// Reads the log line by line into messages and reports each. Until a caret
// shows which line was the source line, the last line is held back.
static void report_log(Report *r, const char *log) {
  Msg m = {0};
  bool open = false;
  const char *held = NULL;
  size_t held_len = 0;
  for (const char *s = log;; s++) {
    size_t n = strcspn(s, "\n"), at;
    Msg head;
    bool is_head = parse_head(r->ar, s, n, &head), end = !*s;
    if (open && (is_head || end || is_blank(s, n))) {
      if (held) add_text(&m, held, held_len);
      emit(r, &m);
      open = false;
      held = NULL;
    }
    if (end) break;
    if (is_head) {
      m = head;
      open = true;
    } else if (open && held && !m.col && is_caret(s, n, &at)) {
      m.echo = held_len >= 2 ? held + 2 : held;
      m.echo_len = held_len >= 2 ? held_len - 2 : 0;
      m.col = at >= 2 ? (int)at - 1 : 1;
      held = NULL;
    } else if (open && m.col) {  // after the snippet: "detected during ..."
      add_text(&m, s, n);
    } else if (open) {
      if (held) add_text(&m, held, held_len);
      held = s;
      held_len = n;
    } else if (!is_summary(s, n)) {  // ptxas and the like: no place
      Msg plain = {.kind = placeless_kind(s, n)};
      buf_put(&plain.text, s, n);
      emit(r, &plain);
    }
    s += n;
    if (!*s) s--;  // the loop's s++ lands on the NUL
  }
}

// The headers of `inlined` (device_view: `NAME\nLENGTH\nTEXT`, one after
// another), each a name NVRTC reads the text under.
static int named_headers(Arena *ar, const char *inlined, const char ***names, const char ***texts) {
  int n = 0, cap = 0;
  *names = *texts = NULL;
  for (const char *s = inlined ? inlined : ""; *s;) {
    size_t len = strcspn(s, "\n");
    char *stop;
    size_t size = s[len] ? strtoul(s + len + 1, &stop, 10) : 0;
    if (!s[len] || *stop != '\n') break;  // (device_view writes none such)
    if (n == cap) {
      cap = cap ? cap * 2 : 16;
      const char **nn = arena_alloc(ar, sizeof(char *) * (size_t)cap),
                 **nt = arena_alloc(ar, sizeof(char *) * (size_t)cap);
      if (n) memcpy(nn, *names, sizeof(char *) * (size_t)n), memcpy(nt, *texts, sizeof(char *) * (size_t)n);
      *names = nn, *texts = nt;
    }
    (*names)[n] = arena_printf(ar, "%.*s", (int)len, s);
    (*texts)[n++] = arena_printf(ar, "%.*s", (int)size, stop + 1);
    s = stop + 1 + size;
  }
  return n;
}

int check_device(const TirxOptions *o, const char *view, const char *inlined, const char *input, size_t len,
                 FILE *err) {
  Arena *ar = arena_new();
  const char **opts = arena_alloc(ar, sizeof(char *) * (size_t)CHECK_NVRTC_OPTIONS(o));
  int nopts = check_nvrtc_options(ar, o, opts);
  TirxNvrtcResult res;
  char msg[512] = "";
  const char **names, **texts;
  int nheaders = named_headers(ar, inlined, &names, &texts);
  int rc =
      tirx_nvrtc_compile_headers(view, o->path, texts, names, nheaders, opts, nopts, NULL, 0, &res, msg, sizeof msg);
  Report r = {.opt = o, .ar = ar, .err = err, .input = source_new(ar, o->path, input, len)};
  if (check_std_raised(o->std))
    fprintf(err, "tirx-pp: note: --check: NVRTC's C++ library needs C++17: the device code was checked as C++17, not as %s\n",
            o->std);
  if (rc == 2 && !(res.log && *res.log)) {
    fprintf(err, "tirx-pp: error: --check: %s\n", msg);
  } else {
    report_log(&r, res.log ? res.log : "");
    if (rc == 1 && !r.errors) {  // a failure that the log does not explain
      fprintf(err, "tirx-pp: error: --check: %s\n", msg);
      r.errors++;
    }
  }
  tirx_nvrtc_result_free(&res);
  arena_free(ar);
  if (rc == 2) return TIRX_IO_ERROR;
  return r.errors ? TIRX_INPUT_ERROR : TIRX_OK;
}
