// TIRX_PP_OWN_HEADER 0.1.0
// tirx/trace.h - what `tirx-pp --trace` output calls (docs/trace.md): a
// timeline of each warp-specialized block, recorded on the device and
// written by the host as a Chrome / Perfetto trace JSON with a summary.
//
// Device side. Each traced region declares a recorder
// (tirx_trace_region_t) at the top of its body; only the region's first
// thread records, into the ring of its (block, region): TIRX_TRACE_REGIONS
// rings per block, each of a power-of-two number of 16-byte records. On
// sm_90 the records pass through a small stage in shared memory, copied to
// the ring half a stage at a time by cp.async.bulk (TIRX_TRACE_STAGE). The
// recorder keeps its ring's count in a register while the region runs (no
// atomics: one thread writes one ring) and stores it back when the region
// ends. A full ring wraps: the latest records are kept, and the host counts
// the ones overwritten. What is recorded: the region's start and end (with
// %globaltimer, ns, and %clock64, and the SM); each wait that blocked (its
// start and its return: event, slot, parity, line), while a wait whose
// phase had completed when it was tested is only counted; each trigger;
// each turn (its wait, its start, its end); all but the region's start and
// end with %clock64, which the host converts to ns.
//
// Host side. tirx_trace_begin() allocates the rings and points every
// translation unit's kernels with traced regions at them;
// tirx_trace_end("file.json") waits for the device, reads them back, writes
// the JSON and prints the summary. `#pragma tirx launch` does both around
// its launch when no tirx_trace_begin() is in force.
#pragma once

#include "ptx.h"

#define TIRX_TRACE_REGIONS 8  // rings per block: regions past the eighth are not traced

// What a record says (tirx_trace_record_t.kind).
enum {
  TIRX_TRACE_REGION_BEGIN = 1,  // %globaltimer; slot | parity << 8: the kernel's id (the line it starts on);
                                // event 1: the run's waits, triggers and turns are not recorded (--trace=regions)
  TIRX_TRACE_REGION_END,        // %globaltimer; event | slot << 8 | parity << 16: the waits that did not block
  TIRX_TRACE_WAIT,    // a wait that blocked started; the next record is its return
  TIRX_TRACE_WAITED,  // the wait returned
  TIRX_TRACE_TRIGGER,
  TIRX_TRACE_TURN_WAIT,  // the wait for a turn started (event: the turns ring); the next record is the turn
  TIRX_TRACE_TURN,       // the turn started
  TIRX_TRACE_TURN_END,
  TIRX_TRACE_CLOCK,  // %clock64 after the region's begin and before its end: the host converts clocks to ns with them
  TIRX_TRACE_TILE,   // an iteration of a persistent loop recorded in full started (tirx_trace_region_t::detail)
  TIRX_TRACE_TILE_END
};

// One record: 16 bytes, one store. time: %clock64 of the SM, except the
// region's begin and end (%globaltimer, ns); the host writes all in ns.
struct alignas(16) tirx_trace_record_t {
  unsigned long long time;
  uint16_t line;            // the annotation's line
  uint8_t kind, event;      // event: the event's index in its kernel (turns rings after the events)
  uint8_t slot, parity;
  uint8_t sm;  // in the region's begin, end and clock records (0 in the others)
  uint8_t region;
};

// Where the records go: blocks x TIRX_TRACE_REGIONS rings of mask + 1
// records; heads holds two words per ring: records written, the kernel's id.
struct tirx_trace_device_t {
  tirx_trace_record_t *records;
  unsigned *heads;
  unsigned *unrecorded;  // region runs of blocks past `blocks`, not recorded
  unsigned mask, blocks;
  unsigned every;  // a persistent loop's iterations recorded in full: one in `every` (tirx_trace_region_t::detail)
};

#ifdef __CUDACC__
// Null (nothing recorded) until tirx_trace_begin(). In constant memory: read
// through the constant cache, held in no register. One per translation unit:
// the host sets each one that registered a traced kernel.
static __constant__ tirx_trace_device_t tirx_trace_device_;
#endif

// What a record's time is read from on the hot path: %clock64 (a few
// cycles), not %globaltimer (slow to read, and coarse).
TIRX_DEVICE unsigned long long tirx_trace_clock() {
#ifdef __CUDA_ARCH__
  return (unsigned long long)clock64();
#else
  return 0;
#endif
}

// Records pass through shared memory on sm_90: each traced region has a
// stage of TIRX_TRACE_STAGE records (a power of two from 2 to 128; 32 by
// default: 512 bytes a region, static shared memory of the kernel) that its
// recording thread fills and copies to the global ring half by half with
// cp.async.bulk. A 16-byte global store at every record cost the bf16 GEMM
// 4-5% at 4096^3 and 8192^3; a shared-memory store, and one bulk copy every
// TIRX_TRACE_STAGE / 2 records, 1-3% (bench/RESULTS.md). Elsewhere (sm_80)
// each record is stored to the ring at once.
#ifndef TIRX_TRACE_STAGE
#define TIRX_TRACE_STAGE 32
#endif
static_assert(TIRX_TRACE_STAGE >= 2 && TIRX_TRACE_STAGE <= 128 && (TIRX_TRACE_STAGE & (TIRX_TRACE_STAGE - 1)) == 0,
              "TIRX_TRACE_STAGE: a power of two from 2 to 128");

