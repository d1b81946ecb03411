// crypto's hot paths in nodecc; crypto_bench.js is the same program under Node. Each case runs
// in batches for 0.2 s and prints "name ops_per_second"; ../buffer/compare.py runs both.
#include <nodecc/nodecc.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <tuple>
#include <vector>

using namespace nodecc;

namespace {

volatile double sink = 0;

template <class F>
void measure(const std::string& name, int batch, F f) {
  for (int i = 0; i < batch; i++)
    f();  // warm-up
  using Clock = std::chrono::steady_clock;
  long ops = 0;
  auto start = Clock::now();
  std::chrono::nanoseconds elapsed{0};
  while (elapsed < std::chrono::milliseconds(200)) {
    for (int i = 0; i < batch; i++)
      f();
    ops += batch;
    elapsed = Clock::now() - start;
  }
  std::printf("%s %.0f\n", name.c_str(), double(ops) / (double(elapsed.count()) / 1e9));
}

}  // namespace

int main() {
  std::vector<std::tuple<std::string, Buffer, int>> inputs = {
      {"64B", Buffer::alloc(64, 7), 1000},
      {"1KiB", Buffer::alloc(1024, 7), 1000},
      {"1MiB", Buffer::alloc(1 << 20, 7), 1}};
  for (std::string alg : {"md5", "sha1", "sha256", "sha512", "sha3-256"}) {
    for (auto& [label, input, batch] : inputs) {
      const Buffer& data = input;  // a structured binding cannot be captured in clang 14
      measure("hash " + alg + " " + label, batch, [&] {
        sink = sink + double(crypto::createHash(alg).update(data).digest().length());
      });
    }
  }
  for (auto& [label, input, batch] : inputs) {
    const Buffer& data = input;
    measure("hmac sha256 " + label, batch, [&] {
      sink =
          sink + double(crypto::createHmac("sha256", "secret key").update(data).digest().length());
    });
  }
  measure("hash() sha256 64B hex", 1000,
          [&] { sink = sink + double(crypto::hash("sha256", std::string(64, 'x')).length()); });
  measure("digest hex sha256 64B", 1000, [&] {
    sink = sink +
           double(crypto::createHash("sha256").update(std::string(64, 'x')).digest("hex").length());
  });
  measure("randomBytes 16", 1000, [&] { sink = sink + double(crypto::randomBytes(16).length()); });
  measure("randomBytes 1KiB", 1000,
          [&] { sink = sink + double(crypto::randomBytes(1024).length()); });
  measure("randomUUID", 1000, [&] { sink = sink + double(crypto::randomUUID().length()); });
  measure("randomInt", 1000, [&] { sink = sink + double(crypto::randomInt(1000)); });
  Buffer& first = std::get<1>(inputs[0]);
  measure("timingSafeEqual 32B", 1000, [&] {
    sink = sink + (crypto::timingSafeEqual(first.subarray(0, 32), first.subarray(32)) ? 1 : 0);
  });
  measure("pbkdf2Sync sha256 1000", 1, [&] {
    sink = sink + double(crypto::pbkdf2Sync("pw", "salt", 1000, 32, "sha256").length());
  });
  measure("scryptSync N=1024", 1, [&] {
    sink = sink + double(crypto::scryptSync("pw", "salt", 32, {.N = 1024}).length());
  });
  return 0;
}
