// util.parseArgs, after Node's lib/internal/util/parse_args/parse_args.js: arguments become
// tokens (options, positionals, the -- terminator), tokens become values, then defaults.
#include <deque>
#include <string>

#include "api/util/js_text.h"
#include "nodecc/process.h"
#include "nodecc/util.h"

namespace nodecc::util {

namespace {

using OptionList = std::vector<std::pair<std::string, ParseArgsOption>>;

const ParseArgsOption* findOption(const OptionList& options, std::string_view name) {
  for (const auto& [n, o] : options) {
    if (n == name) {
      return &o;
    }
  }
  return nullptr;
}

bool isStringOption(const OptionList& options, std::string_view name) {
  const ParseArgsOption* o = findOption(options, name);
  return o != nullptr && o->type == "string";
}

// The characters of an argument (JavaScript indexes code units; for the options' ASCII that
// is the same, and a multi-byte character stays whole).
std::vector<std::string_view> characters(std::string_view s) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < s.size()) {
    detail::Utf8Char c = detail::decodeUtf8(s, i);
    size_t n = c.length == 0 ? 1 : c.length;
    out.push_back(s.substr(i, n));
    i += n;
  }
  return out;
}

std::string longForShort(std::string_view shortOption, const OptionList& options) {
  for (const auto& [name, o] : options) {
    if (o.short_ == shortOption) {
      return name;
    }
  }
  return std::string(shortOption);
}

bool isLoneShortOption(const std::vector<std::string_view>& c) {
  return c.size() == 2 && c[0] == "-" && c[1] != "-";
}
bool isLoneLongOption(std::string_view arg) {
  return arg.size() > 2 && arg.starts_with("--") && arg.find('=', 3) == std::string_view::npos;
}
bool isLongOptionAndValue(std::string_view arg) {
  return arg.size() > 2 && arg.starts_with("--") && arg.find('=', 3) != std::string_view::npos;
}
bool isOptionLikeValue(const std::optional<std::string>& v) {
  return v && v->size() > 1 && (*v)[0] == '-';
}
// -abc where -a is not a string option (else it is -aVALUE).
bool isShortOptionGroup(const std::vector<std::string_view>& c, const OptionList& options) {
  if (c.size() <= 2 || c[0] != "-" || c[1] == "-") {
    return false;
  }
  return !isStringOption(options, longForShort(c[1], options));
}
bool isShortOptionAndValue(const std::vector<std::string_view>& c, const OptionList& options) {
  if (c.size() <= 2 || c[0] != "-" || c[1] == "-") {
    return false;
  }
  return isStringOption(options, longForShort(c[1], options));
}

