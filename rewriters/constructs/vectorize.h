// vectorize.h - `#pragma tirx vectorize` (vectorize.c).
#pragma once
#include "construct.h"

void rewrite_vectorize(Ctx *c, const Annotation *an, Stmt st);
