// A report of a directory tree: files and bytes per extension, and the largest files.
// build/bin/example-dir_report DIR
#include <algorithm>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

const std::string root = process::argv().size() > 2 ? process::argv()[2] : ".";
const size_t TOP = 5;

struct File {
  std::string path;
  uint64_t size;
};

// Every regular file under dir, depth first, in readdir's order. `files` is the caller's, who
// awaits this coroutine: it outlives it.
Promise<> walk(std::string dir, std::vector<File>& files) {
  auto entries = co_await fs::promises::readdir(dir, fs::withFileTypes);
  for (const auto& entry : entries) {
    std::string full = path::join(dir, entry.name);
    if (entry.isDirectory()) {
      co_await walk(full, files);
    } else if (entry.isFile()) {
      auto stats = co_await fs::promises::stat(full);
      files.push_back({path::relative(root, full), stats.size});
    }
  }
}

std::string kib(double bytes) {
  return Number::toFixed(bytes / 1024, 1) + " KiB";
}

struct Row {
  std::string ext;
  uint64_t files;
  uint64_t bytes;
};

Promise<> mainAsync() {
  std::vector<File> files;
  co_await walk(root, files);
  uint64_t total = 0;
  for (const auto& f : files) total += f.size;
  console.log("%s: %d files, %d bytes (%s)", root, files.size(), total, kib(total));

  std::vector<Row> byExt;
  for (const auto& f : files) {
    std::string ext(path::extname(f.path));
    if (ext.empty()) ext = "(none)";
    auto row = std::find_if(byExt.begin(), byExt.end(), [&](const Row& r) { return r.ext == ext; });
    if (row == byExt.end()) row = byExt.insert(byExt.end(), {ext, 0, 0});
    row->files += 1;
    row->bytes += f.size;
  }
  std::vector<Row> rows = byExt;
  std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.bytes > b.bytes; });
  std::vector<util::Object> table;
  for (const auto& r : rows) {
    std::string share = Number::toFixed(100.0 * r.bytes / total, 1) + "%";
    table.push_back({{"ext", r.ext}, {"files", r.files}, {"bytes", r.bytes}, {"share", share}});
  }
  console.table(table);

  console.log("largest files:");
  std::vector<File> largest = files;
  std::stable_sort(largest.begin(), largest.end(), [](const File& a, const File& b) { return a.size > b.size; });
  largest.resize(std::min(largest.size(), TOP));
  for (size_t i = 0; i < largest.size(); ++i) console.log("%d. %s %s", i + 1, largest[i].path, kib(largest[i].size));

  std::vector<std::string> empty;
  for (const auto& f : files) if (f.size == 0) empty.push_back(std::string(path::basename(f.path)));
  console.log("empty files:", empty);
}

int main() {
  mainAsync().catch_([](std::exception_ptr err) {
    console.error("dir_report: %s", toError(err).message);
    process::exitCode = 1;
  });
  return nodecc::run();
}
