#pragma once
// The self-owned streams of this thread (Readable.from, readline interfaces): each deletes
// itself after 'close'; those that never get there are deleted when the thread ends.
#include <vector>

#include "nodecc/detail/stream_base.h"

namespace nodecc::stream::detail {

class OwnedStreams {
 public:
  static void add(Stream* s) { registry().streams_.push_back(s); }
  static void remove(Stream* s) {
    auto& v = registry().streams_;
    for (size_t i = 0; i < v.size(); ++i) {
      if (v[i] == s) {
        v[i] = v.back();
        v.pop_back();
        return;
      }
    }
  }
  OwnedStreams() = default;
  OwnedStreams(const OwnedStreams&) = delete;
  OwnedStreams& operator=(const OwnedStreams&) = delete;
  ~OwnedStreams() {
    while (!streams_.empty()) {
      delete streams_.back();  // its destructor removes it from the list
    }
  }

 private:
  static OwnedStreams& registry() {
    thread_local OwnedStreams r;
    return r;
  }
  std::vector<Stream*> streams_;
};

}  // namespace nodecc::stream::detail
