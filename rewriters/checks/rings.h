// rings.h - how the slot an event operation names moves from one tile of a
// persistent loop to the next (rings.c).
#pragma once
#include "canon.h"

// Ordered: a slot expression moves as its most moving part does.
typedef enum {
  RING_FIXED,      // the same in every step of every tile (a constant, a parameter)
  RING_RESTARTED,  // starts over every tile (`k % STAGES`, k a loop's counter in the tile)
  RING_CARRIED,    // goes on from where the tile before left it (`(it + k) % STAGES; ... it += nk`)
  RING_UNKNOWN,    // anything else: memory, a call, the tile's index, a mix
} RingMove;

// How the slot of operation op moves over the tiles of `frame`, the
// persistent loop (or loop over the tiles) around it; *by, the variable
// that carries or restarts it (NULL for the others).
RingMove ring_move(const Walks *w, int op, int frame, const char **by);
