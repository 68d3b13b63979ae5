// sys/time.h - host code only, which tirx-pp --check leaves out of what NVRTC
// compiles; this keeps an #include of it from stopping the compile. Its types
// stay: a host class may hold one (cuda-samples' StopWatchLinux has a
// `struct timeval` member), and classes are not blanked.
#pragma once
struct timeval {
  long tv_sec;
  long tv_usec;
};
struct timezone {
  int tz_minuteswest;
  int tz_dsttime;
};
