// A wrapper that defers to the next k.cuh on the search path.
#include_next <k.cuh>
