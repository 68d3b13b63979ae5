// driver.c - the pipeline: scan, parse the view with libclang, attach each
#define _GNU_SOURCE
// annotation to its statement, let the constructs add edits, render.
#include <stdlib.h>
#include <string.h>

#include "construct.h"
#include "device.h"
#include "kernel.h"
#include "tirxpp.h"

static bool is_statement_annotation(const Annotation *an) { return an->spelling != SPELL_CALL; }

static bool is_loop_transform(const Annotation *an) {
  return an->spelling != SPELL_CALL &&
         (an->dir.kind == DIR_UNROLL || an->dir.kind == DIR_SERIAL || an->dir.kind == DIR_VECTORIZE);
}

static bool read_directive(Arena *a, Diag *d, Annotation *an) {
  if (an->spelling == SPELL_MACRO) return pragma_from_macro(a, d, an->name, an->args, an->has_args, &an->dir);
  return pragma_parse(a, d, an->text, &an->dir);
}

const char *construct_stub(Ctx *c, const Annotation *an) {
  if (is_concurrency_annotation(an)) return concurrency_stub(c, an);
  switch (an->dir.kind) {
  case DIR_GRID: return grid_stub(c, an);
  case DIR_PERSISTENT: return persistent_stub(c, an);
  case DIR_ELECT: return "if (1)";
  default: return "";
  }
}

// What a tirx_* call stands for while clang parses (tirx.h may not be included).
static const char *call_stub(Ctx *c, const Annotation *an) {
  if (is_concurrency_annotation(an)) return concurrency_call_stub(c, an);
  if (span_eq(an->name, "tirx_thread_return")) return "return";
  if (span_eq(an->name, "tirx_cta_sync")) return "__syncthreads()";
  if (span_eq(an->name, "tirx_warp_sync")) return "__syncwarp()";
  if (span_eq(an->name, "tirx_elect_sync")) return "(1)";
  if (span_trim(an->args).len == 0) return "((void)0)";
  return arena_printf(c->arena, "((void)(%.*s))", (int)an->args.len, an->args.s);
}

static Stub *make_stubs(Ctx *c, AnnotationList *anns, int *n) {
  Diag quiet = {.src = c->src};
  Stub *stubs = arena_alloc(c->arena, sizeof(Stub) * (size_t)(anns->len + 1));
  size_t last_end = 0;
  *n = 0;
  for (int i = 0; i < anns->len; i++) {
    Annotation *an = &anns->items[i];
    if (an->start < last_end) continue;
    const char *text;
    if (an->bad)
      text = "";
    else if (!is_statement_annotation(an))
      text = call_stub(c, an);
    else
      text = (an->read = read_directive(c->arena, &quiet, an)) ? construct_stub(c, an) : "";
    stubs[(*n)++] = (Stub){an->start, an->end, text};
    last_end = an->end;
  }
  return stubs;
}

static bool is_statement_kind(enum CXCursorKind k) {
  return clang_isStatement(k) || clang_isExpression(k) || k == CXCursor_DeclStmt;
}

// The statement annotation that starts at off (annotations are in file order).
static const Annotation *annotation_at(const AnnotationList *anns, size_t off) {
  int lo = 0, hi = anns->len;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (anns->items[mid].start < off)
      lo = mid + 1;
    else
      hi = mid;
  }
  for (; lo < anns->len && anns->items[lo].start == off; lo++)
    if (is_statement_annotation(&anns->items[lo])) return &anns->items[lo];
  return NULL;
}

// The statement that follows an annotation (past other annotations on it).
static bool attach(Ctx *c, const Annotation *an, Stmt *st) {
  size_t pos = an->end;
  for (;;) {
    pos = lex_skip_blank(c->src, pos);
    const Annotation *next = annotation_at(c->anns, pos);
    if (!next || pos >= c->src->len) break;
    pos = next->end;
  }
  int node = front_first_at(c->front, pos);
  const Node *n = node < c->front->nnodes ? node_at(c, node) : NULL;
  if (!n || n->start != pos || !is_statement_kind(n->kind) || n->parent < 0 ||
      !clang_isStatement(node_at(c, n->parent)->kind)) {
    diag_error(c->diag, pos < c->src->len ? pos : an->start, "expected a statement after '%s'", spelling_of(an));
    return false;
  }
  *st = (Stmt){node, n->start, stmt_end(c, node)};
  if (front_in_macro(c->front, n->start) || st->end <= st->start) {
    diag_error(c->diag, pos, "the statement after '%s' comes from a macro expansion; tirx-pp rewrites only what "
                             "is written in the file", spelling_of(an));
    return false;
  }
  return true;
}

