// ast.c - questions the constructs ask of the node table.
#include <stdio.h>
#include <string.h>

#include "ast.h"
#include "lex.h"

size_t stmt_end(const Ctx *c, int node) {
  const Node *n = node_at(c, node);
  if (n->end > n->start) {
    char last = c->src->data[n->end - 1];
    if (last == ';' || last == '}') return n->end;
  }
  size_t p = lex_skip_blank(c->src, n->end);
  return p < c->src->len && c->src->data[p] == ';' ? p + 1 : n->end;
}

bool for_parts(const Ctx *c, int node, ForParts *out) {
  const Node *n = node_at(c, node);
  *out = (ForParts){-1, -1, -1, -1, 0, 0};
  size_t lp = lex_skip_blank(c->src, n->start + 3);
  if (lp >= c->src->len || c->src->data[lp] != '(') return false;
  size_t rp = lex_close_paren(c->src, lp);
  if (!rp) return false;
  rp--;
  size_t s1 = lex_find_top(c->src, lp + 1, rp, ';');
  size_t s2 = s1 < rp ? lex_find_top(c->src, s1 + 1, rp, ';') : rp;
  if (s2 >= rp) return false;
  out->lparen = lp;
  out->rparen = rp;
  int kids[8];
  int nk = front_children(c->front, node, kids, 8);
  for (int i = 0; i < nk && i < 8; i++) {
    size_t s = node_at(c, kids[i])->start;
    if (s < s1)
      out->init = kids[i];
    else if (s < s2)
      out->cond = kids[i];
    else if (s < rp)
      out->inc = kids[i];
    else
      out->body = kids[i];
  }
  return out->body >= 0;
}

typedef struct {
  CXCursor *out;
  int n, max;
} Kids;

// The visit stops once out is full: what is stored is all the caller gets.
static enum CXChildVisitResult add_kid(CXCursor cur, CXCursor parent, CXClientData data) {
  (void)parent;
  Kids *k = data;
  k->out[k->n++] = cur;
  return k->n < k->max ? CXChildVisit_Continue : CXChildVisit_Break;
}

int cursor_children(CXCursor cur, CXCursor *out, int max) {
  Kids k = {out, 0, max};
  if (max > 0) clang_visitChildren(cur, add_kid, &k);
  return k.n;
}

static enum CXChildVisitResult count_kid(CXCursor cur, CXCursor parent, CXClientData data) {
  (void)cur, (void)parent;
  ++*(int *)data;
  return CXChildVisit_Continue;
}

int cursor_child_count(CXCursor cur) {
  int n = 0;
  clang_visitChildren(cur, count_kid, &n);
  return n;
}

int jump_target(const Ctx *c, int node) {
  bool is_break = node_at(c, node)->kind == CXCursor_BreakStmt;
  for (int p = node_at(c, node)->parent; p >= 0; p = node_at(c, p)->parent) {
    enum CXCursorKind k = node_at(c, p)->kind;
    if (front_is_loop(k) || (is_break && k == CXCursor_SwitchStmt)) return p;
    if (front_is_function(k)) return -1;
  }
  return -1;
}

// The node of `cur` (a declaration of this file), or -1: a node starts where
// its cursor's extent does, so only the nodes starting there are compared;
// but a variable reached through a reference (clang_getCursorReferenced)
// has the extent of its whole declaration, and the second declarator of
// `const int a = 1, b = 2;` starts at `b`: for a variable, the nodes
// starting inside that extent are compared too.
int node_of_cursor(const Ctx *c, CXCursor cur) {
  size_t at, end;
  CXSourceRange r = clang_getCursorExtent(cur);
  if (clang_Cursor_isNull(cur) || !front_offset(c->front, clang_getRangeStart(r), &at)) return -1;
  if (clang_getCursorKind(cur) != CXCursor_VarDecl || !front_offset(c->front, clang_getRangeEnd(r), &end) || end <= at)
    end = at + 1;  // (a stub's declarations all stand at their annotation's start)
  for (int p = front_first_pos(c->front, at); p < c->front->nnodes; p++) {
    int i = c->front->by_start[p];
    if (node_at(c, i)->start >= end) break;
    if (clang_equalCursors(node_at(c, i)->cur, cur)) return i;
  }
  return -1;
}

// The innermost lambda of the file whose text holds `cur`'s start: a
// lambda's operator() has no node of its own.
static int lambda_around(const Ctx *c, CXCursor cur) {
  size_t at;
  if (!front_offset(c->front, clang_getRangeStart(clang_getCursorExtent(cur)), &at)) return -1;
  int found = -1;
  for (int i = 0; i < c->front->nnodes; i++)
    if (node_at(c, i)->kind == CXCursor_LambdaExpr && node_at(c, i)->start <= at && at < node_at(c, i)->end)
      found = i;  // (nodes in order: an inner lambda comes after its outer one)
  return found;
}

// The node of the function a declaration names, where its text is in this
// file (called_definition's cases), -1 otherwise.
static int definition_of(const Ctx *c, CXCursor callee) {
  if (clang_Cursor_isNull(callee)) return -1;
  CXCursor def = clang_getCursorDefinition(callee);
  CXCursor tmpl = clang_getSpecializedCursorTemplate(callee);
  if (!clang_Cursor_isNull(tmpl) && !clang_equalCursors(tmpl, callee)) {
    CXCursor tdef = clang_getCursorDefinition(tmpl);
    if (!clang_Cursor_isNull(tdef)) def = tdef;
  }
  if (clang_Cursor_isNull(def)) return -1;
  int n = node_of_cursor(c, def);
  if (n >= 0 && front_is_function(node_at(c, n)->kind)) return n;
  CXCursor cls = clang_getCursorSemanticParent(def);
  if (clang_getCursorKind(def) != CXCursor_CXXMethod || clang_getCursorKind(cls) != CXCursor_ClassDecl) return -1;
  CXString s = clang_getCursorSpelling(cls);  // a lambda's class: no name, or "(lambda at FILE:LINE:COL)"
  const char *name = clang_getCString(s);
  bool lambda = !name[0] || !strncmp(name, "(lambda", 7);
  clang_disposeString(s);
  return lambda ? lambda_around(c, def) : -1;
}

