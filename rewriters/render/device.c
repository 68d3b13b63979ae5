// device.c - the device view for --check (see device.h).
#define _GNU_SOURCE
#include "device.h"

#include "ast.h"
#include "sys.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// An #include <...> of a header outside tirx's and CUDA's directories
// (<vector>, <unistd.h>, <zlib.h>): NVRTC reads it where it finds one (a
// stand-in in headers/tirx/nvrtc_include, the user's -I), else leaves it out, like
// host code (__has_include).
// The toolkit's host-only libraries (<cublas_v2.h>, <cublasLt.h>, <cufft.h>,
// <nvml.h>, ...) are found in CUDA's directory but declare host APIs that
// NVRTC cannot read (their types come from the host's cuda_runtime.h and C
// library: FILE, cudaEmulationMantissaControl): their #include is left out.
typedef struct {
  Range line;        // the directive's whole line
  const char *name;  // as spelled: <zlib.h>
  int line_no;
  bool left_out;     // a host library of the toolkit: the line is blanked
  const char *stand_in;  // the header NVRTC reads in its place (<cub/cub.cuh>'s); NULL: none
} Guard;

// An #include line of a user header, in the file that holds it.
typedef struct {
  Range line;   // the directive's whole line
  int line_no;
  int file;     // the header it names: an index in View.files
} Child;

// A file whose host-only declarations are blanked: the main file, or a user
// header that it includes, directly or through other user headers.
typedef struct {
  CXFile file;
  const Source *src;        // the text as written (not the parse's stubs)
  const char *path_literal;
  Front *front;             // the main file and annotated headers: offsets through their stubs
  const Ctx *rewritten;     // a header tirx-pp rewrites: its edits (NULL: none)
  AnnotationList anns;     // headers: scan.c's list (their #include lines)
  bool once;               // an include guard or #pragma once: included again, it reads nothing
  bool quoted;             // some #include names it with "...": NVRTC would look for it elsewhere
  VEC(Range) host;         // host-only declarations, offsets in this file
  VEC(Guard) guards;
  VEC(Child) children;     // the user headers it includes, in file order
  int needs;               // inlined? 0: not known yet, 1: being worked out, 2: yes, 3: no
  bool emitted, open;      // rendering: inlined before / being inlined now
} ViewFile;

// The lines of a file that NVRTC skips where the parse (nvcc's device pass,
// which has no __CUDACC_RTC__) read them: the branch of `#if
// !defined(__CUDACC_RTC__)` (alone or with others joined by &&), of `#ifndef
// __CUDACC_RTC__`, and those after the branch of `#ifdef __CUDACC_RTC__`.
struct RtcFile {
  CXFile file;
  const char *text;  // as clang read it
  size_t len;
  VEC(Range) skipped;
};

typedef struct {
  Ctx *c;
  const TirxOptions *opt;
  const char *dirs[2];  // real paths of tirx.h's and CUDA's directories: never inlined
  VEC(ViewFile) files;  // [0]: the main file
  Ctx *const *headers;  // the headers tirx-pp rewrites
  const char **header_real;  // their real paths
  int nheaders;
  // Function templates by name: those blanked, those device code keeps (their
  // explicit instantiations, which libclang does not show: instantiations).
  VEC(const char *) host_templates, kept_templates;
  bool failed;          // a rewritten header's edits could not be rendered
  // A header's text for NVRTC to read by name (inlined_names): the #include
  // lines of the headers the view inlines name the texts NVRTC reads in
  // their place (provided[i], the name of file i's; NULL: none, and then the
  // text cannot be made: flat_failed).
  bool flat, flat_failed;
  const char **provided;
  // The names a header read once could be given to NVRTC under (its path
  // under each -I directory that finds it first; named[i]: the first, NULL:
  // none), known before rendering: an #include of a header inlined before
  // names the text NVRTC reads in its place (again_text).
  VEC(const char *) * names;
  const char **named;
  Buf *unchecked;       // why NVRTC cannot compile the file, with the place (empty: it can)
  // Files whose text has a branch that NVRTC skips for __CUDACC_RTC__ (rtc_skipped).
  VEC(struct RtcFile) rtc;
} View;

// --- which declarations are host-only ---------------------------------------

static bool is_scope(enum CXCursorKind k) {
  return k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_StructDecl ||
         k == CXCursor_ClassDecl || k == CXCursor_UnionDecl || k == CXCursor_ClassTemplate ||
         k == CXCursor_ClassTemplatePartialSpecialization;
}

// Whether the word is a token of s[start, end) (ast.c: comments and literals
// skipped).
static bool has_word(const char *s, size_t start, size_t end, const char *word) {
  return text_has_word((LexText){s, end}, start, word);
}

// Whether [start, end) ends with the word (`= default`, `= delete`).
static bool ends_with_word(const char *s, size_t start, size_t end, const char *word) {
  while (end > start && (s[end - 1] == ' ' || s[end - 1] == '\t' || s[end - 1] == '\n' || s[end - 1] == '\r')) end--;
  size_t w = strlen(word);
  return end - start >= w && !memcmp(s + end - w, word, w);
}

// Past `= delete` or `= default` after end, when one follows: clang's extent
// of a function declared so at namespace scope (`void f(A) = delete;`) stops
// before it, and the declaration is the whole of it.
static size_t past_deleted(const Source *src, size_t end) {
  static const char *const words[] = {"delete", "default"};
  size_t eq = lex_skip_blank(src, end);
  if (eq >= src->len || src->data[eq] != '=' || (eq + 1 < src->len && src->data[eq + 1] == '=')) return end;
  size_t w = lex_skip_blank(src, eq + 1);
  for (int i = 0; i < 2; i++) {
    size_t n = strlen(words[i]);
    if (w + n <= src->len && !memcmp(src->data + w, words[i], n) &&
        (w + n == src->len || !is_ident_char((unsigned char)src->data[w + n])))
      return w + n;
  }
  return end;
}

// A variable of a standard library class other than the aggregates that
// libcu++ gives device code too: `const std::string errLogFile = "...";`
// (SGEMM_CUDA's sgemm.cu) is host code, although it is a constant.
static bool std_class(CXCursor var) {
  CXType t = clang_getCanonicalType(clang_getCursorType(var));
  if (t.kind != CXType_Record) return false;
  CXString sp = clang_getTypeSpelling(t);
  const char *n = clang_getCString(sp);
  if (!strncmp(n, "const ", 6)) n += 6;
  bool yes = !strncmp(n, "std::", 5) && strncmp(n, "std::array<", 11) && strncmp(n, "std::pair<", 10) &&
        strncmp(n, "std::tuple<", 11) && strncmp(n, "std::complex<", 13);
  clang_disposeString(sp);
  return yes;
}

// Whether the function is declared constexpr or consteval by a macro
// (CUTLASS's `CUTLASS_CONSTEXPR_IF_CXX17 auto f()`): its declaration as clang
// prints it, without the body, says so.
static bool constexpr_by_macro(CXCursor fn) {
  if (!front_is_function(clang_getCursorKind(fn))) return false;
  CXPrintingPolicy policy = clang_getCursorPrintingPolicy(fn);
  clang_PrintingPolicy_setProperty(policy, CXPrintingPolicy_TerseOutput, 1);
  CXString s = clang_getCursorPrettyPrinted(fn, policy);
  const char *t = clang_getCString(s);
  size_t n = t ? strlen(t) : 0, paren = 0;
  while (paren < n && t[paren] != '(') paren++;  // the words before the parameters
  bool yes = t && (has_word(t, 0, paren, "constexpr") || has_word(t, 0, paren, "consteval"));
  clang_disposeString(s);
  clang_PrintingPolicy_dispose(policy);
  return yes;
}

// A function that device code cannot call or point to: neither __device__ nor
// constexpr (its declaration's text before its name says, or clang does where
// a macro says it).
static bool is_host_function(const Ctx *c, CXCursor fn) {
  if (!front_is_function(clang_getCursorKind(fn)) || (front_space(fn) & FRONT_DEVICE)) return false;
  unsigned a, b, name;
  const char *text = cursor_file_text(c, fn, &a, &b);
  clang_getFileLocation(clang_getCursorLocation(fn), NULL, NULL, NULL, &name);
  if (text && name >= a && name <= b && (has_word(text, a, name, "constexpr") || has_word(text, a, name, "consteval")))
    return false;
  return !constexpr_by_macro(fn);
}

typedef struct {
  const Ctx *c;
  bool found;
} HostRef;

