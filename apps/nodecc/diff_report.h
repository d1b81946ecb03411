#pragma once
// The report of a replay-diff run, as Markdown (stdout) or a standalone HTML page: what was
// replayed, each request whose new response differs (method, path, the parts, old and new
// excerpts), the parts left out as noise, and instances that ended during the replay.
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "response_diff.h"

namespace nodecc::cli {

struct RequestReport {
  std::string method;
  std::string target;
  std::string peer;       // the recorded client
  size_t connection = 0;  // 1-based, in accept order
  size_t index = 0;       // 1-based, on its connection
  std::vector<PartDiff> diffs;
};

struct DiffReport {
  std::string trace;
  std::string oldCommand;
  std::string newCommand;
  size_t connections = 0;
  size_t requests = 0;
  size_t incomplete = 0;  // connections whose last bytes were not a whole request
  std::vector<RequestReport> differing;
  std::map<std::string, size_t> noise;
  std::vector<std::string> ended;  // "old-1 killed by signal 11 during the replay"
};

void writeMarkdown(const DiffReport& report, FILE* out);
void writeHtml(const DiffReport& report, FILE* out);

}  // namespace nodecc::cli