int called_definition(const Ctx *c, CXCursor call) { return definition_of(c, clang_getCursorReferenced(call)); }

int call_definitions(const Ctx *c, int call, int *defs, int max) {
  CXCursor ref = clang_getCursorReferenced(node_at(c, call)->cur);
  CXCursor kids[1];  // the callee expression
  enum CXCursorKind kind = clang_getCursorKind(ref);
  if (kind >= CXCursor_FirstInvalid && kind <= CXCursor_LastInvalid &&
      cursor_children(node_at(c, call)->cur, kids, 1) >= 1)
    ref = clang_getCursorReferenced(kids[0]);
  bool overloaded = clang_getCursorKind(ref) == CXCursor_OverloadedDeclRef;
  unsigned n = overloaded ? clang_getNumOverloadedDecls(ref) : 1;
  int found = 0;
  for (unsigned i = 0; i < n && found < max; i++) {
    int def = definition_of(c, overloaded ? clang_getOverloadedDecl(ref, i) : ref);
    if (def >= 0) defs[found++] = def;
  }
  return found;
}

bool is_ref_to(CXCursor cur, CXCursor decl) {
  cur = front_strip(cur);
  return clang_getCursorKind(cur) == CXCursor_DeclRefExpr && clang_equalCursors(clang_getCursorReferenced(cur), decl);
}

bool refers_to_any(const Ctx *c, int node, const CXCursor *decls, int n, const char *named) {
  for (int i = node; i <= node_at(c, node)->last; i++) {
    if (node_at(c, i)->kind != CXCursor_DeclRefExpr) continue;
    CXCursor ref = clang_getCursorReferenced(node_at(c, i)->cur);
    for (int d = 0; d < n; d++)
      if (clang_equalCursors(ref, decls[d])) return true;
    if (named) {
      CXString s = clang_getCursorSpelling(ref);
      bool same = !strcmp(clang_getCString(s), named);
      clang_disposeString(s);
      if (same) return true;
    }
  }
  return false;
}

int declaration_scope(const Ctx *c, size_t off) {
  int node = front_first_at(c->front, off);
  if (node >= c->front->nnodes) return -1;
  for (int p = node_at(c, node)->parent; p >= 0; p = node_at(c, p)->parent)
    if (node_at(c, p)->kind == CXCursor_CompoundStmt) return p;
  return -1;
}

bool refers_to(const Ctx *c, int node, CXCursor decl) { return refers_to_any(c, node, &decl, 1, NULL); }

bool span_same(Span a, Span b) { return a.len == b.len && !memcmp(a.s, b.s, a.len); }

static bool is_blank(char ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\\'; }

bool spans_alike(Span a, Span b) {
  size_t i = 0, j = 0;
  for (;; i++, j++) {
    while (i < a.len && is_blank(a.s[i])) i++;
    while (j < b.len && is_blank(b.s[j])) j++;
    if (i == a.len || j == b.len) return i == a.len && j == b.len;
    if (a.s[i] != b.s[j]) return false;
  }
}

bool cursor_is_integer(CXCursor e) {
  enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(front_strip(e))).kind;
  return !(k >= CXType_Float && k <= CXType_LongDouble) && k != CXType_Float128 && k != CXType_Half &&
         k != CXType_Float16 && k != CXType_BFloat16;
}

size_t text_find_word(LexText t, size_t from, const char *word, size_t n) {
  for (size_t i = from; i < t.n;) {
    LexKind kind;
    size_t e = lex_token(t, i, &kind);
    if (kind == LEX_IDENT && e - i == n && !memcmp(t.s + i, word, n)) return i;
    i = e;
  }
  return t.n;
}

bool text_has_word(LexText t, size_t from, const char *word) {
  return text_find_word(t, from, word, strlen(word)) < t.n;
}

// Whether an annotation's own text names `name`: a pragma's words after
// `tirx` (the string of a _Pragma, unescaped), a macro's or call's arguments.
static bool mentions(const Annotation *an, const char *name) {
  Span s = an->spelling == SPELL_PRAGMA || an->spelling == SPELL_UPRAGMA ? an->text : an->args;
  return s.s && text_has_word((LexText){s.s, s.len}, 0, name);
}

// The text the preprocessor skipped in this pass inside node (an #if branch
// that nvcc's other pass compiles, `#else` of `#ifdef __CUDA_ARCH__`): where
// the first such block starts, or SIZE_MAX.
size_t first_skipped(const Ctx *c, int node) {
  const Node *n = node_at(c, node);
  size_t first = SIZE_MAX;
  for (int i = 0; i < c->front->nskipped; i++) {
    Range r = c->front->skipped[i];
    if (r.start < n->end && r.end > n->start && r.start < first) first = r.start > n->start ? r.start : n->start;
  }
  return first;
}

// Whether `name` is a word of the text the preprocessor skipped inside node.
bool skipped_text_names(const Ctx *c, int node, const char *name) {
  const Node *n = node_at(c, node);
  for (int i = 0; i < c->front->nskipped; i++) {
    Range r = c->front->skipped[i];
    size_t from = r.start > n->start ? r.start : n->start, to = r.end < n->end ? r.end : n->end;
    if (from < to && text_has_word((LexText){c->src->data + from, to - from}, 0, name)) return true;
  }
  return false;
}

// The arguments of tirx_* calls and annotations are stubbed out of the parse
// view (tirx-pp reads them itself), so refers_to cannot see a loop variable
// used only there; their text is searched for the name instead (a local of
// the same name there only costs an unused constant).
bool uses_var(const Ctx *c, int node, CXCursor decl, const char *name) {
  if (refers_to(c, node, decl)) return true;
  const Node *n = node_at(c, node);
  for (int i = 0; i < c->anns->len; i++) {
    const Annotation *an = &c->anns->items[i];
    if (an->start >= n->start && an->end <= n->end && mentions(an, name)) return true;
  }
  return false;
}

static bool has_attr(CXCursor cur, enum CXCursorKind attr) {
  CXCursor kids[8];
  int n = cursor_children(cur, kids, 8);
  for (int i = 0; i < n; i++)
    if (clang_getCursorKind(kids[i]) == attr) return true;
  return false;
}