std::vector<ParseArgsToken> argsToTokens(const std::vector<std::string>& args,
                                         const OptionList& options) {
  std::vector<ParseArgsToken> tokens;
  size_t index = size_t(-1);
  size_t groupCount = 0;
  std::deque<std::string> remaining(args.begin(), args.end());
  while (!remaining.empty()) {
    std::string arg = std::move(remaining.front());
    remaining.pop_front();
    bool hasNext = !remaining.empty();
    if (groupCount > 0) {
      --groupCount;
    } else {
      ++index;
    }
    if (arg == "--") {
      // Everything after a bare -- is a positional.
      tokens.push_back({"option-terminator", index, {}, {}, {}, {}});
      for (std::string& rest : remaining) {
        tokens.push_back({"positional", ++index, {}, {}, std::move(rest), {}});
      }
      break;
    }
    std::vector<std::string_view> c = characters(arg);
    if (isLoneShortOption(c)) {
      std::string name = longForShort(c[1], options);
      ParseArgsToken t{"option", index, name, arg, {}, {}};
      if (isStringOption(options, name) && hasNext) {
        t.value = std::move(remaining.front());
        remaining.pop_front();
        t.inlineValue = false;
      }
      bool consumed = t.value.has_value();
      tokens.push_back(std::move(t));
      if (consumed) {
        ++index;
      }
      continue;
    }
    if (isShortOptionGroup(c, options)) {
      // -fXzy becomes -f -X -z -y; a string option in the middle takes the rest: -abfFILE
      // becomes -a -b -fFILE.
      std::vector<std::string> expanded;
      for (size_t k = 1; k < c.size(); ++k) {
        std::string name = longForShort(c[k], options);
        if (!isStringOption(options, name) || k == c.size() - 1) {
          expanded.push_back("-" + std::string(c[k]));
        } else {
          std::string rest = "-";
          for (size_t m = k; m < c.size(); ++m) {
            rest += c[m];
          }
          expanded.push_back(std::move(rest));
          break;
        }
      }
      groupCount = expanded.size();
      remaining.insert(remaining.begin(), expanded.begin(), expanded.end());
      continue;
    }
    if (isShortOptionAndValue(c, options)) {
      std::string shortOption(c[1]);
      std::string value;
      for (size_t m = 2; m < c.size(); ++m) {
        value += c[m];
      }
      tokens.push_back({"option", index, longForShort(shortOption, options), "-" + shortOption,
                        std::move(value), true});
      continue;
    }
    if (isLoneLongOption(arg)) {
      std::string name = arg.substr(2);
      ParseArgsToken t{"option", index, name, arg, {}, {}};
      if (isStringOption(options, name) && hasNext) {
        t.value = std::move(remaining.front());
        remaining.pop_front();
        t.inlineValue = false;
      }
      bool consumed = t.value.has_value();
      tokens.push_back(std::move(t));
      if (consumed) {
        ++index;
      }
      continue;
    }
    if (isLongOptionAndValue(arg)) {
      size_t eq = arg.find('=');
      std::string name = arg.substr(2, eq - 2);
      tokens.push_back({"option", index, name, "--" + name, arg.substr(eq + 1), true});
      continue;
    }
    tokens.push_back({"positional", index, {}, {}, std::move(arg), {}});
  }
  return tokens;
}

[[noreturn]] void invalidOptionValue(const std::string& message) {
  throw TypeError("ERR_PARSE_ARGS_INVALID_OPTION_VALUE", message);
}

[[noreturn]] void unknownOption(const std::string& rawName, bool allowPositionals) {
  std::string message = "Unknown option '" + rawName + "'";
  if (allowPositionals) {
    std::string json;
    detail::appendJsonString(json, rawName);
    message +=
        ". To specify a positional argument starting with a '-', place it at the end "
        "of the command after '--', as in '-- " +
        json;
  }
  throw TypeError("ERR_PARSE_ARGS_UNKNOWN_OPTION", message);
}

void checkOptionUsage(const ParseArgsConfig& config, bool allowPositionals,
                      const ParseArgsToken& token) {
  std::string name = token.name;
  const ParseArgsOption* option = findOption(config.options, name);
  if (option == nullptr) {
    if (config.allowNegative && name.starts_with("no-")) {
      name = name.substr(3);
      option = findOption(config.options, name);
      if (option == nullptr || option->type != "boolean") {
        unknownOption(token.rawName, allowPositionals);
      }
    } else {
      unknownOption(token.rawName, allowPositionals);
    }
  }
  std::string shortAndLong =
      (option->short_.empty() ? "" : "-" + option->short_ + ", ") + "--" + name;
  if (option->type == "string" && !token.value) {
    invalidOptionValue("Option '" + shortAndLong + " <value>' argument missing");
  }
  if (option->type == "boolean" && token.value) {
    invalidOptionValue("Option '" + shortAndLong + "' does not take an argument");
  }
}

void checkOptionLikeValue(const ParseArgsToken& token) {
  if (!token.inlineValue.value_or(false) && isOptionLikeValue(token.value)) {
    std::string example = token.rawName.starts_with("--")
                              ? "'" + token.rawName + "=-XYZ'"
                              : "'--" + token.name + "=-XYZ' or '" + token.rawName + "-XYZ'";
    invalidOptionValue("Option '" + token.rawName +
                       "' argument is ambiguous.\nDid you forget to "
                       "specify the option argument for '" +
                       token.rawName +
                       "'?\nTo specify an option argument starting with a dash use " + example +
                       ".");
  }
}

