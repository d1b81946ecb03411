// fs.promises: each operation is its callback form with a callback that settles a promise,
// so both forms share one request path (api/fs/request.h). Invalid arguments reject instead of
// throwing, as Node's async functions do.
#include "api/fs/request.h"

namespace nodecc::fs::promises {

using internal::promisify;

Promise<FileHandle> open(std::string_view path, OpenFlags flags, int mode) {
  return promisify<FileHandle>([&](Callback<FileHandle> cb) {
    fs::open(path, flags, mode, [cb = std::move(cb)](Error* err, int fd) mutable {
      cb(err, err ? FileHandle() : FileHandle(fd));
    });
  });
}

Promise<Buffer> readFile(std::string_view path) {
  return promisify<Buffer>([&](Callback<Buffer> cb) { fs::readFile(path, std::move(cb)); });
}
Promise<std::string> readFile(std::string_view path, std::string_view encoding) {
  return promisify<std::string>(
      [&](Callback<std::string> cb) { fs::readFile(path, encoding, std::move(cb)); });
}
Promise<> writeFile(std::string_view path, std::string_view data) {
  return promisify<void>([&](NoResultCallback cb) { fs::writeFile(path, data, std::move(cb)); });
}
Promise<> writeFile(std::string_view path, std::string_view data, std::string_view encoding) {
  return promisify<void>(
      [&](NoResultCallback cb) { fs::writeFile(path, data, encoding, std::move(cb)); });
}
Promise<> writeFile(std::string_view path, std::string_view data, const WriteFileOptions& options) {
  return promisify<void>(
      [&](NoResultCallback cb) { fs::writeFile(path, data, options, std::move(cb)); });
}
Promise<> writeFile(std::string_view path, const Buffer& data) {
  return promisify<void>([&](NoResultCallback cb) { fs::writeFile(path, data, std::move(cb)); });
}
Promise<> appendFile(std::string_view path, std::string_view data) {
  return promisify<void>([&](NoResultCallback cb) { fs::appendFile(path, data, std::move(cb)); });
}
Promise<> appendFile(std::string_view path, const Buffer& data) {
  return promisify<void>([&](NoResultCallback cb) { fs::appendFile(path, data, std::move(cb)); });
}
Promise<Stats> stat(std::string_view path) {
  return promisify<Stats>([&](Callback<Stats> cb) { fs::stat(path, std::move(cb)); });
}
Promise<Stats> lstat(std::string_view path) {
  return promisify<Stats>([&](Callback<Stats> cb) { fs::lstat(path, std::move(cb)); });
}
Promise<std::vector<std::string>> readdir(std::string_view path) {
  return promisify<std::vector<std::string>>(
      [&](Callback<std::vector<std::string>> cb) { fs::readdir(path, std::move(cb)); });
}
Promise<std::vector<Dirent>> readdir(std::string_view path, WithFileTypes) {
  return promisify<std::vector<Dirent>>(
      [&](Callback<std::vector<Dirent>> cb) { fs::readdir(path, withFileTypes, std::move(cb)); });
}
Promise<std::optional<std::string>> mkdir(std::string_view path, const MkdirOptions& options) {
  return promisify<std::optional<std::string>>(
      [&](Callback<std::optional<std::string>> cb) { fs::mkdir(path, options, std::move(cb)); });
}
Promise<std::string> mkdtemp(std::string_view prefix) {
  return promisify<std::string>(
      [&](Callback<std::string> cb) { fs::mkdtemp(prefix, std::move(cb)); });
}
Promise<> rm(std::string_view path, const RmOptions& options) {
  return promisify<void>([&](NoResultCallback cb) { fs::rm(path, options, std::move(cb)); });
}
Promise<> rmdir(std::string_view path) {
  return promisify<void>([&](NoResultCallback cb) { fs::rmdir(path, std::move(cb)); });
}
Promise<> unlink(std::string_view path) {
  return promisify<void>([&](NoResultCallback cb) { fs::unlink(path, std::move(cb)); });
}
Promise<> rename(std::string_view oldPath, std::string_view newPath) {
  return promisify<void>([&](NoResultCallback cb) { fs::rename(oldPath, newPath, std::move(cb)); });
}
Promise<> copyFile(std::string_view src, std::string_view dest, int mode) {
  return promisify<void>(
      [&](NoResultCallback cb) { fs::copyFile(src, dest, mode, std::move(cb)); });
}
Promise<> access(std::string_view path, int mode) {
  return promisify<void>([&](NoResultCallback cb) { fs::access(path, mode, std::move(cb)); });
}
Promise<std::string> realpath(std::string_view path) {
  // Node's fs.promises.realpath is realpath(3), unlike fs.realpath's JavaScript walk.
  return promisify<std::string>([&](Callback<std::string> cb) {
    internal::checkPath(path);
    internal::startValue<std::string>(
        core::Op::kRealpath, std::move(cb), [path](core::Request& r) { r.path.assign(path); },
        [](core::Request& r) { return std::move(r.text); });
  });
}
Promise<> truncate(std::string_view path, int64_t length) {
  return promisify<void>([&](NoResultCallback cb) { fs::truncate(path, length, std::move(cb)); });
}
Promise<> symlink(std::string_view target, std::string_view path, std::string_view type) {
  return promisify<void>(
      [&](NoResultCallback cb) { fs::symlink(target, path, type, std::move(cb)); });
}
Promise<std::string> readlink(std::string_view path) {
  return promisify<std::string>(
      [&](Callback<std::string> cb) { fs::readlink(path, std::move(cb)); });
}
Promise<> utimes(std::string_view path, TimeArg atime, TimeArg mtime) {
  return promisify<void>(
      [&](NoResultCallback cb) { fs::utimes(path, atime, mtime, std::move(cb)); });
}
Promise<> chmod(std::string_view path, int mode) {
  return promisify<void>([&](NoResultCallback cb) { fs::chmod(path, mode, std::move(cb)); });
}

}  // namespace nodecc::fs::promises
