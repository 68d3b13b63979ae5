// An undeclared kernel: clang's error is the first, at the launch it could not parse.
void run(float *a) {
#pragma tirx launch
  missing<<<1, 32>>>(a);
}
