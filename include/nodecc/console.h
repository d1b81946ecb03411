#pragma once
// Node's `console`: the global `console` object and the Console class.
//
//   console.log("%s %d", "req", 42);          // stdout: "req 42\n"
//   console.error(err);                       // stderr, err inspected
//   console.table(rows);  console.time("x");  console.timeEnd("x");
//
// Arguments follow util::format (nodecc/util.h says how each C++ value prints). Each call is
// one line (or block) written with one write(2) on process::stdout / process::stderr, before
// the call returns (see WriteStream in nodecc/process.h): nothing is buffered in the process,
// so nothing is lost when it crashes or is killed. Colours as Node: when the stream is a
// terminal with more than 4 colours (NO_COLOR, FORCE_COLOR and TERM are honoured).
//
// `console` is per thread (as each Node worker has its own): group indentation, counters and
// timers belong to the thread; every thread writes to the same fds. A Console object belongs
// to one thread. docs/console.md lists the differences from Node (console.trace prints no
// stack, console.assert is console.assert_ since <cassert> owns the name `assert`).
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "nodecc/detail/console_table.h"
#include "nodecc/process.h"
#include "nodecc/util.h"

namespace nodecc {

// Where a Console writes: a process::WriteStream, or any function taking the text (as Node's
// Console takes any object with a write method). A function is never a terminal.
class ConsoleStream {
 public:
  ConsoleStream(process::WriteStream& stream) : stream_(&stream) {}  // NOLINT: implicit
  template <class F>
  requires std::is_invocable_v<F&, std::string_view> ConsoleStream(F write)
      : write_(std::move(write)) {}  // NOLINT: implicit
  void write(std::string_view text) {
    if (stream_ != nullptr) {
      stream_->write(text);
    } else {
      write_(text);
    }
  }
  bool isTTY() const { return stream_ != nullptr && stream_->isTTY; }
  bool shouldColorize() const { return stream_ != nullptr && stream_->shouldColorize(); }

 private:
  process::WriteStream* stream_ = nullptr;
  std::function<void(std::string_view)> write_;
};

// new Console(options): the streams and how values print.
struct ConsoleOptions {
  std::optional<ConsoleStream> stdout = {};  // required
  std::optional<ConsoleStream> stderr = {};  // defaults to stdout
  // true / false forces colours on or off; empty is Node's 'auto' (the stream decides).
  std::optional<bool> colorMode = {};
  // Options for util.inspect (colors is then still decided by colorMode).
  std::optional<util::InspectOptions> inspectOptions = {};
  int groupIndentation = 2;
};

class Console {
 public:
  // The global console's streams: this thread's process::stdout and process::stderr.
  Console();
  explicit Console(ConsoleStream out) : Console(out, out) {}
  Console(ConsoleStream out, ConsoleStream err);
  explicit Console(const ConsoleOptions& options);
  Console(const Console&) = delete;
  Console& operator=(const Console&) = delete;

  // console.log / info / debug / dirxml: util.format(args...) and a newline, to stdout.
  template <class... A>
  void log(const A&... args) {
    print(out_, args...);
  }
  template <class... A>
  void info(const A&... args) {
    print(out_, args...);
  }
  template <class... A>
  void debug(const A&... args) {
    print(out_, args...);
  }
  template <class... A>
  void dirxml(const A&... args) {
    print(out_, args...);
  }
  // console.warn / error: the same, to stderr.
  template <class... A>
  void warn(const A&... args) {
    print(err_, args...);
  }
  template <class... A>
  void error(const A&... args) {
    print(err_, args...);
  }

  // console.dir(obj[, options]): util.inspect(obj) to stdout. Without options, Node's
  // {customInspect: false} and the stream's colours; with options, those options as they are.
  template <class T>
  void dir(const T& obj) {
    util::InspectOptions o = inspectOptionsFor(out_);
    o.customInspect = false;
    writeInspected(out_, obj, o);
  }
  template <class T>
  void dir(const T& obj, const util::InspectOptions& options) {
    writeInspected(out_, obj, options);
  }

  // console.time / timeEnd / timeLog: the time since time(label), as Node formats it
  // ("label: 1.234ms", "1.500s", "1:02.003 (m:ss.mmm)"). An unknown or repeated label emits
  // Node's warning instead.
  void time(std::string_view label = "default");
  void timeEnd(std::string_view label = "default");
  template <class... A>
  void timeLog(std::string_view label = "default", const A&... data) {
    std::string elapsed;
    if (elapsedFor(label, "timeLog", elapsed)) {
      log("%s: %s", label, elapsed, data...);
    }
  }

