#pragma once
// A temporary directory tree for the static-file tests, removed at the end of the test.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace nodecc::staticfiles::core::test {

class TempTree {
 public:
  TempTree() {
    char tmpl[] = "/tmp/nodecc-static-XXXXXX";
    path_ = ::mkdtemp(tmpl);
  }
  ~TempTree() { std::filesystem::remove_all(path_); }
  TempTree(const TempTree&) = delete;
  TempTree& operator=(const TempTree&) = delete;

  const std::string& path() const { return path_; }
  std::string at(const std::string& rel) const { return path_ + "/" + rel; }

  void write(const std::string& rel, const std::string& content) const {
    std::filesystem::create_directories(std::filesystem::path(at(rel)).parent_path());
    std::ofstream(at(rel), std::ios::binary | std::ios::trunc) << content;
  }
  void mkdir(const std::string& rel) const { std::filesystem::create_directories(at(rel)); }
  void symlink(const std::string& target, const std::string& rel) const {
    std::filesystem::create_symlink(target, at(rel));
  }
  void remove(const std::string& rel) const { std::filesystem::remove_all(at(rel)); }
  // Sets the modification time (seconds) of a file.
  void setMtime(const std::string& rel, int64_t secs) const {
    timespec ts[2] = {{secs, 0}, {secs, 0}};
    ::utimensat(AT_FDCWD, at(rel).c_str(), ts, 0);
  }

 private:
  std::string path_;
};

}  // namespace nodecc::staticfiles::core::test
