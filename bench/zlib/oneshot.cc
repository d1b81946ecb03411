// bench-zlib-oneshot FILE REPS: gzipSync and gunzipSync of FILE, REPS times each after a
// warm-up; prints "gzipSync <median us> gunzipSync <median us> <compressed bytes>", as
// oneshot.js does with Node's.
#include <nodecc/nodecc.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace nodecc;

namespace {
template <class F>
double medianMicros(int reps, F&& f) {
  std::vector<double> t;
  for (int i = 0; i < reps; ++i) {
    auto a = std::chrono::steady_clock::now();
    f();
    auto b = std::chrono::steady_clock::now();
    t.push_back(std::chrono::duration<double, std::micro>(b - a).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}
}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: bench-zlib-oneshot FILE REPS\n");
    return 2;
  }
  Buffer data = fs::readFileSync(argv[1]);
  const int reps = std::atoi(argv[2]);
  Buffer packed;
  for (int i = 0; i < std::max(1, reps / 10); ++i) {
    packed = zlib::gzipSync(data);
    zlib::gunzipSync(packed);
  }
  const double c = medianMicros(reps, [&] { packed = zlib::gzipSync(data); });
  const double d = medianMicros(reps, [&] { zlib::gunzipSync(packed); });
  std::printf("gzipSync %.1f gunzipSync %.1f %zu\n", c, d, packed.size());
  return 0;
}
