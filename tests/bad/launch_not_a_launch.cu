// '#pragma tirx launch' before a statement that is no kernel launch.
void run(float *a) {
#pragma tirx launch
  a[0] = 0.f;
}
