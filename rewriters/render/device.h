// device.h - the device view for --check. NVRTC compiles device code only:
// it refuses every host function and host variable, and it has no C++
// standard library. The device view is the rewritten file with the host-only
// declarations blanked out (their lines kept, so nothing moves), and each
// user header that the file includes with host code in it (or in a user
// header it includes, to any depth) inlined in its own device view, between
// #line directives; a header tirx-pp rewrites is inlined as rewritten. The
// device code is exactly the rewritten device code, and every line still maps
// to the original.
#pragma once
#include "construct.h"
#include "tirxpp.h"

// Renders the device view of the rewritten file into *out. `tirx_h`: the
// output starts with `#include "tirx.h"`. `headers`: the contexts of the
// headers tirx-pp rewrites (their text and finished edits). False (out
// untouched) when the edits cannot be rendered without the host code.
// *unchecked (empty before): a note, with its place, when NVRTC cannot
// compile the file (it includes Thrust); the view is then not to be compiled.
// *inlined: for each user header the view inlined behind an include guard
// or #pragma once, `NAME\nLENGTH\nTEXT` per include name: the text NVRTC is
// to read under that name should a header it reads from the disk include it
// again (its device view, behind the guard of the view's inlined copy).
bool device_view(Ctx *c, const TirxOptions *opt, bool tirx_h, Ctx *const *headers, int nheaders, Buf *out,
                 Buf *unchecked, Buf *inlined);
