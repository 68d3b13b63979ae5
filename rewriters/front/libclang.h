// libclang.h - libclang, loaded with dlopen the first time a file needs a
// parse: a file with no annotation never pays for loading it (about 20 ms).
// Include this instead of <clang-c/Index.h>; calls keep their usual names.
#pragma once
#include <clang-c/CXCompilationDatabase.h>
#include <clang-c/Index.h>
#include <stdbool.h>

typedef struct {
#define FN(ret, name, params) ret(*name) params;
#include "libclang.def"
#undef FN
} LibClang;

extern LibClang tirx_libclang;
// Loads libclang once; on failure returns false and sets *why.
bool libclang_load(const char **why);

#ifndef LIBCLANG_LOADER
#define clang_Cursor_Evaluate (tirx_libclang.clang_Cursor_Evaluate)
#define clang_Cursor_isNull (tirx_libclang.clang_Cursor_isNull)
#define clang_Cursor_isMacroFunctionLike (tirx_libclang.clang_Cursor_isMacroFunctionLike)
#define clang_EvalResult_dispose (tirx_libclang.clang_EvalResult_dispose)
#define clang_EvalResult_getAsLongLong (tirx_libclang.clang_EvalResult_getAsLongLong)
#define clang_EvalResult_getAsUnsigned (tirx_libclang.clang_EvalResult_getAsUnsigned)
#define clang_EvalResult_getKind (tirx_libclang.clang_EvalResult_getKind)
#define clang_EvalResult_isUnsignedInt (tirx_libclang.clang_EvalResult_isUnsignedInt)
#define clang_File_isEqual (tirx_libclang.clang_File_isEqual)
#define clang_Type_getSizeOf (tirx_libclang.clang_Type_getSizeOf)
#define clang_createIndex (tirx_libclang.clang_createIndex)
#define clang_defaultSaveOptions (tirx_libclang.clang_defaultSaveOptions)
#define clang_disposeDiagnostic (tirx_libclang.clang_disposeDiagnostic)
#define clang_disposeIndex (tirx_libclang.clang_disposeIndex)
#define clang_disposeSourceRangeList (tirx_libclang.clang_disposeSourceRangeList)
#define clang_disposeString (tirx_libclang.clang_disposeString)
#define clang_disposeTranslationUnit (tirx_libclang.clang_disposeTranslationUnit)
#define clang_equalCursors (tirx_libclang.clang_equalCursors)
#define clang_getCString (tirx_libclang.clang_getCString)
#define clang_getCanonicalType (tirx_libclang.clang_getCanonicalType)
#define clang_getPointeeType (tirx_libclang.clang_getPointeeType)
#define clang_isConstQualifiedType (tirx_libclang.clang_isConstQualifiedType)
#define clang_getClangVersion (tirx_libclang.clang_getClangVersion)
#define clang_getCursorBinaryOperatorKind (tirx_libclang.clang_getCursorBinaryOperatorKind)
#define clang_getCursorExtent (tirx_libclang.clang_getCursorExtent)
#define clang_getCursorUSR (tirx_libclang.clang_getCursorUSR)
#define clang_getFileLocation (tirx_libclang.clang_getFileLocation)
#define clang_Cursor_getNumArguments (tirx_libclang.clang_Cursor_getNumArguments)
#define clang_Cursor_getArgument (tirx_libclang.clang_Cursor_getArgument)
#define clang_getCursorKind (tirx_libclang.clang_getCursorKind)
#define clang_getCursorDefinition (tirx_libclang.clang_getCursorDefinition)
#define clang_getCursorReferenced (tirx_libclang.clang_getCursorReferenced)
#define clang_getCursorSemanticParent (tirx_libclang.clang_getCursorSemanticParent)
#define clang_getNumOverloadedDecls (tirx_libclang.clang_getNumOverloadedDecls)
#define clang_getOverloadedDecl (tirx_libclang.clang_getOverloadedDecl)
#define clang_getCursorSpelling (tirx_libclang.clang_getCursorSpelling)
#define clang_getCursorType (tirx_libclang.clang_getCursorType)
#define clang_getCursorUnaryOperatorKind (tirx_libclang.clang_getCursorUnaryOperatorKind)
#define clang_getDiagnostic (tirx_libclang.clang_getDiagnostic)
#define clang_getDiagnosticLocation (tirx_libclang.clang_getDiagnosticLocation)
#define clang_getDiagnosticSeverity (tirx_libclang.clang_getDiagnosticSeverity)
#define clang_getDiagnosticSpelling (tirx_libclang.clang_getDiagnosticSpelling)
#define clang_getExpansionLocation (tirx_libclang.clang_getExpansionLocation)
#define clang_getFile (tirx_libclang.clang_getFile)
#define clang_getNullCursor (tirx_libclang.clang_getNullCursor)
#define clang_getNumDiagnostics (tirx_libclang.clang_getNumDiagnostics)
#define clang_getRangeEnd (tirx_libclang.clang_getRangeEnd)
#define clang_getRangeStart (tirx_libclang.clang_getRangeStart)
#define clang_getSkippedRanges (tirx_libclang.clang_getSkippedRanges)
#define clang_getTranslationUnitCursor (tirx_libclang.clang_getTranslationUnitCursor)
#define clang_getTypeDeclaration (tirx_libclang.clang_getTypeDeclaration)
#define clang_getTypeSpelling (tirx_libclang.clang_getTypeSpelling)
#define clang_getUnqualifiedType (tirx_libclang.clang_getUnqualifiedType)
#define clang_isExpression (tirx_libclang.clang_isExpression)
#define clang_isStatement (tirx_libclang.clang_isStatement)
#define clang_isAttribute (tirx_libclang.clang_isAttribute)
#define clang_isDeclaration (tirx_libclang.clang_isDeclaration)
#define clang_parseTranslationUnit2 (tirx_libclang.clang_parseTranslationUnit2)
#define clang_saveTranslationUnit (tirx_libclang.clang_saveTranslationUnit)
#define clang_visitChildren (tirx_libclang.clang_visitChildren)
#define clang_getCursorKindSpelling (tirx_libclang.clang_getCursorKindSpelling)
#define clang_getInclusions (tirx_libclang.clang_getInclusions)
#define clang_getFileName (tirx_libclang.clang_getFileName)
#define clang_CompilationDatabase_fromDirectory (tirx_libclang.clang_CompilationDatabase_fromDirectory)
#define clang_CompilationDatabase_dispose (tirx_libclang.clang_CompilationDatabase_dispose)
#define clang_CompilationDatabase_getCompileCommands (tirx_libclang.clang_CompilationDatabase_getCompileCommands)
#define clang_CompilationDatabase_getAllCompileCommands (tirx_libclang.clang_CompilationDatabase_getAllCompileCommands)
#define clang_CompileCommands_dispose (tirx_libclang.clang_CompileCommands_dispose)
#define clang_CompileCommands_getSize (tirx_libclang.clang_CompileCommands_getSize)
#define clang_CompileCommands_getCommand (tirx_libclang.clang_CompileCommands_getCommand)
#define clang_CompileCommand_getDirectory (tirx_libclang.clang_CompileCommand_getDirectory)
#define clang_CompileCommand_getNumArgs (tirx_libclang.clang_CompileCommand_getNumArgs)
#define clang_CompileCommand_getArg (tirx_libclang.clang_CompileCommand_getArg)
#define clang_getArraySize (tirx_libclang.clang_getArraySize)
#define clang_getCursorLocation (tirx_libclang.clang_getCursorLocation)
#define clang_CompileCommand_getFilename (tirx_libclang.clang_CompileCommand_getFilename)
#define clang_getIncludedFile (tirx_libclang.clang_getIncludedFile)
#define clang_getFileContents (tirx_libclang.clang_getFileContents)
#define clang_Cursor_getStorageClass (tirx_libclang.clang_Cursor_getStorageClass)
#define clang_getSpecializedCursorTemplate (tirx_libclang.clang_getSpecializedCursorTemplate)
#define clang_equalLocations (tirx_libclang.clang_equalLocations)
#define clang_EnumDecl_isScoped (tirx_libclang.clang_EnumDecl_isScoped)
#define clang_getSpellingLocation (tirx_libclang.clang_getSpellingLocation)
#define clang_isFileMultipleIncludeGuarded (tirx_libclang.clang_isFileMultipleIncludeGuarded)
#endif
