#pragma once
// fs test helpers: a private directory under /tmp, removed with everything in it at the end.
#include <gtest/gtest.h>

#include <string>

#include "fs/ops.h"

namespace nodecc::fs::test {

class TempDir {
 public:
  TempDir() {
    auto made = core::mkdtemp("/tmp/nodecc-fs-unit-");
    EXPECT_TRUE(made.ok()) << made.error();
    path_ = made.value();
  }
  ~TempDir() {
    core::ErrorSite site;
    (void)core::rm(path_, core::RmOptions{.recursive = true, .force = true}, &site);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::string& path() const { return path_; }
  std::string operator/(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

}  // namespace nodecc::fs::test
