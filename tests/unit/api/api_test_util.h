#pragma once
// API test fixture: every test drives the thread's loop through nodecc::run() and ends by
// checking that nothing is left alive on it, so a leaked reference fails the test that made it.
#include <gtest/gtest.h>
#include <nodecc/nodecc.h>

#include <cstdlib>

#include "api/runtime.h"

namespace nodecc::test {

class ApiTest : public ::testing::Test {
 protected:
  void TearDown() override {
    loop::core::Loop& loop = nodecc::detail::Runtime::current().loop();
    EXPECT_FALSE(loop.alive());
    EXPECT_EQ(loop.activeHandles(), 0u);
    EXPECT_EQ(loop.timerCount(), 0u);  // unref'd timers too: each test clears its own
  }
};

// Fails and aborts the test binary when the test has not finished `ms` after this is made: a
// test waiting on a socket must not hang ctest until its timeout. The timer is unref'd, so it
// does not keep the loop alive.
class Deadline {
 public:
  explicit Deadline(uint64_t ms) {
    timer_ = setTimeout(
        [] {
          FAIL() << "test did not finish in time";
          std::abort();
        },
        double(ms));
    timer_.unref();
  }
  ~Deadline() { clearTimeout(timer_); }

 private:
  Timeout timer_;
};

// The message of the exception behind `e` ("" when it is not a std::exception).
inline std::string messageOf(const std::exception_ptr& e) {
  try {
    std::rethrow_exception(e);
  } catch (const std::exception& ex) {
    return ex.what();
  } catch (...) {
    return "";
  }
}

}  // namespace nodecc::test
