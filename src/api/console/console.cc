// The Console class: Node's lib/internal/console/constructor.js over process::WriteStream.
#include "nodecc/console.h"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace nodecc {

thread_local Console console;

Console::Console() : Console(process::stdout, process::stderr) {}

Console::Console(ConsoleStream out, ConsoleStream err)
    : out_(std::move(out)), err_(std::move(err)) {}

Console::Console(const ConsoleOptions& options)
    : out_(options.stdout ? *options.stdout : ConsoleStream(process::stdout)),
      err_(options.stderr ? *options.stderr : out_),
      colorMode_(options.colorMode),
      inspectOptions_(options.inspectOptions),
      groupIndentation_(options.groupIndentation) {
  if (!options.stdout) {
    throw TypeError("ERR_CONSOLE_WRITABLE_STREAM",
                    "Console expects a writable stream instance for stdout");
  }
  if (groupIndentation_ < 0 || groupIndentation_ > 1000) {
    throw RangeError("ERR_OUT_OF_RANGE",
                     "The value of \"groupIndentation\" is out of range. It must be >= 0 && <= "
                     "1000. Received " +
                         std::to_string(groupIndentation_));
  }
}

util::InspectOptions Console::inspectOptionsFor(const ConsoleStream& stream) const {
  util::InspectOptions o = inspectOptions_ ? *inspectOptions_ : util::InspectOptions{};
  if (colorMode_) {
    o.colors = *colorMode_;
  } else if (!inspectOptions_ || !inspectOptions_->colors) {
    o.colors = stream.shouldColorize();
  }
  return o;
}

void Console::appendFormatted(const ConsoleStream& stream, std::string& out,
                              const util::detail::FormatArg* args, size_t count) {
  if (!inspectOptions_ && !colorMode_ && !stream.isTTY()) {
    // The common case (a file or a pipe): util.format's defaults.
    util::detail::appendFormatted(out, nullptr, args, count);
    return;
  }
  util::InspectOptions o = inspectOptionsFor(stream);
  util::detail::appendFormatted(out, &o, args, count);
}

std::string Console::formatAll(const ConsoleStream& stream, const util::detail::FormatArg* args,
                               size_t count) {
  util::InspectOptions o = inspectOptionsFor(stream);
  std::string out;
  util::detail::appendFormatted(out, &o, args, count);
  return out;
}

void Console::writeLine(ConsoleStream& stream, std::string& text) {
  if (!groupIndent_.empty()) {
    std::string indented = groupIndent_;
    for (char c : text) {
      indented += c;
      if (c == '\n') {
        indented += groupIndent_;
      }
    }
    text.swap(indented);
  }
  text += '\n';
  stream.write(text);
}

void Console::groupEnd() {
  size_t n = groupIndent_.size() < size_t(groupIndentation_) ? groupIndent_.size()
                                                             : size_t(groupIndentation_);
  groupIndent_.resize(groupIndent_.size() - n);
}

void Console::count(std::string_view label) {
  for (auto& [l, n] : counts_) {
    if (l == label) {
      log(std::string(label) + ": " + std::to_string(++n));
      return;
    }
  }
  counts_.emplace_back(std::string(label), 1);
  log(std::string(label) + ": 1");
}

void Console::countReset(std::string_view label) {
  for (auto it = counts_.begin(); it != counts_.end(); ++it) {
    if (it->first == label) {
      counts_.erase(it);
      return;
    }
  }
  process::emitWarning("Count for '" + std::string(label) + "' does not exist");
}

void Console::clear() {
  // As Node: only a terminal is cleared (cursor home, then clear the screen below it).
  if (out_.isTTY() && process::env["TERM"] != "dumb") {
    out_.write("\x1b[1;1H\x1b[0J");
  }
}

}  // namespace nodecc