static enum CXChildVisitResult find_host_ref(CXCursor cur, CXCursor parent, CXClientData data) {
  (void)parent;
  HostRef *h = data;
  if (clang_getCursorKind(cur) == CXCursor_DeclRefExpr && is_host_function(h->c, clang_getCursorReferenced(cur))) {
    h->found = true;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Recurse;
}

// Whether a constant's initializer names a host function (ggml-cuda.cu's
// `static const ggml_backend_buffer_i interface = { ggml_backend_cuda_buffer_free_buffer, ... }`):
// its value exists on the host only.
static bool names_host_function(const Ctx *c, CXCursor var) {
  HostRef h = {c, false};
  clang_visitChildren(var, find_host_ref, &h);
  return h.found;
}

// A declaration with no body whose return type is written after it
// (`auto has_tuple_size(T*) -> bool_constant<...>;`, CuTe's is_tuple): the
// overload-resolution idiom of type traits, named inside decltype, where
// nothing is called. Blanked, the traits made from it would fail; kept, NVRTC
// reads only its signature.
static bool unevaluated_trait(CXCursor fn, const char *s, size_t start, size_t name, size_t end) {
  if (clang_isCursorDefinition(fn) || !has_word(s, start, name, "auto")) return false;
  for (size_t i = name; i + 1 < end; i++)
    if (s[i] == '-' && s[i + 1] == '>') return true;
  return false;
}

// Host-only: a function or namespace-scope variable that NVRTC refuses.
// constexpr functions and constants stay (NVRTC's -default-device makes them
// usable in device code, as --expt-relaxed-constexpr does for nvcc), and so do
// defaulted and deleted members, which shape the class.
static bool host_only(const Ctx *c, CXCursor cur, enum CXCursorKind parent, const char *s, size_t start, size_t name, size_t end) {
  enum CXCursorKind k = clang_getCursorKind(cur);
  bool namespace_var = k == CXCursor_VarDecl && (parent == CXCursor_TranslationUnit || parent == CXCursor_Namespace ||
                                                 parent == CXCursor_LinkageSpec);
  // A static data member, in its class or defined outside it (`const half
  // traits<1>::alpha = 1.0;`).
  enum CXCursorKind owner = clang_getCursorKind(clang_getCursorSemanticParent(cur));
  bool member_var = k == CXCursor_VarDecl && is_scope(owner) && owner != CXCursor_Namespace && owner != CXCursor_LinkageSpec;
  namespace_var = namespace_var && !member_var;
  if (!front_is_function(k) && !namespace_var && !member_var) return false;
  if (front_space(cur) & FRONT_DEVICE) return false;
  if (name < start || name > end) name = start;
  if (has_word(s, start, name, "constexpr") || has_word(s, start, name, "consteval") || constexpr_by_macro(cur))
    return false;
  // A static data member of a class type (ggml-cuda.cu's `static inline const
  // half alpha = 1.0;`) is a host variable to nvcc; NVRTC would take it for a
  // __device__ one, whose initializer must be constant.
  if (member_var) return clang_getCanonicalType(clang_getCursorType(cur)).kind == CXType_Record;
  if (namespace_var)
    return (!has_word(s, start, name, "const") || std_class(cur) || names_host_function(c, cur)) &&
           !has_word(s, start, end, "__managed__");
  if (unevaluated_trait(cur, s, start, name, end)) return false;
  return !ends_with_word(s, start, end, "default") && !ends_with_word(s, start, end, "delete");
}

// --- what NVRTC skips: __CUDACC_RTC__ -----------------------------------------------
// A library may declare a class for the host only, where NVRTC does not read
// it (CUTLASS's platform::unique_ptr, under `#if !defined(__CUDACC_RTC__)`
// in platform.h), and name it in a class the view keeps (tools/util's
// DeviceAllocation holds a platform::unique_ptr member; its member functions,
// host code, are blanked): kept, NVRTC would not know the type. A data
// member, typedef, alias or variable that names a declaration NVRTC skips is
// blanked with the host code.

enum { RTC_UNKNOWN, RTC_TRUE, RTC_FALSE };

static bool tok_word(LexText t, LexTok k, const char *word) {
  size_t n = strlen(word);
  return k.end - k.start == n && !memcmp(t.s + k.start, word, n);
}

// `defined(__CUDACC_RTC__)` or `defined __CUDACC_RTC__` at k[i]: its length
// in tokens; 0 when none stands there.
static int defined_rtc(LexText t, const LexTok *k, int i, int n) {
  if (i < n && tok_word(t, k[i], "defined")) {
    if (i + 3 < n && tok_word(t, k[i + 1], "(") && tok_word(t, k[i + 2], "__CUDACC_RTC__") &&
        tok_word(t, k[i + 3], ")"))
      return 4;
    if (i + 1 < n && tok_word(t, k[i + 1], "__CUDACC_RTC__")) return 2;
  }
  return 0;
}

// What an #if's or #elif's condition is where __CUDACC_RTC__ is defined:
// false when one of the terms it joins with && is `!defined(__CUDACC_RTC__)`,
// true when it is `defined(__CUDACC_RTC__)` alone (brackets around it
// aside); else unknown.
static int rtc_condition(LexText t, const LexTok *k, int n) {
  while (n >= 2 && tok_word(t, k[0], "(") && tok_word(t, k[n - 1], ")") &&
         lex_close(t, k[0].start, LEX_PARENS, NULL) == k[n - 1].end)
    k++, n -= 2;
  if (defined_rtc(t, k, 0, n) == n && n) return RTC_TRUE;
  int depth = 0;
  bool term_start = true, or = false, negated = false;
  for (int i = 0; i < n; i++) {
    if (tok_word(t, k[i], "(")) depth++;
    if (tok_word(t, k[i], ")")) depth--;
    bool and = i + 1 < n && tok_word(t, k[i], "&") && tok_word(t, k[i + 1], "&") && k[i + 1].start == k[i].end;
    bool bar = i + 1 < n && tok_word(t, k[i], "|") && tok_word(t, k[i + 1], "|") && k[i + 1].start == k[i].end;
    if (!depth && bar) or = true;
    if (!depth && (and || bar)) {
      i++;
      term_start = true;
      continue;
    }
    if (!depth && term_start && tok_word(t, k[i], "!")) {
      // `!defined(__CUDACC_RTC__)` or `!(defined(__CUDACC_RTC__))`, the whole term
      int len = defined_rtc(t, k, i + 1, n), end = i + 1 + len;
      if (!len && i + 1 < n && tok_word(t, k[i + 1], "(")) {
        int inner = defined_rtc(t, k, i + 2, n);
        if (inner && i + 2 + inner < n && tok_word(t, k[i + 2 + inner], ")")) len = inner, end = i + 3 + inner;
      }
      bool joined = end + 1 < n && k[end + 1].start == k[end].end &&
                    ((tok_word(t, k[end], "&") && tok_word(t, k[end + 1], "&")) ||
                     (tok_word(t, k[end], "|") && tok_word(t, k[end + 1], "|")));
      if (len && (end == n || joined)) negated = true;
    }
    term_start = false;
  }
  return negated && ! or ? RTC_FALSE : RTC_UNKNOWN;
}

static void rtc_regions(Arena *a, const char *s, size_t n, struct RtcFile *f) {
  LexText t = {s, n};
  typedef struct {
    bool skipped, taken;  // this branch is skipped; one before it (or this one) is surely taken
  } Frame;
  Frame stack[64];
  int depth = 0, skipping = 0;  // frames deeper than 64 are counted, not kept
  size_t from = 0;
  size_t i = 0;
  bool line_start = true;
  LexTok tok;
  bool have = lex_next(t, &i, &line_start, &tok);
  while (have) {
    if (!tok.first || tok.kind != LEX_PUNCT || s[tok.start] != '#') {
      have = lex_next(t, &i, &line_start, &tok);
      continue;
    }
    size_t at = tok.start;
    LexTok k[48];
    int nk = 0;
    while ((have = lex_next(t, &i, &line_start, &tok)) && !tok.first)
      if (nk < 48) k[nk++] = tok;
    if (!nk || k[0].kind != LEX_IDENT) continue;
    bool was = skipping > 0;
    int cond = RTC_UNKNOWN;
    bool ifdef = tok_word(t, k[0], "ifdef") || tok_word(t, k[0], "elifdef");
    bool ifndef = tok_word(t, k[0], "ifndef") || tok_word(t, k[0], "elifndef");
    if ((ifdef || ifndef) && nk >= 2 && tok_word(t, k[1], "__CUDACC_RTC__")) cond = ifdef ? RTC_TRUE : RTC_FALSE;
    if (tok_word(t, k[0], "if") || tok_word(t, k[0], "elif")) cond = rtc_condition(t, k + 1, nk - 1);
    if (tok_word(t, k[0], "if") || tok_word(t, k[0], "ifdef") || tok_word(t, k[0], "ifndef")) {
      if (depth < 64) stack[depth] = (Frame){cond == RTC_FALSE, cond == RTC_TRUE};
      if (depth < 64 && stack[depth].skipped) skipping++;
      depth++;
    } else if (tok_word(t, k[0], "elif") || tok_word(t, k[0], "elifdef") || tok_word(t, k[0], "elifndef") ||
               tok_word(t, k[0], "else")) {
      if (depth && depth <= 64) {
        bool else_ = tok_word(t, k[0], "else");
        if (stack[depth - 1].skipped) skipping--;
        stack[depth - 1].skipped = stack[depth - 1].taken || (!else_ && cond == RTC_FALSE);
        stack[depth - 1].taken = stack[depth - 1].taken || (!else_ && cond == RTC_TRUE);
        if (stack[depth - 1].skipped) skipping++;
      }
    } else if (tok_word(t, k[0], "endif")) {
      if (depth && depth <= 64 && stack[depth - 1].skipped) skipping--;
      if (depth) depth--;
    }
    if (!was && skipping > 0) from = at;
    if (was && !skipping) VEC_PUSH(a, f->skipped, ((Range){from, at}));
  }
  if (skipping > 0) VEC_PUSH(a, f->skipped, ((Range){from, n}));
}

// Whether the word is a token of the file outside the lines NVRTC skips.
static bool read_by_nvrtc(const struct RtcFile *f, const char *word) {
  size_t from = 0;
  for (int i = 0; i <= f->skipped.len; i++) {
    size_t to = i < f->skipped.len ? f->skipped.items[i].start : f->len;
    if (to > from && text_has_word((LexText){f->text, to}, from, word)) return true;
    if (i < f->skipped.len) from = f->skipped.items[i].end;
  }
  return false;
}

// Whether NVRTC skips the declaration, read where the parse read it: it
// stands in lines NVRTC skips, and its name is nowhere else in the file (where
// it is, as in `#if defined(__CUDACC_RTC__) struct X {...}; #else struct X
// {...}; #endif`, NVRTC may well know another declaration of it: kept).
static bool rtc_skipped(View *v, CXCursor decl) {
  CXFile file;
  unsigned line, col, off;
  clang_getExpansionLocation(clang_getCursorLocation(decl), &file, &line, &col, &off);
  if (!file) return false;
  struct RtcFile *f = NULL;
  for (int i = 0; i < v->rtc.len && !f; i++)
    if (clang_File_isEqual(v->rtc.items[i].file, file)) f = &v->rtc.items[i];
  if (!f) {
    VEC_PUSH(v->c->arena, v->rtc, ((struct RtcFile){.file = file}));
    f = &v->rtc.items[v->rtc.len - 1];
    size_t len = 0;
    const char *data = clang_getFileContents(v->c->front->tu, file, &len);
    f->text = data, f->len = len;
    if (data && memmem(data, len, "__CUDACC_RTC__", 14)) rtc_regions(v->c->arena, data, len, f);
  }
  for (int i = 0; i < f->skipped.len; i++) {
    if (off < f->skipped.items[i].start || off >= f->skipped.items[i].end) continue;
    CXString sp = clang_getCursorSpelling(decl);
    const char *name = clang_getCString(sp);
    bool skipped = name && *name && !read_by_nvrtc(f, name);
    clang_disposeString(sp);
    return skipped;
  }
  return false;
}

// --- what only NVRTC reads: cuda::std --------------------------------------------
// A library's branch for NVRTC may name libcu++ where nvcc's names the host's
// C++ library, without including libcu++'s header for it (CUTLASS's
// relatively_equal.h: `#if defined(__CUDACC_RTC__) using cuda::std::abs;
// #else using std::abs;`; its CUTLASS_STL_NAMESPACE, `cuda::std` for NVRTC
// and `std` for nvcc, before `::tuple` in conv3d_problem_size.h): nvcc's host
// headers bring std's, NVRTC reads a name nothing declared. Where the view
// names `cuda::std::NAME` in lines only NVRTC reads (the branch of `#if
// defined(__CUDACC_RTC__)` or `#ifdef __CUDACC_RTC__`, the `#else` of
// `#ifndef __CUDACC_RTC__` or `#if !defined(__CUDACC_RTC__)`), or `M::NAME`
// for a macro M defined as `cuda::std` there, and NAME is one of the table's,
// libcu++'s header that declares it is included once, before the declaration
// at namespace scope that names it first: after the headers before it
// (CUTLASS's floating_point_nvrtc.h declares an enumerator FP_NAN, which
// libcu++'s <cuda/std/cmath> would define as a macro if it came first). A name
// not in the table is left to NVRTC's error. The view must spell `cuda::std`
// so somewhere: a view without it is not read.

static const struct {
  const char *header, *names;
} rtc_std_table[] = {
    {"cuda/std/cmath",
     " abs fabs sqrt cbrt exp exp2 log log2 log10 pow sin cos tan floor ceil round trunc fmin fmax fma isnan isinf "
     "isfinite signbit copysign hypot "},
    {"cuda/std/tuple", " tuple get make_tuple tie tuple_size tuple_element forward_as_tuple apply tuple_cat "},
};
enum { RTC_STD_HEADERS = sizeof rtc_std_table / sizeof *rtc_std_table };

static int rtc_std_header(LexText t, LexTok name) {
  char word[40];
  size_t n = name.end - name.start;
  if (name.kind != LEX_IDENT || n + 2 >= sizeof word) return -1;
  snprintf(word, sizeof word, " %.*s ", (int)n, t.s + name.start);
  for (int h = 0; h < RTC_STD_HEADERS; h++)
    if (strstr(rtc_std_table[h].names, word)) return h;
  return -1;
}

// `::` at k[i]: two colons, side by side.
static bool scope_at(LexText t, const LexTok *k, int i, int n) {
  return i + 1 < n && tok_word(t, k[i], ":") && tok_word(t, k[i + 1], ":") && k[i + 1].start == k[i].end;
}

typedef struct {
  size_t at;         // a line start in the view
  unsigned headers;  // bits of rtc_std_table
} RtcStdPoint;

static void rtc_std_includes(Arena *a, Buf *view, const char *eol) {
  LexText t = {view->data, view->len};
  if (!t.s || !memmem(t.s, t.n, "__CUDACC_RTC__", 14) || !memmem(t.s, t.n, "cuda::std", 9)) return;
  typedef struct {
    bool only;     // the branch is read by NVRTC only
    bool negated;  // the #if is `#ifndef __CUDACC_RTC__` or `#if !defined(__CUDACC_RTC__)` alone
    int nest;      // brackets open at the #if: each branch starts from them
  } Frame;
  Frame stack[64];
  int depth = 0, only = 0, nest = 0;  // nest: ( and { open
  VEC(const char *) macros = {0};     // defined as cuda::std where only NVRTC reads
  VEC(RtcStdPoint) points = {0};
  // The point: the last line at namespace scope (no bracket open) where a
  // declaration may start (after `;`, `}` or a directive), in the #if groups
  // open there (point_depth deep); once one of them ends or turns to another
  // branch, NVRTC may skip what stands there, and none is known until the next.
  RtcStdPoint point = {0};
  bool have_point = false, boundary = true;
  int point_depth = 0;
  unsigned done = 0;  // headers included at a point before
  size_t i = 0;
  bool line_start = true;
  LexTok tok, k[48];
  bool have = lex_next(t, &i, &line_start, &tok);
  while (have) {
    bool directive = tok.first && tok.kind == LEX_PUNCT && t.s[tok.start] == '#';
    if (!nest && (boundary || directive)) {
      size_t at = tok.start;
      while (at && t.s[at - 1] != '\n') at--;
      point = (RtcStdPoint){at, 0};
      have_point = true;
      point_depth = depth;
    }
    if (directive) {
      int nk = 0;
      while ((have = lex_next(t, &i, &line_start, &tok)) && !tok.first)
        if (nk < 48) k[nk++] = tok;
      boundary = true;
      if (!nk || k[0].kind != LEX_IDENT) continue;
      int cond = RTC_UNKNOWN;
      bool ifdef = tok_word(t, k[0], "ifdef"), ifndef = tok_word(t, k[0], "ifndef"), negated = false;
      if ((ifdef || ifndef) && nk >= 2 && tok_word(t, k[1], "__CUDACC_RTC__")) {
        cond = ifdef ? RTC_TRUE : RTC_FALSE;
        negated = ifndef;
      }
      if (tok_word(t, k[0], "if") || tok_word(t, k[0], "elif")) {
        cond = rtc_condition(t, k + 1, nk - 1);
        negated = nk > 2 && tok_word(t, k[1], "!") && 2 + defined_rtc(t, k, 2, nk) == nk;
      }
      if (tok_word(t, k[0], "if") || ifdef || ifndef) {
        if (depth < 64) stack[depth] = (Frame){cond == RTC_TRUE, negated, nest};
        if (depth < 64 && stack[depth].only) only++;
        depth++;
      } else if (tok_word(t, k[0], "elif") || tok_word(t, k[0], "else")) {
        if (depth <= point_depth) have_point = false;
        if (depth && depth <= 64) {
          Frame *f = &stack[depth - 1];
          if (f->only) only--;
          f->only = tok_word(t, k[0], "else") ? f->negated : cond == RTC_TRUE;
          f->negated = false;
          if (f->only) only++;
          nest = f->nest;
        }
      } else if (tok_word(t, k[0], "endif")) {
        if (depth <= point_depth) have_point = false;
        if (depth && depth <= 64 && stack[depth - 1].only) only--;
        if (depth) depth--;
      } else if (tok_word(t, k[0], "define") && only && nk >= 5) {
        int b = 2 + (scope_at(t, k, 2, nk) ? 2 : 0);
        if (nk == b + 4 && tok_word(t, k[b], "cuda") && scope_at(t, k, b + 1, nk) && tok_word(t, k[b + 3], "std"))
          VEC_PUSH(a, macros, arena_strndup(a, t.s + k[1].start, k[1].end - k[1].start));
      }
      continue;
    }
    // A line of code: its brackets, and cuda::std::NAME or M::NAME, seen
    // through the last seven tokens.
    LexTok w[7];
    int nw = 0;
    do {
      if (nw == 7) memmove(w, w + 1, sizeof(LexTok) * 6), nw--;
      w[nw++] = tok;
      char c = tok.kind == LEX_PUNCT ? t.s[tok.start] : 0;
      if (c == '{' || c == '(') nest++;
      if ((c == '}' || c == ')') && nest) nest--;
      boundary = !nest && (c == ';' || c == '}');
      bool std_name = only && nw == 7 && tok_word(t, w[0], "cuda") && scope_at(t, w, 1, 7) &&
                      tok_word(t, w[3], "std") && scope_at(t, w, 4, 7);
      for (int m = 0; !std_name && nw >= 4 && m < macros.len; m++)
        std_name = tok_word(t, w[nw - 4], macros.items[m]) && scope_at(t, w, nw - 3, nw);
      int h = std_name && have_point ? rtc_std_header(t, tok) : -1;
      if (h >= 0 && !(done & (1u << h))) {
        if (!points.len || points.items[points.len - 1].at != point.at) VEC_PUSH(a, points, point);
        points.items[points.len - 1].headers |= 1u << h;
        done |= 1u << h;
      }
    } while ((have = lex_next(t, &i, &line_start, &tok)) && !tok.first);
  }
  if (!done) return;
  // The view again, each point's #include lines before its line, and a #line
  // that gives that line its number again (from the last #line before it:
  // the view starts with one).
  Buf out = {0};
  size_t from = 0;
  for (int p = 0; p < points.len; p++) {
    size_t at = points.items[p].at;
    long line = 0;
    const char *file = NULL;
    int file_len = 0;
    for (size_t s = at, e; points.items[p].headers && s > 0 && !file;) {
      e = s--;
      while (s > 0 && t.s[s - 1] != '\n') s--;
      if (strncmp(t.s + s, "#line ", 6)) continue;
      char *q;
      line = strtol(t.s + s + 6, &q, 10);
      while (*q == ' ') q++;
      const char *close = *q == '"' ? memchr(q + 1, '"', (size_t)(t.s + e - q - 1)) : NULL;
      if (!close) break;
      file = q, file_len = (int)(close - q + 1);
      for (size_t c = e; c < at; c++) line += t.s[c] == '\n';
    }
    if (!file) continue;
    buf_put(&out, t.s + from, at - from);
    from = at;
    for (int h = 0; h < RTC_STD_HEADERS; h++)
      if (points.items[p].headers & (1u << h)) buf_printf(&out, "#include <%s>%s", rtc_std_table[h].header, eol);
    if (strncmp(t.s + at, "#line ", 6)) buf_printf(&out, "#line %ld %.*s%s", line, file_len, file, eol);
  }
  buf_put(&out, t.s + from, t.n - from);
  buf_free(view);
  *view = out;
}

typedef struct {
  View *v;
  bool found;
} RtcRef;

static enum CXChildVisitResult find_rtc_ref(CXCursor cur, CXCursor parent, CXClientData data) {
  (void)parent;
  RtcRef *r = data;
  enum CXCursorKind k = clang_getCursorKind(cur);
  if ((k == CXCursor_TypeRef || k == CXCursor_TemplateRef || k == CXCursor_DeclRefExpr) &&
      rtc_skipped(r->v, clang_getCursorReferenced(cur))) {
    r->found = true;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Recurse;
}

// Whether the declaration names one that NVRTC skips (and is not skipped itself).
static bool names_rtc_skipped(View *v, CXCursor decl) {
  if (rtc_skipped(v, decl)) return false;
  RtcRef r = {v, false};
  clang_visitChildren(decl, find_rtc_ref, &r);
  return r.found;
}

// --- the walk -----------------------------------------------------------------

static ViewFile *file_of(View *v, CXFile f) {
  for (int i = 0; f && i < v->files.len; i++)
    if (clang_File_isEqual(v->files.items[i].file, f)) return &v->files.items[i];
  return NULL;
}

// The offset of a location in the file vf; false when it is elsewhere.
static bool offset_in(ViewFile *vf, CXSourceLocation loc, size_t *off) {
  if (vf->front) return front_offset(vf->front, loc, off);
  CXFile f;
  unsigned line, col, o;
  clang_getExpansionLocation(loc, &f, &line, &col, &o);
  if (!f || !clang_File_isEqual(f, vf->file) || o > vf->src->len) return false;
  *off = o;
  return true;
}

typedef struct {
  View *v;
  ViewFile *vf;  // NULL at the top: found per declaration
} Walk;

// The attributes written before a declaration are not in its extent
// (`[[noreturn]] void f();`, ggml.h's `GGML_NORETURN GGML_ATTRIBUTE_FORMAT(3, 4)`
// before `GGML_API void ggml_abort(...)`): blanked without them, they would
// apply to the next declaration. Where the earliest of its attribute children
// starts, or `start`; a `[[` before it included.
typedef struct {
  ViewFile *vf;
  size_t at;
} AttrStart;

static enum CXChildVisitResult earliest_attribute(CXCursor cur, CXCursor parent, CXClientData data) {
  (void)parent;
  AttrStart *a = data;
  size_t off;
  if (clang_isAttribute(clang_getCursorKind(cur)) && offset_in(a->vf, clang_getRangeStart(clang_getCursorExtent(cur)), &off) &&
      off < a->at)
    a->at = off;
  return CXChildVisit_Continue;
}

static size_t attributes_start(ViewFile *vf, CXCursor decl, size_t start) {
  AttrStart a = {vf, start};
  clang_visitChildren(decl, earliest_attribute, &a);
  if (a.at == start) return start;
  const char *s = vf->src->data;
  size_t b = a.at;
  while (b > 0 && (s[b - 1] == ' ' || s[b - 1] == '\t')) b--;
  return b >= 2 && s[b - 1] == '[' && s[b - 2] == '[' ? b - 2 : a.at;
}

static void add_template(View *v, CXCursor cur, bool host) {
  CXString sp = clang_getCursorSpelling(cur);
  const char *name = arena_strndup(v->c->arena, clang_getCString(sp), strlen(clang_getCString(sp)));
  clang_disposeString(sp);
  if (host)
    VEC_PUSH(v->c->arena, v->host_templates, name);
  else
    VEC_PUSH(v->c->arena, v->kept_templates, name);
}

// Whether a declaration's name is inside a macro's expansion (where it is
// spelled is not where it stands). Its name, not its start: `__host__ S()`
// starts in the expansion of __host__.
static bool from_macro(CXCursor cur) {
  CXSourceLocation at = clang_getCursorLocation(cur);
  CXFile ef, sf;
  unsigned el, ec, eo, sl, sc, so;
  clang_getExpansionLocation(at, &ef, &el, &ec, &eo);
  clang_getSpellingLocation(at, &sf, &sl, &sc, &so);
  return !ef || !sf || !clang_File_isEqual(ef, sf) || eo != so;
}

static enum CXChildVisitResult walk(CXCursor cur, CXCursor parent, CXClientData data) {
  Walk *w = data;
  enum CXCursorKind k = clang_getCursorKind(cur);
  bool member = k == CXCursor_FieldDecl || k == CXCursor_TypedefDecl || k == CXCursor_TypeAliasDecl ||
                k == CXCursor_TypeAliasTemplateDecl;
  if (!is_scope(k) && !front_is_function(k) && k != CXCursor_VarDecl && !member) return CXChildVisit_Continue;
  CXSourceRange ext = clang_getCursorExtent(cur);
  ViewFile *vf = w->vf;
  if (!vf) {
    CXFile f;
    unsigned line, col, o;
    clang_getExpansionLocation(clang_getRangeStart(ext), &f, &line, &col, &o);
    if (!(vf = file_of(w->v, f))) return CXChildVisit_Continue;
  }
  size_t start, end, name;
  if (!offset_in(vf, clang_getRangeStart(ext), &start) || !offset_in(vf, clang_getRangeEnd(ext), &end) ||
      end <= start)
    return CXChildVisit_Continue;
  if (is_scope(k)) {
    Walk inner = {w->v, vf};
    clang_visitChildren(cur, walk, &inner);
    return CXChildVisit_Continue;
  }
  if (!offset_in(vf, clang_getCursorLocation(cur), &name)) name = start;
  // A member that a macro declares (tiny-cuda-nn's TVEC_BODY: `tvec() =
  // default; __host__ __device__ tvec(T s) ...`): its text here is the
  // macro's use, which holds the other members too; blanking it would take
  // them all. Left as it is.
  if (from_macro(cur) && is_scope(clang_getCursorKind(parent)) && clang_getCursorKind(parent) != CXCursor_Namespace &&
      clang_getCursorKind(parent) != CXCursor_LinkageSpec)
    return CXChildVisit_Continue;
  if (front_is_function(k)) end = past_deleted(vf->src, end);
  bool host = !member && host_only(w->v->c, cur, clang_getCursorKind(parent), vf->src->data, start, name, end);
  if (!host && (member || k == CXCursor_VarDecl)) host = names_rtc_skipped(w->v, cur);
  if (k == CXCursor_FunctionTemplate) add_template(w->v, cur, host);
  if (!host) return CXChildVisit_Continue;
  start = attributes_start(vf, cur, start);
  size_t semi = lex_skip_blank(vf->src, end);
  if (semi < vf->src->len && vf->src->data[semi] == ';') end = semi + 1;
  // `extern "C" void f(...);` (no braces): the linkage goes with it, else it
  // would give its linkage to whatever follows (an inlined header's templates).
  size_t spec;
  if (clang_getCursorKind(parent) == CXCursor_LinkageSpec &&
      offset_in(vf, clang_getRangeStart(clang_getCursorExtent(parent)), &spec) && spec < start &&
      !memchr(vf->src->data + spec, '{', start - spec))
    start = spec;
  VEC_PUSH(w->v->c->arena, vf->host, ((Range){start, end}));
  return CXChildVisit_Continue;
}

// --- explicit instantiations ------------------------------------------------------
// `template void launch<float>(float *, cudaStream_t);` (CUDA-GEMM-Optimization's
// launchers): libclang shows no declaration for an explicit instantiation of
// a function template, so the walk above never sees one. Read from the text:
// one of a template that is blanked, and of no template of that name that
// stays, is blanked with it (NVRTC: "launch is not a template").

static bool tok_is(LexText t, LexTok k, const char *word) {
  size_t n = strlen(word);
  return k.end - k.start == n && !memcmp(t.s + k.start, word, n);
}

static bool name_in(const char *const *names, int n, const char *s, size_t len) {
  for (int i = 0; i < n; i++)
    if (strlen(names[i]) == len && !memcmp(names[i], s, len)) return true;
  return false;
}

// The name an explicit instantiation declares: the identifier before its
// template arguments, if any, and its first top-level '(' (`lib::f<T>(`: f).
// False when there is none (`template class X<int>;`, `operator<<`).
static bool instantiated_name(LexText t, size_t from, size_t semi, size_t *start, size_t *end) {
  size_t paren = lex_find(t, from, '(');
  if (paren >= semi) return false;
  enum { MAX = 256 };
  LexTok toks[MAX];
  int n = 0;
  bool line_start = false;
  for (size_t i = from; n < MAX && lex_next((LexText){t.s, paren}, &i, &line_start, &toks[n]);) n++;
  int k = n - 1;
  if (k >= 0 && tok_is(t, toks[k], ">"))  // back over the template arguments
    for (int depth = 0; k >= 0; k--) {
      depth += tok_is(t, toks[k], ">") - tok_is(t, toks[k], "<");
      if (!depth) { k--; break; }
    }
  if (k < 0 || toks[k].kind != LEX_IDENT) return false;
  *start = toks[k].start, *end = toks[k].end;
  return true;
}

// Past the directive whose '#' ends at i: its line end, splices followed.
static size_t directive_end(LexText t, size_t i) {
  while (i < t.n && !lex_eol(t, i)) i = lex_token(t, i, NULL);
  return i;
}

static void find_instantiations(View *v, ViewFile *vf) {
  if (!v->host_templates.len) return;
  LexText t = {vf->src->data, vf->src->len};
  bool line_start = true;
  LexTok k, prev = {0};
  for (size_t i = 0; lex_next(t, &i, &line_start, &k); prev = k) {
    if (k.first && t.s[k.start] == '#') {
      i = directive_end(t, k.end);
      continue;
    }
    if (!tok_is(t, k, "template")) continue;
    size_t after = lex_space(t, k.end), semi = lex_find(t, after, ';'), s, e;
    if (after >= t.n || t.s[after] == '<' || semi >= t.n) continue;
    if (prev.end && (tok_is(t, prev, ".") || tok_is(t, prev, ":") || tok_is(t, prev, ">"))) continue;  // x.template f<>, ::template, ->template
    if (!instantiated_name(t, after, semi, &s, &e)) continue;
    if (!name_in(v->host_templates.items, v->host_templates.len, t.s + s, e - s) ||
        name_in(v->kept_templates.items, v->kept_templates.len, t.s + s, e - s))
      continue;
    size_t start = prev.end && tok_is(t, prev, "extern") ? prev.start : k.start;
    VEC_PUSH(v->c->arena, vf->host, ((Range){start, semi + 1}));
  }
}

// --- explicit instantiations spelled through a macro ------------------------------
// ggml's `extern DECL_MMQ_CASE(GGML_TYPE_Q4_0);` (mmq.cuh, and each file of its
// template-instances/): the macro's body is `template void
// mul_mat_q_case<type>(...)`, which the scan above does not see. The
// preprocessing record gives each expansion and the macros' definitions: an
// expansion whose body (past `extern`) instantiates a blanked host template, or
// starts with a macro that does (EXTERN_DECL_FATTN_VEC_CASES's `extern
// DECL_FATTN_VEC_CASE(...)`), is blanked with the `extern` before it and the
// `;` after it. An explicit instantiation stands at namespace scope only, so
// the expansion is a whole declaration.

typedef struct {
  const char *name;
  CXCursor def;
  const char *body;  // the replacement text: what follows the parameter list (read when first asked for)
  bool read;
} MacroBody;

typedef struct {
  View *v;
  VEC(MacroBody) macros;   // the function-like macros of the parse, by name
  VEC(CXCursor) expansions;
} MacroUses;

// A macro definition's replacement text: past its name and parameter list.
static const char *macro_body(const Ctx *c, CXCursor def) {
  unsigned s, e;
  const char *text = cursor_file_text(c, def, &s, &e);
  if (!text) return NULL;
  LexText t = {text, e};
  size_t open = lex_token(t, s, NULL);  // past the name: the '(' of a function-like macro
  size_t close = open < e && text[open] == '(' ? lex_close(t, open, LEX_PARENS, NULL) : 0;
  return close ? arena_strndup(c->arena, text + close, e - close) : NULL;
}

static enum CXChildVisitResult collect_macro(CXCursor cur, CXCursor parent, CXClientData data) {
  (void)parent;
  MacroUses *m = data;
  Arena *a = m->v->c->arena;
  enum CXCursorKind k = clang_getCursorKind(cur);
  if (k == CXCursor_MacroExpansion) {
    VEC_PUSH(a, m->expansions, cur);
  } else if (k == CXCursor_MacroDefinition) {  // function-like: macro_body (libclang says not, once #undef'd)
    // The text is read only for the names an instantiation's macro names:
    // reading it for every macro of the toolkit's headers took most of a
    // --check run (clang_getFileContents on a file from the PCH is slow).
    CXString sp = clang_getCursorSpelling(cur);
    VEC_PUSH(a, m->macros,
             ((MacroBody){arena_strndup(a, clang_getCString(sp), strlen(clang_getCString(sp))), cur, NULL, false}));
    clang_disposeString(sp);
  }
  return CXChildVisit_Continue;
}

static const char *body_of(const MacroUses *m, const char *name, size_t len) {
  for (int i = m->macros.len - 1; i >= 0; i--) {  // the last function-like definition of the name
    MacroBody *b = &m->macros.items[i];
    if (strlen(b->name) != len || memcmp(b->name, name, len)) continue;
    if (!b->read) b->body = macro_body(m->v->c, b->def), b->read = true;
    if (b->body) return b->body;
  }
  return NULL;
}

// Whether a host template's instantiation is the declaration that the
// replacement text starts with, through macros 8 deep.
static bool instantiates_host(const MacroUses *m, const char *body, int depth) {
  View *v = m->v;
  LexText t = {body, strlen(body)};
  size_t i = 0;
  bool line_start = false;
  LexTok k;
  if (!lex_next(t, &i, &line_start, &k)) return false;
  if (tok_is(t, k, "extern") && !lex_next(t, &i, &line_start, &k)) return false;
  if (tok_is(t, k, "template")) {
    size_t after = lex_space(t, k.end), s, e;
    if (after >= t.n || t.s[after] == '<' || !instantiated_name(t, after, lex_find(t, after, ';'), &s, &e)) return false;
    return name_in(v->host_templates.items, v->host_templates.len, t.s + s, e - s) &&
           !name_in(v->kept_templates.items, v->kept_templates.len, t.s + s, e - s);
  }
  const char *inner = k.kind == LEX_IDENT && depth < 8 ? body_of(m, t.s + k.start, k.end - k.start) : NULL;
  return inner && instantiates_host(m, inner, depth + 1);
}

// The expansion's range in its file, with an `extern` before it and a `;`
// after it.
static void blank_expansion(View *v, CXCursor exp) {
  CXSourceRange ext = clang_getCursorExtent(exp);
  CXFile f;
  unsigned line, col, o;
  clang_getExpansionLocation(clang_getRangeStart(ext), &f, &line, &col, &o);
  ViewFile *vf = file_of(v, f);
  size_t start, end;
  if (!vf || !offset_in(vf, clang_getRangeStart(ext), &start) || !offset_in(vf, clang_getRangeEnd(ext), &end) || end <= start)
    return;
  const char *s = vf->src->data;
  size_t b = start;
  while (b > 0 && (s[b - 1] == ' ' || s[b - 1] == '\t')) b--;
  if (b >= 6 && !memcmp(s + b - 6, "extern", 6) && (b == 6 || !(s[b - 7] == '_' || isalnum((unsigned char)s[b - 7]))))
    start = b - 6;
  size_t semi = lex_skip_blank(vf->src, end);
  if (semi < vf->src->len && s[semi] == ';') end = semi + 1;
  VEC_PUSH(v->c->arena, vf->host, ((Range){start, end}));
}

static void find_macro_instantiations(View *v) {
  if (!v->host_templates.len) return;
  MacroUses m = {.v = v};
  clang_visitChildren(clang_getTranslationUnitCursor(v->c->front->tu), collect_macro, &m);
  for (int i = 0; i < m.expansions.len; i++) {
    // Only an expansion in a file the view writes can be blanked.
    CXFile f;
    unsigned line, col, o;
    clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(m.expansions.items[i])), &f, &line, &col, &o);
    if (!file_of(v, f)) continue;
    CXCursor def = clang_getCursorReferenced(m.expansions.items[i]);
    // Function-like by its text: libclang says a macro #undef'd after its uses is not.
    const char *body = clang_Cursor_isNull(def) ? NULL : macro_body(v->c, def);
    if (body && instantiates_host(&m, body, 0)) blank_expansion(v, m.expansions.items[i]);
  }
}