bool is_block_variable(CXCursor var) {
  return clang_Cursor_getStorageClass(var) == CX_SC_Static || has_attr(var, CXCursor_CUDASharedAttr);
}

// A variable of which there must be one: a `static` or `__shared__` local.
static const char *single_storage(CXCursor var) {
  enum CX_StorageClass sc = clang_Cursor_getStorageClass(var);
  if (sc == CX_SC_Extern) return NULL;  // every copy names the same object
  if (has_attr(var, CXCursor_CUDASharedAttr)) return "__shared__";
  if (sc == CX_SC_Static) return "static";
  return NULL;
}

// The offset of the first token `word` in [from, to), or to.
static size_t find_word(const Source *src, size_t from, size_t to, const char *word) {
  LexText t = {src->data, to};
  size_t n = strlen(word);
  for (size_t i = from; i < to;) {
    LexKind kind;
    size_t e = lex_token(t, i, &kind);
    if (kind == LEX_IDENT && e - i == n && !memcmp(t.s + i, word, n)) return i;
    i = e > i ? e : i + 1;
  }
  return to;
}

// What keeps a body from being written more than once: __COUNTER__ (each
// copy would take the next value), a label (defined once per copy), a
// static or __shared__ variable (one per copy); its place and, for a
// variable, its node and storage. COPY_FREE when nothing does.
typedef enum { COPY_FREE, COPY_COUNTER, COPY_LABEL, COPY_STORAGE } CopyBlock;
static CopyBlock copy_block(const Ctx *c, int body, size_t *at, int *var, const char **storage) {
  *at = find_word(c->src, node_at(c, body)->start, node_at(c, body)->end, "__COUNTER__");
  if (*at < node_at(c, body)->end) return COPY_COUNTER;
  for (int i = body; i <= node_at(c, body)->last; i++) {
    const Node *n = node_at(c, i);
    *at = n->start, *var = i;
    if (n->kind == CXCursor_LabelStmt) return COPY_LABEL;
    if (n->kind == CXCursor_VarDecl && (*storage = single_storage(n->cur))) return COPY_STORAGE;
  }
  return COPY_FREE;
}

bool body_copyable(const Ctx *c, int body) {
  size_t at;
  int var;
  const char *storage;
  return copy_block(c, body, &at, &var, &storage) == COPY_FREE;
}

bool check_copied_body(Ctx *c, const Annotation *an, int body) {
  size_t at;
  int var;
  const char *storage;
  switch (copy_block(c, body, &at, &var, &storage)) {
  case COPY_FREE: return true;
  case COPY_COUNTER:
    diag_error(c->diag, at,
               "__COUNTER__ in the body of a loop under '%s' would take a new value in each copy of the body, where "
               "the loop reads one: read it once before the loop (constexpr int id = __COUNTER__;)",
               spelling_of(an));
    return false;
  case COPY_LABEL:
    diag_error(c->diag, at, "a label in the body of a loop under '%s' would be defined once per iteration",
               spelling_of(an));
    return false;
  case COPY_STORAGE: {
    CXString name = clang_getCursorSpelling(node_at(c, var)->cur);
    diag_error(c->diag, at,
               "%s variable '%s' in the body of a loop under '%s' would be a separate variable in each copy of the "
               "body: declare it before the loop",
               storage, clang_getCString(name), spelling_of(an));
    clang_disposeString(name);
    return false;
  }
  }
  return false;
}

bool is_assignment(const Node *n) {
  if (n->kind == CXCursor_UnaryOperator) {
    enum CXUnaryOperatorKind op = clang_getCursorUnaryOperatorKind(n->cur);
    return op >= CXUnaryOperator_PostInc && op <= CXUnaryOperator_PreDec;
  }
  if (n->kind == CXCursor_BinaryOperator || n->kind == CXCursor_CompoundAssignOperator) {
    enum CXBinaryOperatorKind op = clang_getCursorBinaryOperatorKind(n->cur);
    return op >= CXBinaryOperator_Assign && op <= CXBinaryOperator_OrAssign;
  }
  return false;
}

