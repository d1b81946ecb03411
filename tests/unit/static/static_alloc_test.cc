// Steady-state cache hits allocate nothing: a counting operator new around thousands of
// responses of every kind a hit produces (200 from memory and from a file, HEAD, 304, 206,
// multipart, 416, precompressed variant, 404 for a dotfile, 405).
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "unit/static/static_server_util.h"

namespace {
std::atomic<uint64_t> gAllocations{0};
}  // namespace

void* operator new(size_t n) {
  gAllocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n == 0 ? 1 : n)) {
    return p;
  }
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, size_t) noexcept {
  std::free(p);
}

namespace nodecc::staticfiles::core {
namespace {

using test::StaticHarness;
using test::TempTree;

TEST(StaticAllocations, CacheHitsAllocateNothing) {
  TempTree tree;
  tree.write("small.txt", std::string(13, 's'));
  tree.write("big.bin", std::string(300000, 'b'));
  tree.write("app.js", std::string(5000, 'j'));
  tree.write("app.js.br", std::string(500, 'r'));
  tree.write(".secret", "x");
  StaticHarness h(tree);
  // Warm up: fill the cache and grow every scratch buffer to its steady size.
  std::string smallTag;
  for (int round = 0; round < 2; ++round) {
    smallTag = h.get("/small.txt").field("ETag");
    (void)h.get("/big.bin");
    (void)h.get("/app.js");
  }
  Request reqs[10];
  reqs[0].target = "/small.txt";
  reqs[1].target = "/big.bin";
  reqs[2].target = "/small.txt";
  reqs[2].method = "HEAD";
  reqs[3].target = "/small.txt";
  reqs[3].ifNoneMatch = smallTag;
  reqs[4].target = "/big.bin";
  reqs[4].range = "bytes=100-199";
  reqs[5].target = "/big.bin";
  reqs[5].range = "bytes=0-9,1000-1999,-10";
  reqs[6].target = "/small.txt";
  reqs[6].range = "bytes=0-1,5-6,10-";
  reqs[7].target = "/app.js";
  reqs[7].acceptEncoding = "gzip, deflate, br";
  reqs[8].target = "/.secret";
  reqs[9].target = "/small.txt";
  reqs[9].method = "POST";
  for (Request& r : reqs) {
    if (r.method.empty()) {
      r.method = "GET";
    }
  }
  Response out;
  for (int warm = 0; warm < 2; ++warm) {
    for (const Request& r : reqs) {
      ASSERT_EQ(h.server().serve(r, &out), StaticFiles::Outcome::kDone) << r.target;
    }
  }
  uint64_t before = gAllocations.load();
  for (int i = 0; i < 10000; ++i) {
    for (const Request& r : reqs) {
      (void)h.server().serve(r, &out);
    }
  }
  EXPECT_EQ(gAllocations.load() - before, 0u);
  EXPECT_EQ(h.server().stats().misses, 3u);
}

}  // namespace
}  // namespace nodecc::staticfiles::core
