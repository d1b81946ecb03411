#pragma once
// Node's `fs`. Asynchronous operations run on the thread pool (NODECC_THREADPOOL_SIZE) and call
// back on the calling thread's loop, err-first as in Node: the callback's first argument is a
// null Error* on success. Errors carry Node's code, errno, syscall and path:
//   ENOENT: no such file or directory, open 'missing.txt'
#include <string>
#include <string_view>

#include "nodecc/buffer.h"
#include "nodecc/error.h"
#include "nodecc/function.h"
#include "nodecc/promise.h"

namespace nodecc::fs {

// fs.readFile(path, cb): cb(Error* err, Buffer data).
void readFile(std::string_view path, UniqueFunction<void(Error*, Buffer)> callback);
// fs.readFile(path, encoding, cb): cb(Error* err, std::string text).
void readFile(std::string_view path, std::string_view encoding,
              UniqueFunction<void(Error*, std::string)> callback);

// fs.readFileSync: throws Error.
Buffer readFileSync(std::string_view path);
std::string readFileSync(std::string_view path, std::string_view encoding);

namespace promises {
// fs.promises.readFile: rejects with Error.
Promise<Buffer> readFile(std::string_view path);
Promise<std::string> readFile(std::string_view path, std::string_view encoding);
}  // namespace promises

}  // namespace nodecc::fs
