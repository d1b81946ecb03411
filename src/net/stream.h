#pragma once
// Stream: a connected TCP socket on a loop (accepted, or connecting as a client).
//
// Reading is edge-triggered: on readiness the stream reads into the buffer its handler offers
// until a short read, EAGAIN or EOF (with a per-event budget so one busy peer cannot starve
// the others; the remainder continues in the next pending phase). readStop() leaves bytes in
// the kernel, so TCP flow control pushes back on the peer.
//
// Writing is speculative: write() tries the syscall at once; what the kernel does not take is
// copied (or moved) into the stream's queue and flushed on writability, in order, together
// with queued sendFile() ranges. onDrain() reports the queue emptying.
//
// Lifecycle: open()/connect() -> reads/writes -> close() -> onClose() in the close phase, after
// which the memory may be reused. No other handler callback arrives after close(). Errors
// (-errno) reach onError() once; a write error is reported from the pending phase so that
// write() never calls back into its caller. Loop thread only.
//
// A Filter (TLS, src/tls) may sit between the socket and the handler: it then sees the bytes
// as they come off the wire and turns what the handler writes into what goes on it. A stream
// without one (plain TCP) pays one branch per read and per write.
#include <sys/uio.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "loop/backend.h"
#include "loop/loop.h"
#include "net/shared_file.h"
#include "net/socket_address.h"
#include "os/result.h"

namespace nodecc::net::core {

class Stream {
 public:
  class Handler {
   public:
    virtual ~Handler() = default;
    // Where the next bytes go; must be non-empty. Valid until onRead.
    virtual std::span<char> readBuffer() = 0;
    // `n` bytes arrived at the start of the last readBuffer().
    virtual void onRead(size_t n) = 0;
    // The peer finished sending (FIN). Reading has stopped.
    virtual void onEnd() = 0;
    // A client connect finished: 0 or -errno.
    virtual void onConnect(int status) {}
    // The write queue became empty after having held bytes.
    virtual void onDrain() {}
    // A read or write failed (-errno). The stream is unusable: close it.
    virtual void onError(int err) = 0;
    virtual void onClose() = 0;
  };

  // A transform between the socket and the handler (TLS). It receives what the socket reads,
  // delivers what that decodes to through handler() (readBuffer/onRead, and onConnect once a
  // client's handshake is done), and sends what the handler writes through writeRaw().
  class Filter {
   public:
    virtual ~Filter() = default;
    // Where the next wire bytes go (shared per thread: consumed, or kept, by onReceive).
    virtual std::span<char> receiveBuffer() = 0;
    // `n` wire bytes arrived at the start of the last receiveBuffer().
    virtual void onReceive(size_t n) = 0;
    // The handler reads again: deliver what was decoded, or kept, meanwhile. False when the
    // handler stopped reading again (or the stream failed): no socket read then.
    virtual bool resume() = 0;
    // The handler's bytes: all of them are taken, copied before send() returns (sealed now,
    // or kept until the handshake is done); the caller may reuse the buffers at once.
    virtual void send(const iovec* iov, int count) = 0;
    // A client's TCP connection is up: the filter starts its handshake and reports the
    // connection to the handler (onConnect) when it is done.
    virtual void onConnected() = 0;
    // The handler's shutdown(): what the filter sends before the FIN (close_notify).
    virtual void onShutdown() = 0;
    // The filter now serves `stream` (release() handed it over with the socket).
    virtual void moveTo(Stream& stream) = 0;
  };

  Stream(loop::core::Loop& loop, Handler& handler);
  ~Stream();
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;

  // Adopts a connected non-blocking socket.
  os::core::Result<void> open(int fd);
  // Starts a client connection; onConnect reports the outcome.
  os::core::Result<void> connect(const SocketAddress& to);

  void readStart();
  void readStop();
  bool reading() const { return reading_; }

  void write(std::string_view data);
  void write(std::string&& data);
  void writev(const iovec* iov, int count);
  // Sends len bytes of `file` from offset (sendfile), after what is queued. Holds a reference
  // to the file until those bytes are sent or the stream closes. A file that turns out shorter
  // than len fails the stream with -EIO: a body is never cut short silently.
  // Through a filter (TLS) the file is read and sealed a piece at a time as the socket takes
  // the records (stream_filter_backlog.cc), and what is written after it waits in plain text
  // behind it: a large body holds about one piece of memory, not its size.
  void sendFile(SharedFile* file, int64_t offset, size_t len);
  // Bytes not yet on the wire: the socket's queue and, through a filter, the plain text still
  // waiting behind a file.
  size_t queuedBytes() const { return queuedBytes_ + backlogBytes_; }

