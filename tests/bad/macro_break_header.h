// BAIL for macro_break_header.cu: a macro the parse reads from the PCH
#pragma once
#define BAIL if (a[0]) break