// The stages of a kernel's NR traced regions, one after the other: static
// shared memory of the kernel that calls it (NR * TIRX_TRACE_STAGE * 16 bytes).
template <int NR>
TIRX_DEVICE uint32_t tirx_trace_stage() {
#if defined(__CUDA_ARCH__) && defined(TIRX_SM90_)
  __shared__ tirx_trace_record_t stage[NR * TIRX_TRACE_STAGE];  // 16-byte aligned: the record type is
  return tirx_smem_addr(stage);
#else
  return 0;
#endif
}

// The recorder of one run of a region. Every thread of the region holds one;
// only the region's first thread, when tracing is on, has a ring. What stays
// live while the region runs is five 32-bit registers (where the ring
// starts, its count, the count copied out so far, the waits that did not
// block, the stage's address), and two more in a turn: the
// region and the line are constants, the buffer's address and the ring's
// size are read from constant memory, and the SM goes only into the records
// of the region's begin and end (the host gives it to the others). Every hook
// is a few instructions on the recording thread, none of them waiting for
// memory: the hooks sit on the critical path of the warp that records, and
// through the region's barriers on the whole region's.
//
// A wait is tested once (test_wait, which never sleeps): when the phase has
// already completed, the wait is done and only counted (`quick`, written
// with the region's end); when it has not, the thread waits, and the start
// and the return of the wait are recorded.
struct tirx_trace_region_t {
  int region, line;                     // constants where the recorder is declared
  unsigned at = ~0u;                    // the ring's first record in the buffer; ~0u: this thread does not record
  unsigned next = 0;                    // records written to the ring, this run's included
  unsigned copied = 0;                  // records of `next` copied out of the stage (sm_90)
  unsigned quick = 0;                   // waits that did not block, this run
  unsigned since = 0;                   // a turn's wait: the low word of %clock64 when it started
  unsigned turn_at = 0;                 // the turn: when it started
  uint32_t stage;                       // this region's stage (tirx_trace_stage), a shared-memory address;
                                        // ~0u under --trace=regions: no stage, its four records go to the ring

  TIRX_DEVICE tirx_trace_region_t(int kernel, int region_, int first_thread, int line_, uint32_t stages,
                                  bool hooks = true)
      : region(region_), line(line_), stage(hooks ? stages + (uint32_t)region_ * TIRX_TRACE_STAGE * 16u : ~0u) {
#ifdef __CUDA_ARCH__
    if ((int)threadIdx.x != first_thread) return;  // partitions are one-dimensional
    const tirx_trace_device_t &d = tirx_trace_device_;
    if (!d.records) return;
    const unsigned b = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    if (b >= d.blocks) {
      atomicAdd(d.unrecorded, 1u);  // once per region run, off the hot path
      return;
    }
    const unsigned ring = b * TIRX_TRACE_REGIONS + (unsigned)region_;
    at = ring * (d.mask + 1);
    next = copied = d.heads[2 * ring];
    d.heads[2 * ring + 1] = (unsigned)kernel;
    const int sm = (int)tirx_smid();
    put_edge(TIRX_TRACE_REGION_BEGIN, hooks ? 0 : 1, kernel & 0xff, (kernel >> 8) & 0xff, line_, tirx_globaltimer(), sm);
    put_edge(TIRX_TRACE_CLOCK, 0, 0, 0, line_, tirx_trace_clock(), sm);
#else
    (void)kernel, (void)first_thread, (void)hooks;
#endif
  }
  TIRX_DEVICE ~tirx_trace_region_t() {
#ifdef __CUDA_ARCH__
    if (!on()) return;
    const unsigned q = quick < 0xffffffu ? quick : 0xffffffu;
    const int sm = (int)tirx_smid();
    put_edge(TIRX_TRACE_CLOCK, 0, 0, 0, line, tirx_trace_clock(), sm);
    put_edge(TIRX_TRACE_REGION_END, q & 0xff, (q >> 8) & 0xff, q >> 16, line, tirx_globaltimer(), sm);
    copy_out();
#if defined(TIRX_SM90_)
    asm volatile("cp.async.bulk.wait_group 0;");  // the copies written before the count says they are there
#endif
    const tirx_trace_device_t &d = tirx_trace_device_;
    d.heads[2 * (at / (d.mask + 1))] = next;
#endif
  }
  tirx_trace_region_t(const tirx_trace_region_t &) = delete;
  tirx_trace_region_t &operator=(const tirx_trace_region_t &) = delete;

