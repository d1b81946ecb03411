// SmallVector: inline elements, the move to the heap past N, and moves/copies in both states.
#include <gtest/gtest.h>
#include <nodecc/small_vector.h>

#include <string>
#include <vector>

namespace {

using nodecc::SmallVector;

std::string longString(char c) {
  return std::string(40, c);
}  // past the SSO buffer

TEST(SmallVector, KeepsUpToNElementsInline) {
  SmallVector<std::string, 2> v;
  const void* inlineAt = v.data();
  v.push_back(longString('a'));
  v.emplace_back("b");
  EXPECT_EQ(v.data(), inlineAt);
  EXPECT_EQ(v.capacity(), 2u);
  v.push_back("c");
  EXPECT_NE(v.data(), inlineAt);
  EXPECT_EQ(v, (std::vector<std::string>{longString('a'), "b", "c"}));
}

TEST(SmallVector, MovesAndCopiesInlineAndHeapLists) {
  for (size_t n : {1u, 2u, 5u}) {
    SmallVector<std::string, 2> v;
    for (size_t i = 0; i < n; ++i) {
      v.push_back(longString(static_cast<char>('a' + i)));
    }
    const std::vector<std::string> expected = v;
    SmallVector<std::string, 2> copy(v);
    SmallVector<std::string, 2> moved(std::move(v));
    EXPECT_TRUE(v.empty());  // NOLINT(bugprone-use-after-move): a moved-from list is empty
    EXPECT_EQ(copy, expected);
    EXPECT_EQ(moved, expected);
    v = moved;
    EXPECT_EQ(v, expected);
    copy = std::move(moved);
    EXPECT_EQ(copy, expected);
    v.push_back("more");  // a list that was assigned to still grows
    EXPECT_EQ(v.size(), n + 1);
  }
}

TEST(SmallVector, PushesACopyOfItsOwnElementWhileGrowing) {
  SmallVector<std::string, 1> v{longString('a')};
  v.push_back(v[0]);  // full: the copy is made before the element moves to the heap
  v.push_back(v[1]);  // full again (capacity 2)
  EXPECT_EQ(v, (std::vector<std::string>{longString('a'), longString('a'), longString('a')}));
}

TEST(SmallVector, InsertsAndErasesAtAPosition) {
  SmallVector<std::string, 1> v{"a", "c"};
  v.insert(v.begin() + 1, std::string("b"));
  v.insert(v.begin(), longString('z'));
  EXPECT_EQ(v, (std::vector<std::string>{longString('z'), "a", "b", "c"}));
  v.erase(v.begin());
  v.erase(v.begin() + 1);
  EXPECT_EQ(v, (std::vector<std::string>{"a", "c"}));
  v.clear();
  EXPECT_TRUE(v.empty());
}

TEST(SmallVector, AssignsFromAndConvertsToStdVector) {
  SmallVector<std::string, 1> v;
  v = std::vector<std::string>{"x", longString('y')};
  std::vector<std::string> back = v;
  EXPECT_EQ(back, (std::vector<std::string>{"x", longString('y')}));
}

}  // namespace
