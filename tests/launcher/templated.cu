// The annotation lives in a header, in a template (SPEC 7: rewritten since
// the lead's header rewriting, rewriters/front/tu.c).
#include "kern/fill.cuh"
__global__ void fill3(float *a) { fill<3>(a); }
