// toJSON: JSON.stringify calls it with the key the value is written under ('' for the root,
// the index in an array) and writes what it returns; undefined leaves the member out.
#include <cctype>
#include <cstdio>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

struct Money {
  long long cents;
  JSON::Value toJSON(std::string_view key) const {
    char fixed[32]; std::snprintf(fixed, sizeof fixed, "%.2f", static_cast<double>(cents) / 100);
    return std::string(fixed) + " (" + std::string(key) + ")";
  }
};
struct Invoice { Money total; std::vector<Money> lines; std::string note; };
NODECC_JSON(Invoice, total, lines, note);
struct Never { JSON::Value toJSON() const { return {}; } };
struct Holder { Never when; int kept; };
NODECC_JSON(Holder, when, kept);

int main() {
  const Invoice invoice = {Money{1234}, {Money{5}, Money{1229}}, "n"};
  std::printf("%s\n", JSON::stringify(invoice).c_str());
  std::printf("%s\n", JSON::stringify(invoice, nullptr, 2).c_str());
  std::printf("%s\n", JSON::stringify(Money{250}).c_str());
  const Holder holder = {Never{}, 1};
  std::printf("%s\n", JSON::stringify(holder).c_str());
  std::printf("%s\n", JSON::stringify(std::vector<Money>{Money{1}}, [](std::string_view key, JSON::Value val) { if (!val.isString()) return val; std::string s(val.asString()); for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c))); return JSON::Value(s); }).c_str());
  return nodecc::run();
}
