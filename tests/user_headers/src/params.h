// Found in main.cu's own directory: from anywhere else, the output must name
// it by its path.
#define WIDTH 4
