// parse.c - the one libclang parse of a translation unit: the PCH that
// serves it (pch.c), host bodies blanked first where that pays (blank.c),
// then one node table per file (front.c).
#include "parse.h"

#include <string.h>

#include "blank.h"
#include "hoist.h"
#include "pch.h"

Front **front_parse_files(Arena *a, Diag *d, const FrontFile *files, int n, const FrontOptions *opt) {
  const char *why;
  if (!libclang_load(&why)) {
    diag_plain(d, DIAG_ERROR, "cannot load libclang: %s", why);
    return NULL;
  }
  front_lap(opt->clock, "dlopen");
  Front **out = arena_alloc(a, sizeof(Front *) * (size_t)n);
  struct CXUnsavedFile *unsaved = arena_alloc(a, sizeof *unsaved * (size_t)n);
  for (int i = 0; i < n; i++) {
    Front *f = out[i] = arena_alloc(a, sizeof *f);
    f->arena = a;
    f->src = files[i].src;
    f->stubs = files[i].stubs;
    f->nstubs = files[i].nstubs;
    size_t vlen;
    char *view = front_build_view(f, &vlen);
    unsaved[i] = (struct CXUnsavedFile){f->src->path, view, (unsigned long)vlen};
  }
  Front *f = out[0];
  f->owns_tu = true;
  // Declarations from the PCH are left out of the visit (front_index_file): they
  // lie outside every file of the node table, and reading them back cost a
  // small file's parse a fifth of its time.
  f->index = clang_createIndex(!opt->whole_tu, 0);
  unsigned flags = CXTranslationUnit_DetailedPreprocessingRecord | CXTranslationUnit_KeepGoing;
  // Incomplete: none of the work clang does at the end of a translation
  // unit, which an AST for rewriting does not need and which cost half of a
  // small file's parse: the instantiation of the function templates it uses
  // (their patterns are what we rewrite) and, in CUDA, the check for deferred
  // diagnostics, which reads every function of the PCH back (clang's
  // ASTReader::ReadDeclsToCheckForDeferredDiags). --check's device view
  // (whole_tu) keeps them: it walks the instantiations.
  int nblanked = 0;
  bool indexed = false;  // out[0]'s node table made (to prove the blanks)
  char *saved = NULL;
  const Blanked *blanked = NULL;
  Pch *pch = pch_choose(f, opt);
  if (!opt->whole_tu) {
    flags |= CXTranslationUnit_Incomplete;
    // Only where a PCH serves (else the prescan would read every header
    // again) and, past its text, the parse reads only the user's files.
    if (pch && hoist_prescan_pays(opt, pch->hoist, pch->deps, pch->ndeps))
      blanked = blank_host_bodies(f, opt, &pch, unsaved, n, flags, &nblanked, &saved);
  }
  enum CXErrorCode rc = pch_parse(f, opt, &pch, unsaved, n, flags, "parse");
  if (rc == CXError_Success && f->tu && nblanked) {
    f->main_file = clang_getFile(f->tu, f->src->path);
    front_index_file(f, opt->clock);
    indexed = !opt->doubt_blanks && blanks_proven(f, blanked, nblanked);
    if (!indexed) {
      clang_disposeTranslationUnit(f->tu);
      f->tu = NULL;
      memcpy((char *)unsaved[0].Contents, saved, unsaved[0].Length);
      rc = pch_parse(f, opt, &pch, unsaved, n, flags, "parse-again");
    }
  }
  if (rc != CXError_Success || !f->tu) {
    diag_plain(d, DIAG_ERROR, "libclang could not parse '%s' (error %d)", f->src->path, (int)rc);
    front_free(f);
    return NULL;
  }
  for (int i = 0; i < n; i++) {
    out[i]->index = f->index;
    out[i]->tu = f->tu;
    out[i]->pch_deps = f->pch_deps;
    out[i]->npch_deps = f->npch_deps;
    out[i]->pch_errors = f->pch_errors;
    out[i]->npch_errors = f->npch_errors;
    if (i == 0 && indexed) continue;
    out[i]->main_file = clang_getFile(f->tu, out[i]->src->path);
    front_index_file(out[i], opt->clock);
  }
  return out;
}