// --- user headers ---------------------------------------------------------------

// A header's bytes as clang read them; NULL when clang cannot say.
static const Source *header_source(View *v, CXFile f, const char *path) {
  Arena *a = v->c->arena;
  size_t len = 0;
  const char *data = clang_getFileContents(v->c->front->tu, f, &len);
  if (!data) return NULL;
  return source_new(a, arena_strndup(a, path, strlen(path)), arena_strndup(a, data, len), len);
}

// The whole line that holds offset `at`, its line end included.
static Range line_at(const Source *src, size_t at) {
  size_t start = src->line_start[source_line(src, at) - 1], end = start;
  while (end < src->len && src->data[end] != '\n' && src->data[end] != '\r') end++;
  if (end < src->len && src->data[end] == '\r') end++;
  if (end < src->len && src->data[end] == '\n') end++;
  return (Range){start, end};
}

// The #include line of the file's list (scan.c, token by token) that starts
// in `line`; NULL when none does.
static const IncludeLine *include_in(const AnnotationList *l, Range line) {
  for (int i = 0; i < l->nincludes; i++)
    if (l->includes[i].start >= line.start && l->includes[i].start < line.end) return &l->includes[i];
  return NULL;
}

// The header name an #include line spells, <...> or "..."; NULL for a macro.
static const char *spelled_name(Arena *a, const Source *src, const IncludeLine *inc) {
  if (!inc || inc->computed) return NULL;
  return arena_strndup(a, src->data + inc->name_start, inc->name_end - inc->name_start);
}

