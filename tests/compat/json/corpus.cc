// The corpus (optional, outside the repository: ../shared/corpora/json; a file that is not
// there prints "skipped"): parse, then stringify compact and with 2 spaces, and parse that
// again: the bytes' lengths and SHA-256.
#include <cstdio>
#include <string>
#include <nodecc/nodecc.h>
#include <nodecc/crypto.h>
using namespace nodecc;

int main() {
  const std::string dir = "../../../../shared/corpora/json";
  for (const std::string name : {"twitter.json", "citm_catalog.json", "canada.json"}) {
    const std::string path = dir + "/" + name;
    if (!fs::existsSync(path)) {
      std::printf("%s: skipped (no corpus)\n", name.c_str());
      continue;
    }
    const JSON::Value value = JSON::parse(fs::readFileSync(path, "utf8"));
    const std::string compact = JSON::stringify(value);
    const std::string indented = JSON::stringify(value, nullptr, 2);
    const std::string again = JSON::stringify(JSON::parse(indented));
    auto sha = [](const std::string& s) { return crypto::createHash("sha256").update(s).digest("hex"); };
    std::printf("%s %zu %s\n", name.c_str(), compact.size(), sha(compact).c_str());
    std::printf("%s %zu %s\n", name.c_str(), indented.size(), sha(indented).c_str());
    std::printf("%s %s\n", name.c_str(), again == compact ? "true" : "false");
  }
  return nodecc::run();
}
