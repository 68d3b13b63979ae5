// clang's error inside the annotated launch is reported.
void run(float *a) {
#pragma tirx launch
  missing<<<1, 32>>>(a);
}
