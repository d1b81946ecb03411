// process::asStream(stdout / stderr): see nodecc/stream.h. The WriteStream writes each chunk
// with one write(2) before write() returns, so the Writable's callback follows at once; its
// failures reach the Writable through the WriteStream's 'error'.
#include "api/stream/member_listener.h"
#include "nodecc/stream.h"

namespace nodecc::process {

namespace {

class StdioWritable final : public stream::Writable {
 public:
  explicit StdioWritable(WriteStream& out) : out_(out) { out.on("error", OnError{this}); }
  ~StdioWritable() override { letGo(); }
  void onError(const Error& error) { destroy(error); }
  StdioWritable(const StdioWritable&) = delete;
  StdioWritable& operator=(const StdioWritable&) = delete;

  // This thread's stream for fd 1 or 2, while it lives.
  static StdioWritable*& current(int fd) {
    static thread_local StdioWritable* streams[3] = {};
    return streams[fd == 2 ? 2 : 1];
  }

 protected:
  void _write(const Buffer& chunk, std::string_view /*encoding*/, stream::Callback cb) override {
    out_.write(chunk.view());
    cb();
  }
  // stdout is never closed: end() finishes the stream, the fd stays.
  void _final(stream::Callback cb) override { cb(); }
  // Finished or destroyed, it is no longer stdout's stream: the next asStream() makes a new
  // one (this one is deleted in the check phase).
  void _destroy(const Error* error, stream::Callback cb) override {
    letGo();
    cb(error);
  }

 private:
  using OnError = stream::detail::MemberListener<&StdioWritable::onError>;
  void letGo() {
    if (current(out_.fd) == this) {
      out_.off("error", OnError{this});
      current(out_.fd) = nullptr;
    }
  }
  WriteStream& out_;
};

}  // namespace

stream::Writable& asStream(WriteStream& out) {
  StdioWritable*& s = StdioWritable::current(out.fd);
  if (s == nullptr) {
    s = new StdioWritable(out);
    s->ownSelf();
  }
  return *s;
}

}  // namespace nodecc::process