  // `at` through an opaque move at each test: nvcc otherwise keeps the test's
  // predicate live across the region's whole loop, where the kernel's own code
  // needs every predicate register (1-1.5% of the attention forward).
  TIRX_DEVICE bool on() const {
    unsigned a;
    asm volatile("mov.b32 %0, %1;" : "=r"(a) : "r"(at));
    return a != ~0u;
  }
  TIRX_DEVICE bool records() const { return true; }  // a recorder (tirx/hook.h)
  // Under --trace tirx-pp writes the body of a traced region's persistent
  // loop (at `line_`) twice, `if (rec.detail(line, i)) RECORDED else PLAIN`
  // (i: the iteration, from 0): whether this iteration runs the copy that
  // records its waits, triggers and turns. While a recording is open, in
  // blocks that record, one in `every` ($TIRX_TRACE_EVERY,
  // tirx_trace_begin), block b's from its iteration (every - b % every) %
  // every on; the same in every thread of the region. The other
  // iterations cost what they cost without --trace. A recorded iteration's
  // start is written here, and its end at the next iteration's test (the
  // host ends the last at the region's end): a record at each way out of the
  // body, or a register that said one was open, made ptxas spill in the
  // attention forward.
  TIRX_DEVICE bool detail(int line_, int i) {
#ifdef __CUDA_ARCH__
    const tirx_trace_device_t &d = tirx_trace_device_;
    const unsigned b = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    if (!d.records || b >= d.blocks) return false;
    // Iterations i + b = 0 mod every: one in `every` of each block's, the
    // blocks' staggered (where each has few, not the first of each).
    if (i > 0 && ((unsigned)i - 1 + b) % d.every == 0 && on())
      put(TIRX_TRACE_TILE_END, 0, 0, 0, line_, tirx_trace_clock());
    if (((unsigned)i + b) % d.every) return false;
    if (on()) put(TIRX_TRACE_TILE, 0, 0, 0, line_, tirx_trace_clock());
    return true;
#else
    (void)line_, (void)i;
    return false;
#endif
  }
  // A record's four words.
  TIRX_DEVICE uint4 record(int kind, int event, int slot, int parity, int line_, unsigned long long time,
                           int sm) const {
    return make_uint4((unsigned)time, (unsigned)(time >> 32),
                      ((unsigned)line_ & 0xffffu) | ((unsigned)kind & 0xffu) << 16 | ((unsigned)event & 0xffu) << 24,
                      ((unsigned)slot & 0xffu) | ((unsigned)parity & 0xffu) << 8 | ((unsigned)sm & 0xffu) << 16 |
                          ((unsigned)region & 0xffu) << 24);
  }
  // One record straight to the ring (st.global.cs: not read again).
  TIRX_DEVICE void store(const uint4 &r) {
#ifdef __CUDA_ARCH__
    const tirx_trace_device_t &d = tirx_trace_device_;
    __stcs(reinterpret_cast<uint4 *>(&d.records[at + (next++ & d.mask)]), r);
#else
    (void)r;
#endif
  }
  // One 16-byte record: into the stage (sm_90; a copy out every half
  // stage), else straight to the ring.
  TIRX_DEVICE void put(int kind, int event, int slot, int parity, int line_, unsigned long long time, int sm = 0) {
    const uint4 r = record(kind, event, slot, parity, line_, time, sm);
#if defined(__CUDA_ARCH__) && defined(TIRX_SM90_)
    // Asm, volatile, no memory clobber: only these statements touch the stage,
    // and the kernel's own loads and stores stay free to move around them.
    asm volatile("st.shared.v4.u32 [%0], {%1, %2, %3, %4};" ::"r"(stage + (next & (TIRX_TRACE_STAGE - 1)) * 16u),
                 "r"(r.x), "r"(r.y), "r"(r.z), "r"(r.w));
    if ((++next & (TIRX_TRACE_STAGE / 2 - 1)) == 0) copy_out();
#else
    store(r);
#endif
  }
  // A record of the region's start or end: as put, or without a stage
  // (--trace=regions) straight to the ring.
  TIRX_DEVICE void put_edge(int kind, int event, int slot, int parity, int line_, unsigned long long time, int sm) {
    if (stage != ~0u) return put(kind, event, slot, parity, line_, time, sm);
    store(record(kind, event, slot, parity, line_, time, sm));
    copied = next;
  }
  // The stage's records not yet copied, to the ring: they lie in one half of
  // the stage and in one stretch of the ring (a half stage divides the
  // ring's size). The half written next was copied out one call ago: its
  // copy must have read it before it is overwritten.
  TIRX_DEVICE void copy_out() {
#if defined(__CUDA_ARCH__) && defined(TIRX_SM90_)
    const unsigned n = next - copied;
    if (!n) return;
    const tirx_trace_device_t &d = tirx_trace_device_;
    asm volatile("fence.proxy.async.shared::cta;");
    asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(&d.records[at + (copied & d.mask)]),
                 "r"(stage + (copied & (TIRX_TRACE_STAGE - 1)) * 16u), "r"(n * 16u));
    asm volatile("cp.async.bulk.commit_group;");
    asm volatile("cp.async.bulk.wait_group.read 1;");
    copied = next;
#endif
  }
  // The hooks of tirx/hook.h. clock: when a wait that blocks starts (the
  // low word of %clock64, | 1: one register while it waits), on the
  // recording thread; 0 on the others.
  TIRX_DEVICE unsigned clock() const { return on() ? (unsigned)tirx_trace_clock() | 1u : 0u; }
  // After a wait: one that blocked (since `start`) gets its start and its
  // return, two records; one that did not (start 0) is counted.
  TIRX_DEVICE void waited(unsigned start, int event, int slot, uint32_t parity, int line_) {
    if (!on()) return;
    if (start)
      span(TIRX_TRACE_WAIT, TIRX_TRACE_WAITED, event, slot, (int)parity, line_, start);
    else
      quick++;
  }
  // A wait whose phase had completed when it was tested: counted on the
  // recording thread, by an add of 0 or 1 rather than a branch (a branch per
  // wait there cost the attention forward 2-3% more: bench/RESULTS.md).
  TIRX_DEVICE void passed() { quick += on() ? 1u : 0u; }
  TIRX_DEVICE void trigger(int event, int slot, int line_) {
    if (on()) put(TIRX_TRACE_TRIGGER, event, slot, 0, line_, tirx_trace_clock());
  }
  // Two records: the start of a wait that began at `start` (the low word of
  // %clock64: one register while it waits) and its end now.
  TIRX_DEVICE void span(int start_kind, int end_kind, int event, int slot, int parity, int line_, unsigned start) {
    const unsigned long long now = tirx_trace_clock();
    put(start_kind, event, slot, parity, line_, now - (unsigned)((unsigned)now - start));
    put(end_kind, event, slot, parity, line_, now);
  }
};