bool operator_assignment(const Ctx *c, int i, int *lhs) {
  static const char *const ops[] = {"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "++", "--"};
  const Node *n = node_at(c, i);
  if (n->kind != CXCursor_CallExpr || n->last <= i) return false;
  // The children in source order: an operand, the operator (a reference to
  // operator+= at its token), the other operand; `++x`: the operator first.
  for (int j = i + 1; j <= n->last; j = node_at(c, j)->last + 1) {
    if (node_at(c, j)->kind != CXCursor_DeclRefExpr) continue;
    const char *op = node_text(c, j);
    for (size_t k = 0; k < sizeof ops / sizeof *ops; k++)
      if (!strcmp(op, ops[k])) {
        int operand = j == i + 1 ? node_at(c, j)->last + 1 : i + 1;  // prefix ++/--: the one after it
        if (operand > n->last) return false;
        *lhs = operand;
        return true;
      }
  }
  return false;
}

bool assignment_at(const Ctx *c, int i, CXCursor skip, CXCursor *var, int *from) {
  const Node *v = node_at(c, i);
  if (v->kind == CXCursor_VarDecl && v->last != i) {
    if (clang_equalCursors(v->cur, skip)) return false;
    // The initializer: the last child that is an expression, after the
    // type's references and array sizes (`float2 v = in[t]` has a TypeRef
    // first, `float a[N] = {}` N).
    int init = -1;
    for (int j = i + 1; j <= v->last; j = node_at(c, j)->last + 1)
      if (clang_isExpression(node_at(c, j)->kind)) init = j;
    if (init < 0) return false;
    *var = v->cur, *from = init;
    return true;
  }
  if (!is_assignment(v)) return false;
  int kids[2];
  int nk = front_children(c->front, i, kids, 2);
  if (nk < 1) return false;
  CXCursor lhs = front_strip(node_at(c, kids[0])->cur);
  if (clang_getCursorKind(lhs) != CXCursor_DeclRefExpr) return false;
  *var = clang_getCursorReferenced(lhs), *from = nk == 2 ? kids[1] : -1;
  return v->kind == CXCursor_UnaryOperator || nk == 2;
}

// Whether the lambda at node holds a copy of decl (`[=]`, `[i]`): the
// front makes each copy a child of its lambda, an expression beside the
// captures by reference (VariableRef), the parameters and the body.
static bool captured_by_copy(const Ctx *c, int lambda, CXCursor decl) {
  for (int j = lambda + 1; j <= node_at(c, lambda)->last; j = node_at(c, j)->last + 1)
    if (clang_isExpression(node_at(c, j)->kind) && refers_to(c, j, decl)) return true;
  return false;
}

// Whether what node `at` names as decl is a lambda's copy of it: a lambda
// between `at` and node (`[=]() mutable { i++; }`) captured it by copy.
static bool names_a_copy(const Ctx *c, int node, int at, CXCursor decl) {
  for (int p = node_at(c, at)->parent; p >= node; p = node_at(c, p)->parent)
    if (node_at(c, p)->kind == CXCursor_LambdaExpr && captured_by_copy(c, p, decl)) return true;
  return false;
}

// The first assignment of decl in node that is not to a lambda's copy of it
// made inside root.
static int assignment_in(const Ctx *c, int node, int root, CXCursor decl) {
  for (int i = node; i <= node_at(c, node)->last; i++) {
    CXCursor first;
    int lhs;
    bool assigns = is_assignment(node_at(c, i)) && cursor_children(node_at(c, i)->cur, &first, 1);
    if (!assigns && operator_assignment(c, i, &lhs)) assigns = true, first = node_at(c, lhs)->cur;  // `i += s`, s a T
    if (assigns && is_ref_to(first, decl) && !names_a_copy(c, root, i, decl)) return i;
  }
  return -1;
}

int assigns_to(const Ctx *c, int node, CXCursor decl) { return assignment_in(c, node, node, decl); }

bool cursor_in(const Ctx *c, CXCursor cur, int node) {
  size_t at;
  return front_offset(c->front, clang_getCursorLocation(cur), &at) && at >= node_at(c, node)->start &&
         at < node_at(c, node)->end;
}

bool automatic_in(const Ctx *c, CXCursor d, int func) {
  enum CX_StorageClass sc = clang_Cursor_getStorageClass(d);
  return func >= 0 && cursor_in(c, d, func) && sc != CX_SC_Static && sc != CX_SC_Extern &&
         !(front_space(d) & FRONT_DEVICE);
}

const char *unbraced_body_of(const Ctx *c, size_t off) {
  int n = front_first_at(c->front, off);
  if (n >= c->front->nnodes || node_at(c, n)->start != off || node_at(c, n)->parent < 0) return NULL;
  switch (node_at(c, node_at(c, n)->parent)->kind) {
  case CXCursor_IfStmt: return "if";  // or its else
  case CXCursor_ForStmt:
  case CXCursor_CXXForRangeStmt: return "for";
  case CXCursor_WhileStmt: return "while";
  case CXCursor_DoStmt: return "do";
  default: return NULL;
  }
}

// Whether t is a reference (`pointer`: a pointer) to non-const.
static bool to_mutable(CXType t, bool pointer) {
  t = clang_getCanonicalType(t);
  bool kind = pointer ? t.kind == CXType_Pointer : t.kind == CXType_LValueReference || t.kind == CXType_RValueReference;
  return kind && !clang_isConstQualifiedType(clang_getPointeeType(t));
}

// Whether offset `at` lies among the outputs of the asm statement at node:
// after its first top-level ':' and before its second (`"+r"(i)`).
static bool in_asm_outputs(const Ctx *c, int node, size_t at) {
  const Node *n = node_at(c, node);
  LexText t = {c->src->data + n->start, n->end - n->start};
  int depth = 0, colons = 0;
  for (size_t i = 0; i < t.n;) {
    LexKind kind;
    size_t end = lex_token(t, i, &kind);
    if (kind == LEX_PUNCT) {
      char ch = t.s[i];
      if (ch == '(') depth++;
      else if (ch == ')') depth--;
      else if (ch == ':' && end < t.n && t.s[end] == ':') end++;  // `::` of a name
      else if (ch == ':' && depth == 1) colons++;
    }
    if (n->start + i >= at) return colons == 1;
    i = end;
  }
  return false;
}

bool same_expression(CXCursor a, CXCursor b) {
  CXSourceRange ra = clang_getCursorExtent(a), rb = clang_getCursorExtent(b);
  return clang_getCursorKind(a) == clang_getCursorKind(b) &&
         clang_equalLocations(clang_getRangeStart(ra), clang_getRangeStart(rb)) &&
         clang_equalLocations(clang_getRangeEnd(ra), clang_getRangeEnd(rb));
}

// Whether the call at node binds its argument arg (a node) to a reference
// to non-const (`pointer`: to a pointer to non-const): of the called
// function or, unresolved in a template, of any candidate of that name.
static bool binds_mutable(const Ctx *c, int call, int arg, bool pointer) {
  CXCursor cur = node_at(c, call)->cur, a0 = node_at(c, arg)->cur;
  int nargs = clang_Cursor_getNumArguments(cur), pos = -1;
  for (int a = 0; a < nargs && pos < 0; a++)
    if (same_expression(clang_Cursor_getArgument(cur, (unsigned)a), a0)) pos = a;
  if (pos < 0) return false;
  CXCursor callee = clang_getCursorReferenced(cur);
  unsigned candidates = clang_getCursorKind(callee) == CXCursor_OverloadedDeclRef ? clang_getNumOverloadedDecls(callee) : 1;
  for (unsigned k = 0; k < candidates; k++) {
    CXCursor f = clang_getCursorKind(callee) == CXCursor_OverloadedDeclRef ? clang_getOverloadedDecl(callee, k) : callee;
    if (clang_Cursor_isNull(f)) continue;
    // A member operator written as one (`f(x)` on a closure, `a += x` on a
    // class) lists its object as the call's first argument.
    int at = pos - (clang_getCursorKind(f) == CXCursor_CXXMethod && nargs == clang_Cursor_getNumArguments(f) + 1);
    if (at < 0 || at >= clang_Cursor_getNumArguments(f)) continue;
    if (to_mutable(clang_getCursorType(clang_Cursor_getArgument(f, (unsigned)at)), pointer)) return true;
  }
  return false;
}

// The node above n past parentheses and implicit conversions (*below: the
// last node climbed through); -1 at the top.
static int climb(const Ctx *c, int n, int *below) {
  int p = node_at(c, n)->parent;
  *below = n;
  while (p >= 0 && (node_at(c, p)->kind == CXCursor_ParenExpr || node_at(c, p)->kind == CXCursor_UnexposedExpr))
    *below = p, p = node_at(c, p)->parent;
  return p;
}

int parent_past_implicit(const Ctx *c, int n) {
  int below;
  return climb(c, n, &below);
}

int past_implicit(const Ctx *c, int node) {
  while (node_at(c, node)->kind == CXCursor_UnexposedExpr && node + 1 <= node_at(c, node)->last &&
         node_at(c, node + 1)->start == node_at(c, node)->start && node_at(c, node + 1)->end == node_at(c, node)->end)
    node++;
  return node;
}

bool node_holds(const Ctx *c, int node, size_t off) {
  return off >= node_at(c, node)->start && off < node_at(c, node)->end;
}

// Whether the cast at node names its operand's object: a cast to a
// reference (`static_cast<int &>(i)`, `(unsigned &)i`), whose type as
// written, before the operand, holds a `&`.
static bool cast_to_reference(const Ctx *c, int cast, int operand) {
  const Node *n = node_at(c, cast);
  LexText t = {c->src->data, node_at(c, operand)->start};
  for (size_t i = n->start; i < t.n;) {
    LexKind kind;
    size_t end = lex_token(t, i, &kind);
    if (kind == LEX_PUNCT && t.s[i] == '&') return true;
    i = end;
  }
  return false;
}

// The node above n past parentheses, implicit conversions and what yields
// n's own object: `?:` of which n is the second or third operand, `,` of
// which it is the right one, a cast to a reference (*below: the last node
// climbed through); -1 at the top.
static int climb_object(const Ctx *c, int n, int *below) {
  for (;;) {
    int p = climb(c, n, below);
    if (p < 0) return p;
    const Node *up = node_at(c, p);
    bool first = *below == p + 1;  // the first operand: children follow their parent
    bool keeps = (up->kind == CXCursor_ConditionalOperator && !first) ||
                 (up->kind == CXCursor_BinaryOperator &&
                  clang_getCursorBinaryOperatorKind(up->cur) == CXBinaryOperator_Comma && !first) ||
                 ((up->kind == CXCursor_CXXStaticCastExpr || up->kind == CXCursor_CStyleCastExpr ||
                   up->kind == CXCursor_CXXReinterpretCastExpr || up->kind == CXCursor_CXXConstCastExpr) &&
                  cast_to_reference(c, p, *below));
    if (!keeps) return p;
    n = p;
  }
}

// Whether the address taken at node amp (`&i`) may be used to write: it
// initializes a pointer to non-const, goes to a call's pointer to non-const
// (`__isLocal(&i)` takes a const void *), or anywhere else.
static bool address_writable(const Ctx *c, int amp) {
  int below, p = climb(c, amp, &below);
  if (p < 0) return true;
  const Node *up = node_at(c, p);
  if (up->kind == CXCursor_CallExpr)  // a callee clang cannot name (a template's dependent call): it may write
    return clang_Cursor_isNull(clang_getCursorReferenced(up->cur)) || binds_mutable(c, p, below, true);
  if (up->kind == CXCursor_VarDecl) return clang_getCanonicalType(clang_getCursorType(up->cur)).kind != CXType_Pointer ||
                                            to_mutable(clang_getCursorType(up->cur), true);
  return true;
}

int aliased_in(const Ctx *c, int node, CXCursor decl) {
  for (int i = node; i <= node_at(c, node)->last; i++) {
    const Node *n = node_at(c, i);
    // A closure may run wherever it is called (one that is node itself is
    // the function searched).
    if (n->kind == CXCursor_LambdaExpr && i != node) {
      int at = assignment_in(c, i, node, decl);
      if (at >= 0) return at;
      continue;
    }
    if (n->kind != CXCursor_DeclRefExpr || !is_ref_to(n->cur, decl) || n->parent < 0 || names_a_copy(c, node, i, decl))
      continue;
    int at = object_written_at(c, i);
    if (at >= 0) return at;
  }
  return -1;
}

static enum CXChildVisitResult find_mutable_reference(CXCursor cur, CXCursor parent, CXClientData data) {
  (void)parent;
  if (clang_getCursorKind(cur) == CXCursor_FieldDecl && to_mutable(clang_getCursorType(cur), false)) {
    *(bool *)data = true;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Continue;
}

// Whether the class type t has a data member that is a reference to non-const.
static bool has_mutable_reference_member(CXType t) {
  bool found = false;
  CXCursor decl = clang_getTypeDeclaration(clang_getCanonicalType(t));
  if (!clang_Cursor_isNull(decl)) clang_visitChildren(decl, find_mutable_reference, &found);
  return found;
}

int object_written_at(const Ctx *c, int i) {
  int arg, p = climb_object(c, i, &arg);
  if (p < 0) return -1;
  const Node *up = node_at(c, p);
  if (arg != i && is_assignment(up) && arg == p + 1) return p;  // `(c ? i : j)++`, `static_cast<int &>(i) = 1`
  if (up->kind == CXCursor_UnaryOperator && clang_getCursorUnaryOperatorKind(up->cur) == CXUnaryOperator_AddrOf)
    return address_writable(c, p) ? p : -1;  // `int *p = &i`, `clear(&i)`
  if (up->kind == CXCursor_VarDecl && to_mutable(clang_getCursorType(up->cur), false)) return p;  // `int &r = i`
  if (up->kind == CXCursor_CallExpr && binds_mutable(c, p, arg, false)) return p;  // `bump(i)` with `void bump(int &)`
  if (up->kind == CXCursor_AsmStmt && in_asm_outputs(c, p, node_at(c, i)->start)) return i;  // `asm("..." : "+r"(i))`
  // An aggregate's member initialized from it may be a reference to
  // non-const (`R r{y[i]}` with `struct R { float &x; }`): then it may be written.
  if (up->kind == CXCursor_InitListExpr && has_mutable_reference_member(clang_getCursorType(up->cur))) return p;
  return -1;
}

const char *alias_what(const Ctx *c, int node) {
  const Node *n = node_at(c, node);
  const char *text = node_text(c, node);
  switch (n->kind) {
    case CXCursor_UnaryOperator:
      if (clang_getCursorUnaryOperatorKind(n->cur) == CXUnaryOperator_AddrOf)
        return arena_printf(c->arena, "'%s' takes its address", text);
      break;
    case CXCursor_VarDecl: return arena_printf(c->arena, "'%s' binds it to a reference to non-const", text);
    case CXCursor_CallExpr: return arena_printf(c->arena, "'%s' passes it to a reference to non-const", text);
    case CXCursor_DeclRefExpr: return arena_printf(c->arena, "'%s' is an output of an asm statement", text);
    case CXCursor_InitListExpr:
      return arena_printf(c->arena, "'%s' binds it to a member that is a reference to non-const", text);
    default: break;
  }
  CXCursor lhs;  // an assignment by its name is one in a lambda (aliased_in); else one through `?:`, `,` or a cast
  if (is_assignment(n) && cursor_children(n->cur, &lhs, 1) &&
      clang_getCursorKind(front_strip(lhs)) != CXCursor_DeclRefExpr)
    return arena_printf(c->arena, "'%s' may assign it", text);
  return arena_printf(c->arena, "'%s' assigns it in a lambda", text);
}

char *node_text(const Ctx *c, int node) {
  const Node *n = node_at(c, node);
  return arena_strndup(c->arena, c->src->data + n->start, n->end - n->start);
}

const char *node_text_flat(const Ctx *c, int node) {
  Buf b = {0};
  const Node *n = node_at(c, node);
  for (size_t i = n->start; i < n->end; i++) {
    char ch = c->src->data[i];
    bool blank = ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r';
    if (!blank)
      buf_putc(&b, ch);
    else if (b.len && b.data[b.len - 1] != ' ')
      buf_putc(&b, ' ');
  }
  const char *out = arena_strndup(c->arena, b.data ? b.data : "", b.len);
  buf_free(&b);
  return out;
}

const char *spelling_into(char buf[SPELLING_MAX], const Annotation *an) {
  if (an->spelling == SPELL_MACRO || an->spelling == SPELL_CALL)
    snprintf(buf, SPELLING_MAX, "%.*s", (int)an->name.len, an->name.s);
  else
    snprintf(buf, SPELLING_MAX, "#pragma tirx %.*s", (int)an->dir.head.name.len, an->dir.head.name.s);
  return buf;
}

const char *nvcc_pragma(const Ctx *c, const Annotation *an, const char *pragma) {
  if (an->spelling == SPELL_PRAGMA) return arena_printf(c->arena, "#pragma %s", pragma);
  return arena_printf(c->arena, "_Pragma(\"%s\")", pragma);
}

bool annotation_nul_free(const Source *src, Diag *d, const Annotation *an) {
  const char *nul = an->end > an->start ? memchr(src->data + an->start, '\0', an->end - an->start) : NULL;
  if (!nul) return true;
  diag_error(d, (size_t)(nul - src->data), "a null character (byte 0x00) in a tirx annotation");
  return false;
}

bool check_clauses(Ctx *c, const Annotation *an, const char *const *allowed) {
  bool ok = true;
  for (int i = 0; i < an->dir.nclauses; i++) {
    const Clause *cl = &an->dir.clauses[i];
    bool known = false;
    for (const char *const *a = allowed; *a; a++)
      if (span_eq(cl->name, *a)) known = true;
    if (!known) {
      diag_at(c->diag, DIAG_ERROR, cl->name.off, cl->name.len, "unknown clause '%.*s' in '%s'", (int)cl->name.len,
              cl->name.s, spelling_of(an));
      ok = false;
    }
  }
  return ok;
}

bool in_namespace(CXCursor decl, const char *ns) {
  for (CXCursor p = clang_getCursorSemanticParent(decl); !clang_Cursor_isNull(p) && clang_getCursorKind(p) != CXCursor_TranslationUnit;
       p = clang_getCursorSemanticParent(p)) {
    if (clang_getCursorKind(p) != CXCursor_Namespace) continue;
    CXString s = clang_getCursorSpelling(p);
    bool yes = !strcmp(clang_getCString(s), ns);
    clang_disposeString(s);
    if (yes) return true;
  }
  return false;
}

const char *cg_class_name(Arena *a, CXType t) {
  t = clang_getCanonicalType(t);
  if (t.kind == CXType_Pointer || t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
    t = clang_getCanonicalType(clang_getPointeeType(t));
  CXCursor decl = clang_getTypeDeclaration(t);
  if (clang_Cursor_isNull(decl) || !in_namespace(decl, "cooperative_groups")) return NULL;
  CXString s = clang_getCursorSpelling(decl);
  const char *name = clang_getCString(s);
  char *copy = arena_strndup(a, name, strlen(name));
  clang_disposeString(s);
  return copy;
}

bool points_to_const(CXType t) {
  t = clang_getCanonicalType(t);
  if (t.kind != CXType_Pointer) return false;
  // An array's canonical type holds its elements' const itself.
  for (CXType to = clang_getPointeeType(t); to.kind != CXType_Invalid; to = clang_getArrayElementType(to))
    if (clang_isConstQualifiedType(to)) return true;
  return false;
}

bool int_type(CXCursor decl, int *bits, bool *is_unsigned, char **spelling, Arena *a) {
  CXType t = clang_getCursorType(decl);
  CXType canon = clang_getCanonicalType(t);
  switch (canon.kind) {
  case CXType_Char_U: case CXType_UChar: case CXType_UShort: case CXType_UInt: case CXType_ULong:
  case CXType_ULongLong: case CXType_Char16: case CXType_Char32:
    *is_unsigned = true;
    break;
  case CXType_Char_S: case CXType_SChar: case CXType_Short: case CXType_Int: case CXType_Long:
  case CXType_LongLong: case CXType_WChar:
    *is_unsigned = false;
    break;
  default:
    return false;
  }
  *bits = (int)clang_Type_getSizeOf(canon) * 8;
  CXString s = clang_getTypeSpelling(t);
  const char *str = clang_getCString(s);
  *spelling = arena_strndup(a, str, strlen(str));
  clang_disposeString(s);
  return *bits > 0 && *bits <= 64;
}

char *int_literal(Arena *a, i128 v, bool is_unsigned, int bits) {
  if (is_unsigned) {
    unsigned long long u = (unsigned long long)v;
    if (u <= 0x7fffffffULL) return arena_printf(a, "%llu", u);
    return bits <= 32 ? arena_printf(a, "%lluu", u) : arena_printf(a, "%lluull", u);  // the variable's own type
  }
  long long s = (long long)v;
  if (s >= -2147483647LL && s <= 2147483647LL) return arena_printf(a, "%lld", s);
  if (s == (-9223372036854775807LL - 1)) return arena_printf(a, "(-9223372036854775807LL - 1)");
  return arena_printf(a, "%lldLL", s);
}

// --- expansions -------------------------------------------------------------

typedef struct {
  Expansion *x;
  bool is_break;
} Jump;

static void render_jump(Render *r, const Edit *e) {
  const Jump *j = e->data;
  if (j->x->structured)
    render_text(r, arena_printf(r->edits->arena, "{ __tirx_broke_%d = true; break; }", j->x->id));
  else if (j->is_break)
    render_text(r, arena_printf(r->edits->arena, "goto __tirx_break_%d_%d", j->x->id, j->x->group));
  else
    render_text(r, arena_printf(r->edits->arena, "goto __tirx_continue_%d_%d", j->x->id, j->x->iteration));
}

void add_jumps(Ctx *c, int body, Expansion *x, bool (*binds)(const Ctx *, int target, void *), void *arg) {
  for (int i = body; i <= node_at(c, body)->last; i++) {
    const Node *n = node_at(c, i);
    if (n->kind != CXCursor_BreakStmt && n->kind != CXCursor_ContinueStmt) continue;
    if (!binds(c, jump_target(c, i), arg)) continue;
    bool is_break = n->kind == CXCursor_BreakStmt;
    if (n->from_macro) {
      diag_error(c->diag, n->start, "'%s' from a macro expansion cannot leave a loop that tirx-pp expands",
                 is_break ? "break" : "continue");
      continue;
    }
    Jump *j = arena_alloc(c->arena, sizeof *j);
    *j = (Jump){x, is_break};
    size_t end = n->end;
    if (x->structured) {  // `{ flag = true; break; }` takes the `;` in (`if (x) break; else`)
      size_t semi = lex_skip_blank(c->src, end);
      if (semi < c->src->len && c->src->data[semi] == ';') end = semi + 1;
    }
    if (is_break || !x->structured)  // a structured copy's do takes continue as it is
      edit_add(c->edits, (Edit){.start = n->start, .end = end, .fn = render_jump, .data = j});
    if (is_break)
      x->has_break = true;
    else
      x->has_continue = true;
  }
}

void render_break_label(Render *r, const Expansion *x, int line) {
  if (x->has_break && !x->structured) (void)line, render_gen(r, r->line, " __tirx_break_%d_%d:;", x->id, x->group);
}

void render_continue_label(Render *r, const Expansion *x, int line) {
  if (x->has_continue && !x->structured) (void)line, render_gen(r, r->line, " __tirx_continue_%d_%d:;", x->id, x->iteration);
}

void note_copies(Ctx *c, size_t start, size_t end, long long n, size_t at) {
  Copies x = {start, end, n, at};
  VEC_PUSH(c->arena, c->copies, x);
}

Span leading_name(Span expr) {
  Span t = span_trim(expr);
  size_t n = 0;
  while (n < t.len && (is_ident_char((unsigned char)t.s[n]))) n++;
  if (n && t.s[0] >= '0' && t.s[0] <= '9') n = 0;
  return (Span){t.s, n, t.off};
}

CXCursor var_read_in(const Ctx *c, int node, Span name) {
  for (int i = node; i >= 0 && i <= node_at(c, node)->last; i++) {
    if (node_at(c, i)->kind != CXCursor_DeclRefExpr) continue;
    CXCursor var = clang_getCursorReferenced(node_at(c, i)->cur);
    enum CXCursorKind k = clang_getCursorKind(var);
    if (k != CXCursor_VarDecl && k != CXCursor_ParmDecl) continue;
    CXString s = clang_getCursorSpelling(var);
    bool match = span_eq(span_trim(name), clang_getCString(s));
    clang_disposeString(s);
    if (match) return var;
  }
  return clang_getNullCursor();
}

const char *presumed_place(Ctx *c, size_t off, int *line) {
  const char *file;
  size_t len;
  *line = source_presumed(c->src, source_line(c->src, off), &file, &len);
  return file ? arena_strndup(c->arena, file, len) : c->path_literal;
}

size_t function_body_start(const Ctx *c, int func) {
  size_t body = node_at(c, func)->end;
  for (int i = node_at(c, func)->last; i > func; i--)
    if (node_at(c, i)->kind == CXCursor_CompoundStmt && node_at(c, i)->parent == func) body = node_at(c, i)->start;
  return body;
}

const char *cursor_file_text(const Ctx *c, CXCursor cur, unsigned *a, unsigned *b) {
  CXSourceRange r = clang_getCursorExtent(cur);
  CXFile fa, fb;
  clang_getFileLocation(clang_getRangeStart(r), &fa, NULL, NULL, a);
  clang_getFileLocation(clang_getRangeEnd(r), &fb, NULL, NULL, b);
  size_t len;
  const char *text = fa && clang_File_isEqual(fa, fb) ? clang_getFileContents(c->front->tu, fa, &len) : NULL;
  return text && *b <= len && *a < *b ? text : NULL;
}

bool asm_parts(const Ctx *c, CXCursor stmt, AsmParts *out) {
  memset(out, 0, sizeof *out);
  unsigned a, b;
  const char *text = cursor_file_text(c, stmt, &a, &b);
  if (!text) return false;
  unsigned i = a;
  while (i < b && text[i] != '(') i++;
  for (unsigned j = a; j + 8 <= i; j++)
    if (!memcmp(text + j, "volatile", 8)) out->is_volatile = true;
  // The sections: split at the colons outside strings and nested parentheses.
  int depth = 0, section = 0;
  for (; i < b; i++) {
    char ch = text[i];
    if (ch == '"') {
      for (i++; i < b && text[i] != '"'; i++)
        if (text[i] == '\\') i++;
      if (section == 3 && i >= 7 && !memcmp(text + i - 7, "\"memory", 7)) out->clobbers_memory = true;
    } else if (ch == '(') {
      depth++;
    } else if (ch == ')') {
      depth--;
    } else if (ch == ':' && depth == 1 && section < 3) {  // `::` is two colons: an empty section
      unsigned *at[] = {&out->outputs, &out->inputs, &out->clobbers};
      *at[section++] = i + 1;
    }
  }
  out->end = b;
  return true;
}

bool asm_is_output(const AsmParts *a, CXCursor e) {
  CXFile f;
  unsigned off;
  clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(e)), &f, NULL, NULL, &off);
  return a->outputs && off >= a->outputs && (!a->inputs || off < a->inputs);
}

// Whether the statement is in a constexpr (or consteval) function, which
// takes no goto (the labels of break and continue), or in a lambda, which is
// constexpr when it can be (`constexpr int r = [] { ... }();`).
bool in_constexpr_function(const Ctx *c, int node) {
  int f = node_at(c, node)->func;
  return f >= 0 && (node_at(c, f)->kind == CXCursor_LambdaExpr || in_declared_constexpr(c, node));
}

bool in_declared_constexpr(const Ctx *c, int node) {
  int f = node_at(c, node)->func;
  if (f < 0 || node_at(c, f)->kind == CXCursor_LambdaExpr) return false;
  LexText t = {c->src->data, function_body_start(c, f)};
  return text_has_word(t, node_at(c, f)->start, "constexpr") || text_has_word(t, node_at(c, f)->start, "consteval");
}

static bool is_template_parameter(enum CXCursorKind k) {
  return k == CXCursor_NonTypeTemplateParameter || k == CXCursor_TemplateTypeParameter ||
         k == CXCursor_TemplateTemplateParameter;
}

static bool const_depends_on_template(CXCursor var, int depth);

// clang_visitChildren over a constant's declaration: a template parameter
// named in its type or initializer, or another such constant.
typedef struct {
  int depth;
  bool found;
} Dependence;

static enum CXChildVisitResult find_template_parameter(CXCursor cur, CXCursor parent, CXClientData data) {
  (void)parent;
  Dependence *dep = data;
  enum CXCursorKind k = clang_getCursorKind(cur);
  if (k == CXCursor_DeclRefExpr || k == CXCursor_TypeRef || k == CXCursor_TemplateRef) {
    CXCursor ref = clang_getCursorReferenced(cur);
    if (is_template_parameter(clang_getCursorKind(ref)) || const_depends_on_template(ref, dep->depth + 1)) {
      dep->found = true;
      return CXChildVisit_Break;
    }
  }
  return CXChildVisit_Recurse;
}

// Whether var is a constant (`constexpr size_t ITERS{TILE / THREADS};`,
// CUDA-GEMM-Optimization's kernels) whose value depends on a template
// parameter, through other such constants (8 deep at most).
static bool const_depends_on_template(CXCursor var, int depth) {
  if (depth > 8 || clang_getCursorKind(var) != CXCursor_VarDecl) return false;
  CXString t = clang_getTypeSpelling(clang_getCursorType(var));
  bool is_const = !strncmp(clang_getCString(t), "const ", 6);
  clang_disposeString(t);
  Dependence dep = {depth, false};
  if (is_const) clang_visitChildren(var, find_template_parameter, &dep);
  return dep.found;
}

// Whether the expression at node i names a template parameter, directly or
// through a constant that does, so that its value is known only once the
// template is instantiated.
// Whether a type is known only at instantiation (`float r[M]`'s, a `T`,
// `C<M>`): clang cannot give its size.
static bool dependent_type(CXType t) {
  return t.kind == CXType_Dependent || t.kind == CXType_DependentSizedArray ||
         clang_Type_getSizeOf(t) == CXTypeLayoutError_Dependent;
}

bool uses_template_parameter(const Ctx *c, int i) {
  for (int k = i; k <= node_at(c, i)->last; k++) {
    enum CXCursorKind kind = node_at(c, k)->kind;
    if (kind == CXCursor_DeclRefExpr || kind == CXCursor_TypeRef || kind == CXCursor_TemplateRef) {
      CXCursor ref = clang_getCursorReferenced(node_at(c, k)->cur);
      if (is_template_parameter(clang_getCursorKind(ref)) || const_depends_on_template(ref, 0)) return true;
      // A variable of such a type: what is computed from it (CuTe's size(r)
      // of a `float r[M]`) is known at instantiation too.
      if (kind == CXCursor_DeclRefExpr && clang_getCursorKind(ref) == CXCursor_VarDecl &&
          dependent_type(clang_getCursorType(ref)))
        return true;
    }
    if (kind == CXCursor_UnexposedExpr && node_at(c, k)->last == k) return true;  // e.g. T::value
  }
  return false;
}

bool names_a_barrier(const char *name) {
  // (A shuffle, vote or match trades registers only: `__shfl_xor_sync` is not one.)
  static const char *const registers_only[] = {"__shfl", "__ballot", "__any", "__all", "__uni", "__match", "__reduce"};
  bool sync = strstr(name, "sync") || strstr(name, "fence") || strstr(name, "barrier");
  for (size_t k = 0; k < sizeof registers_only / sizeof *registers_only; k++)
    sync = sync && strncmp(name, registers_only[k], strlen(registers_only[k]));
  return sync;
}

const char *callee_name(Ctx *c, int call) {
  CXCursor f = clang_getCursorReferenced(node_at(c, call)->cur);
  CXString s = clang_getCursorSpelling(f);
  const char *name = arena_printf(c->arena, "%s", clang_getCString(s));
  clang_disposeString(s);
  if (!*name) {  // an unresolved call: the name its callee expression spells
    CXCursor kids[1];
    if (cursor_children(node_at(c, call)->cur, kids, 1)) {
      s = clang_getCursorSpelling(kids[0]);
      name = arena_printf(c->arena, "%s", clang_getCString(s));
      clang_disposeString(s);
    }
  }
  return name;
}
