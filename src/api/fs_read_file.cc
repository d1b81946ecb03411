#include <memory>
#include <string>

#include "api/default_thread_pool.h"
#include "api/runtime.h"
#include "nodecc/fs.h"
#include "os/file.h"

namespace nodecc::fs {

namespace {

// One readFile in flight: read on a worker, delivered on the loop.
struct ReadFileRequest : threadpool::WorkRequest {
  explicit ReadFileRequest(std::string_view path)
      : threadpool::WorkRequest(&ReadFileRequest::work, &ReadFileRequest::done), path(path) {}

  static void work(threadpool::WorkRequest* r) {
    auto* self = static_cast<ReadFileRequest*>(r);
    self->ok = os::readWholeFile(self->path, &self->bytes, &self->error);
  }
  static void done(threadpool::WorkRequest* r, int status) {
    std::unique_ptr<ReadFileRequest> self(static_cast<ReadFileRequest*>(r));
    if (status < 0) {
      self->ok = false;
      self->error = {status, "open"};
    }
    self->finish(*self);
  }

  std::string path;
  std::string bytes;
  bool ok = false;
  os::FileError error;
  UniqueFunction<void(ReadFileRequest&)> finish;
};

void submit(std::string_view path, UniqueFunction<void(ReadFileRequest&)> finish) {
  auto* req = new ReadFileRequest(path);
  req->finish = std::move(finish);
  api::defaultThreadPool().submit(api::Runtime::current().loop(), *req);
}

Error errorOf(const ReadFileRequest& r) { return Error::fromErrno(r.error.err, r.error.syscall, r.path); }

void checkTextEncoding(std::string_view encoding) {
  // Decoding goes through Buffer, which validates the name.
  (void)Buffer().toString(encoding);
}

}  // namespace

void readFile(std::string_view path, UniqueFunction<void(Error*, Buffer)> callback) {
  submit(path, [cb = std::move(callback)](ReadFileRequest& r) mutable {
    if (!r.ok) {
      Error e = errorOf(r);
      cb(&e, Buffer());
      return;
    }
    cb(nullptr, Buffer::adopt(std::move(r.bytes)));
  });
}

void readFile(std::string_view path, std::string_view encoding,
              UniqueFunction<void(Error*, std::string)> callback) {
  checkTextEncoding(encoding);
  submit(path, [cb = std::move(callback), enc = std::string(encoding)](ReadFileRequest& r) mutable {
    if (!r.ok) {
      Error e = errorOf(r);
      cb(&e, std::string());
      return;
    }
    cb(nullptr, Buffer::adopt(std::move(r.bytes)).toString(enc));
  });
}

Buffer readFileSync(std::string_view path) {
  std::string p(path);
  std::string bytes;
  os::FileError error;
  if (!os::readWholeFile(p, &bytes, &error)) {
    throw Error::fromErrno(error.err, error.syscall, p);
  }
  return Buffer::adopt(std::move(bytes));
}

std::string readFileSync(std::string_view path, std::string_view encoding) {
  checkTextEncoding(encoding);
  return readFileSync(path).toString(encoding);
}

namespace promises {

Promise<Buffer> readFile(std::string_view path) {
  auto p = Promise<Buffer>::withResolvers();
  fs::readFile(path, [r = p.resolve](Error* err, Buffer data) {
    if (err) {
      r.reject(std::make_exception_ptr(*err));
    } else {
      r(std::move(data));
    }
  });
  return p.promise;
}

Promise<std::string> readFile(std::string_view path, std::string_view encoding) {
  auto p = Promise<std::string>::withResolvers();
  fs::readFile(path, encoding, [r = p.resolve](Error* err, std::string text) {
    if (err) {
      r.reject(std::make_exception_ptr(*err));
    } else {
      r(std::move(text));
    }
  });
  return p.promise;
}

}  // namespace promises
}  // namespace nodecc::fs