// Where nothing is recorded (tirx/hook.h's hooks outside the regions, or
// under --watchdog alone): the recorder's hooks, doing nothing.
struct tirx_no_trace {
  TIRX_DEVICE bool records() const { return false; }
  TIRX_DEVICE unsigned clock() const { return 0; }
  TIRX_DEVICE void waited(unsigned, int, int, uint32_t, int) const {}
  TIRX_DEVICE void passed() const {}
  TIRX_DEVICE void trigger(int, int, int) const {}
};

// A turn: when its wait starts and when the turn starts are kept in
// registers; all three records are written once the turn has been passed
// on, out of the way of the warpgroup that waits for it (written inside the
// turn, they cost the attention forward 2% more).
TIRX_DEVICE void tirx_trace_turn_wait(tirx_trace_region_t &t) {
  if (t.on()) t.since = (unsigned)tirx_trace_clock();
}
TIRX_DEVICE void tirx_trace_turn(tirx_trace_region_t &t, int, int) {
  if (t.on()) t.turn_at = (unsigned)tirx_trace_clock();
}
TIRX_DEVICE void tirx_trace_turn_end(tirx_trace_region_t &t, int ring, int line) {
  if (t.on()) {
    const unsigned long long now = tirx_trace_clock();
    t.put(TIRX_TRACE_TURN_WAIT, ring, 0, 0, line, now - (unsigned)((unsigned)now - t.since));
    t.put(TIRX_TRACE_TURN, ring, 0, 0, line, now - (unsigned)((unsigned)now - t.turn_at));
    t.put(TIRX_TRACE_TURN_END, ring, 0, 0, line, now);
  }
}

// ---- host: sessions, the JSON, the summary ---------------------------------
#ifdef __CUDACC_RTC__
// NVRTC compiles device code only: the registration after each traced kernel
// is a constant there.
__host__ __device__ constexpr int tirx_trace_register(int id, const char *, const char *, const char *, const char *) {
  return id;
}
#elif defined(__TIRX_PP__) && defined(__CUDACC__)
// tirx-pp's own parse: the host functions declared only (their definitions
// would make every file that includes tirx.h parse <map>, <string>, <vector>).
cudaError_t tirx_trace_begin(unsigned records = 0, unsigned blocks = 0);
cudaError_t tirx_trace_end(const char *path);
bool tirx_trace_active();
#elif defined(__CUDACC__)
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

typedef cudaError_t (*tirx_trace_point_t)(const tirx_trace_device_t &d);

// A traced kernel's names, registered after its definition (tirx-pp writes
// the call): regions and events (then turns rings) one a line.
struct tirx_trace_kernel_t {
  int id;
  const char *name, *file, *regions, *events;
  tirx_trace_point_t point;  // sets its translation unit's tirx_trace_device_
};

struct tirx_trace_session_t {
  bool open;
  tirx_trace_device_t dev;
  std::vector<tirx_trace_kernel_t> kernels;
};

inline tirx_trace_session_t &tirx_trace_session() {
  static tirx_trace_session_t s;
  return s;
}

// This translation unit's tirx_trace_device_ (static: one per unit).
static inline cudaError_t tirx_trace_point_(const tirx_trace_device_t &d) {
  return cudaMemcpyToSymbol(tirx_trace_device_, &d, sizeof d);
}

// Every translation unit that registered a kernel, pointed at d.
inline cudaError_t tirx_trace_point_all(const tirx_trace_device_t &d) {
  cudaError_t err = cudaSuccess;
  const std::vector<tirx_trace_kernel_t> &ks = tirx_trace_session().kernels;
  for (size_t i = 0; i < ks.size(); ++i) {
    bool seen = false;
    for (size_t j = 0; j < i; ++j) seen |= ks[j].point == ks[i].point;
    if (!seen && err == cudaSuccess) err = ks[i].point(d);
  }
  return err;
}

static inline int tirx_trace_register(int id, const char *name, const char *file, const char *regions,
                                      const char *events) {
  tirx_trace_session().kernels.push_back(tirx_trace_kernel_t{id, name, file, regions, events, tirx_trace_point_});
  return id;
}

inline unsigned tirx_trace_env(const char *name, unsigned fallback) {
  const char *v = getenv(name);
  long long n = v ? atoll(v) : 0;
  return n > 0 && n < (1ll << 30) ? (unsigned)n : fallback;
}

