// fs-scan, nodecc's scanner: scan_async.js converted line for line. A file's imports are read
// as soon as the file is scanned, all at once (Promise.all), so every discovered file is in
// flight together on the thread pool; each file is read once.
//
//   fs-scan PROJECT/index.js [--time] [--callbacks]
//
// Prints "files F bytes B constants C functions N imports I external E" (the line the Node.js
// scanners print, rules in scan_common.js and bench/fs-scan/README.md); --time adds the scan's
// own milliseconds (start-up excluded) on stderr as "scan-ms X"; --callbacks walks with the
// callback form fs::readFile(path, "utf8", cb) instead of co_await, to show what the promise
// layer costs. A file that cannot be read prints Node's error message and exits 1.
#include <nodecc/nodecc.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

using namespace nodecc;

namespace {

constexpr std::array<std::string_view, 2> kConstantPrefixes = {"const ", "export const "};
constexpr std::array<std::string_view, 10> kFunctionPrefixes = {"function ",
                                                                "function*",
                                                                "async function ",
                                                                "async function*",
                                                                "export function ",
                                                                "export function*",
                                                                "export async function ",
                                                                "export async function*",
                                                                "export default function",
                                                                "export default async function"};
constexpr std::array<std::string_view, 5> kImportPrefixes = {"import ", "import{", "export {",
                                                             "export{", "export *"};

template <size_t N>
bool startsWithAny(std::string_view line, const std::array<std::string_view, N>& prefixes) {
  for (std::string_view p : prefixes) {
    if (line.starts_with(p)) {
      return true;
    }
  }
  return false;
}

bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// The specifier of one statement (`import ... from 'x'`, `import 'x'`, `export ... from 'x'`,
// up to its ';'): the quoted string at its end when `from` or the bare `import` keyword
// precedes it; empty when it has none (`export { a };`).
std::string_view specifierOf(std::string_view stmt) {
  size_t close = stmt.size();
  while (close > 0 && isSpace(stmt[close - 1])) {
    --close;
  }
  if (close == 0 || (stmt[close - 1] != '\'' && stmt[close - 1] != '"')) {
    return {};
  }
  --close;
  size_t open = stmt.rfind(stmt[close], close - 1);
  if (open == std::string_view::npos || open == 0) {
    return {};
  }
  size_t i = open;
  while (i > 0 && isSpace(stmt[i - 1])) {
    --i;
  }
  std::string_view before = stmt.substr(0, i);
  if (before != "import" && !before.ends_with("from")) {
    return {};
  }
  return stmt.substr(open + 1, close - open - 1);
}

struct SourceScan {
  uint64_t constants = 0;
  uint64_t functions = 0;
  uint64_t external = 0;
  std::vector<std::string_view> relative;  // views into the scanned text
};

// Counts the top-level constants and functions of one file and collects its import
// specifiers (relative ones in `relative`, the rest counted as external).
SourceScan scanSource(std::string_view text) {
  SourceScan r;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t eol = text.find('\n', pos);
    if (eol == std::string_view::npos) {
      eol = text.size();
    }
    std::string_view rest = text.substr(pos);
    if (startsWithAny(rest, kConstantPrefixes)) {
      ++r.constants;
    } else if (startsWithAny(rest, kFunctionPrefixes)) {
      ++r.functions;
    } else if (startsWithAny(rest, kImportPrefixes)) {
      std::string_view stmt = rest.substr(0, rest.find(';'));
      std::string_view spec = specifierOf(stmt);
      if (!spec.empty()) {
        if (spec.starts_with("./") || spec.starts_with("../")) {
          r.relative.push_back(spec);
        } else {
          ++r.external;
        }
      }
    }
    pos = eol + 1;
  }
  return r;
}

