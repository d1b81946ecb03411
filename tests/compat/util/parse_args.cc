// util.parseArgs: option kinds, short groups, values, defaults, tokens, and strict-mode
// errors with Node's codes and messages.
#include <nodecc/nodecc.h>
using namespace nodecc;
using util::ParseArgsConfig;
using Args = std::vector<std::string>;

const std::vector<std::pair<std::string, util::ParseArgsOption>> options = {
    {"verbose", {.type = "boolean", .short_ = "v"}},
    {"out", {.type = "string", .short_ = "o"}},
    {"tag", {.type = "string", .short_ = "t", .multiple = true}},
    {"level", {.type = "string", .default_ = "info"}},
    {"flag", {.type = "boolean", .multiple = true, .default_ = std::vector<bool>{false}}},
};
void run(const ParseArgsConfig& config) {
  try {
    console.log(util::parseArgs(config));
  } catch (const Error& e) {
    console.log(e.name, e.code, util::format("%j", e.message));
  }
}

int main() {
  run({.args = Args{}, .options = options});
  run({.args = Args{"-v", "--out", "file.txt", "-t", "a", "--tag=b", "-tc"}, .options = options});
  run({.args = Args{"-vofile", "--level=debug", "--flag", "--flag"}, .options = options});
  run({.args = Args{"-vo", "x", "--", "--not-an-option", "-v"}, .options = options, .allowPositionals = true});
  run({.args = Args{"pos1", "-v", "pos2"}, .options = options, .allowPositionals = true});
  run({.args = Args{"--out="}, .options = options});
  run({.args = Args{"--unknown"}, .options = options});
  run({.args = Args{"-x"}, .options = options});
  run({.args = Args{"--unknown"}, .options = options, .allowPositionals = true});
  run({.args = Args{"--out"}, .options = options});
  run({.args = Args{"-o"}, .options = options});
  run({.args = Args{"--verbose=yes"}, .options = options});
  run({.args = Args{"-v", "pos"}, .options = options});
  run({.args = Args{"--out", "--verbose"}, .options = options});
  run({.args = Args{"-o", "-v"}, .options = options});
  run({.args = Args{"--out=-v"}, .options = options});
  run({.args = Args{"-abc", "x", "--y=1", "--z"}, .strict = false});
  run({.args = Args{"--x=1", "-y", "--z", "v", "pos", "--", "-w"}, .strict = false, .tokens = true});
  run({.args = Args{"-vt", "x", "-ot"}, .options = options, .tokens = true});
  run({.args = Args{"--no-verbose", "--verbose", "--no-flag"}, .options = options, .allowNegative = true});
  run({.args = Args{"--no-out"}, .options = options, .allowNegative = true});
  run({.args = Args{"--no-verbose=1"}, .options = options, .allowNegative = true});
  run({.args = Args{"--__proto__", "x"}, .strict = false});
  run({.args = Args{}, .options = {{"bad", {.type = "number"}}}});
  run({.args = Args{}, .options = {{"bad", {.type = "string", .short_ = "xy"}}}});
  run({.args = Args{}, .options = {{"bad", {.type = "string", .default_ = true}}}});
  run({.args = Args{}, .options = {{"bad", {.type = "boolean", .default_ = "a very long default value here"}}}});
  run({.args = Args{}, .options = {{"bad", {.type = "string", .multiple = true, .default_ = "x"}}}});
  run({.args = Args{}, .options = {{"bad", {.type = "boolean", .multiple = true, .default_ = Args{"x"}}}}});
  run({.args = Args{"-é"}, .options = {{"e", {.type = "boolean", .short_ = "é"}}}});
}