// <cublas_v2.h>, <cufft.h>, ...: a host-only library of the toolkit, by the
// name's first component (the graphics interop headers, <cudaEGL.h>, include
// EGL's and OpenGL's from the system's directory, which NVRTC does not search) (<curand.h> is the host API; <curand_kernel.h> the
// device one, kept). Spelled "cublas_v2.h" (cuda_hgemm), it is one when the
// parse found it in CUDA's directory.
static bool is_host_library_name(const char *name) {
  static const char *const prefixes[] = {"cublas", "cufft",     "cusparse",   "cusolver", "nvml",  "nvjpeg",
                                         "npp",    "cudnn",     "nccl",       "cufile",   "nvrtc", "nvJitLink",
                                         "nvToolsExt", "nvtx3/", "cupti",     "nvperf",   "cub/device/", NULL};
  static const char *const whole[] = {"curand.h",   "cuda_profiler_api.h", "cudaProfiler.h",      "cub/util_allocator.cuh",
                                      "cudaEGL.h",  "cuda_egl_interop.h",  "cudaGL.h",            "cuda_gl_interop.h",
                                      "cudaVDPAU.h", "cuda_vdpau_interop.h", NULL};
  if (!name || (*name != '<' && *name != '"')) return false;
  const char *n = name + 1;
  size_t len = strlen(n) - 1;  // less the closer
  for (int i = 0; whole[i]; i++)
    if (len == strlen(whole[i]) && !strncmp(n, whole[i], len)) return true;
  for (int i = 0; prefixes[i]; i++)
    if (!strncmp(n, prefixes[i], strlen(prefixes[i]))) return true;
  return false;
}

