// pbkdf2 and scrypt on the RFC 6070 / RFC 7914 vectors in the sync, callback and promise forms;
// the random functions' shapes, ranges and errors; timingSafeEqual; the order in which the
// callbacks arrive relative to the code that started them.
#include <nodecc/nodecc.h>

#include <cstdio>
#include <functional>
#include <set>
#include <string>

using namespace nodecc;

void fail(const char* label, const std::function<void()>& f) {
  try {
    f();
    std::printf("%s no error\n", label);
  } catch (const Error& e) {
    std::printf("%s %s %s %s\n", label, e.name.c_str(), e.code.empty() ? "-" : e.code.c_str(), e.message.c_str());
  }
}
const char* str(bool b) { return b ? "true" : "false"; }
// /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/ (std::regex trips GCC 12's
// -Wmaybe-uninitialized under the sanitizers).
bool uuidShape(const std::string& u) {
  if (u.size() != 36) return false;
  for (size_t i = 0; i < 36; i++) {
    bool dash = i == 8 || i == 13 || i == 18 || i == 23;
    if (dash != (u[i] == '-')) return false;
    if (!dash && !((u[i] >= '0' && u[i] <= '9') || (u[i] >= 'a' && u[i] <= 'f'))) return false;
  }
  return u[14] == '4' && (u[19] == '8' || u[19] == '9' || u[19] == 'a' || u[19] == 'b');
}

