// sys.h - the system helpers: those the tool and the runtime share (reading
// a whole file, writing all of a buffer, replacing a file atomically,
// finding the user's cache directory: tirx_support.h), and the library's
// own. None of them prints or exits; failures come back as NULL, false or an
// errno value.
#pragma once
#include <stdbool.h>
#include <stddef.h>

#include "tirx_support.h"

// Makes dir and its parents (dir is modified while it works and restored);
// true when it ends up a writable directory.
bool sys_make_dirs(char *dir);
// Whether path lies in directory dir (or is it); both as the same kind of
// path (absolute, say). A NULL or empty dir holds nothing.
bool sys_path_under(const char *path, const char *dir);
// A file's path as a message shows it, the same however the file was
// reached: relative to the working directory when under it, else real.
const char *sys_shown_path(Arena *a, const char *path);