  // console.count / countReset: "label: n" to stdout.
  void count(std::string_view label = "default");
  void countReset(std::string_view label = "default");

  // console.assert(value, ...message): when value is false, console.warn("Assertion failed:
  // " + message...). Named assert_ because <cassert> defines assert as a macro.
  template <class... A>
  void assert_(bool value, const A&... args) {
    if (value) {
      return;
    }
    if constexpr (sizeof...(A) == 0) {
      print(err_, "Assertion failed");
    } else {
      assertFailed(args...);
    }
  }

  // console.trace(...message): "Trace: message" to stderr (no stack: see docs/console.md).
  template <class... A>
  void trace(const A&... args) {
    std::string message;
    if constexpr (sizeof...(A) > 0) {
      const util::detail::FormatArg erased[] = {util::detail::formatArg(args)...};
      message = formatAll(err_, erased, sizeof...(A));
    }
    print(err_, message.empty() ? std::string("Trace") : "Trace: " + message);
  }

  // console.group(...label) / groupCollapsed: prints the label if any, then indents what
  // follows by groupIndentation spaces until groupEnd().
  template <class... A>
  void group(const A&... label) {
    if constexpr (sizeof...(A) > 0) {
      log(label...);
    }
    groupIndent_.append(size_t(groupIndentation_), ' ');
  }
  template <class... A>
  void groupCollapsed(const A&... label) {
    group(label...);
  }
  void groupEnd();

  // console.table(data[, properties]): Node's box-drawn table of an array (or any range),
  // a util::Object, a Map or a Set of rows; a primitive is logged as is. Row columns come from
  // util::Object properties, string-keyed maps (a JavaScript object literal's keys) and the
  // indices of arrays and tuples.
  template <class T>
  void table(const T& data) {
    tableImpl(data, nullptr);
  }
  template <class T>
  void table(const T& data, const std::vector<std::string>& properties) {
    tableImpl(data, &properties);
  }

  // console.clear(): clears a terminal (nothing otherwise).
  void clear();

 private:
  template <class... A>
  void print(ConsoleStream& stream, const A&... args) {
    // The reused buffer saves an allocation per line; a call made while formatting (an
    // inspectCustom hook that logs) gets a buffer of its own.
    std::string local;
    std::string& text = busy_ ? local : buffer_;
    bool outer = !busy_;
    busy_ = true;
    text.clear();
    try {
      if constexpr (sizeof...(A) > 0) {
        const util::detail::FormatArg erased[] = {util::detail::formatArg(args)...};
        appendFormatted(stream, text, erased, sizeof...(A));
      }
    } catch (...) {
      busy_ = !outer;
      throw;
    }
    busy_ = !outer;
    writeLine(stream, text);
  }
  template <class T>
  void writeInspected(ConsoleStream& stream, const T& obj, const util::InspectOptions& options) {
    std::string text = util::inspect(obj, options);
    writeLine(stream, text);
  }
  template <class A, class... Rest>
  void assertFailed(const A& first, const Rest&... rest) {
    std::string head = "Assertion failed: " + util::detail::jsString(first);
    print(err_, head, rest...);
  }
  template <class T>
  void tableImpl(const T& data, const std::vector<std::string>* properties) {
    detail::TableBuilder builder(inspectOptionsFor(out_), properties);
    if (!builder.build(data)) {
      log(data);
      return;
    }
    std::string text = builder.render();
    writeLine(out_, text);
  }

  util::InspectOptions inspectOptionsFor(const ConsoleStream& stream) const;
  // util.formatWithOptions appended to `out` with the stream's options.
  void appendFormatted(const ConsoleStream& stream, std::string& out,
                       const util::detail::FormatArg* args, size_t count);
  std::string formatAll(const ConsoleStream& stream, const util::detail::FormatArg* args,
                        size_t count);
  // `text` with the group indentation and a newline, in one write.
  void writeLine(ConsoleStream& stream, std::string& text);
  // The time since time(label), formatted; false (and Node's warning) for an unknown label.
  bool elapsedFor(std::string_view label, const char* method, std::string& out);

  ConsoleStream out_;
  ConsoleStream err_;
  std::optional<bool> colorMode_;
  std::optional<util::InspectOptions> inspectOptions_;
  int groupIndentation_ = 2;
  std::string groupIndent_;
  std::string buffer_;
  bool busy_ = false;                                     // print() is formatting into buffer_
  std::vector<std::pair<std::string, uint64_t>> times_;   // label, start (ns)
  std::vector<std::pair<std::string, uint64_t>> counts_;  // label, count
};

// The global console (one per thread).
extern thread_local Console console;

}  // namespace nodecc
