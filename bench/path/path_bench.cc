// nodecc's side of bench/path: ns per call of each path function over the inputs of
// inputs.txt (taken in turn), printed as path_bench.js prints Node's: one JSON line per
// function, {"name", "ns_per_op", "ops"}, the median of REPS repetitions after a warm-up.
// A plain timing loop over process CPU time: each call's result is read (use()) and feeds a sum,
// so no call can be dropped or hoisted.
#include <nodecc/path.h>
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace path = nodecc::path;

namespace {

constexpr int kReps = 5;

using Args = std::vector<std::string_view>;

template <class F>
struct Call {
  std::string_view name;  // a row of inputs.txt's first column
  F call;                 // its own lambda type, so that the timed loop inlines it
};
template <class F>
Call(std::string_view, F) -> Call<F>;

// What the program does with a result, the same on both sides (path_bench.js's use()): reads
// its length and its last byte, as a program that hands the path to a syscall reads all of it.
// Node's format() and join() may return a lazy cons string whose bytes are built only when read:
// reading only its length would time Node without that work, and nodecc with all of it.
size_t use(std::string_view s) {
  return s.size() + (s.empty() ? 0 : static_cast<unsigned char>(s.back()));
}

// The JavaScript twin has the same table.
const auto kCalls = std::make_tuple(
    Call{"join", [](const Args& a) { return use(path::join(a)); }},
    Call{"resolve", [](const Args& a) { return use(path::resolve(a)); }},
    Call{"resolveAbs", [](const Args& a) { return use(path::resolve(a)); }},
    Call{"normalize", [](const Args& a) { return use(path::normalize(a[0])); }},
    Call{"relative", [](const Args& a) { return use(path::relative(a[0], a[1])); }},
    Call{"dirname", [](const Args& a) { return use(path::dirname(a[0])); }},
    Call{"basename", [](const Args& a) { return use(path::basename(a[0])); }},
    Call{"basenameExt", [](const Args& a) { return use(path::basename(a[0], a[1])); }},
    Call{"extname", [](const Args& a) { return use(path::extname(a[0])); }},
    Call{"parse",
         [](const Args& a) {
           path::ParsedPath p = path::parse(a[0]);
           return use(p.dir) + use(p.name) + use(p.ext);
         }},
    Call{
        "format",
        [](const Args& a) { return use(path::format({.root = a[0], .dir = a[1], .base = a[2]})); }},
    Call{"isAbsolute", [](const Args& a) { return size_t(path::isAbsolute(a[0]) ? 1 : 0); }});

// Runs `call` over the inputs `ops` times; a template so that the call inlines as user code's
// would, with no std::function in the timed loop.
// CPU time of the process, as path_bench.js reads Node's (process.cpuUsage): on a machine
// shared with other jobs, time spent descheduled is not the function's.
double cpuNs() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) * 1e9 + double(ts.tv_nsec);
}

// The results feed a local sum, as in path_bench.js (a sum kept in memory would add a store and
// a load to every call), added to `sink` after the clock is read.
template <class F>
double nsPerOp(const std::vector<Args>& inputs, size_t ops, size_t& sink, F call) {
  double t0 = cpuNs();
  size_t n = inputs.size();
  size_t k = 0;
  size_t sum = 0;
  for (size_t i = 0; i < ops; ++i) {
    sum += call(inputs[k]);
    k = k + 1 == n ? 0 : k + 1;
  }
  double ns = (cpuNs() - t0) / double(ops);
  sink += sum;
  return ns;
}

template <class F>
void bench(const std::string& name, const std::vector<Args>& inputs, size_t ops, size_t& sink,
           F call) {
  std::vector<double> samples;
  for (int rep = 0; rep <= kReps; ++rep) {
    double ns = nsPerOp(inputs, ops, sink, call);
    if (rep > 0) {
      samples.push_back(ns);
    }
  }
  std::sort(samples.begin(), samples.end());
  std::printf("{\"name\":\"%s\",\"ns_per_op\":%.3f,\"ops\":%zu}\n", name.c_str(),
              samples[samples.size() / 2], ops);
}

}  // namespace

int main(int argc, char** argv) {
  std::string dir = argc > 1 ? argv[1] : ".";
  const char* opsEnv = std::getenv("BENCH_OPS");
  size_t ops = opsEnv ? std::strtoull(opsEnv, nullptr, 10) : 2000000;
  const char* filterEnv = std::getenv("BENCH_FILTER");
  std::string_view filter = filterEnv ? filterEnv : "";

  std::ifstream in(dir + "/inputs.txt");
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) {
      lines.push_back(line);
    }
  }
  if (lines.empty()) {
    std::fprintf(stderr, "bench-path: no %s/inputs.txt\n", dir.c_str());
    return 1;
  }
  // Fields are views into `lines`, which no longer changes.
  std::map<std::string, std::vector<Args>, std::less<>> byName;
  for (const std::string& line : lines) {
    Args fields;
    size_t start = 0;
    for (;;) {
      size_t tab = line.find('\t', start);
      fields.push_back(std::string_view(line).substr(start, tab - start));
      if (tab == std::string::npos) {
        break;
      }
      start = tab + 1;
    }
    std::string name(fields.front());
    fields.erase(fields.begin());
    byName[name].push_back(std::move(fields));
  }

  size_t sink = 0;
  std::apply(
      [&](const auto&... c) {
        auto run = [&](const auto& one) {
          auto it = byName.find(one.name);
          if (it != byName.end() && one.name.find(filter) != std::string_view::npos) {
            bench(std::string(one.name), it->second, ops, sink, one.call);
          }
        };
        (run(c), ...);
      },
      kCalls);
  // The sum is printed to stderr so that the compiler must compute it.
  std::fprintf(stderr, "sink %zu\n", sink);
  return 0;
}
