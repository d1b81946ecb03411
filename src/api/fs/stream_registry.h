#pragma once
// The streams of this thread that have not closed yet. A stream deletes itself after its
// 'close'; one that never gets there (nobody consumed it, or the program stopped the loop)
// is deleted when the thread ends, if no request of its is in flight then.
#include <vector>

#include "nodecc/events.h"

namespace nodecc::fs::internal {

class StreamRegistry {
 public:
  using Idle = bool (*)(EventEmitter*);
  static void add(EventEmitter* stream, Idle idle) {
    threadRegistry().entries_.push_back({stream, idle});
  }
  static void remove(EventEmitter* stream) {
    auto& e = threadRegistry().entries_;
    for (size_t i = 0; i < e.size(); ++i) {
      if (e[i].stream == stream) {
        e[i] = e.back();
        e.pop_back();
        return;
      }
    }
  }

  StreamRegistry() = default;
  StreamRegistry(const StreamRegistry&) = delete;
  StreamRegistry& operator=(const StreamRegistry&) = delete;
  ~StreamRegistry() {
    // A busy stream (a request of its in flight on a loop that will not run again) is left:
    // its request still points at it.
    std::vector<Entry> left = std::move(entries_);
    entries_.clear();
    for (Entry& e : left) {
      if (e.idle(e.stream)) {
        delete e.stream;
      }
    }
  }

 private:
  struct Entry {
    EventEmitter* stream;
    Idle idle;
  };
  static StreamRegistry& threadRegistry() {
    thread_local StreamRegistry registry;
    return registry;
  }
  std::vector<Entry> entries_;
};

}  // namespace nodecc::fs::internal
