// req.setEncoding(enc): 'data' carries strings decoded as StringDecoder decodes them. The client
// sends each body in two writes 30 ms apart, cut inside a character (utf8), inside a base64
// group and inside a byte pair (hex of course decodes per byte); an incomplete UTF-8 sequence
// at the end becomes U+FFFD. setEncoding called after bytes arrived decodes those too.
#include <cstdio>
#include <memory>
#include <string>
#include <vector>
#include <nodecc/nodecc.h>
using namespace nodecc;

// JSON.stringify(array of strings)
std::string stringify(const std::vector<std::string>& list) {
  std::string out = "[";
  for (auto& s : list) out += (out.size() > 1 ? "," : "") + JSON::stringify(JSON::Value(s));
  return out + "]";
}

http::Server* serverPtr = nullptr;

Promise<> post(std::string path, Buffer first, Buffer second) {
  auto p = Promise<>::withResolvers();
  net::Socket& client = net::connect(serverPtr->address().port, "127.0.0.1");
  const size_t length = first.size() + second.size();
  client.write("POST " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: " + std::to_string(length) + "\r\n\r\n");
  client.write(first);
  setTimeout([&client, second] { client.write(second); }, 30);
  client.resume();
  client.on("close", [p](bool) { p.resolve(); });
  return p.promise;
}

Promise<> main2() {
  const Buffer euro = Buffer::from("a€b");  // 61 e2 82 ac 62
  co_await post("/utf8", euro.subarray(0, 2), euro.subarray(2));
  co_await post("/utf8", euro.subarray(0, 1), euro.subarray(1, 3));  // ends inside the €
  // Braced lists named first: GCC 12 cannot compile one inside a co_await's full-expression.
  const Buffer dead = Buffer::from({0xde, 0xad}), beef = Buffer::from({0xbe, 0xef});
  const Buffer caf = Buffer::from({0x63, 0x61, 0x66}), eAcute = Buffer::from({0xe9});
  co_await post("/hex", dead, beef);
  co_await post("/base64", Buffer::from("hello"), Buffer::from(" world"));
  co_await post("/latin1", caf, eAcute);
  co_await post("/late", euro.subarray(0, 2), euro.subarray(2));
  serverPtr->close();
}

int main() {
  auto& server = http::createServer([](http::IncomingMessage& req, http::ServerResponse& res) {
    const std::string enc = req.url.substr(1);
    auto chunks = std::make_shared<std::vector<std::string>>();
    if (enc != "late") {
      req.setEncoding(enc);
      req.on("data", [chunks](const std::string& s) { chunks->push_back("string:" + s); });
    } else {
      // Bytes held before setEncoding are decoded on their way out.
      setTimeout([&req, chunks] {
        req.setEncoding("utf8");
        req.on("data", [chunks](const std::string& s) { chunks->push_back("string:" + s); });
      }, 60);
    }
    req.on("end", [&req, &res, chunks] {
      std::printf("%s %s: %s\n", req.url.c_str(), std::string(req.readableEncoding()).c_str(), stringify(*chunks).c_str());
      res.end();
    });
  });
  serverPtr = &server;
  server.listen(0, "127.0.0.1", [] { main2(); });
  return nodecc::run();
}