static void rewrite_statement(Ctx *c, const Annotation *an, Stmt st) {
  switch (an->dir.kind) {
  case DIR_UNROLL:
    if (an->dir.head.has_args)
      rewrite_hint(c, an, st);
    else
      rewrite_unroll(c, an, st);
    break;
  case DIR_SERIAL: rewrite_hint(c, an, st); break;
  case DIR_VECTORIZE: rewrite_vectorize(c, an, st); break;
  case DIR_GRID: rewrite_grid(c, an, st); break;
  case DIR_PERSISTENT: rewrite_persistent(c, an, st); break;
  case DIR_ELECT: rewrite_elect(c, an, st); break;
  case DIR_UNIFORM: rewrite_uniform(c, an, st); break;
  case DIR_LAUNCH: rewrite_launch(c, an, st); break;
  default:
    diag_at(c->diag, DIAG_ERROR, an->dir.head.name.off, an->dir.head.name.len,
            "'%s' is not supported by this version of tirx-pp", spelling_of(an));
  }
}

// Clang's errors inside annotated code are ours to report: we cannot rewrite
// what does not parse. Errors elsewhere belong to nvcc.
// Returns false when there were any.
static bool report_clang_errors(Ctx *c, size_t start, size_t end) {
  bool clean = true;
  for (int i = 0; i < c->front->nerrors; i++) {
    ClangError *e = &c->front->errors[i];
    if (e->in_main && e->off >= start && e->off < end) {
      clean = false;
      if (e->message) diag_error(c->diag, e->off, "%s", e->message);
      e->message = NULL;  // once
    }
  }
  return clean;
}

// When a construct failed while clang could not parse some other part of the
// file (a missing header, say), that may be why: point at the first such error.
static void note_clang_errors(Ctx *c) {
  for (int i = 0; i < c->front->nerrors; i++) {
    ClangError *e = &c->front->errors[i];
    if (!e->message) continue;
    if (e->in_main)
      diag_note(c->diag, e->off, "clang could not parse all of this file, which may explain the errors above: %s",
                e->message);
    else
      diag_plain(c->diag, DIAG_NOTE, "clang could not parse all of this file, which may explain the errors above: %s",
                 e->message);
    return;
  }
}

static void build_args(Arena *a, const TirxOptions *opt, FrontOptions *fo) {
  const char *cuda = opt->cuda_path ? opt->cuda_path : "/usr/local/cuda";
  const char *hdr = opt->header_dir ? opt->header_dir : ".";
  const char *fixed[] = {
      "-x", "cuda", "--cuda-device-only",
      arena_printf(a, "--cuda-gpu-arch=%s", opt->arch ? opt->arch : "sm_90a"),
      arena_printf(a, "--cuda-path=%s", cuda), "-nocudalib",
      arena_printf(a, "-std=%s", opt->std ? opt->std : "c++17"), "-w", "-Wno-unknown-cuda-version",
      "-ferror-limit=0",
      // clang 19 does not know CUDA 13's version; without one it looks for
      // the pre-9.2 cudaConfigureCall and no `<<<...>>>` launch parses.
      "-Xclang", "-target-sdk-version=12.5", "-idirafter", arena_printf(a, "%s/tirx/clang-shim", hdr),
      "-isystem", arena_printf(a, "%s/include/cccl", cuda), "-I", hdr, "-D__TIRX_PP__=1",
  };
  int nf = (int)(sizeof fixed / sizeof *fixed);
  fo->argv = arena_alloc(a, sizeof(char *) * (size_t)(nf + opt->nclang_args + 1));
  for (int i = 0; i < nf; i++) fo->argv[i] = fixed[i];
  for (int i = 0; i < opt->nclang_args; i++) fo->argv[nf + i] = opt->clang_args[i];
  fo->argc = nf + opt->nclang_args;
  fo->cache_dir = opt->cache_dir;
}

