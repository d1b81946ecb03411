// Merges two upstream JSON services into one answer: GET /summary calls USERS/users and
// ORDERS/orders at once (Promise.all) and joins them; an upstream failure answers 502.
// PORT=3000 build/bin/example-fetch_aggregator http://127.0.0.1:4001 http://127.0.0.1:4002
#include <cstdlib>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

const std::vector<std::string> args(process::argv().begin() + 2, process::argv().end());
const std::string usersUrl = args.at(0), ordersUrl = args.at(1);
double port = std::strtod(process::env.get("PORT").value_or("3000").c_str(), nullptr);

Promise<JSON::Value> getJson(std::string url) {
  Response res = co_await fetch(url);
  if (!res.ok) {
    throw Error(url + " answered " + std::to_string(res.status));
  }
  co_return JSON::parse(co_await res.text());
}

void send(http::ServerResponse& res, int status, const JSON::Value& body) {
  res.writeHead(status, {{"Content-Type", "application/json"}});
  res.end(JSON::stringify(body, nullptr, 2));
}

int main() {
  auto& server = http::createServer([](http::IncomingMessage& req, http::ServerResponse& res) -> Promise<> {
    if (req.method != "GET" || req.url != "/summary") {
      send(res, 404, JSON::Object{{"error", "Not found"}});
      co_return;
    }
    try {
      auto [users, orders] = co_await Promise<>::all(getJson(usersUrl + "/users"), getJson(ordersUrl + "/orders"));
      JSON::Array summary;
      for (const JSON::Value& user : users.asArray()) {
        JSON::Array mine;
        for (const JSON::Value& order : orders.asArray()) if (order["userId"] == user["id"]) mine.push_back(order);
        double total = 0;
        for (const JSON::Value& order : mine) total += order["amount"].asNumber();
        summary.push_back(JSON::Object{{"id", user["id"]}, {"name", user["name"]}, {"orders", mine.size()}, {"total", total}});
      }
      send(res, 200, JSON::Object{{"users", summary}, {"orders", orders.size()}});
      console.log("summary: %d users, %d orders", users.size(), orders.size());
    } catch (const Error& err) {
      send(res, 502, JSON::Object{{"error", "Bad Gateway"}, {"detail", err.message}});
      console.log("upstream failed: %s", err.message);
    }
  });

  server.listen(port, "127.0.0.1", [&server] {
    console.log("fetch_aggregator listening on http://127.0.0.1:%d/", server.address().port);
  });
  return nodecc::run();
}
