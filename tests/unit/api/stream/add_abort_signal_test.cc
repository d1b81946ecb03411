// The streams' `signal` option and stream::addAbortSignal beyond the compat pair: a stream
// deleted before the abort, object streams, and a subclass's _destroy (which a base-class
// constructor cannot reach, see docs/stream.md).
#include <nodecc/nodecc.h>

#include <string>
#include <vector>

#include "unit/api/api_test_util.h"

namespace nodecc {
namespace {

using AddAbortSignal = test::ApiTest;
using stream::Readable;
using stream::Writable;

TEST_F(AddAbortSignal, AStreamDeletedBeforeTheAbortIsLeftAlone) {
  AbortController ac;
  {
    Readable r({.read = [](Readable&, size_t) {}, .signal = ac.signal});
    Writable w;
    stream::addAbortSignal(ac.signal, w);
  }  // gone before the abort: the signal's listeners hold them weakly (ASan)
  ac.abort();
  run();
  SUCCEED();
}

TEST_F(AddAbortSignal, ObjectStreamsTakeASignalToo) {
  AbortController ac;
  stream::ReadableOf<int> r({.read = [](stream::ReadableOf<int>&, size_t) {}, .signal = ac.signal});
  stream::PassThroughOf<std::string> p({.signal = ac.signal});
  std::vector<std::string> errors;
  r.on("error", [&](const Error& e) { errors.push_back("r " + e.name); });
  p.on("error", [&](const Error& e) { errors.push_back("p " + e.name + " " + e.cause->message); });
  ac.abort(Error("why"));
  EXPECT_TRUE(r.destroyed() && p.destroyed());
  run();
  EXPECT_EQ(errors, (std::vector<std::string>{"r AbortError", "p AbortError why"}));
}

// A subclass that must see the abort in its own _destroy even when the signal is already
// aborted adds the signal at the end of its constructor, where its override is reachable.
class Source : public Readable {
 public:
  Source(AbortSignal signal, std::vector<std::string>& log) : log_(log) {
    stream::addAbortSignal(signal, *this);
  }

 protected:
  void _read(size_t) override {}
  void _destroy(const Error* error, stream::Callback cb) override {
    log_.push_back(error != nullptr ? error->name : "no error");
    cb(error);
  }

 private:
  std::vector<std::string>& log_;
};

TEST_F(AddAbortSignal, ASubclassAddingTheSignalInItsConstructorSeesTheAbort) {
  std::vector<std::string> log;
  Source pre(AbortSignal::abort(), log);
  EXPECT_TRUE(pre.destroyed());
  AbortController ac;
  Source later(ac.signal, log);
  EXPECT_FALSE(later.destroyed());
  ac.abort();
  pre.on("error", [](const Error&) {});
  later.on("error", [](const Error&) {});
  run();
  EXPECT_EQ(log, (std::vector<std::string>{"AbortError", "AbortError"}));
}

TEST_F(AddAbortSignal, NoSignalDoesNothing) {
  Readable r({.read = [](Readable&, size_t) {}});
  EXPECT_EQ(&stream::addAbortSignal(AbortSignal(), r), &r);
  EXPECT_EQ(r.listenerCount("close"), 0u);  // no end-of-stream watch was added
  r.destroy();
  run();
}

}  // namespace
}  // namespace nodecc
