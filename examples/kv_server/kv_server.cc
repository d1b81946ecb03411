// A file-backed key-value store over HTTP: PUT/GET/DELETE /kv/:key, GET /kv for the keys.
// The store is DIR/store.json, read at start and rewritten after each change. A value larger
// than MAX_VALUE bytes (default 1 MiB) is refused with 413 as soon as its upload passes the
// limit, while the client is still sending.
// PORT=3000 build/bin/example-kv_server DIR
#include <cstdlib>
#include <memory>
#include <optional>
#include <regex>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

const std::string dir = process::argv().at(2);
double port = std::strtod(process::env.get("PORT").value_or("3000").c_str(), nullptr);
const size_t maxValue = std::strtoull(process::env.get("MAX_VALUE").value_or("1048576").c_str(), nullptr, 10);
const std::string file = path::join(dir, "store.json");

// The store as a JSON object: keys such as __proto__ or toString are keys.
Promise<JSON::Value> load() {
  try {
    co_return JSON::parse(co_await fs::promises::readFile(file, "utf8"));
  } catch (const Error& err) {
    if (err.code == "ENOENT") co_return JSON::Object{};
    throw;
  }
}

// Writes a temporary file and renames it over the store: a crash never leaves half a file.
Promise<> save(JSON::Value store) {
  std::string tmp = file + ".tmp";
  co_await fs::promises::writeFile(tmp, JSON::stringify(store, nullptr, 2) + "\n");
  co_await fs::promises::rename(tmp, file);
}

// The body as text, or nullopt once it passes maxValue (leaving the loop destroys the request:
// the rest of the upload is dropped as it arrives).
Promise<std::optional<std::string>> readBody(http::IncomingMessage& req) {
  std::vector<Buffer> chunks;
  size_t size = 0;
  for (auto it = req.iterate(); auto chunk = co_await it.next();) {
    size += chunk->size();
    if (size > maxValue) co_return std::nullopt;
    chunks.push_back(*chunk);
  }
  co_return Buffer::concat(chunks).toString("utf8");
}

Promise<> mainAsync() {
  co_await fs::promises::mkdir(dir, {.recursive = true});
  auto store = std::make_shared<JSON::Value>(co_await load());
  console.log("loaded %d keys from %s", store->size(), path::basename(file));

  auto& server = http::createServer([store](http::IncomingMessage& req, http::ServerResponse& res) -> Promise<> {
    std::smatch match;
    bool matched = std::regex_match(req.url, match, std::regex(R"(^/kv/([\w.-]+)$)"));
    std::string key = matched ? match[1].str() : "";
    if (req.url == "/kv" && req.method == "GET") {
      JSON::Array keys;
      for (auto& [k, v] : store->asObject()) keys.push_back(k);
      res.writeHead(200, {{"Content-Type", "application/json"}});
      res.end(JSON::stringify(keys));
    } else if (!matched) {
      res.writeHead(404, {{"Content-Type", "text/plain"}});
      res.end("not found\n");
    } else if (req.method == "PUT") {
      std::optional<std::string> value = co_await readBody(req);
      if (!value) {
        res.writeHead(413, {{"Content-Type", "text/plain"}, {"Connection", "close"}});
        res.end("value larger than " + std::to_string(maxValue) + " bytes\n");
        console.log("%s %s %d", req.method, req.url, res.statusCode);
        co_return;
      }
      bool created = !store->has(key);
      (*store)[key] = *value;
      co_await save(*store);
      res.writeHead(created ? 201 : 200, {{"Content-Type", "text/plain"}});
      res.end(created ? "created\n" : "updated\n");
    } else if (req.method == "GET" && store->has(key)) {
      res.writeHead(200, {{"Content-Type", "text/plain"}, {"Content-Length", std::to_string(Buffer::byteLength((*store)[key].asString()))}});
      res.end((*store)[key].asString());
    } else if (req.method == "DELETE" && store->has(key)) {
      store->erase(key);
      co_await save(*store);
      res.writeHead(204);
      res.end();
    } else {
      res.writeHead(404, {{"Content-Type", "text/plain"}});
      res.end("no key " + key + "\n");
    }
    console.log("%s %s %d", req.method, req.url, res.statusCode);
  });

  server.listen(port, "127.0.0.1", [&server] {
    console.log("kv_server listening on http://127.0.0.1:%d/", server.address().port);
  });
  process::on("SIGTERM", [&server] {
    server.close([](Error*) { console.log("kv_server stopped"); });
    server.closeIdleConnections();
  });
}

int main() {
  mainAsync();
  return nodecc::run();
}
