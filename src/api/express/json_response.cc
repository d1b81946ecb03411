// Express 5's res.json, res.jsonp and res.send(object): JSON.stringify with the app's "json
// replacer", "json spaces" and "json escape" settings, then send() (Content-Length, ETag, 304).
#include "api/express/ctx.h"
#include "api/express/text.h"

namespace nodecc::express {

namespace {

// Express's stringify(value, replacer, spaces, escape).
std::string stringifyWith(const JSON::Value& value, const detail::AppImpl::Resolved& settings,
                          bool& undefinedResult) {
  JSON::Replacer replacer = nullptr;
  if (settings.jsonReplacer.isReplacer()) {
    replacer = settings.jsonReplacer.replacer();
  }
  JSON::Space space;
  const Setting& spaces = settings.jsonSpaces;
  if (spaces.isNumber()) {
    space = JSON::Space(spaces.number());
  } else if (spaces.isString()) {
    space = JSON::Space(spaces.string());
  }
  // JSON.stringify returns undefined for an undefined root (and for what a replacer turns into
  // undefined); nodecc's stringify returns "" only then, as JSON text is never empty.
  std::string json = JSON::stringify(value, replacer, space);
  undefinedResult = json.empty();
  if (settings.jsonEscape && json.find_first_of("<>&") != std::string::npos) {
    std::string escaped;
    escaped.reserve(json.size() + 16);
    for (char c : json) {
      switch (c) {
        case '<':
          escaped += "\\u003c";
          break;
        case '>':
          escaped += "\\u003e";
          break;
        case '&':
          escaped += "\\u0026";
          break;
        default:
          escaped += c;
      }
    }
    json = std::move(escaped);
  }
  return json;
}

// callback.replace(/[^\[\]\w$.]/g, '').
std::string restrictCallback(std::string_view callback) {
  std::string out;
  for (char c : callback) {
    if (text::core::isAlnum(c) || c == '_' || c == '$' || c == '.' || c == '[' || c == ']') {
      out += c;
    }
  }
  return out;
}

void replaceAll(std::string& s, std::string_view from, std::string_view to) {
  for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size())) {
    s.replace(at, from.size(), to);
  }
}

}  // namespace

Response& Response::json(const JSON::Value& value) {
  bool undefinedResult = false;
  std::string body = stringifyWith(value, ctx_.app().resolved(), undefinedResult);
  if (!message.hasHeader("Content-Type") && !undefinedResult) {
    // set("Content-Type", "application/json") adds mime-types' charset, and send(string)'s
    // setCharset keeps it: the header send() would leave, set once.
    message.setHeader("Content-Type", "application/json; charset=utf-8");
    return sendBody(body, false, true);
  }
  if (get("Content-Type").empty()) {
    set("Content-Type", "application/json");
  }
  if (undefinedResult) {
    return send();  // send(undefined): no body, no Content-Length
  }
  return send(std::string_view(body));
}

Response& Response::jsonp(const JSON::Value& value) {
  const auto& settings = ctx_.app().resolved();
  bool undefinedResult = false;
  std::string body = stringifyWith(value, settings, undefinedResult);
  std::vector<std::string> callbacks = req.query.getAll(settings.jsonpCallback);
  if (get("Content-Type").empty()) {
    set("X-Content-Type-Options", "nosniff");
    set("Content-Type", "application/json");
  }
  if (!callbacks.empty() && !callbacks.front().empty()) {
    set("X-Content-Type-Options", "nosniff");
    set("Content-Type", "text/javascript");
    std::string callback = restrictCallback(callbacks.front());
    // U+2028 and U+2029 end a line in JavaScript but not in JSON.
    replaceAll(body, "\u2028", "\\u2028");
    replaceAll(body, "\u2029", "\\u2029");
    body = "/**/ typeof " + callback + " === 'function' && " + callback + "(" + body + ");";
    return send(std::string_view(body));
  }
  if (undefinedResult) {
    return send();
  }
  return send(std::string_view(body));
}

Response& Response::send(const JSON::Value& value) {
  switch (value.type()) {
    case JSON::Type::Undefined:
      return send();
    case JSON::Type::Null:
      return sendBody({}, false, true);  // chunk = '': no Content-Type (not a string)
    case JSON::Type::String:
      return send(value.asString());
    default:
      return json(value);
  }
}

}  // namespace nodecc::express
