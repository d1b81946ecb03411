#pragma once
// Drives a StaticFiles over a temporary tree on a real loop and thread pool, and flattens each
// response (head fields, body from memory, file ranges or multipart segments) into strings.
#include <unistd.h>

#include <memory>
#include <string>

#include "loop/loop.h"
#include "os/fs_ops.h"
#include "os/open_beneath.h"
#include "static/static_files.h"
#include "threadpool/thread_pool.h"
#include "unit/static/static_test_util.h"

namespace nodecc::staticfiles::core::test {

struct Flat {
  int status = 0;
  std::string fields;
  std::string body;
  bool pending = false;  // went to the thread pool
  bool clientError = false;
  uint64_t bodyBytes = 0;

  // The value of a header field ("" when absent).
  std::string field(const std::string& name) const {
    size_t at = fields.find("\r\n" + name + ": ");
    if (at == std::string::npos) {
      return "";
    }
    at += name.size() + 4;
    return fields.substr(at, fields.find("\r\n", at) - at);
  }
};

inline std::string readRange(const FileRange& r) {
  std::string out(r.length, '\0');
  auto n = os::core::readAt(r.file->fd(), out.data(), out.size(), r.offset);
  out.resize(n.ok() ? *n : 0);
  return out;
}

inline Flat flatten(const Response& r) {
  Flat f;
  f.status = r.status;
  f.fields.assign(r.fields);
  f.clientError = r.clientError;
  f.bodyBytes = r.bodyBytes;
  if (r.segments != nullptr) {
    for (size_t i = 0; i < r.segmentCount; ++i) {
      f.body += r.segments[i].bytes;
      if (r.segments[i].range.file != nullptr) {
        f.body += readRange(r.segments[i].range);
      }
    }
  } else {
    f.body.assign(r.body);
    if (r.file.file != nullptr) {
      f.body += readRange(r.file);
    }
  }
  return f;
}

class StaticHarness {
 public:
  explicit StaticHarness(const TempTree& tree, Options o = {}) {
    auto root = os::core::openRoot(tree.path().c_str());
    config_ = std::make_shared<RootConfig>(*root, std::move(o));
    server_ = std::make_unique<StaticFiles>(loop_, pool_, config_);
  }

  Flat get(const std::string& target, Request req = {}) {
    req.method = req.method.empty() ? std::string_view("GET") : req.method;
    req.target = target;
    struct W : StaticFiles::Waiter {
      W() : Waiter(&W::onReady) {}
      static void onReady(Waiter* w) {
        auto* self = static_cast<W*>(w);
        self->server->resume(*self->req, w, &self->response);
        self->flat = flatten(self->response);
        self->done = true;
      }
      StaticFiles* server = nullptr;
      const Request* req = nullptr;
      Response response;
      Flat flat;
      bool done = false;
    } w;
    w.server = server_.get();
    w.req = &req;
    Response r;
    if (server_->serve(req, &r) == StaticFiles::Outcome::kDone) {
      return flatten(r);
    }
    server_->wait(&w);
    while (!w.done) {
      loop_.run(loop::core::Loop::RunMode::kOnce);
    }
    w.flat.pending = true;
    return w.flat;
  }
  Flat head(const std::string& target) {
    Request r;
    r.method = "HEAD";
    return get(target, r);
  }
  // Moves the loop clock past the revalidation interval.
  void advance(int64_t ms) {
    int64_t until = loop_.now() + ms;
    while (loop_.now() < until) {
      ::usleep(1000);
      loop_.updateTime();
    }
  }

  StaticFiles& server() { return *server_; }
  loop::core::Loop& loop() { return loop_; }

 private:
  loop::core::Loop loop_;
  threadpool::core::ThreadPool pool_{2};
  std::shared_ptr<RootConfig> config_;
  std::unique_ptr<StaticFiles> server_;
};

}  // namespace nodecc::staticfiles::core::test
