// persistent(tile = tiles): says how to write it.
__global__ void k(float *out, int tiles) {
#pragma tirx persistent(tile = tiles)
  out[tile] = 0.f;
}