// Starts recording: rings of `records` (rounded up to a power of two, at least 64) per
// block and region, for blocks 0 to blocks - 1 (the linear block index; the
// region runs of later blocks are counted, not recorded). 0 for either:
// $TIRX_TRACE_RECORDS / $TIRX_TRACE_BLOCKS, else 1024 each.
// cudaErrorInvalidValue when the rings would hold 2^32 records or more.
inline cudaError_t tirx_trace_begin(unsigned records = 0, unsigned blocks = 0) {
  tirx_trace_session_t &s = tirx_trace_session();
  if (s.open) return cudaSuccess;
  if (!records) records = tirx_trace_env("TIRX_TRACE_RECORDS", 1024);
  if (!blocks) blocks = tirx_trace_env("TIRX_TRACE_BLOCKS", 1024);
  const unsigned every = tirx_trace_env("TIRX_TRACE_EVERY", 16);
  // At least 64: a stage copies out half of itself at a time into one stretch
  // of the ring, and a translation unit may have been given a stage of up to
  // 128 other than this one's.
  unsigned n = 64;
  while (n < records) n *= 2;
  tirx_trace_device_t d = {};
  const size_t rings = (size_t)blocks * TIRX_TRACE_REGIONS;
  if ((unsigned long long)rings * n >= (1ull << 32)) return cudaErrorInvalidValue;  // a record's index is 32 bits
  cudaError_t err = cudaMalloc((void **)&d.records, rings * n * sizeof(tirx_trace_record_t));
  if (err == cudaSuccess) err = cudaMalloc((void **)&d.heads, (rings * 2 + 1) * sizeof(unsigned));
  if (err == cudaSuccess) err = cudaMemset(d.heads, 0, (rings * 2 + 1) * sizeof(unsigned));
  d.unrecorded = d.heads ? d.heads + rings * 2 : nullptr;
  d.mask = n - 1, d.blocks = blocks, d.every = every ? every : 1;
  if (err == cudaSuccess) err = tirx_trace_point_all(d);
  if (err != cudaSuccess) {
    cudaFree(d.records), cudaFree(d.heads);
    return err;
  }
  s.dev = d, s.open = true;
  return cudaSuccess;
}

inline bool tirx_trace_active() { return tirx_trace_session().open; }

// The n-th line of names ("?" past the end).
inline std::string tirx_trace_name(const char *names, int n) {
  for (const char *p = names; p; --n) {
    const char *e = strchr(p, '\n');
    if (n == 0) return e ? std::string(p, e) : std::string(p);
    p = e ? e + 1 : nullptr;
  }
  return "?";
}

inline const tirx_trace_kernel_t *tirx_trace_kernel(int id) {
  for (const tirx_trace_kernel_t &k : tirx_trace_session().kernels)
    if (k.id == id) return &k;
  return nullptr;
}

// A JSON string: quotes and backslashes escaped, control characters dropped.
inline std::string tirx_trace_json_string(const std::string &s) {
  std::string o = "\"";
  for (char ch : s) {
    if (ch == '"' || ch == '\\') o += '\\';
    if ((unsigned char)ch >= 0x20) o += ch;
  }
  return o + "\"";
}

// Per kernel and region: the time its runs took and the time they waited, by event.
struct tirx_trace_totals_t {
  bool hooks = true;  // false: a run's waits were not recorded (--trace=regions)
  long long runs = 0;
  long long quick = 0, blocked = 0;  // waits on events that did not block, that did
  double ns = 0;
  std::map<std::string, double> waits;
  // Of the iterations of a persistent loop recorded in full (tirx_trace_region_t::detail):
  long long tiles = 0;
  double tile_ns = 0;
  std::map<std::string, double> tile_waits;
};

// The trace of one ring: slices of its region runs, waits and turns.
struct tirx_trace_writer_t {
  FILE *f = nullptr;
  unsigned long long t0 = 0;  // the earliest record's time: ts 0
  bool first = true;
  std::map<std::pair<int, int>, tirx_trace_totals_t> totals;  // (kernel id, region)
  std::map<std::pair<int, unsigned>, bool> named;  // (pid, tid) whose thread is named

  void slice(const char *ph, const std::string &name, const char *cat, int pid, unsigned tid,
             unsigned long long ts, unsigned long long end, const std::string &args) {
    fprintf(f, "%s\n{\"ph\":\"%s\",\"name\":%s,\"cat\":\"%s\",\"pid\":%d,\"tid\":%u,\"ts\":%.3f", first ? "" : ",", ph,
            tirx_trace_json_string(name).c_str(), cat, pid, tid, (ts - t0) / 1000.0);
    if (ph[0] == 'X') fprintf(f, ",\"dur\":%.3f", (end > ts ? end - ts : 0) / 1000.0);
    if (ph[0] == 'i') fputs(",\"s\":\"t\"", f);
    fprintf(f, ",\"args\":{%s}}", args.c_str());
    first = false;
  }
  void name_thread(int pid, unsigned tid, const std::string &name) {
    if (named[{pid, tid}]) return;
    named[{pid, tid}] = true;
    fprintf(f, "%s\n{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":%d,\"tid\":%u,\"args\":{\"name\":%s}}", first ? "" : ",",
            pid, tid, tirx_trace_json_string(name).c_str());
    fprintf(f, ",\n{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":%d,\"args\":{\"name\":\"SM %d\"}}", pid, pid - 1);
    fprintf(f, ",\n{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":%d,\"tid\":%u,\"args\":{\"sort_index\":%u}}", pid,
            tid, tid);
    first = false;
  }

