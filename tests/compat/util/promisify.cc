// util.promisify over fs's callback functions and a function of one's own, util.callbackify,
// and the order in which their results arrive.
#include <nodecc/nodecc.h>
using namespace nodecc;

auto readFile = util::promisify<void(std::string_view, std::string_view, fs::Callback<std::string>)>(fs::readFile);
auto readFileRaw = util::promisify<void(std::string_view, fs::Callback<Buffer>)>(fs::readFile);
// fs.stat promisified (C++ has ::stat already).
auto fsStat = util::promisify<void(std::string_view, fs::Callback<fs::Stats>)>(fs::stat);
void addLater(int a, int b, UniqueFunction<void(Error*, int)> cb) {
  setImmediate([a, b, cb = std::move(cb)]() mutable {
    if (a < 0) {
      Error e("negative");
      cb(&e, 0);
    } else {
      cb(nullptr, a + b);
    }
  });
}
auto add = util::promisify(addLater);
void done(UniqueFunction<void(Error*)> cb) {
  process::nextTick([cb = std::move(cb)]() mutable { cb(nullptr); });
}
auto doneP = util::promisify(done);
auto doubled = util::callbackify([](int x) -> Promise<int> {
  if (x < 0) throw Error("no negatives");
  co_return x * 2;
});

Promise<> mainAsync() {
  std::string text = co_await readFile("promisify.js", "utf8");
  console.log("read", text.substr(0, text.find('\n')));
  fs::Stats st = co_await fsStat("promisify.js");
  console.log("isFile", st.isFile());
  try {
    co_await readFileRaw("does-not-exist.txt");
  } catch (const Error& e) {
    console.log("rejected", e.code, e.syscall, e.message);
  }
  console.log("sum", co_await add(2, 3));
  try {
    co_await add(-1, 3);
  } catch (const Error& e) {
    console.log("rejected", e.message);
  }
  co_await doneP();
  console.log("done", undefined);
  doubled(21, [](Error* err, int value) { console.log("callbackify", nullptr, value); });
  doubled(-1, [](Error* err, int) { console.log("callbackify", err->message); });
  process::nextTick([] { console.log("tick before the callbacks"); });
}

int main() {
  mainAsync().then([] { console.log("main settled"); });
  console.log("sync end");
  return nodecc::run();
}