void storeOption(ParseArgsToken& token, const OptionList& options, ParsedValues& values,
                 bool allowNegative) {
  std::string name = token.name;
  if (name == "__proto__") {
    return;
  }
  ParsedArg value = token.value ? ParsedArg(*token.value) : ParsedArg(true);
  if (allowNegative && name.starts_with("no-") && !token.value) {
    name = name.substr(3);  // --no-foo
    token.name = name;
    value = false;
  }
  const ParseArgsOption* option = findOption(options, name);
  if (option != nullptr && option->multiple) {
    ParsedValue* existing = values.findMutable(name);
    if (existing != nullptr && std::holds_alternative<std::vector<ParsedArg>>(*existing)) {
      std::get<std::vector<ParsedArg>>(*existing).push_back(std::move(value));
    } else {
      values.set(name, std::vector<ParsedArg>{std::move(value)});
    }
  } else {
    values.set(name,
               std::visit([](auto&& v) { return ParsedValue(std::move(v)); }, std::move(value)));
  }
}

// Node's description of a received string: cut to 25 characters past 28, then quoted.
std::string received(const std::string& s) {
  std::string shown = s;
  if (detail::jsLength(s) > 28) {
    shown = std::string(detail::jsPrefix(s, 25)) + "...";
  }
  return "type string (" + inspect(shown) + ")";
}

[[noreturn]] void badDefault(const std::string& property, std::string_view want,
                             const std::string& got) {
  throw TypeError("ERR_INVALID_ARG_TYPE", "The \"" + property + "\" property must be " +
                                              std::string(want) + ". Received " + got);
}

void validateOption(const std::string& name, const ParseArgsOption& o) {
  std::string prefix = "options." + name;
  if (o.type != "string" && o.type != "boolean") {
    throw TypeError("ERR_INVALID_ARG_TYPE", "The \"" + prefix +
                                                ".type\" property must be ('string|boolean'). "
                                                "Received " +
                                                received(o.type));
  }
  if (!o.short_.empty() && characters(o.short_).size() != 1) {
    throw TypeError("ERR_INVALID_ARG_VALUE", "The property '" + prefix +
                                                 ".short' must be a single character. Received " +
                                                 inspect(o.short_));
  }
  if (!o.default_) {
    return;
  }
  bool isString = o.type == "string";
  std::string want = isString ? "of type string" : "of type boolean";
  auto describe = [](const auto& v) -> std::string {
    using V = std::decay_t<decltype(v)>;
    if constexpr (std::is_same_v<V, bool>) {
      return std::string("type boolean (") + (v ? "true" : "false") + ")";
    } else if constexpr (std::is_same_v<V, std::string>) {
      return received(v);
    } else {
      return "an instance of Array";
    }
  };
  const auto& d = *o.default_;
  std::string property = prefix + ".default";
  if (!o.multiple) {
    bool ok = isString ? std::holds_alternative<std::string>(d) : std::holds_alternative<bool>(d);
    if (!ok) {
      badDefault(property, want, std::visit(describe, d));
    }
    return;
  }
  if (std::holds_alternative<bool>(d) || std::holds_alternative<std::string>(d)) {
    badDefault(property, "an instance of Array", std::visit(describe, d));
  }
  if (isString && std::holds_alternative<std::vector<bool>>(d)) {
    const auto& v = std::get<std::vector<bool>>(d);
    if (!v.empty()) {
      badDefault(property + "[0]", want, describe(bool(v[0])));
    }
  }
  if (!isString && std::holds_alternative<std::vector<std::string>>(d)) {
    const auto& v = std::get<std::vector<std::string>>(d);
    if (!v.empty()) {
      badDefault(property + "[0]", want, describe(v[0]));
    }
  }
}