  // The records of ring `ring` (block b, region r), oldest first.
  void ring(const tirx_trace_record_t *rec, unsigned n, unsigned kernel_id, unsigned b, int r) {
    int kernel = (int)kernel_id;
    const tirx_trace_kernel_t *k = tirx_trace_kernel(kernel);
    bool in_run = false, hooks = true;
    unsigned long long run_start = 0, wait_start = 0, turn_start = 0, tile_start = 0;
    unsigned tile_line = 0;
    const unsigned tid = b * TIRX_TRACE_REGIONS + (unsigned)r;
    for (unsigned i = 0; i < n; ++i) {
      const tirx_trace_record_t &x = rec[i];
      const int pid = x.sm + 1;  // SM n is process n + 1: some viewers treat pid 0 apart
      const std::string region = k ? tirx_trace_name(k->regions, r) : "region " + std::to_string(r);
      const std::string event = k ? tirx_trace_name(k->events, x.event) : "event " + std::to_string(x.event);
      const std::string where = std::string(k ? k->file : "?") + ":" + std::to_string(x.line);
      if (x.kind == TIRX_TRACE_REGION_BEGIN) {  // the kernel may differ from the last launch's
        kernel = x.slot | x.parity << 8;
        k = tirx_trace_kernel(kernel);
        in_run = true, run_start = x.time, hooks = !(x.event & 1);
      }
      // Named at its first record: a ring that wrapped may have lost its run's start.
      name_thread(pid, tid, "block " + std::to_string(b) + " " +
                                (k ? tirx_trace_name(k->regions, r) : "region " + std::to_string(r)));
      if ((x.kind == TIRX_TRACE_REGION_END || x.kind == TIRX_TRACE_TILE_END) && tile_start) {
        // A recorded iteration ends at the next one's test, or with its run.
        const std::string at = std::string(k ? k->file : "?") + ":" + std::to_string(tile_line);
        slice("X", "tile @" + std::to_string(tile_line), "tile", pid, tid, tile_start, x.time,
              "\"line\":" + tirx_trace_json_string(at));
        if (in_run) totals[{kernel, r}].tiles++, totals[{kernel, r}].tile_ns += (double)(x.time - tile_start);
        tile_start = 0;
      }
      if (x.kind == TIRX_TRACE_REGION_END && in_run) {
        const unsigned quick = x.event | x.slot << 8 | x.parity << 16;
        slice("X", region, "region", pid, tid, run_start, x.time,
              "\"kernel\":" + tirx_trace_json_string(k ? k->name : "?") + ",\"block\":" + std::to_string(b) +
                  ",\"waits_not_blocked\":" + std::to_string(quick) + (hooks ? "" : ",\"waits_recorded\":false"));
        tirx_trace_totals_t &t = totals[{kernel, r}];
        t.runs++, t.ns += (double)(x.time - run_start), t.quick += quick, t.hooks &= hooks;
        in_run = false;
      } else if (x.kind == TIRX_TRACE_WAIT || x.kind == TIRX_TRACE_TURN_WAIT) {
        wait_start = x.time;
      } else if ((x.kind == TIRX_TRACE_WAITED || x.kind == TIRX_TRACE_TURN) && wait_start) {
        const bool turn = x.kind == TIRX_TRACE_TURN;
        const std::string what = (turn ? "turn " : "") + event;
        slice("X", "wait " + what + " @" + std::to_string(x.line), "wait", pid, tid, wait_start, x.time,
              "\"event\":" + tirx_trace_json_string(what) + ",\"slot\":" + std::to_string(x.slot) +
                  ",\"parity\":" + std::to_string(x.parity) + ",\"line\":" + tirx_trace_json_string(where));
        if (in_run) totals[{kernel, r}].waits[what] += (double)(x.time - wait_start);
        if (in_run && tile_start) totals[{kernel, r}].tile_waits[what] += (double)(x.time - wait_start);
        if (in_run && !turn) totals[{kernel, r}].blocked++;
        wait_start = 0;
        if (turn) turn_start = x.time;
      } else if (x.kind == TIRX_TRACE_TURN_END && turn_start) {
        slice("X", "turn " + event + " @" + std::to_string(x.line), "turn", pid, tid, turn_start, x.time,
              "\"line\":" + tirx_trace_json_string(where));
        turn_start = 0;
      } else if (x.kind == TIRX_TRACE_TILE) {
        tile_start = x.time, tile_line = x.line;
      } else if (x.kind == TIRX_TRACE_TRIGGER) {
        slice("i", "trigger " + event + " @" + std::to_string(x.line), "trigger", pid, tid, x.time, x.time,
              "\"event\":" + tirx_trace_json_string(event) + ",\"slot\":" + std::to_string(x.slot) +
                  ",\"line\":" + tirx_trace_json_string(where));
      }
    }
  }
};

