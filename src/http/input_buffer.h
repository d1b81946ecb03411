#pragma once
// A connection's unparsed input. While nothing is held, reads go to a scratch buffer the
// caller owns (shared per thread) and are parsed in place; the unconsumed tail of a read, a
// message that arrived in pieces, is copied into the connection's own buffer, and later reads
// append to it. The own buffer grows in 16 KiB steps and is freed when it empties, so an idle
// connection holds none.
#include <cstddef>
#include <memory>
#include <span>
#include <string_view>

namespace nodecc::http::core {

class InputBuffer {
 public:
  // Where the next read goes: `scratch` when nothing is held, else the free end of the own
  // buffer (grown first when less than half a step is left).
  std::span<char> readSpace(std::span<char> scratch);
  // After a read of n bytes into readSpace(): true when they were appended to the held input
  // (parse held()), false when they are in the scratch buffer.
  bool appendRead(size_t n);
  // The unconsumed tail of a read parsed in the scratch buffer: held from now on.
  void keep(std::string_view rest);
  // Drops the first `used` held bytes; the buffer is freed once nothing is held.
  void consume(size_t used);
  std::string_view held() const { return {data_.get(), size_}; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

 private:
  std::unique_ptr<char[]> data_;
  size_t capacity_ = 0;
  size_t size_ = 0;
  bool readIntoHeld_ = false;
};

}  // namespace nodecc::http::core
