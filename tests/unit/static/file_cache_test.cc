#include "static/file_cache.h"

#include <gtest/gtest.h>

namespace nodecc::staticfiles::core {
namespace {

FileEntry* entry(const char* key, size_t bytes) {
  auto* e = new FileEntry();
  e->key = key;
  e->memoryBytes = bytes;
  return e;
}

TEST(FileCache, FindMovesToFrontAndEvictionTakesTheLeastRecentlyUsed) {
  FileCache c(3, 1 << 20);
  for (const char* k : {"/a", "/b", "/c"}) {
    FileEntry* e = entry(k, 10);
    c.insert(e);
    e->release();
  }
  ASSERT_NE(c.find("/a"), nullptr);  // order now a, c, b
  FileEntry* d = entry("/d", 10);
  c.insert(d);
  d->release();
  EXPECT_EQ(c.find("/b"), nullptr);
  EXPECT_NE(c.find("/a"), nullptr);
  EXPECT_NE(c.find("/c"), nullptr);
  EXPECT_NE(c.find("/d"), nullptr);
  EXPECT_EQ(c.size(), 3u);
}

TEST(FileCache, MemoryBoundEvictsAndOversizedEntriesAreNotKept) {
  FileCache c(100, 100);
  FileEntry* a = entry("/a", 60);
  FileEntry* b = entry("/b", 60);
  c.insert(a);
  c.insert(b);
  EXPECT_EQ(c.find("/a"), nullptr);
  EXPECT_EQ(c.find("/b"), b);
  EXPECT_EQ(c.memoryBytes(), 60u);
  FileEntry* huge = entry("/huge", 101);
  c.insert(huge);
  EXPECT_EQ(c.find("/huge"), nullptr);
  EXPECT_EQ(c.find("/b"), b);
  a->release();
  b->release();
  huge->release();
}

TEST(FileCache, InsertReplacesTheSameKeyAndEraseKeepsOtherHolders) {
  FileCache c(10, 1000);
  FileEntry* a1 = entry("/a", 1);
  FileEntry* a2 = entry("/a", 2);
  c.insert(a1);
  c.insert(a2);
  EXPECT_EQ(c.find("/a"), a2);
  EXPECT_EQ(c.size(), 1u);
  EXPECT_EQ(c.memoryBytes(), 2u);
  a1->release();  // the cache dropped its reference already: this frees it
  c.erase(a2);    // a2 is still ours
  EXPECT_EQ(a2->key, "/a");
  a2->release();
  EXPECT_EQ(c.size(), 0u);
}

TEST(FileCache, ZeroEntriesCachesNothing) {
  FileCache c(0, 1000);
  FileEntry* a = entry("/a", 1);
  c.insert(a);
  EXPECT_EQ(c.find("/a"), nullptr);
  a->release();
}

}  // namespace
}  // namespace nodecc::staticfiles::core