static bool is_host_library(View *v, CXFile f, const char *name) {
  if (!is_host_library_name(name)) return false;
  if (*name == '<') return true;
  if (!f) return false;
  CXString path = clang_getFileName(f);
  const char *real = arena_realpath(v->c->arena, clang_getCString(path));
  clang_disposeString(path);
  return real && sys_path_under(real, v->dirs[1]);
}

// CUB's umbrella header brings its device-wide algorithms (host functions,
// left out as a host library is) with the block-, warp- and thread-level parts
// that device code uses: NVRTC reads a stand-in that brings only those.
static const char *stand_in_for(const char *name) {
  return name && !strcmp(name, "<cub/cub.cuh>") ? "<tirx_nvrtc_cub.cuh>" : NULL;
}

// Thrust does not compile under NVRTC (its containers and algorithms are host
// code that NVRTC refuses, and its random numbers, tuples and iterators come
// with them), and the classes that use it (a functor for thrust::generate) reach
// device code: a file that includes it is not checked, and one note says where.
static bool is_thrust(View *v, CXFile f, const char *name) {
  if (!name || strncmp(name + 1, "thrust/", 7)) return false;
  if (*name == '<') return true;
  CXString path = clang_getFileName(f);  // "thrust/sort.h" (cuda-samples' particles): Thrust when found in CUDA's directory
  const char *real = f ? arena_realpath(v->c->arena, clang_getCString(path)) : NULL;
  clang_disposeString(path);
  return real && sys_path_under(real, v->dirs[1]);
}

static void note_thrust(View *v, const ViewFile *vf, int line_no, CXFile f, const char *name) {
  if (v->unchecked->len || !is_thrust(v, f, name)) return;
  buf_printf(v->unchecked, "%s:%d:1: note: --check: nothing checked: %s does not compile under NVRTC (Thrust's containers and algorithms are host code to it), and device code here may use it",
             vf->src->path, line_no, name);
}

// An #include <...> of a header outside tirx's and CUDA's directories: the
// C and C++ libraries, POSIX, other libraries (and the user's own, which
// NVRTC finds through the same -I, so that the guard changes nothing).
static bool is_guarded(View *v, CXFile f, const char *name) {
  if (!name || *name != '<') return false;
  CXString path = clang_getFileName(f);
  const char *p = clang_getCString(path);
  const char *real = arena_realpath(v->c->arena, p);
  bool guarded = real && !sys_path_under(real, v->dirs[0]) && !sys_path_under(real, v->dirs[1]);
  clang_disposeString(path);
  return guarded;
}

// Whether the file lies under one of the user's -I directories (SGEMM_CUDA's
// <runner.cuh> in src/, cuda-samples' <helper_cuda.h> in Common/), not -isystem
// or the default paths of the C and C++ libraries, even when an -I names one
// (cuda_hgemm's -I /usr/include).
static bool under_user_dir(View *v, CXFile f) {
  CXString path = clang_getFileName(f);
  const char *real = arena_realpath(v->c->arena, clang_getCString(path));
  clang_disposeString(path);
  for (int i = 0; real && i + 1 < v->opt->nclang_args; i += 2) {
    if (strcmp(v->opt->clang_args[i], "-I")) continue;
    const char *dir = arena_realpath(v->c->arena, v->opt->clang_args[i + 1]);
    if (dir && !sys_is_system_include_dir(dir) && sys_path_under(real, dir)) return true;
  }
  return false;
}