ParsedValue defaultValue(const ParseArgsOption& o) {
  return std::visit(
      [](const auto& v) -> ParsedValue {
        using V = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<V, bool> || std::is_same_v<V, std::string>) {
          return v;
        } else {
          std::vector<ParsedArg> list;
          for (const auto& x : v) {
            list.push_back(ParsedArg(static_cast<typename V::value_type>(x)));
          }
          return list;
        }
      },
      *o.default_);
}

}  // namespace

const ParsedValue* ParsedValues::find(std::string_view name) const {
  for (const auto& [n, v] : entries_) {
    if (n == name) {
      return &v;
    }
  }
  return nullptr;
}

ParsedValue* ParsedValues::findMutable(std::string_view name) {
  return const_cast<ParsedValue*>(find(name));
}

void ParsedValues::set(const std::string& name, ParsedValue value) {
  if (ParsedValue* v = findMutable(name)) {
    *v = std::move(value);
  } else {
    entries_.emplace_back(name, std::move(value));
  }
}

bool ParsedValues::flag(std::string_view name) const {
  const ParsedValue* v = find(name);
  return v != nullptr && std::holds_alternative<bool>(*v) && std::get<bool>(*v);
}

std::string ParsedValues::string(std::string_view name) const {
  const ParsedValue* v = find(name);
  return v != nullptr && std::holds_alternative<std::string>(*v) ? std::get<std::string>(*v) : "";
}

std::vector<std::string> ParsedValues::strings(std::string_view name) const {
  std::vector<std::string> out;
  const ParsedValue* v = find(name);
  if (v != nullptr && std::holds_alternative<std::vector<ParsedArg>>(*v)) {
    for (const ParsedArg& a : std::get<std::vector<ParsedArg>>(*v)) {
      if (std::holds_alternative<std::string>(a)) {
        out.push_back(std::get<std::string>(a));
      }
    }
  }
  return out;
}

ParseArgsResult parseArgs(const ParseArgsConfig& config) {
  std::vector<std::string> args;
  if (config.args) {
    args = *config.args;
  } else {
    const std::vector<std::string>& argv = process::argv();
    if (!argv.empty()) {
      args.assign(argv.begin() + 1, argv.end());
    }
  }
  bool allowPositionals = config.allowPositionals.value_or(!config.strict);
  for (const auto& [name, option] : config.options) {
    validateOption(name, option);
  }

  std::vector<ParseArgsToken> tokens = argsToTokens(args, config.options);
  ParseArgsResult result;
  for (ParseArgsToken& token : tokens) {
    if (token.kind == "option") {
      if (config.strict) {
        checkOptionUsage(config, allowPositionals, token);
        checkOptionLikeValue(token);
      }
      storeOption(token, config.options, result.values, config.allowNegative);
    } else if (token.kind == "positional") {
      if (!allowPositionals) {
        throw TypeError("ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL",
                        "Unexpected argument '" + *token.value +
                            "'. This command does not take positional arguments");
      }
      result.positionals.push_back(*token.value);
    }
  }
  for (const auto& [name, option] : config.options) {
    if (option.default_ && !result.values.has(name) && name != "__proto__") {
      result.values.set(name, defaultValue(option));
    }
  }
  if (config.tokens) {
    result.tokens = std::move(tokens);
  }
  return result;
}

util::Object inspectCustom(const ParsedValues& values) {
  util::Object o("[Object: null prototype]", {});
  for (const auto& [name, value] : values.entries()) {
    o.set(name, value);
  }
  return o;
}

util::Object inspectCustom(const ParseArgsToken& t) {
  util::Object o({{"kind", t.kind}});
  if (t.kind == "option") {
    o.set("name", t.name);
    o.set("rawName", t.rawName);
  }
  o.set("index", t.index);
  if (t.kind == "option") {
    o.set("value", t.value);
    o.set("inlineValue", t.inlineValue);
  } else if (t.kind == "positional") {
    o.set("value", t.value);
  }
  return o;
}

util::Object inspectCustom(const ParseArgsResult& r) {
  util::Object o({{"values", r.values}, {"positionals", r.positionals}});
  if (r.tokens) {
    o.set("tokens", *r.tokens);
  }
  return o;
}

}  // namespace nodecc::util
