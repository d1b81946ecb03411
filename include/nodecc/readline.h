#pragma once
// Node's `readline` over a readable input (not a terminal): lines of text, one 'line' event
// each, or one co_await each.
//
//   auto& rl = readline::createInterface({.input = &fs::createReadStream("log.txt")});
//   rl.on("line", [](const std::string& line) { ... });
//   rl.on("close", [] { ... });
//
//   for (auto it = rl.iterate(); auto line = co_await it.next();) { ... }   // for await
//
// Lines end at "\n", "\r\n" or a lone "\r" (Node's /\r?\n|\r(?!\n)/); a "\r" that ends one
// chunk and a "\n" that starts the next make one line ending, however long apart they came
// (Node forgets the "\r" after crlfDelay, 100 ms). Text after the last line ending is a last
// line at the input's 'end'. The input is decoded as UTF-8 (a character split across chunks
// is kept whole); an input that emits strings (a stream::Readable after setEncoding) is taken
// as it is.
//
// Input: any stream::Readable (process::stdin(), fs::ReadStream, Duplex, Transform,
// PassThrough, Readable::from of Buffers), or anything that emits "data" (const Buffer&), "end" and
// "error" (const Error&) and has pause() and resume(): net::Socket, http::IncomingMessage.
//
// Events: "line" (const std::string&), "close" (), "pause" (), "resume" (),
//         "error" (const Error&) (the input's errors, forwarded).
//
// Lifetime: the interface is owned by the runtime and deleted from a nextTick after it emitted
// 'close'; do not use the reference after that. The input must outlive the interface or emit
// 'close' before it goes (fs streams and Readable::from's streams do). Loop thread only.
// No terminal interface: output, prompt, question() and readline/promises are not offered
// (process::stdin() is read as any input, a terminal's too, without raw mode).
#include <cstddef>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "nodecc/abort.h"
#include "nodecc/buffer.h"
#include "nodecc/error.h"
#include "nodecc/events.h"
#include "nodecc/promise.h"
#include "nodecc/string_decoder.h"

namespace nodecc::readline {

class Interface;
struct InterfaceOptions;

namespace detail {

// How an interface drives its input, whatever its type.
struct InputOps {
  void (*attach)(void* input, Interface* rl);  // adds the interface's listeners
  void (*pause)(void* input);
  void (*resume)(void* input);
  void (*detach)(void* input, Interface* rl);  // removes the interface's listeners
};

struct LineQueue;

template <int Kind>
struct InputListener {
  Interface* rl;
  bool operator==(const InputListener& o) const { return rl == o.rl; }
};
struct OnData : InputListener<0> {
  void operator()(const Buffer& chunk) const;
};
struct OnText : InputListener<1> {
  void operator()(const std::string& text) const;
};
struct OnEnd : InputListener<2> {
  void operator()() const;
};
struct OnError : InputListener<3> {
  void operator()(const Error& e) const;
};
struct OnInputClose : InputListener<4> {
  void operator()() const;
};

}  // namespace detail

// The async iterator of an interface's lines (Node's events.on(rl, 'line', {close: ['close']})
// with a high-water mark of 1024 lines: past that the input is paused until the loop catches
// up). next() resolves with the next line, or std::nullopt after 'close'.
class LineIterator {
 public:
  explicit LineIterator(std::shared_ptr<detail::LineQueue> q) : q_(std::move(q)) {}
  LineIterator(LineIterator&&) noexcept = default;
  ~LineIterator();
  Promise<std::optional<std::string>> next();

 private:
  std::shared_ptr<detail::LineQueue> q_;
};

class Interface : public EventEmitter {
 public:
  ~Interface() override;

  // rl.close(): pauses the input and emits 'close' (once). Lines already split from the
  // current chunk are still emitted, as in Node.
  void close();
  Interface& pause();
  Interface& resume();
  // rl.write(data): as if `data` came from the input.
  void write(std::string_view data);
  // for await (const line of rl): start iterating before the first line arrives.
  LineIterator iterate();

  bool closed = false;
  bool paused = false;

  // Machinery for the input listeners; not Node API.
  void onInputData(const uint8_t* data, size_t size);
  void onInputText(std::string_view text);
  void onInputEnd();
  void onInputError(const Error& e) { emit("error", e); }
  void onInputClose() { input_ = nullptr; }

 private:
  friend Interface& createInterface(const InterfaceOptions& options);
  Interface(void* input, const detail::InputOps* ops);
  void normalWrite(std::string_view s);
  void onLine(std::string line);

  void* input_;
  const detail::InputOps* ops_;
  StringDecoder decoder_;
  std::string lineBuffer_;
  bool sawReturn_ = false;
  std::shared_ptr<detail::LineQueue> lines_;
};

namespace detail {

template <class In>
void attachInput(void* in, Interface* rl) {
  In& input = *static_cast<In*>(in);
  input.on("error", OnError{{rl}});
  bool text = false;
  if constexpr (requires { input.readableEncoding(); }) {
    text = !input.readableEncoding().empty();
  }
  if (text) {
    input.on("data", OnText{{rl}});
  } else {
    input.on("data", OnData{{rl}});
  }
  input.on("end", OnEnd{{rl}});
  input.on("close", OnInputClose{{rl}});
}
template <class In>
void pauseInput(void* in) {
  static_cast<In*>(in)->pause();
}
template <class In>
void resumeInput(void* in) {
  static_cast<In*>(in)->resume();
}
template <class In>
void detachInput(void* in, Interface* rl) {
  In& input = *static_cast<In*>(in);
  input.off("data", OnData{{rl}});
  input.off("data", OnText{{rl}});
  input.off("end", OnEnd{{rl}});
  input.off("error", OnError{{rl}});
  input.off("close", OnInputClose{{rl}});
}
template <class In>
inline constexpr InputOps kInputOps = {&attachInput<In>, &pauseInput<In>, &resumeInput<In>,
                                       &detachInput<In>};

}  // namespace detail

// The input of an interface: a pointer to any stream-like object (see above).
class Input {
 public:
  template <class In>
  Input(In* input) : input_(input), ops_(&detail::kInputOps<In>) {}  // NOLINT: implicit
  void* get() const { return input_; }
  const detail::InputOps* ops() const { return ops_; }

 private:
  void* input_;
  const detail::InputOps* ops_;
};

// readline.createInterface options (only what applies without a terminal).
struct InterfaceOptions {
  Input input;
  // Aborting it closes the interface (rl.close(): 'pause', then 'close'); already aborted, the
  // interface closes from a nextTick, as Node's. The listener goes when the interface closes.
  AbortSignal signal{};
};

// readline.createInterface({input[, signal]}) / createInterface(input): see above.
Interface& createInterface(const InterfaceOptions& options);
// (Not for a named InterfaceOptions, which goes to the overload above: naming the options is
// how to pass them inside a co_await under GCC 12, see docs/guide.md.)
template <class In>
requires(!std::is_same_v<std::remove_cv_t<In>, InterfaceOptions>) Interface& createInterface(
    In& input) {
  return createInterface(InterfaceOptions{.input = &input});
}

}  // namespace nodecc::readline