// An #include of a user header (quoted, or <...> through the user's -I) in
// the file `from` (an index in v->files): a child of that file, and a file of
// the view the first time (inlined only if it needs to be: needs_inlining).
// Headers in tirx's and CUDA's directories are left to NVRTC.
static void add_user_header(View *v, int from, CXFile f, Range line, const char *spelled) {
  Arena *a = v->c->arena;
  if (!spelled) return;
  const ViewFile *p = &v->files.items[from];
  for (int i = 0; i < p->children.len; i++)
    if (p->children.items[i].line.start == line.start) return;  // a header read twice: its lines seen before
  ViewFile *known = file_of(v, f);
  int idx = known ? (int)(known - v->files.items) : v->files.len;
  if (!known) {
    CXString name = clang_getFileName(f);
    const char *path = clang_getCString(name);
    const char *real = arena_realpath(a, path);
    bool system = !real || sys_path_under(real, v->dirs[0]) || sys_path_under(real, v->dirs[1]);
    while (path[0] == '.' && path[1] == '/') path += 2;  // "./deep/l1.h" (a quoted include of a file in .): "deep/l1.h"
    const Ctx *hc = NULL;
    for (int i = 0; real && i < v->nheaders; i++)
      if (v->header_real[i] && !strcmp(v->header_real[i], real)) hc = v->headers[i];
    const Source *hs = system ? NULL : hc ? hc->src : header_source(v, f, path);
    clang_disposeString(name);
    if (!hs) return;
    ViewFile vf = {.file = f,
                   .src = hs,
                   .path_literal = hc ? hc->path_literal : c_string_literal(a, hs->path, strlen(hs->path)),
                   .front = hc ? hc->front : NULL,
                   .rewritten = hc,
                   .anns = scan_annotations(a, hs),
                   .once = clang_isFileMultipleIncludeGuarded(v->c->front->tu, f) != 0};
    VEC_PUSH(a, v->files, vf);
  }
  if (*spelled == '"') v->files.items[idx].quoted = true;
  ViewFile *parent = &v->files.items[from];
  VEC_PUSH(a, parent->children, ((Child){line, source_line(parent->src, line.start), idx}));
}

// A guarded #include line of the file (once: a header read twice shows its
// lines twice).
static void add_guard(View *v, ViewFile *vf, Range line, const char *name, bool left_out) {
  for (int i = 0; i < vf->guards.len; i++)
    if (vf->guards.items[i].line.start == line.start) return;
  VEC_PUSH(v->c->arena, vf->guards, ((Guard){line, name, source_line(vf->src, line.start), left_out, stand_in_for(name)}));
}

// One #include of a file of the view. The main file's: <...> headers are
// guarded, user headers are candidates for inlining. A header's: user headers
// only (its guards come from its text: find_header_guards). False when the
// directive's file is not (yet) one of the view.
static bool add_include(View *v, CXCursor cur) {
  CXSourceLocation loc = clang_getCursorLocation(cur);
  CXFile pf;
  unsigned line_no, col, o;
  clang_getExpansionLocation(loc, &pf, &line_no, &col, &o);
  ViewFile *p = file_of(v, pf);
  size_t at;
  if (!p) return false;
  int from = (int)(p - v->files.items);
  if (!offset_in(p, loc, &at)) return true;
  ViewFile *m = &v->files.items[0];
  CXFile f = clang_getIncludedFile(cur);
  Range line = line_at(p->src, at);
  const char *name = spelled_name(v->c->arena, p->src, include_in(from ? &p->anns : v->c->anns, line));
  bool library = is_host_library(v, f, name);
  note_thrust(v, p, source_line(p->src, line.start), f, name);
  if (from) {  // a header's <...> lines are guarded from its text (find_header_guards), its "..." ones here
    if (name && *name == '"' && (library || !f))
      add_guard(v, p, line, name, library);
    else if (f && !library && !(is_guarded(v, f, name) && !under_user_dir(v, f)))
      add_user_header(v, from, f, line, name);
    return true;
  }
  if (!f) {  // not found by the parse, found by nvcc's host compiler (<omp.h>, "omp.h" in gcc's directory): guarded
    if (name) add_guard(v, m, line, name, false);
    return true;
  }
  if (library || stand_in_for(name))
    add_guard(v, m, line, name, library);
  else if (is_guarded(v, f, name) && under_user_dir(v, f))
    add_user_header(v, 0, f, line, name);  // <runner.cuh> through the user's -I: the user's own, inlined as "..."
  else if (is_guarded(v, f, name))
    add_guard(v, m, line, name, false);
  else
    add_user_header(v, 0, f, line, name);
  return true;
}

typedef struct {
  Arena *a;
  VEC(CXCursor) incs;
} Includes;

static enum CXChildVisitResult collect_include(CXCursor cur, CXCursor parent, CXClientData data) {
  (void)parent;
  Includes *d = data;
  if (clang_getCursorKind(cur) == CXCursor_InclusionDirective) VEC_PUSH(d->a, d->incs, cur);
  return CXChildVisit_Continue;
}

static int by_line(const void *a, const void *b) {
  const Child *x = a, *y = b;
  return x->line.start != y->line.start ? (x->line.start < y->line.start ? -1 : 1) : 0;
}

// Every #include of the main file and, to any depth, of the user headers it
// reaches. The record of directives holds every file's (those of a PCH's
// headers first), so the walk goes over it until no file is added.
static void find_includes(View *v) {
  Includes d = {v->c->arena, {0}};
  clang_visitChildren(clang_getTranslationUnitCursor(v->c->front->tu), collect_include, &d);
  bool *done = arena_alloc(v->c->arena, sizeof(bool) * (size_t)(d.incs.len + 1));  // zeroed
  for (bool more = true; more;) {
    more = false;
    for (int i = 0; i < d.incs.len; i++)
      if (!done[i] && add_include(v, d.incs.items[i])) done[i] = more = true;
  }
  for (int i = 0; i < v->files.len; i++) {
    ViewFile *vf = &v->files.items[i];
    if (vf->children.len) qsort(vf->children.items, (size_t)vf->children.len, sizeof(Child), by_line);
  }
}

// Whether the line is one of the file's #include lines of a user header.
static bool is_child_line(const ViewFile *vf, Range line) {
  for (int i = 0; i < vf->children.len; i++)
    if (vf->children.items[i].line.start == line.start) return true;
  return false;
}

static int guard_by_line(const void *a, const void *b) {
  const Guard *x = a, *y = b;
  return x->line.start != y->line.start ? (x->line.start < y->line.start ? -1 : 1) : 0;
}

// The `#include <...>` lines of a header, as scan.c finds them in its text
// (the parse saw only those of the branches it took). Every one is guarded
// (tirx's and CUDA's are found, so that their guard changes nothing) but the
// user's own headers, which are inlined.
static void find_header_guards(View *v, ViewFile *vf) {
  const Source *h = vf->src;
  const AnnotationList *l = &vf->anns;
  for (int i = 0; i < l->nincludes; i++) {
    if (l->includes[i].computed || !l->includes[i].angled) continue;
    Range line = line_at(h, l->includes[i].start);
    if (is_child_line(vf, line)) continue;
    add_guard(v, vf, line, spelled_name(v->c->arena, h, &l->includes[i]),
              is_host_library_name(spelled_name(v->c->arena, h, &l->includes[i])));
  }
  qsort(vf->guards.items, (size_t)vf->guards.len, sizeof(Guard), guard_by_line);
}

// Whether the header is inlined: tirx-pp rewrites it, it has host code or
// guarded #include lines, a header it includes is inlined (NVRTC would read
// that one from the disk), or an #include names it with "..." (NVRTC would
// look for it beside the view's name, or beside the inlined header that
// includes it, and the output's #include names it from where the output
// goes). A header in a cycle of includes is inlined.
static bool needs_inlining(View *v, int i) {
  ViewFile *vf = &v->files.items[i];
  if (vf->needs) return vf->needs != 3;
  vf->needs = 1;
  bool yes = vf->rewritten || vf->quoted || vf->host.len || vf->guards.len;
  for (int k = 0; k < vf->children.len; k++)
    if (needs_inlining(v, vf->children.items[k].file)) yes = true;
  vf->needs = yes ? 2 : 3;
  return yes;
}

// --- rendering -------------------------------------------------------------------

static int by_start(const void *a, const void *b) {
  const Range *x = a, *y = b;
  return x->start != y->start ? (x->start < y->start ? -1 : 1) : 0;
}

// Sorts and merges overlapping ranges (`int a, b;` gives two that overlap).
static void merge(ViewFile *vf) {
  if (!vf->host.len) return;
  qsort(vf->host.items, (size_t)vf->host.len, sizeof(Range), by_start);
  int n = 0;
  for (int i = 0; i < vf->host.len; i++) {
    Range r = vf->host.items[i];
    if (n && r.start <= vf->host.items[n - 1].end) {
      if (r.end > vf->host.items[n - 1].end) vf->host.items[n - 1].end = r.end;
    } else {
      vf->host.items[n++] = r;
    }
  }
  vf->host.len = n;
}

// The line ends inside [start, end): what a blanked range leaves behind.
static void put_line_ends(Buf *b, const char *s, size_t start, size_t end) {
  for (size_t i = start; i < end; i++)
    if (s[i] == '\n' || s[i] == '\r') buf_putc(b, s[i]);
}

// The directive of a conditional (#if, #ifdef, #ifndef, #elif..., #else,
// #endif) that the line at s[i] is, up to its end; 0 if it is none.
static size_t conditional_line(const char *s, size_t i, size_t end) {
  size_t j = i;
  while (j < end && (s[j] == ' ' || s[j] == '\t')) j++;
  if (j >= end || s[j] != '#') return 0;
  for (j++; j < end && (s[j] == ' ' || s[j] == '\t'); j++) {
  }
  static const char *const words[] = {"ifdef", "ifndef", "if", "elifdef", "elifndef", "elif", "else", "endif", NULL};
  bool found = false;
  for (int w = 0; words[w] && !found; w++) {
    size_t n = strlen(words[w]);
    found = j + n <= end && !memcmp(s + j, words[w], n) && (j + n == end || !is_ident_char((unsigned char)s[j + n]));
  }
  if (!found) return 0;
  for (;;) {  // to the end of the directive, past its continuation lines (`#if A || \`)
    while (j < end && s[j] != '\n') j++;
    size_t last = j > i && s[j - 1] == '\r' ? j - 2 : j - 1;
    if (j >= end || last < i || s[last] != '\\') break;
    j++;
  }
  return (j > i && s[j - 1] == '\r' ? j - 1 : j) - i;
}

// What a blanked host range leaves behind: its line ends, and the whole
// lines in it that are a conditional's directives, so that an #if that the
// range cuts through (a parameter list with `#if ... #else ... #endif` in it,
// blanked up to its `;`) still meets its #endif.
static void put_blanked(Buf *b, const char *s, size_t start, size_t end) {
  for (size_t i = start; i < end; i++) {
    size_t keep = i > 0 && (s[i - 1] == '\n' || s[i - 1] == '\r') ? conditional_line(s, i, end) : 0;
    if (keep) {
      buf_put(b, s + i, keep);
      i += keep - 1;
    } else if (s[i] == '\n' || s[i] == '\r') {
      buf_putc(b, s[i]);
    }
  }
}