int main() {
  std::printf("pbkdf2 %s\n", crypto::pbkdf2Sync("password", "salt", 1, 20, "sha1").toString("hex").c_str());
  std::printf("pbkdf2 %s\n", crypto::pbkdf2Sync("password", "salt", 4096, 20, "sha1").toString("hex").c_str());
  std::printf("pbkdf2 %s\n", crypto::pbkdf2Sync("passwordPASSWORDpassword", "saltSALTsaltSALTsaltSALTsaltSALTsalt", 4096, 25, "sha1").toString("hex").c_str());
  std::printf("pbkdf2 %s\n", crypto::pbkdf2Sync(Buffer::from(std::string("pass\0word", 9)), Buffer::from(std::string("sa\0lt", 5)), 4096, 16, "sha1").toString("hex").c_str());
  std::printf("pbkdf2 %s\n", crypto::pbkdf2Sync("password", "salt", 1000, 64, "sha512").toString("base64").c_str());
  std::printf("pbkdf2 %zu\n", crypto::pbkdf2Sync("", "", 1, 0, "sha256").length());
  std::printf("scrypt %s\n", crypto::scryptSync("", "", 64, {.N = 16, .r = 1, .p = 1}).toString("hex").c_str());
  std::printf("scrypt %s\n", crypto::scryptSync("password", "NaCl", 64, {.N = 1024, .r = 8, .p = 16}).toString("hex").c_str());
  std::printf("scrypt %s\n", crypto::scryptSync("password", "salt", 16).toString("hex").c_str());
  std::printf("scrypt %s\n", crypto::scryptSync("password", "salt", 16, {.N = 0, .r = 0, .p = 0, .maxmem = 0}).toString("hex").c_str());
  std::printf("scrypt %zu\n", crypto::scryptSync("p", "s", 0).length());

  fail("pbkdf2 iterations", [] { crypto::pbkdf2Sync("p", "s", 0, 10, "sha1"); });
  fail("pbkdf2 keylen", [] { crypto::pbkdf2Sync("p", "s", 1, -1, "sha1"); });
  fail("pbkdf2 keylen big", [] { crypto::pbkdf2Sync("p", "s", 1, int64_t(1) << 31, "sha1"); });
  fail("pbkdf2 digest", [] { crypto::pbkdf2Sync("p", "s", 1, 10, "nope"); });
  fail("pbkdf2 callback digest", [] { crypto::pbkdf2("p", "s", 1, 10, "nope", [](Error*, Buffer) {}); });
  fail("scrypt N", [] { crypto::scryptSync("p", "s", 16, {.N = 3}); });
  fail("scrypt callback N", [] { crypto::scrypt("p", "s", 16, {.N = 3}, [](Error*, Buffer) {}); });
  fail("scrypt keylen", [] { crypto::scryptSync("p", "s", -1); });
  fail("scrypt memory", [] { crypto::scryptSync("p", "s", 16, {.N = 1 << 20}); });

  for (int n : {0, 1, 16, 1000}) std::printf("randomBytes %d %zu\n", n, crypto::randomBytes(n).length());
  fail("randomBytes negative", [] { crypto::randomBytes(-1); });
  fail("randomBytes big", [] { crypto::randomBytes(int64_t(1) << 31); });
  fail("randomBytes callback big", [] { crypto::randomBytes(int64_t(1) << 31, [](Error*, Buffer) {}); });
  Buffer zeros = Buffer::alloc(64);
  crypto::randomFillSync(zeros, 8, 16);
  std::printf("randomFillSync untouched %s %s\n", str(zeros.subarray(0, 8).equals(Buffer::alloc(8))), str(zeros.subarray(24).equals(Buffer::alloc(40))));
  fail("randomFillSync offset", [] { crypto::randomFillSync(Buffer::alloc(4), 5); });
  fail("randomFillSync negative", [] { crypto::randomFillSync(Buffer::alloc(4), -1); });
  fail("randomFillSync size", [] { crypto::randomFillSync(Buffer::alloc(4), 1, 4); });
  fail("randomFill size", [] { crypto::randomFill(Buffer::alloc(4), 1, 4, [](Error*, Buffer) {}); });
  bool inRange = true;
  std::set<int64_t> seen;
  for (int i = 0; i < 2000; i++) {
    int64_t v = crypto::randomInt(-3, 4);
    if (v < -3 || v >= 4) inRange = false;
    seen.insert(v);
  }
  std::printf("randomInt range %s %zu\n", str(inRange), seen.size());
  std::printf("randomInt max %lld %lld\n", (long long)crypto::randomInt(1), (long long)crypto::randomInt(5, 6));
  fail("randomInt empty", [] { crypto::randomInt(0); });
  fail("randomInt equal", [] { crypto::randomInt(5, 5); });
  fail("randomInt wide", [] { crypto::randomInt(0, int64_t(1) << 48); });
  fail("randomInt wide max", [] { crypto::randomInt(int64_t(1) << 48); });
  fail("randomInt unsafe", [] { crypto::randomInt(int64_t(1) << 53); });
  fail("randomInt unsafe min", [] { crypto::randomInt(-(int64_t(1) << 53), 0); });
  std::set<std::string> uuids;
  bool wellFormed = true;
  for (int i = 0; i < 300; i++) {
    std::string u = crypto::randomUUID();
    if (!uuidShape(u)) wellFormed = false;
    uuids.insert(u);
  }
  std::printf("randomUUID %s %zu\n", str(wellFormed), uuids.size());
  std::printf("getRandomValues %zu\n", crypto::getRandomValues(Buffer::alloc(65536)).length());
  fail("getRandomValues quota", [] { crypto::getRandomValues(Buffer::alloc(65537)); });
  std::printf("timingSafeEqual %s %s %s\n", str(crypto::timingSafeEqual(Buffer::from("abc"), Buffer::from("abc"))),
    str(crypto::timingSafeEqual(Buffer::from("abc"), Buffer::from("abd"))), str(crypto::timingSafeEqual(Buffer::alloc(0), Buffer::alloc(0))));
  fail("timingSafeEqual lengths", [] { crypto::timingSafeEqual(Buffer::alloc(1), Buffer::alloc(2)); });

  crypto::pbkdf2("password", "salt", 2, 20, "sha1", [](Error* err, Buffer key) {
    std::printf("pbkdf2 callback %s %s\n", str(err), key.toString("hex").c_str());
    crypto::scrypt("password", "NaCl", 64, {.N = 1024, .r = 8, .p = 16}, [](Error* err2, Buffer key2) {
      std::printf("scrypt callback %s %s\n", str(err2), key2.toString("hex").c_str());
      crypto::randomBytes(32, [](Error* err3, Buffer buf) {
        std::printf("randomBytes callback %s %zu\n", str(err3), buf.length());
        Buffer target = Buffer::alloc(10);
        crypto::randomFill(target, 2, 3, [target](Error* err4, Buffer same) {
          std::printf("randomFill callback %s %s %s\n", str(err4), str(same.data() == target.data()), str(target.subarray(5).equals(Buffer::alloc(5))));
          crypto::randomInt(10, 20, [](Error* err5, int64_t n) {
            std::printf("randomInt callback %s %s\n", str(err5), str(n >= 10 && n < 20));
            crypto::promises::pbkdf2("password", "salt", 1, 20, "sha1").then([](Buffer& k) {
              std::printf("pbkdf2 promise %s\n", k.toString("hex").c_str());
              return crypto::promises::scrypt("", "", 64, {.N = 16, .r = 1, .p = 1});
            }).then([](Buffer& k) {
              std::printf("scrypt promise %s\n", k.toString("hex").c_str());
              return crypto::promises::randomBytes(7);
            }).then([](Buffer& b) {
              std::printf("randomBytes promise %zu\n", b.length());
            });
          });
        });
      });
    });
  });
  std::printf("after starting the callbacks\n");
  return nodecc::run();
}