  // Sends FIN once the queue has drained.
  void shutdown();
  // Closes now; queued bytes are dropped. `reset` sends RST instead of FIN.
  void close(bool reset = false);
  // Hands the socket to a new owner (an HTTP connection upgraded to another protocol): the
  // stream stops watching it and closes as close() does (onClose in the close phase), but the
  // descriptor stays open and is returned, with the filter (TLS, its session intact) in
  // *filter. Only for an open stream with nothing queued and no connect in progress; a stream
  // with a filter needs `filter`.
  int release(std::unique_ptr<Filter>* filter = nullptr);
  // Empties the queue into *out (the bytes not yet sent, in order) so that release() may hand
  // the socket over with them, for the new owner to send first. False (nothing taken) when a
  // file range or a filter's backlog is queued.
  bool takeQueued(std::string* out);
  // Opens `fd` as release() left it, with its filter (null: none), which serves this stream.
  os::core::Result<void> open(int fd, std::unique_ptr<Filter> filter);
  // close(), then the close callback now instead of in the close phase: for an owner going
  // away (a server destroyed, a thread's runtime ending) whose loop may not run again. The
  // stream may be freed when it returns.
  void closeNow();
  bool isOpen() const { return watcher_.fd >= 0; }
  bool closing() const { return closing_; }
  // A read or write failed (onError is reported, or about to be): nothing more goes out.
  bool failed() const { return failed_; }
  bool connecting() const { return connecting_; }
  bool writeShutdown() const { return shutdownDone_; }
  // After onError: whether a write (writev/sendfile) failed rather than a read, for the
  // error's syscall name.
  bool failedWriting() const { return failedWriting_; }

  uint64_t bytesRead() const { return bytesRead_; }
  uint64_t bytesWritten() const { return bytesWritten_; }

  os::core::Result<void> setNoDelay(bool on);
  os::core::Result<void> setKeepAlive(bool on, unsigned initialDelaySecs);
  SocketAddress localAddress() const;
  SocketAddress remoteAddress() const;
  int fd() const { return watcher_.fd; }

  void ref();
  void unref();
  bool hasRef() const { return refed_; }

  // Installs the filter (before any byte is read or written); the stream owns it.
  void setFilter(std::unique_ptr<Filter> filter) { filter_ = std::move(filter); }
  Filter* filter() const { return filter_.get(); }
  // For the filter: the handler, wire bytes past the filter, and failing the stream (onError
  // with `err`, reported from the pending phase).
  Handler& handler() { return handler_; }
  loop::core::Loop& loop() { return loop_; }
  void writeRaw(const iovec* iov, int count);
  void failFromFilter(int err) { fail(err, true, false); }

 private:
  struct Watcher : loop::core::IoWatcher {
    Stream* self = nullptr;
  };
  struct Chunk {
    std::string bytes;           // a data chunk when file is null
    size_t offset = 0;           // bytes of this chunk already sent
    SharedFile* file = nullptr;  // a sendfile chunk when set (one reference held)
    int64_t fileOffset = 0;
    size_t fileLeft = 0;
  };

  static void onEvents(loop::core::IoWatcher* w, uint32_t events);
  static void onDeferred(loop::core::Deferred* d);
  static void onClosed(loop::core::Deferred* d);
  void readSome();
  void flush();
  void fail(int err, bool deferred, bool writing);
  void finishConnect();
  void queueCopy(const iovec* iov, int count, size_t skip);
  // The filter's backlog (stream_filter_backlog.cc).
  void backlogAppend(const iovec* iov, int count);
  void pumpBacklog();
  void clearBacklog();
  void clearQueue();
  // Empties chunks[head..] (a queue or the backlog), releasing the files they hold.
  static void dropChunks(std::vector<Chunk>& chunks, size_t& head);
  bool tryWrite(const iovec* iov, int count, size_t total, size_t* written);

  loop::core::Loop& loop_;
  Handler& handler_;
  std::unique_ptr<Filter> filter_;
  Watcher watcher_;
  loop::core::Deferred deferred_{&Stream::onDeferred, this};  // continue reading / report an error
  loop::core::Deferred closer_{&Stream::onClosed, this};
  std::vector<Chunk> queue_;  // queue_[queueHead_..] pending
  size_t queueHead_ = 0;
  size_t queuedBytes_ = 0;
  // Through a filter, from the first file on: plain text and file ranges not yet given to the
  // filter, in order (backlog_[backlogHead_..]), and their total size.
  std::vector<Chunk> backlog_;
  size_t backlogHead_ = 0;
  size_t backlogBytes_ = 0;
  bool filterShutdownWaits_ = false;  // shutdown() came with a backlog: close_notify after it
  uint64_t bytesRead_ = 0;
  uint64_t bytesWritten_ = 0;
  int pendingError_ = 0;
  bool reading_ = false;
  bool readPending_ = false;  // readable data may remain (budget hit, or readStart)
  bool peerHungUp_ = false;   // the backend reported kHangup: an EOF waits behind the data
  bool connecting_ = false;
  bool shutdownWanted_ = false;
  bool shutdownDone_ = false;
  bool closing_ = false;
  bool failed_ = false;
  bool failedWriting_ = false;
  bool refed_ = true;
  bool counted_ = false;  // holds a loop handle reference
};

}  // namespace nodecc::net::core
