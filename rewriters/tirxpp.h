// tirxpp.h - the library interface: rewrite one annotated CUDA file. It
// stands alone: a program includes it and nothing else of the library.
#pragma once
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

// Bytes the library allocated (free them with tirx_result_free): the
// library's own growable buffer (util.h's Buf is this type).
typedef struct TirxBuf {
  char *data;
  size_t len, cap;
} TirxBuf;

#define TIRX_PP_VERSION "0.1.0"

// What --trace records: nothing, everything (regions, waits, triggers,
// turns), or only the regions' runs (--trace=regions).
enum { TIRXPP_TRACE_OFF, TIRXPP_TRACE_ALL, TIRXPP_TRACE_REGIONS };

typedef struct {
  const char *path;         // the input's name, for messages and #line
  bool no_line;             // no #line directives
  bool werror, remarks, color;
  bool always_parse;        // parse even without annotations (tests the identity)
  bool device_view;         // --check: render the device view too (TirxResult.device)
  long long watchdog;       // --watchdog: cycles before a wait gives up; 0: off
  int trace;                // --trace: a timeline (docs/trace.md); TIRXPP_TRACE_*
  const char *cuda_path;    // CUDA toolkit root (default /usr/local/cuda)
  const char *arch;         // sm_90a by default
  const char *std;          // c++17 by default
  const char *header_dir;   // where tirx.h is
  const char *cache_dir;    // where parsed CUDA headers are cached; NULL: no cache
  size_t cache_max;         // bytes that cache may hold; 0: 256 MiB
  const char **clang_args;  // -I, -D, -U and friends, passed to the parse
  int nclang_args;
  // More flags stand where tirx-pp cannot read them (nvcc's options file): a
  // computed #include is then never settled from the text.
  bool flags_hidden;
  // docs/language.md#headers-and-existing-builds: where the output goes (NULL: standard output, taken to be written
  // in the current directory), so that its #includes resolve from there as
  // the input's did; and where rewritten copies of annotated user headers go
  // (NULL: OUT.headers/, beside the output).
  const char *out_path;
  const char *headers_out;
  // For the one who runs it, not for the output: each phase's time on
  // diag_out (the tool's TIRX_PP_TIMES=1), and the proof that the blanked
  // host bodies parse as they were made to fail, so that the parse after a
  // failed proof is tested (the tool's TIRX_PP_DOUBT_BLANKS=1, tests/hoist.sh).
  // The library reads no environment: these come in here.
  bool times;
  bool doubt_blanks;
} TirxOptions;

enum { TIRX_OK = 0, TIRX_INPUT_ERROR = 1, TIRX_USAGE = 2, TIRX_IO_ERROR = 3 };

// A user header that the translation unit's rewrite changed: annotated
// itself, or including one that is (its #include then names the copy).
typedef struct {
  char *orig;  // the header as the parse found it
  char *out;   // where its rewritten copy is to be written
  TirxBuf text;
} TirxHeader;

typedef struct {
  TirxBuf text;      // the rewritten file
  TirxBuf device;    // with device_view: what NVRTC compiles (device.h)
  TirxBuf unchecked; // with device_view: a note when NVRTC cannot compile it (empty: it can)
  TirxBuf inlined;   // with device_view: the user headers the view inlined behind a guard or #pragma once,
                     // `NAME\nLENGTH\nTEXT` each: what NVRTC reads under that name (device.h)
  char **deps;   // the files it depends on: the input, then what the parse read
  int ndeps;
  TirxHeader *headers;  // rewritten user headers, to be written with the output
  int nheaders;
} TirxResult;

// Rewrites the file's bytes. Returns TIRX_OK with the result in *out, or
// TIRX_INPUT_ERROR / TIRX_IO_ERROR after reporting to diag_out; *out is then
// left empty. Free it with tirx_result_free.
int tirx_rewrite(const TirxOptions *opt, const char *data, size_t len, TirxResult *out, FILE *diag_out);
void tirx_result_free(TirxResult *r);
// Whether the translation unit holds any annotation: the file (opt->path,
// bytes data) or a user header it reaches through #include (or an #include
// only a parse can resolve). False means tirx_rewrite would copy it as it is
// (but for include lines redirected for where the output goes): the
// launcher's test, without libclang.
bool tirx_tu_annotated(const TirxOptions *opt, const char *data, size_t len);
// Whether the bytes hold any tirx annotation (the fast path's test).
bool tirx_has_annotations(const char *data, size_t len);
// Whether libclang, which the rewrite of annotated text needs, loads here
// (once per process; any thread). False with *why set when it does not.
bool tirx_load_libclang(const char **why);

// ---- the include search ----
// Where the preprocessor finds the header an #include line names: the one
// search that tirx-pp makes for the user headers it reads and rewrites, and
// libtirx_rt for the files a cached cubin is made from.
typedef struct {
  const char *const *quote;   // -iquote, for "..." only
  const char *const *user;    // -I (and -idirafter)
  const char *const *system;  // -isystem
  int nquote, nuser, nsystem;
} TirxIncludeDirs;

// Whether path names a file; ctx is the caller's. The search asks it of each
// path it looks at, in order, until one answers true.
typedef bool TirxIsFile(void *ctx, const char *path);

// Where header `name` (without its quotes or brackets) of an #include line in
// a file of directory `from` is found: an absolute name as it is; a quoted
// one in `from` first (none when from is NULL: text with no file of its
// own), then in each -iquote directory; both forms then in each -I
// directory, then in each -isystem one (*system then set). The path, as the
// preprocessor names it ("x.h" from ".", "dir/x.h" from "dir"), goes into
// path; false when no directory holds the file (or the path is longer than
// size). is_file NULL: a regular file by stat.
bool tirx_find_include(const TirxIncludeDirs *dirs, const char *from, const char *name, bool angled,
                       TirxIsFile *is_file, void *ctx, char *path, size_t size, bool *system);

// Calls found(ctx, path) for each #include line of text, in order, that
// tirx_find_include finds (from: as there). Every line counts, whatever #if
// is around it; one in a comment or a string is none; a computed `#include
// MACRO` and `#include_next` (only the preprocessor knows what they find)
// are not followed. Returns false when memory ran out or found returned false.
bool tirx_find_includes(const char *text, size_t len, const TirxIncludeDirs *dirs, const char *from,
                        bool (*found)(void *ctx, const char *path), void *ctx);
