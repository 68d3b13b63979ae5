// The annotation lives in a header, in a template (docs/language.md#headers-and-existing-builds: rewritten since
// the lead's header rewriting, rewriters/front/tu.c).
#include "kern/fill.cuh"
__global__ void fill3(float *a) { fill<3>(a); }
