// A JSON REST API over an in-memory store: GET/POST /items, GET/PUT/DELETE /items/:id.
// PORT=3000 build/bin/example-rest_api
#include <algorithm>
#include <cstdlib>
#include <memory>
#include <regex>
#include <utility>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

double port = std::strtod(process::env.get("PORT").value_or("3000").c_str(), nullptr);
// JavaScript's Map keeps insertion order (std::map sorts its keys): the Map methods used here.
struct ItemMap {
  std::vector<std::pair<double, JSON::Value>> entries;
  auto find(double id) {
    return std::find_if(entries.begin(), entries.end(), [id](const auto& e) { return e.first == id; });
  }
  bool has(double id) { return find(id) != entries.end(); }
  JSON::Value& get(double id) { return find(id)->second; }
  void set(double id, JSON::Value item) {
    auto it = find(id);
    if (it != entries.end()) it->second = std::move(item);
    else entries.emplace_back(id, std::move(item));
  }
  void erase(double id) {
    auto it = find(id);
    if (it != entries.end()) entries.erase(it);
  }
};
ItemMap items;
int nextId = 1;

int send(http::ServerResponse& res, int status, const JSON::Value& body) {
  std::string text = JSON::stringify(body);
  res.writeHead(status, {{"Content-Type", "application/json; charset=utf-8"}});
  res.end(text);
  return status;
}

Promise<std::string> readBody(http::IncomingMessage& req) {
  return Promise<std::string>([&req](Resolve<std::string> resolve, Reject<std::string> reject) {
    auto body = std::make_shared<std::string>();
    auto decoder = std::make_shared<StringDecoder>("utf8");  // req.setEncoding('utf8')
    req.on("data", [body, decoder](const Buffer& chunk) { *body += decoder->write(chunk); });
    req.on("end", [body, resolve] { resolve(*body); });
    req.on("aborted", [reject] { reject(Error("ECONNRESET", "aborted")); });  // no 'error' event
  });
}

// An answer other than 200, thrown by the route.
class HttpError : public Error {
 public:
  HttpError(int status, std::string message) : Error(std::move(message)), status(status) {}
  int status;
};

// The request's JSON object, or an answer of 400 (thrown as an HttpError).
Promise<JSON::Value> readItem(http::IncomingMessage& req) {
  std::string text = co_await readBody(req);
  JSON::Value body;
  try {
    body = JSON::parse(text);
  } catch (const Error& err) {
    throw HttpError(400, err.message);
  }
  if (!body.isObject()) {
    throw HttpError(400, "Expected a JSON object");
  }
  co_return body;
}

Promise<int> route(http::IncomingMessage& req, http::ServerResponse& res) {
  std::smatch match;
  bool matched = std::regex_match(req.url, match, std::regex(R"(^/items/(\d+)$)"));
  double id = matched ? std::strtod(match[1].str().c_str(), nullptr) : 0;
  if (req.url == "/items" && req.method == "GET") {
    JSON::Array list;
    for (auto& [key, item] : items.entries) list.push_back(item);
    co_return send(res, 200, list);
  }
  if (req.url == "/items" && req.method == "POST") {
    JSON::Value body = co_await readItem(req);
    JSON::Object item{{"id", nextId++}};
    for (auto& [key, value] : body.asObject()) item.set(key, value);
    items.set(item["id"].asNumber(), item);
    co_return send(res, 201, item);
  }
  if (!matched || !items.has(id)) {
    co_return send(res, 404, JSON::Object{{"error", "Cannot " + req.method + " " + req.url}});
  }
  if (req.method == "GET") {
    co_return send(res, 200, items.get(id));
  }
  if (req.method == "PUT") {
    JSON::Value body = co_await readItem(req);
    JSON::Object item = body.asObject();
    item.set("id", id);
    items.set(id, item);
    co_return send(res, 200, item);
  }
  if (req.method == "DELETE") {
    items.erase(id);
    res.writeHead(204);
    res.end();
    co_return 204;
  }
  co_return send(res, 405, JSON::Object{{"error", "Cannot " + req.method + " " + req.url}});
}

int main() {
  auto& server = http::createServer([](http::IncomingMessage& req, http::ServerResponse& res) -> Promise<> {
    int status;
    try {
      status = co_await route(req, res);
    } catch (const HttpError& err) {
      status = send(res, err.status, JSON::Object{{"error", err.message}});
    } catch (const Error& err) {
      status = send(res, 500, JSON::Object{{"error", err.message}});
    }
    console.log("%s %s %d", req.method, req.url, status);
  });

  server.listen(port, "127.0.0.1", [&server] {
    console.log("rest_api listening on http://127.0.0.1:%d/", server.address().port);
  });
  return nodecc::run();
}