static const char *blanked(Arena *a, const char *s, size_t start, size_t end) {
  Buf b = {0};
  put_blanked(&b, s, start, end);
  char *t = arena_strndup(a, b.data ? b.data : "", b.len);
  buf_free(&b);
  return t;
}

static bool is_pragma_once(const char *s, size_t n) {
  while (n && (*s == ' ' || *s == '\t')) s++, n--;
  while (n && (s[n - 1] == ' ' || s[n - 1] == '\t')) n--;
  if (!n || *s != '#') return false;
  s++, n--;
  while (n && (*s == ' ' || *s == '\t')) s++, n--;
  return n == 11 && !memcmp(s, "pragma once", 11);
}

// The guarded #include, then a #line for the line after it. NVRTC has
// __has_include in every dialect it compiles. A left-out cuBLAS header keeps
// the device types it brings (cublas_api.h includes <cuda_fp16.h> and
// <cuda_bf16.h>: llm.c's dev/cuda/common.h uses __nv_bfloat16 with no other
// include), and every left-out library its handle types.
static const char *guard_text(Arena *a, const Guard *g, const char *path_literal, const char *eol) {
  const char *handles = "#include <tirx_nvrtc_host_libraries.h>";  // cublasHandle_t, ...: a class may hold one
  if (g->left_out && g->name && !strncmp(g->name + 1, "cublas", 6))
    return arena_printf(a, "%s%s#include <cuda_fp16.h>%s#include <cuda_bf16.h>%s#line %d %s%s", handles, eol, eol, eol,
                        g->line_no + 1, path_literal, eol);
  if (g->left_out) return arena_printf(a, "%s%s#line %d %s%s", handles, eol, g->line_no + 1, path_literal, eol);
  if (g->stand_in) return arena_printf(a, "#include %s%s#line %d %s%s", g->stand_in, eol, g->line_no + 1, path_literal, eol);
  return arena_printf(a, "#if __has_include(%s)%s#include %s%s#endif%s#line %d %s%s", g->name, eol, g->name, eol, eol,
                      g->line_no + 1, path_literal, eol);
}

static void put_child(View *v, Buf *b, const ViewFile *parent, const Child *ch);
static void put_rewritten(View *v, Buf *b, int i);

// Text of a file copied as it is, [from, to), with a #line after each
// #else, #elif and #endif: a guard or an inlined header in a branch NVRTC
// skips is more lines than the #include it replaced, and the #line after it
// is skipped too, so the lines after the conditional would be counted wrong.
// `line` is the number of the line at `from` (advanced to `to`).
static void put_text(Buf *b, const ViewFile *vf, size_t from, size_t to, int *line, const char *eol) {
  const char *s = vf->src->data;
  for (size_t i = from; i < to;) {
    size_t d = (i == 0 || s[i - 1] == '\n') ? conditional_line(s, i, to) : 0;
    size_t nl = i + d;  // a directive's lines are one line to copy
    while (nl < to && s[nl] != '\n') nl++;
    size_t next = nl < to ? nl + 1 : to;
    buf_put(b, s + i, next - i);
    for (size_t k = i; k < next; k++) *line += s[k] == '\n';
    if (d && nl < to) {
      size_t j = i;
      while (s[j] == ' ' || s[j] == '\t') j++;
      for (j++; s[j] == ' ' || s[j] == '\t'; j++) {
      }
      if (s[j] == 'e')  // else, elif..., endif: not if, ifdef, ifndef
        buf_printf(b, "#line %d %s%s", *line, vf->path_literal, eol);
    }
    i = next;
  }
}

// The file with its host declarations blanked, its host system headers
// guarded and the user headers it includes inlined.
static void put_file(View *v, Buf *b, int i) {
  if (v->files.items[i].rewritten) {
    put_rewritten(v, b, i);
    return;
  }
  const ViewFile *vf = &v->files.items[i];
  const Source *h = vf->src;
  const char *eol = v->c->src->eol;
  v->files.items[i].open = true;
  size_t pos = 0;
  int line = 1;
  for (int k = 0, g = 0, ch = 0; k < vf->host.len || g < vf->guards.len || ch < vf->children.len;) {
    size_t hs = k < vf->host.len ? vf->host.items[k].start : SIZE_MAX;
    size_t gs = g < vf->guards.len ? vf->guards.items[g].line.start : SIZE_MAX;
    size_t cs = ch < vf->children.len ? vf->children.items[ch].line.start : SIZE_MAX;
    int which = cs < hs && cs < gs ? 2 : gs < hs ? 1 : 0;
    Range r = which == 2 ? vf->children.items[ch].line : which == 1 ? vf->guards.items[g].line : vf->host.items[k];
    if (r.start >= pos) {
      put_text(b, vf, pos, r.start, &line, eol);
      if (which == 2)
        put_child(v, b, vf, &vf->children.items[ch]);
      else if (which == 1)
        buf_puts(b, guard_text(v->c->arena, &vf->guards.items[g], vf->path_literal, eol));
      else
        put_blanked(b, h->data, r.start, r.end);
      for (size_t j = r.start; j < r.end; j++) line += h->data[j] == '\n';
      pos = r.end;
    }
    which == 2 ? ch++ : which == 1 ? g++ : k++;
  }
  put_text(b, vf, pos, h->len, &line, eol);
  v->files.items[i].open = false;
}

// A header read once (an include guard, #pragma once) is inlined behind a
// guard of the view's own, which the text NVRTC reads under its name
// (inlined_names) opens too: whichever comes first defines what it holds, and
// the other reads nothing.
static void put_once_open(Buf *b, const ViewFile *h, int i, const char *eol) {
  if (h->once) buf_printf(b, "#ifndef __tirx_view_once_%d%s#define __tirx_view_once_%d%s", i, eol, i, eol);
}

static void put_once_close(Buf *b, const ViewFile *h, const char *eol) {
  if (h->once) buf_printf(b, "#endif%s", eol);
}

// The header's device view between #line directives: the first names the
// header, the last the line after its #include in `parent`.
static void put_inlined(View *v, Buf *b, const ViewFile *parent, const Child *ch) {
  const char *eol = v->c->src->eol;
  ViewFile *h = &v->files.items[ch->file];
  h->emitted = true;
  put_once_open(b, h, ch->file, eol);
  buf_printf(b, "#line 1 %s%s", h->path_literal, eol);
  put_file(v, b, ch->file);
  if (b->len && b->data[b->len - 1] != '\n' && b->data[b->len - 1] != '\r') buf_puts(b, eol);
  put_once_close(b, h, eol);
  buf_printf(b, "#line %d %s%s", ch->line_no + 1, parent->path_literal, eol);
}

// Whether a header's #include line reads nothing: the header is being
// inlined (a cycle) or was inlined before behind its guard or #pragma once.
static bool reads_nothing(const ViewFile *h) { return h->open || (h->emitted && h->once); }

// A later #include of a header inlined before behind its guard: the first
// copy may stand in a branch that NVRTC skips though the parse took it (one
// included under `#if !defined(__CUDACC_RTC__)`, as CUTLASS's
// threadblock_swizzle_streamk.h includes core_io.h, which includes
// matrix_shape.h: inlined there, MatrixShape was never defined for NVRTC,
// and every later #include of it read nothing). So the line names the
// header's text that NVRTC reads by name (inlined_names), behind the guard
// its inlined copy defines: nothing when that copy was read, the header
// when it was skipped. NULL where the header has no such name (the line
// reads nothing, as before) or is being inlined (a cycle).
static const char *again_text(View *v, const ViewFile *parent, const Child *ch) {
  const ViewFile *h = &v->files.items[ch->file];
  if (h->open || !h->once || !v->named || !v->named[ch->file]) return NULL;
  const char *eol = v->c->src->eol;
  return arena_printf(v->c->arena, "#ifndef __tirx_view_once_%d%s#include <%s>%s#endif%s#line %d %s%s", ch->file, eol,
                      v->named[ch->file], eol, eol, ch->line_no + 1, parent->path_literal, eol);
}

// An #include line of a user header in an inlined header: the header inlined,
// blank lines where it reads nothing, or the line as it is (NVRTC reads the
// header, which needs no inlining).
static void put_child(View *v, Buf *b, const ViewFile *parent, const Child *ch) {
  const ViewFile *h = &v->files.items[ch->file];
  if (v->flat && needs_inlining(v, ch->file)) {
    if (v->provided[ch->file])
      buf_printf(b, "#include <%s>", v->provided[ch->file]);
    else
      v->flat_failed = true;
    put_line_ends(b, parent->src->data, ch->line.start, ch->line.end);
  } else if (!needs_inlining(v, ch->file))
    buf_put(b, parent->src->data + ch->line.start, ch->line.end - ch->line.start);
  else if (reads_nothing(h)) {
    const char *again = again_text(v, parent, ch);
    if (again)
      buf_puts(b, again);
    else
      put_line_ends(b, parent->src->data, ch->line.start, ch->line.end);
  } else
    put_inlined(v, b, parent, ch);
}

static void drop_pragma_once(Buf *b, size_t from) {
  for (size_t p = from; p < b->len;) {
    size_t e = p;
    while (e < b->len && b->data[e] != '\n' && b->data[e] != '\r') e++;
    if (is_pragma_once(b->data + p, e - p)) {
      memmove(b->data + p, b->data + e, b->len - e);
      b->len -= e - p;
      e = p;
    }
    p = e < b->len ? e + 1 : e;
  }
}

// What replaces an #include line of a file rendered through its edits (the
// main file, a rewritten header): the header's device view, with the headers
// it includes inlined in theirs, to any depth, and every `#pragma once`
// dropped (they are no longer headers).
static const char *inlined(View *v, const ViewFile *parent, const Child *ch) {
  Buf b = {0};
  put_inlined(v, &b, parent, ch);
  drop_pragma_once(&b, 0);
  char *t = arena_strndup(v->c->arena, b.data, b.len);
  buf_free(&b);
  return t;
}

// Renders the inlined header; its closing #line says where the output is.
static void render_inlined(Render *r, const Edit *e) {
  const Child *ch = e->data;
  render_text(r, e->text);
  r->line = ch->line_no + 1;
}

// Renders a guarded #include, which ends with a #line too.
static void render_guard(Render *r, const Edit *e) {
  const Guard *g = e->data;
  render_text(r, e->text);
  r->line = g->line_no + 1;
}

// Whether an edit of the rewrite touches the range.
static bool touched(const EditList *l, Range r) {
  for (int i = 0; i < l->items.len; i++)
    if (l->items.items[i].start < r.end && l->items.items[i].end > r.start) return true;
  return false;
}

// An edit that overlaps the range without nesting in it or around it.
static bool straddles(const EditList *l, Range r) {
  for (int i = 0; i < l->items.len; i++) {
    const Edit *e = &l->items.items[i];
    bool inside = e->start >= r.start && e->end <= r.end, around = e->start <= r.start && e->end >= r.end;
    if (e->start < r.end && e->end > r.start && !inside && !around) return true;
  }
  return false;
}