// path.normalize for the paths a scan meets: '.' segments and empty ones dropped, '..' taken
// back where it can be.
std::string normalize(std::string_view path) {
  bool absolute = path.starts_with('/');
  std::vector<std::string_view> parts;
  while (!path.empty()) {
    size_t slash = path.find('/');
    std::string_view seg = path.substr(0, slash);
    path = slash == std::string_view::npos ? std::string_view() : path.substr(slash + 1);
    if (seg.empty() || seg == ".") {
      continue;
    }
    if (seg == ".." && !parts.empty() && parts.back() != "..") {
      parts.pop_back();
    } else if (seg != ".." || !absolute) {
      parts.push_back(seg);
    }
  }
  std::string out = absolute ? "/" : "";
  for (size_t i = 0; i < parts.size(); ++i) {
    out += i == 0 ? "" : "/";
    out += parts[i];
  }
  return out.empty() ? "." : out;
}

// The file an import of `spec` from `file` names: path.join(path.dirname(file), spec).
std::string resolveImport(std::string_view file, std::string_view spec) {
  size_t slash = file.rfind('/');
  std::string joined(slash == std::string_view::npos ? "." : file.substr(0, slash + 1));
  joined += '/';
  joined += spec;
  return normalize(joined);
}

struct Totals {
  uint64_t files = 0;
  uint64_t bytes = 0;
  uint64_t constants = 0;
  uint64_t functions = 0;
  uint64_t imports = 0;
  uint64_t external = 0;
};

void addFile(Totals& t, std::string_view text, const SourceScan& r) {
  ++t.files;
  t.bytes += text.size();
  t.constants += r.constants;
  t.functions += r.functions;
  t.imports += r.relative.size();
  t.external += r.external;
}

// The walk's state: one scan per process, as the module-level variables of scan_async.js.
Totals totals;
std::unordered_set<std::string> seen;

Promise<> visit(std::string file) {
  std::string text = co_await fs::promises::readFile(file, "utf8");
  SourceScan r = scanSource(text);
  addFile(totals, text, r);
  std::vector<Promise<>> next;
  for (std::string_view spec : r.relative) {
    std::string target = resolveImport(file, spec);
    if (seen.insert(target).second) {
      next.push_back(visit(std::move(target)));
    }
  }
  co_await Promise<>::all(std::move(next));
}

// The same walk with callbacks: each completion starts the reads of the files it discovers.
void visitWithCallbacks(std::string file) {
  fs::readFile(file, "utf8", [file](Error* err, std::string text) {
    if (err) {
      std::fprintf(stderr, "fs-scan: %s\n", err->message.c_str());
      process::exitCode = 1;
      return;
    }
    SourceScan r = scanSource(text);
    addFile(totals, text, r);
    for (std::string_view spec : r.relative) {
      std::string target = resolveImport(file, spec);
      if (seen.insert(target).second) {
        visitWithCallbacks(std::move(target));
      }
    }
  });
}

void report(uint64_t startNs, bool time) {
  std::printf("files %llu bytes %llu constants %llu functions %llu imports %llu external %llu\n",
              (unsigned long long)totals.files, (unsigned long long)totals.bytes,
              (unsigned long long)totals.constants, (unsigned long long)totals.functions,
              (unsigned long long)totals.imports, (unsigned long long)totals.external);
  if (time) {
    std::fprintf(stderr, "scan-ms %.3f\n", double(process::hrtime.bigint() - startNs) / 1e6);
  }
}

}  // namespace

int main(int argc, char** argv) {
  uint64_t start = process::hrtime.bigint();
  std::string entry;
  bool time = false;
  bool callbacks = false;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--time") {
      time = true;
    } else if (arg == "--callbacks") {
      callbacks = true;
    } else if (!arg.starts_with("--") && entry.empty()) {
      entry = normalize(arg);
    } else {
      entry.clear();
      break;
    }
  }
  if (entry.empty()) {
    std::fprintf(stderr, "usage: fs-scan PROJECT/index.js [--time] [--callbacks]\n");
    return 2;
  }
  seen.insert(entry);
  if (callbacks) {
    visitWithCallbacks(entry);
    process::on("beforeExit", [start, time](int code) {
      if (code == 0) {
        report(start, time);
      }
    });
  } else {
    visit(entry).then([start, time] { report(start, time); },
                      [](std::exception_ptr e) {
                        try {
                          std::rethrow_exception(e);
                        } catch (const Error& err) {
                          std::fprintf(stderr, "fs-scan: %s\n", err.message.c_str());
                        }
                        process::exitCode = 1;
                      });
  }
  return nodecc::run();
}
