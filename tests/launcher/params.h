// A sibling header, included with quotes from beside the source.
#define SCALE 2.0f
#define WIDTH 4
