// sys.h - the system helpers the tool and the runtime share: reading a whole
// file, writing all of a buffer, replacing a file atomically, making
// directories and finding the user's cache directory. None of them prints or
// exits; failures come back as NULL, false or an errno value.
#pragma once
#include <stdbool.h>
#include <stddef.h>

// The whole file, malloc'ed and NUL-terminated (the NUL not counted in *len);
// NULL with errno set when it cannot be read (ENOMEM when memory runs out).
// Pipes and devices are read to their end; "-" is standard input.
char *sys_read_file(const char *path, size_t *len);
// Writes all n bytes to fd (retrying short writes and EINTR); false with
// errno set.
bool sys_write_all(int fd, const char *p, size_t n);
// Replaces path with data: written to a temporary file beside it, synced and
// renamed into place, so that readers see the old file or the whole new one
// and a failure leaves path untouched. The file gets 0666 less the umask (not
// mkstemp's 0600). A device or pipe is written directly. 0, or an errno value.
int sys_replace_file(const char *path, const char *data, size_t len);

// A new file path.tmp.XXXXXX (six letters and digits, as mkstemp names them)
// with the usual mode: created 0666 less the umask, as the kernel applies it
// (mkstemp's 0600 would need the umask to be read, and umask() sets it for
// every thread while it is read). O_EXCL makes the name this call's: a taken
// one is skipped. The descriptor, or -1 with errno set (*tmp NULL: no
// memory); *tmp is the caller's to free.
int sys_create_temp(const char *path, char **tmp);
// Makes dir and its parents (dir is modified while it works and restored);
// true when it ends up a writable directory.
bool sys_make_dirs(char *dir);
// A user's cache directory from the values of its variables (NULL: unset),
// which the caller reads (the library reads no environment): setting
// ("off": none), else xdg/SUB ($XDG_CACHE_HOME), else home/.cache/SUB ($HOME),
// created; buf on success, NULL when off, unknown, too long or not writable.
// tirx-pp's parse cache is SUB tirx-pp with setting $TIRX_PP_CACHE_DIR, in the
// tool and in libtirx_rt (which rewrites too) alike.
const char *sys_user_cache_dir(const char *setting, const char *xdg, const char *home, const char *sub, char *buf, size_t size);

// Whether dir (a real path) is one the host compiler searches anyway, for the
// C and C++ libraries: /usr/include, /usr/local/include, the multiarch
// /usr/include/x86_64-linux-gnu, gcc's and libstdc++'s. A project's
// `-I /usr/include` names no header of its own there.
bool sys_is_system_include_dir(const char *dir);
// Whether path lies in directory dir (or is it); both as the same kind of
// path (absolute, say). A NULL or empty dir holds nothing.
bool sys_path_under(const char *path, const char *dir);