bool tirx_has_annotations(const char *data, size_t len) {
  Arena *a = arena_new();
  Source *src = source_new(a, "", data, len);
  bool any = scan_annotations(a, src).len > 0;
  arena_free(a);
  return any;
}

static void set_deps(TirxResult *out, const char *input, const char **files, int n) {
  out->deps = xmalloc(sizeof(char *) * (size_t)(n + 1));
  out->deps[out->ndeps++] = strdup(input);
  for (int i = 0; i < n; i++)
    if (strcmp(files[i], input)) out->deps[out->ndeps++] = strdup(files[i]);
}

void tirx_result_free(TirxResult *r) {
  buf_free(&r->text);
  buf_free(&r->device);
  for (int i = 0; i < r->ndeps; i++) free(r->deps[i]);
  free(r->deps);
  for (int i = 0; i < r->nheaders; i++) {
    free(r->headers[i].orig);
    free(r->headers[i].out);
    buf_free(&r->headers[i].text);
  }
  free(r->headers);
  *r = (TirxResult){0};
}

static int finish(Ctx *c, const TirxOptions *opt, const AnnotationList *anns, Buf *out) {
  if (!edit_finish(c->edits, c->diag)) return TIRX_INPUT_ERROR;
  Render r;
  render_init(&r, c->src, c->edits, opt->no_line);
  // The output calls tirx.h's intrinsics: include it when the file does not.
  if (c->needs_tirx_h && !anns->includes_tirx_h) buf_printf(&r.out, "#include \"tirx.h\"%s", c->src->eol);
  // From the first line on, nvcc's messages name the original file.
  if (!opt->no_line && c->edits->items.len) buf_printf(&r.out, "#line 1 %s%s", r.path_literal, c->src->eol);
  render_range(&r, 0, c->src->len);
  *out = r.out;
  return TIRX_OK;
}

// Copies multiply: an unrolled loop inside unrolled loops is rendered the
// product of their counts times, and the 4096 limit holds for that product.
static int by_start(const void *a, const void *b) {
  const Copies *x = a, *y = b;
  if (x->start != y->start) return x->start < y->start ? -1 : 1;
  return x->end > y->end ? -1 : x->end < y->end;
}

static void check_copies(Ctx *c) {
  int n = c->copies.len;
  if (!n) return;
  qsort(c->copies.items, (size_t)n, sizeof(Copies), by_start);
  // A stack of the constructs around the current one, with their products.
  Copies *stack = arena_alloc(c->arena, sizeof(Copies) * (size_t)n);
  long long *product = arena_alloc(c->arena, sizeof(long long) * (size_t)n);
  int depth = 0;
  for (int i = 0; i < n; i++) {
    const Copies *x = &c->copies.items[i];
    while (depth && stack[depth - 1].end <= x->start) depth--;
    long long outer = depth ? product[depth - 1] : 1;
    long long p = x->n > 4096 || outer > 4096 ? 4097 : outer * x->n;
    if (p > 4096) {
      diag_error(c->diag, x->at,
                 "with the expanded loops around it, this construct would be copied more than 4096 times");
      return;
    }
    stack[depth] = *x;
    product[depth++] = p;
  }
}

