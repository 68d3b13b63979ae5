// launch.h - `#pragma tirx launch` before a kernel launch in host code (launch.c).
#pragma once
#include "construct.h"

void rewrite_launch(Ctx *c, const Annotation *an, Stmt st);