static bool within(const Range *r, int n, size_t start, size_t end) {
  for (int i = 0; i < n; i++)
    if (start >= r[i].start && end <= r[i].end) return true;
  return false;
}

// The edits that render a file of the view that tirx-pp rewrites (the main
// file, a rewritten header): the rewrite's own, less those inside host code
// and those on an #include line that the view replaces (a rewritten header's
// redirection to its copy), a blank for each host declaration that no edit
// straddles, and its user headers in file order: the first #include of each
// inlined, one that reads nothing blanked.
static void view_edits(View *v, int i, const EditList *edits, EditList *dev) {
  Arena *a = v->c->arena;
  ViewFile *vf = &v->files.items[i];
  const Source *src = vf->src;
  VEC(Range) host = {0};
  VEC(Range) replaced = {0};
  dev->nvariants = edits->nvariants;
  for (int k = 0; k < vf->host.len; k++)
    if (!straddles(edits, vf->host.items[k])) VEC_PUSH(a, host, vf->host.items[k]);
  for (int k = 0; k < vf->children.len; k++) {
    Range l = vf->children.items[k].line;
    if (needs_inlining(v, vf->children.items[k].file) && !within(host.items, host.len, l.start, l.end))
      VEC_PUSH(a, replaced, l);
  }
  for (int k = 0; k < edits->items.len; k++) {
    const Edit *e = &edits->items.items[k];
    if (!within(host.items, host.len, e->start, e->end) && !within(replaced.items, replaced.len, e->start, e->end))
      edit_add(dev, *e);
  }
  for (int k = 0; k < host.len; k++)
    edit_replace(dev, host.items[k].start, host.items[k].end,
                 blanked(a, src->data, host.items[k].start, host.items[k].end));
  vf->open = true;
  for (int k = 0; k < vf->children.len; k++) {
    Child *ch = &vf->children.items[k];
    if (!needs_inlining(v, ch->file) || within(host.items, host.len, ch->line.start, ch->line.end)) continue;
    if (v->flat) {  // (a rewritten header's text for NVRTC: not made with its children redirected)
      v->flat_failed = true;
      continue;
    }
    const char *again = reads_nothing(&v->files.items[ch->file]) ? again_text(v, vf, ch) : NULL;
    if (again)
      edit_add(dev,
               (Edit){.start = ch->line.start, .end = ch->line.end, .fn = render_inlined, .text = again, .data = ch});
    else if (reads_nothing(&v->files.items[ch->file]))
      edit_replace(dev, ch->line.start, ch->line.end, blanked(a, src->data, ch->line.start, ch->line.end));
    else
      edit_add(dev, (Edit){.start = ch->line.start,
                           .end = ch->line.end,
                           .fn = render_inlined,
                           .text = inlined(v, vf, ch),
                           .data = ch});
  }
  vf->open = false;
  for (int k = 0; k < vf->guards.len; k++) {
    Guard *g = &vf->guards.items[k];
    if (!touched(edits, g->line) && !within(host.items, host.len, g->line.start, g->line.end))
      edit_add(dev, (Edit){.start = g->line.start,
                           .end = g->line.end,
                           .fn = render_guard,
                           .text = guard_text(a, g, vf->path_literal, src->eol),
                           .data = g});
  }
}

// A header that tirx-pp rewrites, in its device view: its edits rendered
// (the #line directives of unrolled code name the header), less its host code.
static void put_rewritten(View *v, Buf *b, int i) {
  const ViewFile *vf = &v->files.items[i];
  EditList dev = {.arena = v->c->arena};
  view_edits(v, i, vf->rewritten->edits, &dev);
  Diag quiet = {.src = vf->src};
  if (!edit_finish(&dev, &quiet)) {
    v->failed = true;
    return;
  }
  Render r;
  render_init(&r, vf->src, &dev, false);
  r.path_literal = vf->path_literal;
  render_range(&r, 0, vf->src->len);
  buf_put(b, r.out.data, r.out.len);
  buf_free(&r.out);
}

static void real_dir(View *v, int i, const char *dir) { v->dirs[i] = arena_realpath(v->c->arena, dir); }

// The user's include directories (-I, -isystem, -iquote, -idirafter, as
// flag and value or joined), in the order given, as real paths.
static int include_dirs(Arena *a, const TirxOptions *opt, const char **out, int max) {
  static const char *const flags[] = {"-I", "-isystem", "-iquote", "-idirafter"};
  int n = 0;
  for (int i = 0; i < opt->nclang_args && n < max; i++) {
    const char *arg = opt->clang_args[i];
    for (size_t k = 0; k < sizeof flags / sizeof *flags; k++) {
      size_t len = strlen(flags[k]);
      if (strncmp(arg, flags[k], len)) continue;
      const char *dir = arg[len] ? arg + len : i + 1 < opt->nclang_args ? opt->clang_args[++i] : NULL;
      if (dir && *dir == '=') dir++;
      const char *real = dir ? arena_realpath(a, dir) : NULL;
      if (real) out[n++] = real;
      break;
    }
  }
  return n;
}

// What NVRTC reads, by name, in place of a header the view inlined behind a
// guard or #pragma once, should a header it reads from the disk include it
// again: one the view does not inline (one included only under
// __CUDACC_RTC__, which the parse, as nvcc's device pass, never read:
// CUTLASS's float8.h includes floating_point_nvrtc.h there, and that includes
// helper_macros.hpp, which the view inlines later). The file itself would
// define its classes twice (the view's copy is not the file, so its guard or
// #pragma once does not hold); an empty header would leave its macros
// undefined where the disk's header reads them. So NVRTC reads the header's
// device view, its own #include lines left as they are, behind the guard its
// inlined copy stands behind (put_once_open). One entry per name, its path
// under each include directory that finds it first: `NAME\nLENGTH\nTEXT`.
// (Each header's names, before the view is rendered: a later #include of a
// header inlined before names its text, again_text.)
static void find_names(View *v) {
  Arena *a = v->c->arena;
  const char *dirs[64];
  int ndirs = include_dirs(a, v->opt, dirs, 64);
  v->names = arena_alloc(a, sizeof *v->names * (size_t)v->files.len);
  v->named = arena_alloc(a, sizeof(char *) * (size_t)v->files.len);
  for (int i = 0; i < v->files.len; i++) {
    const ViewFile *f = &v->files.items[i];
    v->named[i] = NULL;
    memset(&v->names[i], 0, sizeof v->names[i]);
    if (!i || !f->once) continue;
    CXString name = clang_getFileName(f->file);
    const char *real = arena_realpath(a, clang_getCString(name));
    clang_disposeString(name);
    for (int d = 0; real && d < ndirs; d++) {
      size_t len = strlen(dirs[d]);
      if (strncmp(real, dirs[d], len) || real[len] != '/') continue;
      const char *rel = real + len + 1;
      // A bare name (`config.h`) may be another file beside a header NVRTC
      // reads from the disk, which looks there first: only names with a directory.
      if (!strchr(rel, '/')) continue;
      bool first = true;  // no directory before this one holds a file of that name
      for (int e = 0; e < d && first; e++) first = access(arena_printf(a, "%s/%s", dirs[e], rel), F_OK) != 0;
      if (first) VEC_PUSH(a, v->names[i], rel);
    }
    if (v->names[i].len) v->named[i] = v->names[i].items[0];
  }
}

static void inlined_names(View *v, Buf *names) {
  Arena *a = v->c->arena;
  const char *eol = v->c->src->eol;
  // Each header's names first (find_names): a text names the others' in its
  // #include lines. Only those of the headers the view inlined.
  v->provided = arena_alloc(a, sizeof(char *) * (size_t)v->files.len);
  for (int i = 0; i < v->files.len; i++) v->provided[i] = v->files.items[i].emitted ? v->named[i] : NULL;
  for (int i = 1; i < v->files.len; i++) {
    if (!v->provided[i]) continue;
    const ViewFile *f = &v->files.items[i];
    Buf text = {0};
    v->flat = true, v->flat_failed = false;
    put_once_open(&text, f, i, eol);
    buf_printf(&text, "#line 1 %s%s", f->path_literal, eol);
    put_file(v, &text, i);
    buf_puts(&text, eol);
    put_once_close(&text, f, eol);
    drop_pragma_once(&text, 0);
    v->flat = false;
    if (v->flat_failed) text.len = 0;  // (read as empty, as before the view could say more)
    for (int k = 0; k < v->names[i].len; k++) {
      buf_printf(names, "%s\n%zu\n", v->names[i].items[k], text.len);
      buf_put(names, text.data, text.len);
    }
    buf_free(&text);
  }
}

bool device_view(Ctx *c, const TirxOptions *opt, bool tirx_h, Ctx *const *headers, int nheaders, Buf *out,
                 Buf *unchecked, Buf *inlined) {
  View v = {.c = c, .opt = opt, .headers = headers, .nheaders = nheaders, .unchecked = unchecked};
  real_dir(&v, 0, opt->header_dir);
  real_dir(&v, 1, opt->cuda_path ? opt->cuda_path : "/usr/local/cuda");
  v.header_real = arena_alloc(c->arena, sizeof(char *) * (size_t)(nheaders + 1));
  for (int i = 0; i < nheaders; i++) v.header_real[i] = arena_realpath(c->arena, headers[i]->src->path);
  VEC_PUSH(c->arena, v.files,
           ((ViewFile){.file = c->front->main_file, .src = c->src, .path_literal = c->path_literal, .front = c->front}));
  find_includes(&v);
  for (int i = 1; i < v.files.len; i++) find_header_guards(&v, &v.files.items[i]);
  find_names(&v);
  Walk w = {&v, NULL};
  clang_visitChildren(clang_getTranslationUnitCursor(c->front->tu), walk, &w);
  for (int i = 0; i < v.files.len; i++) find_instantiations(&v, &v.files.items[i]);
  find_macro_instantiations(&v);
  for (int i = 0; i < v.files.len; i++) merge(&v.files.items[i]);
  EditList dev = {.arena = c->arena};
  view_edits(&v, 0, c->edits, &dev);
  Diag quiet = {.src = c->src};
  if (v.failed || !edit_finish(&dev, &quiet)) return false;
  Render r;
  render_init(&r, c->src, &dev, false);
  if (tirx_h) buf_printf(&r.out, "#include \"tirx.h\"%s", c->src->eol);
  buf_printf(&r.out, "#line 1 %s%s", r.path_literal, c->src->eol);
  render_range(&r, 0, c->src->len);
  rtc_std_includes(c->arena, &r.out, c->src->eol);
  *out = r.out;
  inlined_names(&v, inlined);
  return true;
}