// Per kernel and region: time, busy share, waits by event (to stderr). A
// region whose persistent loop was recorded in part (one iteration in
// $TIRX_TRACE_EVERY) gets its shares of the iterations recorded in full.
inline void tirx_trace_summary(const std::map<std::pair<int, int>, tirx_trace_totals_t> &totals) {
  int kernel = -1;
  long long tiles = 0;  // iterations recorded in full in this kernel's regions
  auto end_kernel = [&] {
    if (tiles)
      fprintf(stderr, "  (busy and waiting on: of the %lld iterations of persistent loops recorded in full, one in %u)\n",
              tiles, tirx_trace_session().dev.every);
    tiles = 0;
  };
  for (const auto &e : totals) {
    const tirx_trace_kernel_t *k = tirx_trace_kernel(e.first.first);
    if (e.first.first != kernel) {
      end_kernel();
      kernel = e.first.first;
      fprintf(stderr, "kernel %s (%s:%d)\n  %-24s %8s %12s %7s %8s %8s  waiting on\n", k ? k->name : "?",
              k ? k->file : "?", kernel, "region", "runs", "time (us)", "busy", "waits", "blocked");
    }
    const tirx_trace_totals_t &t = e.second;
    std::string region = k ? tirx_trace_name(k->regions, e.first.second) : "?";
    if (!t.hooks) {  // --trace=regions: how long the runs took, nothing of their waits
      fprintf(stderr, "  %-24s %8lld %12.1f %7s %8s %8s  (waits not recorded)\n", region.c_str(), t.runs, t.ns / 1000.0,
              "-", "-", "-");
      continue;
    }
    tiles += t.tiles;
    const double base = t.tiles ? t.tile_ns : t.ns;
    const std::map<std::string, double> &waits = t.tiles ? t.tile_waits : t.waits;
    double waited = 0;
    for (const auto &w : waits) waited += w.second;
    fprintf(stderr, "  %-24s %8lld %12.1f %6.1f%% %8lld %8lld ", region.c_str(), t.runs, t.ns / 1000.0,
            base > 0 ? 100.0 * (base - waited) / base : 0.0, t.quick + t.blocked, t.blocked);
    for (const auto &w : waits) fprintf(stderr, " %s %.1f%%", w.first.c_str(), base > 0 ? 100.0 * w.second / base : 0.0);
    fputc('\n', stderr);
  }
  end_kernel();
}

// The (ns, clock) pair at record i of a ring: a region run's begin (BEGIN,
// then CLOCK) or its end (CLOCK, then END); false where there is none.
inline bool tirx_trace_pair(const tirx_trace_record_t *x, size_t n, size_t i, unsigned long long &ns,
                            unsigned long long &clock) {
  if (i + 1 >= n) return false;
  if (x[i].kind == TIRX_TRACE_REGION_BEGIN && x[i + 1].kind == TIRX_TRACE_CLOCK)
    return ns = x[i].time, clock = x[i + 1].time, true;
  if (x[i].kind == TIRX_TRACE_CLOCK && x[i + 1].kind == TIRX_TRACE_REGION_END)
    return ns = x[i + 1].time, clock = x[i].time, true;
  return false;
}

// Adds the ns and the clocks between the begin and end pairs of each whole
// run of a ring: their ratio is the clock's period.
inline void tirx_trace_period_add(const tirx_trace_record_t *x, size_t n, double &ns, double &clocks) {
  bool open = false;
  unsigned long long g0 = 0, c0 = 0, g, c;
  for (size_t i = 0; i < n; ++i) {
    if (!tirx_trace_pair(x, n, i, g, c)) continue;
    if (x[i].kind == TIRX_TRACE_REGION_BEGIN)
      open = true, g0 = g, c0 = c;
    else if (open && g > g0 && c > c0)
      ns += (double)(g - g0), clocks += (double)(c - c0), open = false;
  }
}

// One run's SM, and its clocks in ns, from its begin pair and its end pair: between
// them (the period measured over the run where it is long enough for a
// coarse %globaltimer, else `period`) and kept between them; from one of them
// where the ring lost the other.
inline void tirx_trace_run_to_ns(tirx_trace_record_t *x, size_t n, double period) {
  unsigned long long g0 = 0, c0 = 0, g1 = 0, c1 = 0;
  const bool begin = x[0].kind == TIRX_TRACE_REGION_BEGIN && tirx_trace_pair(x, n, 0, g0, c0);
  const bool end = n >= 2 && x[n - 1].kind == TIRX_TRACE_REGION_END && tirx_trace_pair(x, n, n - 2, g1, c1);
  // The SM is in the records of the run's begin and end.
  if (x[0].kind == TIRX_TRACE_REGION_BEGIN || x[n - 1].kind == TIRX_TRACE_REGION_END) {
    const uint8_t sm = x[0].kind == TIRX_TRACE_REGION_BEGIN ? x[0].sm : x[n - 1].sm;
    for (size_t i = 0; i < n; ++i) x[i].sm = sm;
  }
  if (!begin && !end) return;  // no pairs: the times are ns already
  if (begin && end && c1 > c0 && g1 >= g0 + 50000) period = (double)(g1 - g0) / (double)(c1 - c0);
  for (size_t i = 0; i < n; ++i) {
    if (x[i].kind == TIRX_TRACE_REGION_BEGIN || x[i].kind == TIRX_TRACE_REGION_END) continue;
    const double d = (double)(long long)(x[i].time - (begin ? c0 : c1)) * period;
    long long t = (long long)(begin ? g0 : g1) + llround(d);
    if (begin && t < (long long)g0) t = (long long)g0;
    if (end && t > (long long)g1) t = (long long)g1;
    x[i].time = (unsigned long long)t;
  }
}

// Rewrites the %clock64 times of a ring's records in ns, run by run (a run
// ends with its END record, or where the next one begins).
inline void tirx_trace_to_ns(tirx_trace_record_t *x, size_t n, double period) {
  for (size_t s = 0, e = 0; s < n; s = e) {
    for (e = s + 1; e < n && x[e - 1].kind != TIRX_TRACE_REGION_END && x[e].kind != TIRX_TRACE_REGION_BEGIN;) ++e;
    tirx_trace_run_to_ns(x + s, e - s, period);
  }
}

