#pragma once
// PerMessageDeflate: one connection's permessage-deflate codec (RFC 7692) over zlib: raw
// deflate, each message (or fragment) flushed with Z_SYNC_FLUSH, the 00 00 ff ff tail stripped
// from a finished message and added back before inflating one (§7.2.1, §7.2.2).
//
// Memory by design: 10k idle compressed connections must not hold 10k zlib windows. A direction
// without context takeover (ours: server_no_context_takeover for a server; the peer's:
// client_no_context_takeover) starts every message from an empty window, so it borrows a
// z_stream from a per-thread pool for the message and gives it back reset when the message
// ends: the connection holds nothing between messages, and steady state allocates nothing (a
// message still arriving keeps its stream; the next message on the thread takes another from
// the pool, which keeps at most a few idle ones). Only a direction with context takeover gives
// the connection its own z_stream, made on first use and kept. A server that answers with
// client_no_context_takeover (DeflateOptions::clientNoContextTakeover) therefore inflates with
// no per-connection state.
//
// Inflating always uses a 32 KiB window (windowBits 15) whatever client_max_window_bits says:
// every stream a conforming peer sends decodes with it, the per-thread stream serves every
// connection, and a peer that overruns its agreed window is read rather than failed (ws fails
// it with zlib's "invalid distance too far back"). Deflating uses the agreed window bits, with
// 8 raised to 9 as Node does (zlib refuses 8 for raw deflate).
//
// Thread: a PerMessageDeflate is used by one thread (its connection's loop), which must not
// exit before the PerMessageDeflate is destroyed (the shared streams are thread_local).
#include <cstddef>
#include <string>
#include <string_view>

#include "ws/extensions.h"
#include "ws/frame.h"

namespace nodecc::ws::core {

class PerMessageDeflate {
 public:
  PerMessageDeflate(Role role, const DeflateParams& params, const DeflateOptions& options);
  ~PerMessageDeflate();
  PerMessageDeflate(const PerMessageDeflate&) = delete;
  PerMessageDeflate& operator=(const PerMessageDeflate&) = delete;

  // Compresses data (a whole message, or one fragment of it when fin is false) and appends the
  // frame payload to out. With fin the 00 00 ff ff tail is left off and, without context
  // takeover, the context is dropped.
  void compress(std::string_view data, bool fin, std::string& out);

  enum class Result { kOk, kTooBig, kError };
  // Inflates one frame's payload (or a piece of it) appending to out; fin ends the message (the
  // 00 00 ff ff tail is inflated after data). kTooBig once out.size() would pass limit: out then
  // holds at most limit + 1 bytes, so a deflate bomb cannot make it allocate past that (beyond
  // std::string's growth). kError on corrupt data: errorMessage()/errorCode() say what (zlib's
  // message and code name, as Node's zlib error: "invalid block type", "Z_DATA_ERROR"). After
  // kTooBig or kError the message is abandoned; the connection is expected to fail.
  Result decompress(std::string_view data, bool fin, std::string& out, size_t limit);
  std::string_view errorMessage() const { return errorMessage_; }
  std::string_view errorCode() const { return errorCode_; }

  const DeflateParams& params() const { return params_; }
  // The Sender's compression rule (sender.h): the threshold, and whether our side drops its
  // context after each message.
  size_t threshold() const { return options_.threshold; }
  bool ownNoContextTakeover() const { return ownNoContextTakeover_; }

  // Whether this connection holds a z_stream now, its own or one borrowed for the message in
  // progress (tests, memory accounting).
  bool holdsDeflater() const { return ownDeflater_ != nullptr || borrowedDeflater_ != nullptr; }
  bool holdsInflater() const { return ownInflater_ != nullptr || borrowedInflater_ != nullptr; }

  struct Stream;  // a z_stream and its bookkeeping (deflate.cc)

 private:
  Stream* deflater();
  Stream* inflater();
  void endDeflateMessage();
  void endInflateMessage();

  DeflateParams params_;
  DeflateOptions options_;
  bool ownNoContextTakeover_;
  bool peerNoContextTakeover_;
  int deflateWindowBits_;

  Stream* ownDeflater_ = nullptr;  // ours (context takeover, or a busy shared one)
  Stream* ownInflater_ = nullptr;
  Stream* borrowedDeflater_ = nullptr;  // the thread's shared stream, held for this message
  Stream* borrowedInflater_ = nullptr;
  bool inflateEnded_ = false;  // the peer's stream had a final block: rest of the message ignored
  const char* errorMessage_ = "";
  const char* errorCode_ = "";
};

}  // namespace nodecc::ws::core
