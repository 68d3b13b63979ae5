// jit_compile.c - what jit_saxpy's tirx_rt_compile does on the GPU machine,
// short of the device: built as run_rt.sh builds the programs there (no
// rewriter, no libclang), it takes the kernel's rewrite from the cache
// ($TIRX_RT_CACHE_DIR) that jit_saxpy_prepare filled and compiles it with
// NVRTC. run_rt.sh prepare runs it, so that a rewrite the GPU machine would
// not find (another key) fails here.
//
//   jit_compile [arch...]   (default sm_90a)
#define JIT_PREPARE  // jit_saxpy.c's source and options; its main renamed away
#define main jit_saxpy_prepare_main
#include "../../../examples/jit/jit_saxpy.c"
#undef main

#include "rt_internal.h"

int main(int argc, char **argv) {
  char cache[4096], msg[2048];
  const char *dir = rt_cache_dir(cache, sizeof cache);
  int bad = 0;
  for (int i = 1; i < (argc > 1 ? argc : 2); i++) {
    RtBuild b = {.src = source, .len = strlen(source), .name = options.name, .rewrite = true,
                 .arch = argc > 1 ? argv[i] : "sm_90a", .opt = &options, .cache_dir = dir};
    // Twice, as jit_saxpy does: the second compile must come from the cubin
    // the first stored, although the rewrite was made on another machine (the
    // files it read there are missing here).
    for (int pass = 0; pass < 2 && !bad; pass++) {
      RtImage im;
      bool cached;
      char *log;
      TirxRtStatus st = rt_build(&b, &im, &cached, &log, msg, sizeof msg);
      if (st != TIRX_RT_OK)
        printf("jit: FAIL %s: %s\n%s", tirx_rt_status_name(st), msg, log);
      else if (pass == 0)
        printf("jit: %s for %s: rewrite from the cache, compiled without the rewriter (%zu bytes)\n", b.name, b.arch,
               im.image_size);
      else if (!cached)
        printf("jit: FAIL %s for %s: second compile not cached\n", b.name, b.arch);
      else
        printf("jit: %s for %s: second compile from the cache\n", b.name, b.arch);
      bad |= st != TIRX_RT_OK || (pass == 1 && !cached);
      rt_image_free(&im);
      free(log);
    }
  }
  return bad;
}
