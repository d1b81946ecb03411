// readline.Interface without a terminal (lib/internal/readline/interface.js, kNormalWrite):
// each chunk is decoded, a "\n" right after a chunk-ending "\r" is dropped, and the text is
// split at /\r?\n|\r(?!\n)/ with the unfinished tail kept for the next chunk. The scan looks
// for '\r' and '\n' with memchr-like loops over the new text only.
#include <cstring>

#include "api/close_on_abort.h"
#include "nodecc/process.h"
#include "nodecc/readline.h"

namespace nodecc::readline {

namespace detail {

void OnData::operator()(const Buffer& chunk) const {
  rl->onInputData(chunk.data(), chunk.size());
}
void OnText::operator()(const std::string& text) const {
  rl->onInputText(text);
}
void OnEnd::operator()() const {
  rl->onInputEnd();
}
void OnError::operator()(const Error& e) const {
  rl->onInputError(e);
}
void OnInputClose::operator()() const {
  rl->onInputClose();
}

// What the async iterator reads: lines queued by 'line', the end by 'close'.
struct LineQueue {
  // events.on()'s highWaterMark for readline's iterator, and its lowWaterMark.
  static constexpr size_t kHighWaterMark = 1024;
  static constexpr size_t kLowWaterMark = 1;
  Interface* rl;  // null once the interface closed (it is deleted soon after)
  std::deque<std::string> lines;
  std::optional<Resolve<std::optional<std::string>>> waiting;
  bool done = false;
  bool pausedByUs = false;
};

}  // namespace detail

namespace {

// The first '\r' or '\n' in s from `from`, or npos.
size_t findEol(std::string_view s, size_t from) {
  const char* p = s.data() + from;
  const char* end = s.data() + s.size();
  for (; p < end; ++p) {
    if (*p == '\n' || *p == '\r') {
      return size_t(p - s.data());
    }
  }
  return std::string_view::npos;
}

}  // namespace

Interface& createInterface(const InterfaceOptions& options) {
  auto* rl = new Interface(options.input.get(), options.input.ops());
  options.input.ops()->attach(options.input.get(), rl);
  // Weakly: the interface deletes itself after 'close', and the signal may outlive it.
  nodecc::detail::closeOnAbort(*rl, options.signal,
                               [](EventEmitter& self) { static_cast<Interface&>(self).close(); });
  return *rl;
}

Interface::Interface(void* input, const detail::InputOps* ops)
    : input_(input), ops_(ops), decoder_("utf8") {}

Interface::~Interface() {
  if (lines_) {
    lines_->rl = nullptr;
  }
}

void Interface::close() {
  if (closed) {
    return;
  }
  pause();
  closed = true;
  if (input_ != nullptr) {
    ops_->detach(input_, this);
    input_ = nullptr;
  }
  emit("close");
  if (lines_) {
    lines_->rl = nullptr;
    lines_->done = true;
    if (lines_->waiting && lines_->lines.empty()) {
      auto w = std::move(*lines_->waiting);
      lines_->waiting.reset();
      w(std::optional<std::string>());
    }
  }
  process::nextTick([this] { delete this; });
}

Interface& Interface::pause() {
  if (paused) {
    return *this;
  }
  if (input_ != nullptr) {
    ops_->pause(input_);
  }
  paused = true;
  emit("pause");
  return *this;
}

Interface& Interface::resume() {
  if (!paused) {
    return *this;
  }
  if (input_ != nullptr) {
    ops_->resume(input_);
  }
  paused = false;
  emit("resume");
  return *this;
}

void Interface::write(std::string_view data) {
  if (paused) {
    resume();
  }
  onInputText(data);
}

void Interface::onInputData(const uint8_t* data, size_t size) {
  std::string text;
  decoder_.writeTo(data, size, text);
  normalWrite(text);
}

void Interface::onInputText(std::string_view text) {
  normalWrite(text);
}

void Interface::onInputEnd() {
  std::string rest = decoder_.end();
  if (!rest.empty()) {
    normalWrite(rest);
  }
  if (!lineBuffer_.empty()) {
    onLine(std::move(lineBuffer_));
    lineBuffer_.clear();
  }
  close();
}

void Interface::normalWrite(std::string_view s) {
  if (sawReturn_) {
    if (!s.empty() && s.front() == '\n') {
      s.remove_prefix(1);
    }
    sawReturn_ = false;
  }
  size_t eol = findEol(s, 0);
  if (eol == std::string_view::npos) {
    lineBuffer_.append(s);
    return;
  }
  sawReturn_ = !s.empty() && s.back() == '\r';
  // The first line continues what was held back.
  size_t start = 0;
  std::string first = std::move(lineBuffer_);
  lineBuffer_.clear();
  first.append(s.substr(0, eol));
  std::vector<std::string> lines;
  lines.push_back(std::move(first));
  for (;;) {
    start = eol + ((s[eol] == '\r' && eol + 1 < s.size() && s[eol + 1] == '\n') ? 2 : 1);
    eol = findEol(s, start);
    if (eol == std::string_view::npos) {
      break;
    }
    lines.emplace_back(s.substr(start, eol - start));
  }
  lineBuffer_.assign(s.substr(start));
  // Every line of the chunk is emitted, even after a 'line' listener closed the interface,
  // as Node's loop over the chunk's lines does.
  for (auto& line : lines) {
    onLine(std::move(line));
  }
}

void Interface::onLine(std::string line) {
  emit("line", line);
}

LineIterator Interface::iterate() {
  if (!lines_) {
    lines_ = std::make_shared<detail::LineQueue>();
    lines_->rl = this;
    std::shared_ptr<detail::LineQueue> q = lines_;
    on("line", [q](const std::string& line) {
      if (q->waiting) {
        auto w = std::move(*q->waiting);
        q->waiting.reset();
        w(std::optional<std::string>(line));
        return;
      }
      q->lines.push_back(line);
      if (q->lines.size() > detail::LineQueue::kHighWaterMark && !q->pausedByUs && q->rl) {
        q->pausedByUs = true;
        q->rl->pause();
      }
    });
  }
  return LineIterator(lines_);
}

LineIterator::~LineIterator() = default;

Promise<std::optional<std::string>> LineIterator::next() {
  detail::LineQueue& q = *q_;
  if (!q.lines.empty()) {
    std::string line = std::move(q.lines.front());
    q.lines.pop_front();
    if (q.pausedByUs && q.lines.size() < detail::LineQueue::kLowWaterMark && q.rl != nullptr) {
      q.pausedByUs = false;
      q.rl->resume();
    }
    return Promise<std::optional<std::string>>::resolve(std::optional<std::string>(line));
  }
  if (q.done) {
    return Promise<std::optional<std::string>>::resolve(std::optional<std::string>());
  }
  auto r = Promise<std::optional<std::string>>::withResolvers();
  q.waiting.emplace(r.resolve);
  return r.promise;
}

}  // namespace nodecc::readline