// Writes the rings read back (heads and records as the device left them,
// `blocks` x TIRX_TRACE_REGIONS rings of mask + 1 records) to `path` as a
// Chrome / Perfetto trace JSON, and prints the summary and how many records
// were overwritten (a full ring keeps its latest) to stderr. False when the
// file cannot be written.
inline bool tirx_trace_write(const char *path, const unsigned *heads, const tirx_trace_record_t *recs, unsigned blocks,
                             unsigned mask) {
  FILE *f = fopen(path, "w");
  if (!f) {
    fprintf(stderr, "tirx trace: cannot write %s\n", path);
    return false;
  }
  const size_t rings = (size_t)blocks * TIRX_TRACE_REGIONS, per = (size_t)mask + 1;
  unsigned long long t0 = ~0ull, kept = 0, dropped = 0;
  unsigned seen = 0, last_block = ~0u;
  // Each ring oldest first; then the clock's period over all whole runs,
  // every time in ns, and the earliest.
  std::vector<std::vector<tirx_trace_record_t>> ordered(rings);
  double ns = 0, clocks = 0;
  for (size_t r = 0; r < rings; ++r) {
    const unsigned n = heads[2 * r];
    for (unsigned i = n > per ? n - (unsigned)per : 0; i < n; ++i) ordered[r].push_back(recs[r * per + (i & mask)]);
    tirx_trace_period_add(ordered[r].data(), ordered[r].size(), ns, clocks);
  }
  const double period = ns > 0 && clocks > 0 ? ns / clocks : 1 / 1.98;  // else an H200's boost clock, 1.98 GHz
  for (size_t r = 0; r < rings; ++r) {
    tirx_trace_to_ns(ordered[r].data(), ordered[r].size(), period);
    for (const tirx_trace_record_t &x : ordered[r])
      if (x.time < t0) t0 = x.time;
  }
  tirx_trace_writer_t w;
  w.f = f, w.t0 = t0;
  fputs("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[", f);
  for (size_t r = 0; r < rings; ++r) {
    const unsigned n = heads[2 * r];
    if (!n) continue;
    if (r / TIRX_TRACE_REGIONS != last_block) seen++, last_block = (unsigned)(r / TIRX_TRACE_REGIONS);
    kept += ordered[r].size(), dropped += n - ordered[r].size();
    w.ring(ordered[r].data(), (unsigned)ordered[r].size(), heads[2 * r + 1], (unsigned)(r / TIRX_TRACE_REGIONS),
           (int)(r % TIRX_TRACE_REGIONS));
  }
  fputs("\n]}\n", f);
  const bool ok = fclose(f) == 0;
  fprintf(stderr, "tirx trace: %s: %u blocks, %llu records kept, %llu dropped (a full ring of %zu keeps its latest)",
          path, seen, kept, dropped, per);
  if (heads[rings * 2]) fprintf(stderr, ", %u region runs of blocks past %u not recorded", heads[rings * 2], blocks);
  fputc('\n', stderr);
  tirx_trace_summary(w.totals);
  return ok;
}

// Stops recording: waits for the device, reads the rings back and writes
// them (tirx_trace_write).
inline cudaError_t tirx_trace_end(const char *path) {
  tirx_trace_session_t &s = tirx_trace_session();
  if (!s.open) return cudaSuccess;
  s.open = false;
  const tirx_trace_device_t d = s.dev;
  const size_t rings = (size_t)d.blocks * TIRX_TRACE_REGIONS, per = (size_t)d.mask + 1;
  std::vector<unsigned> heads(rings * 2 + 1);
  std::vector<tirx_trace_record_t> recs(rings * per);
  cudaError_t err = cudaDeviceSynchronize();
  if (err == cudaSuccess) err = cudaMemcpy(heads.data(), d.heads, heads.size() * sizeof(unsigned), cudaMemcpyDeviceToHost);
  if (err == cudaSuccess)
    err = cudaMemcpy(recs.data(), d.records, recs.size() * sizeof(tirx_trace_record_t), cudaMemcpyDeviceToHost);
  const tirx_trace_device_t off = {};
  cudaError_t unset = tirx_trace_point_all(off);
  cudaFree(d.records), cudaFree(d.heads);
  if (err == cudaSuccess) err = unset;
  if (err != cudaSuccess) return err;
  return tirx_trace_write(path, heads.data(), recs.data(), d.blocks, d.mask) ? cudaSuccess : cudaErrorUnknown;
}

// `#pragma tirx launch` under --trace: outside tirx_trace_begin() /
// tirx_trace_end(), the launch records alone: a session begins before it and
// ends after it (waiting for the device), writing $TIRX_TRACE_FILE, else
// tirx-trace.json.
struct tirx_trace_launch_t {
  bool owns;
  tirx_trace_launch_t() : owns(!tirx_trace_active() && tirx_trace_begin() == cudaSuccess) {}
  ~tirx_trace_launch_t() {
    if (!owns) return;
    const char *path = getenv("TIRX_TRACE_FILE");
    cudaError_t err = tirx_trace_end(path && *path ? path : "tirx-trace.json");
    if (err != cudaSuccess) fprintf(stderr, "tirx trace: %s\n", cudaGetErrorString(err));
  }
  tirx_trace_launch_t(const tirx_trace_launch_t &) = delete;
  tirx_trace_launch_t &operator=(const tirx_trace_launch_t &) = delete;
};
#endif
