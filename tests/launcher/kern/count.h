#pragma once
// The fill count, a sibling that the rewritten copy of fill.cuh includes
// from its place among the copies.
#define FILL_ROWS 4
