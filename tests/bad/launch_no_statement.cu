// Nothing after the annotation.
void run(float *a) {
#pragma tirx launch
}
