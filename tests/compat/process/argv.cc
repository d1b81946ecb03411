// process.argv's indices: the program is argv[0] and argv[1], the arguments start at argv[2]
// (run_pair.py passes the same arguments to both programs: see CMakeLists.txt).
#include <nodecc/nodecc.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

using namespace nodecc;

static std::string json(const std::vector<std::string>& v) {
  std::string out = "[";
  for (size_t i = 0; i < v.size(); ++i) out += (i ? ",\"" : "\"") + v[i] + "\"";
  return out + "]";
}

int main() {
  std::printf("length %zu\n", process::argv().size());
  std::printf("argv[0] absolute %s %s\n", path::isAbsolute(process::argv()[0]) ? "true" : "false", process::argv()[0] == process::execPath() ? "true" : "false");
  std::printf("argv[1] absolute %s\n", path::isAbsolute(process::argv()[1]) ? "true" : "false");
  std::printf("argv[2] \"%s\"\n", process::argv()[2].c_str());
  std::vector<std::string> args(process::argv().begin() + 2, process::argv().end());
  std::printf("args %s\n", json(args).c_str());
  auto at = std::find(args.begin(), args.end(), "--dir");
  std::string dir = at != args.end() ? *(at + 1) : ".";
  std::printf("dir %s\n", dir.c_str());
  std::printf("argv0 is a name %s\n", process::argv0().size() > 0 ? "true" : "false");
  return 0;
}
