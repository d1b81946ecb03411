// JSONTestSuite (optional data outside the repository: ../shared/conformance/json/test_parsing):
// every file is accepted or rejected as Node's JSON.parse does, an accepted one gives the same
// value (its stringify is the same bytes), a rejected one the same error. The expectations were
// written by Node 20 (scripts/gen/gen_jsontestsuite.js -> jsontestsuite_expected.tsv, checked
// in); the suite itself is read in place. Without it the test is skipped.
#include <gtest/gtest.h>
#include <nodecc/json.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

namespace JSON = nodecc::JSON;
namespace fs = std::filesystem;

namespace {

struct Expected {
  bool accept;
  std::string payload;  // the stringify output, or "Name: message"
};

std::string readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::map<std::string, Expected> expectations() {
  std::map<std::string, Expected> out;
  std::ifstream in(NODECC_JSON_EXPECTED);
  std::string line;
  while (std::getline(in, line)) {
    auto tab1 = line.find('\t');
    auto tab2 = line.find('\t', tab1 + 1);
    out[line.substr(0, tab1)] = {line.substr(tab1 + 1, tab2 - tab1 - 1) == "accept",
                                 std::string(JSON::parse(line.substr(tab2 + 1)).asString())};
  }
  return out;
}

// A JavaScript message can hold a lone surrogate (the unexpected token is one UTF-16 code unit,
// half of a pair); printed, it is U+FFFD, which is what nodecc's message holds.
std::string asPrinted(std::string message) {
  for (std::size_t i = 0; i + 2 < message.size(); ++i) {
    auto b = static_cast<unsigned char>(message[i + 1]);
    if (static_cast<unsigned char>(message[i]) == 0xED && b >= 0xA0 && b <= 0xBF) {
      message.replace(i, 3, "\xEF\xBF\xBD");
    }
  }
  return message;
}

// Where nodecc differs by design, with the reason: both reject, with another error.
const std::map<std::string, std::string> kDifferentError = {
    // 100,000 and 50,000 unclosed levels: nodecc stops at kMaxDepth (4096) with RangeError
    // before reaching the end that V8 reports.
    {"n_structure_100000_opening_arrays.json", "RangeError"},
    {"n_structure_open_array_object.json", "RangeError"},
};

}  // namespace

TEST(JsonConformance, JsonTestSuiteAsNodeParsesIt) {
  const fs::path dir = fs::path(NODECC_JSON_SUITE_DIR) / "test_parsing";
  if (!fs::is_directory(dir)) {
    GTEST_SKIP() << "JSONTestSuite not found at " << dir;
  }
  const auto expected = expectations();
  ASSERT_GT(expected.size(), 300u);
  std::size_t checked = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    auto it = expected.find(name);
    ASSERT_NE(it, expected.end()) << name << " has no expectation: regenerate the .tsv";
    const std::string text = readFile(entry.path());
    std::string got;
    bool accepted = true;
    try {
      got = JSON::stringify(JSON::parse(text));
    } catch (const nodecc::Error& e) {
      accepted = false;
      got = e.name + ": " + e.message;
    }
    EXPECT_EQ(accepted, it->second.accept) << name << ": " << got;
    auto different = kDifferentError.find(name);
    if (different != kDifferentError.end()) {
      EXPECT_EQ(got.substr(0, got.find(':')), different->second) << name;
    } else {
      EXPECT_EQ(got, it->second.accept ? it->second.payload : asPrinted(it->second.payload))
          << name;
    }
    ++checked;
  }
  EXPECT_EQ(checked, expected.size());
}