// The slow path: libclang's parse, the constructs, the rendering.
static int rewrite_parsed(const TirxOptions *opt, Arena *a, const Source *src, Diag *diag, AnnotationList *annsp,
                          TirxResult *out) {
  AnnotationList anns = *annsp;
  EditList edits = {.arena = a};
  Ctx c = {.arena = a, .diag = diag, .src = src, .edits = &edits, .anns = &anns, .watchdog = opt->watchdog};
  c.path_literal = c_string_literal(a, src->path, strlen(src->path));
  int nstubs;
  Stub *stubs = make_stubs(&c, &anns, &nstubs);
  FrontOptions fo;
  build_args(a, opt, &fo);
  c.front = front_parse(a, diag, src, stubs, nstubs, &fo);
  if (!c.front) return TIRX_IO_ERROR;
  // Statement annotations: read, attach, check that clang could parse them.
  Stmt *stmts = arena_alloc(a, sizeof(Stmt) * (size_t)anns.len);
  bool *ok = arena_alloc(a, sizeof(bool) * (size_t)anns.len);
  for (int i = 0; i < anns.len; i++) {
    Annotation *an = &anns.items[i];
    an->skipped = front_is_skipped(c.front, an->start);
    if (an->skipped || !is_statement_annotation(an)) continue;
    if (an->bad) {
      diag_error(diag, an->start, "%s", an->bad);
      continue;
    }
    // Read once, quietly, for the stubs; again only to report what is wrong
    // (whether to report waited for the parse: skipped blocks say nothing).
    if (!an->read && !read_directive(a, diag, an)) continue;
    if (!pragma_check_literals(diag, &an->dir)) {  // clang's word on the same text would only repeat it
      for (int k = 0; k < c.front->nerrors; k++)
        if (c.front->errors[k].in_main && c.front->errors[k].off >= an->start && c.front->errors[k].off < an->end)
          c.front->errors[k].message = NULL;
      continue;
    }
    if (is_declaration_annotation(an))  // stands alone; clang's complaints about its stub come last
      ok[i] = true;
    else
      ok[i] = attach(&c, an, &stmts[i]) && report_clang_errors(&c, an->start, stmts[i].end);
  }
  // Two annotations that each transform the same loop cannot both hold.
  // (Annotations on one statement stand next to each other.)
  for (int i = 0; i < anns.len; i++)
    for (int j = i - 1; j >= 0 && j >= i - 8; j--) {
      const Annotation *x = &anns.items[j], *y = &anns.items[i];
      if (ok[i] && ok[j] && is_loop_transform(x) && is_loop_transform(y) && stmts[i].node == stmts[j].node) {
        diag_error(diag, y->start, "'%s' and the annotation before it both transform this loop", spelling_of(y));
        diag_note(diag, x->start, "the other annotation");
        ok[i] = false;
      }
    }
  // Each construct that reads and parses cleanly is checked and rewritten, so
  // that one run reports every independent error.
  for (int i = 0; i < anns.len; i++) {
    Annotation *an = &anns.items[i];
    if (an->skipped) continue;
    if (is_concurrency_annotation(an)) continue;  // below, kernel by kernel
    if (!is_statement_annotation(an)) {
      if (report_clang_errors(&c, an->start, an->end)) rewrite_call(&c, an);
    } else if (ok[i]) {
      rewrite_statement(&c, an, stmts[i]);
    }
  }
  rewrite_concurrency(&c, stmts, ok);
  check_copies(&c);
  // A declaration's stub that clang could not parse: tirx-pp's own message
  // says it better when there is one; otherwise clang's.
  for (int i = 0; i < anns.len; i++) {
    const Annotation *an = &anns.items[i];
    if (!an->skipped && is_declaration_annotation(an) && !diag_has_message(diag, an->start, an->end))
      report_clang_errors(&c, an->start, an->end);
  }
  if (diag_failed(diag)) note_clang_errors(&c);
  int rc = diag_failed(diag) ? TIRX_INPUT_ERROR : finish(&c, opt, &anns, &out->text);
  if (rc == TIRX_OK && opt->device_view && !device_view(&c, opt, c.needs_tirx_h && !anns.includes_tirx_h, &out->device)) {
    diag_plain(diag, DIAG_ERROR, "--check: cannot separate the device code of '%s' from its host code", opt->path);
    buf_free(&out->text);
    rc = TIRX_IO_ERROR;
  }
  if (rc == TIRX_OK) {
    const char **files;
    int n = front_dependencies(c.front, &files);
    set_deps(out, opt->path, files, n);
  }
  front_free(c.front);
  return rc;
}

int tirx_rewrite(const TirxOptions *opt, const char *data, size_t len, TirxResult *out, FILE *diag_out) {
  *out = (TirxResult){0};
  Arena *a = arena_new();
  const Source *src = source_new(a, opt->path, data, len);
  Diag diag = {.src = src, .out = diag_out, .werror = opt->werror, .remarks = opt->remarks, .color = opt->color};
  AnnotationList anns = scan_annotations(a, src);
  if (anns.len == 0 && !opt->always_parse && !opt->device_view) {  // the fast path: no libclang, the bytes as they are
    buf_put(&out->text, data, len);
    set_deps(out, opt->path, NULL, 0);  // nothing else can change the output
    arena_free(a);
    return TIRX_OK;
  }
  int rc = rewrite_parsed(opt, a, src, &diag, &anns, out);
  diag_flush(&diag);
  arena_free(a);
  return rc;
}

