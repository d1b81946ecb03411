// Opening under a root: links that leave it are refused by both the openat2 path and the
// /proc-checked fallback; links that stay inside are followed.
#include "os/open_beneath.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include "unit/static/static_test_util.h"

namespace nodecc::os::core {
namespace {

using staticfiles::core::test::TempTree;

class OpenBeneath : public ::testing::TestWithParam<bool> {
 protected:
  void SetUp() override {
    tree_.write("root/a.txt", "a");
    tree_.write("root/sub/b.txt", "b");
    tree_.write("outside.txt", "secret");
    tree_.symlink("sub/b.txt", "root/inside-link");
    tree_.symlink("../outside.txt", "root/escape-link");
    tree_.symlink("/etc/passwd", "root/absolute-link");
    tree_.symlink("..", "root/parent-link");
    auto r = openRoot(tree_.at("root").c_str());
    ASSERT_TRUE(r.ok());
    root_ = *r;
  }
  void TearDown() override { ::close(root_); }

  // GetParam(): use the fallback (as on a kernel without openat2).
  Result<int> open(const char* rel) {
    return GetParam() ? openBeneathChecked(root_, rel, O_RDONLY)
                      : openBeneath(root_, rel, O_RDONLY, LinkPolicy::kStayBeneath);
  }
  void expectOpens(const char* rel) {
    auto r = open(rel);
    ASSERT_TRUE(r.ok()) << rel << " " << r.error();
    ::close(*r);
  }

  TempTree tree_;
  int root_ = -1;
};

TEST_P(OpenBeneath, FilesAndLinksInsideOpen) {
  expectOpens("a.txt");
  expectOpens("sub/b.txt");
  expectOpens("inside-link");
  expectOpens(".");
}

TEST_P(OpenBeneath, LinksLeavingTheRootAreRefused) {
  for (const char* rel : {"escape-link", "parent-link/outside.txt"}) {
    auto r = open(rel);
    EXPECT_FALSE(r.ok()) << rel;
    EXPECT_EQ(r.error(), -EXDEV) << rel;
  }
  auto r = open("absolute-link");
  EXPECT_FALSE(r.ok());
}

TEST_P(OpenBeneath, MissingFilesAreEnoent) {
  auto r = open("nope.txt");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), -ENOENT);
}

INSTANTIATE_TEST_SUITE_P(Openat2AndFallback, OpenBeneath, ::testing::Values(false, true));

TEST(OpenBeneathFollow, FollowAnyReachesOutside) {
  TempTree tree;
  tree.write("root/x", "x");
  tree.write("outside.txt", "secret");
  tree.symlink("../outside.txt", "root/escape-link");
  auto root = openRoot(tree.at("root").c_str());
  ASSERT_TRUE(root.ok());
  auto r = openBeneath(*root, "escape-link", O_RDONLY, LinkPolicy::kFollowAny);
  ASSERT_TRUE(r.ok());
  char buf[8];
  EXPECT_EQ(::read(*r, buf, sizeof buf), 6);
  ::close(*r);
  ::close(*root);
}

}  // namespace
}  // namespace nodecc::os::core
