// The callback and promise forms of randomBytes, randomFill, randomInt, pbkdf2 and scrypt:
// checked at the call (Node throws argument errors synchronously), run on the thread pool,
// called back on this thread's loop.
#include <openssl/err.h>

#include <optional>

#include "api/crypto/digest.h"
#include "api/crypto/kdf.h"
#include "api/crypto/random_source.h"
#include "api/pool_job.h"
#include "api/promisify.h"
#include "nodecc/crypto.h"
#include "nodecc/process.h"
#include "os/random.h"

namespace nodecc::crypto {

namespace {

// Fills bytes[0..size) on the pool; calls back with the buffer or the kernel's error.
void fillOnPool(Buffer buffer, size_t at, size_t size, Callback<Buffer> callback) {
  uint8_t* bytes = buffer.data() + at;
  struct State {
    Buffer buffer;
    Callback<Buffer> callback;
    int error = 0;
  };
  auto state = std::make_unique<State>(State{std::move(buffer), std::move(callback)});
  State* s = state.get();
  nodecc::detail::submitJob(
      [s, bytes, size] {
        os::core::Result<size_t> r = os::core::getRandom(bytes, size);
        s->error = r.ok() ? 0 : r.error();
      },
      [state = std::move(state)] {
        if (state->error != 0) {
          Error e = Error::fromErrno(state->error, "getrandom");
          state->callback(&e, Buffer());
        } else {
          state->callback(nullptr, std::move(state->buffer));
        }
      });
}

// A key derived on the pool by derive(out) into a new buffer of keylen bytes.
template <class Derive>
void deriveOnPool(size_t keylen, Derive derive, Callback<Buffer> callback) {
  struct State {
    Buffer key;
    Callback<Buffer> callback;
    bool ok = false;
    unsigned long error = 0;
  };
  auto state = std::make_unique<State>(State{Buffer::allocUnsafe(keylen), std::move(callback)});
  State* s = state.get();
  uint8_t* out = s->key.data();
  nodecc::detail::submitJob(
      [s, out, derive = std::move(derive)] {
        s->ok = derive(out);
        if (!s->ok) {
          s->error = ERR_get_error();
          ERR_clear_error();
        }
      },
      [state = std::move(state)] {
        if (!state->ok) {
          Error e(state->error != 0 ? detail::opensslErrorText(state->error)
                                    : std::string("Key derivation failed"));
          state->callback(&e, Buffer());
        } else {
          state->callback(nullptr, std::move(state->key));
        }
      });
}

using nodecc::detail::promisify;

}  // namespace

void randomBytes(int64_t size, Callback<Buffer> callback) {
  detail::checkRandomSize(size);
  Buffer b = Buffer::allocUnsafe(size_t(size));
  fillOnPool(b, 0, size_t(size), std::move(callback));
}

void randomFill(Buffer buffer, Callback<Buffer> callback) {
  randomFill(std::move(buffer), 0, Buffer::kToEnd, std::move(callback));
}

void randomFill(Buffer buffer, int64_t offset, Callback<Buffer> callback) {
  randomFill(std::move(buffer), offset, Buffer::kToEnd, std::move(callback));
}

void randomFill(Buffer buffer, int64_t offset, int64_t size, Callback<Buffer> callback) {
  auto [at, n] = detail::randomFillRange(buffer.size(), offset, size);
  fillOnPool(std::move(buffer), at, n, std::move(callback));
}

void randomInt(int64_t max, Callback<int64_t> callback) {
  randomInt(0, max, std::move(callback));
}

void randomInt(int64_t min, int64_t max, Callback<int64_t> callback) {
  int64_t range = detail::checkRandomIntRange(min, max, true);
  // Node answers from its cache on the next tick; a draw from the cache is a copy, and a refill
  // a single getrandom(2) of 6 KiB, so the pool would cost more than it saves.
  struct State {
    Callback<int64_t> callback;
    int64_t value = 0;
    std::optional<Error> error;
  };
  auto state = std::make_shared<State>();
  state->callback = std::move(callback);
  try {
    state->value = detail::drawRandomInt(min, range);
  } catch (const Error& e) {
    state->error = e;
  }
  process::nextTick([state] {
    if (state->error) {
      state->callback(&*state->error, 0);
    } else {
      state->callback(nullptr, state->value);
    }
  });
}

void pbkdf2(const BinaryLike& password, const BinaryLike& salt, int64_t iterations, int64_t keylen,
            std::string_view digest, Callback<Buffer> callback) {
  detail::Pbkdf2Params p = detail::checkPbkdf2(iterations, keylen, digest);
  deriveOnPool(
      p.keylen,
      [p, password = password.buffer(), salt = salt.buffer()](uint8_t* out) {
        return detail::derivePbkdf2(p, password, salt, out);
      },
      std::move(callback));
}

void scrypt(const BinaryLike& password, const BinaryLike& salt, int64_t keylen,
            Callback<Buffer> callback) {
  scrypt(password, salt, keylen, ScryptOptions{}, std::move(callback));
}

void scrypt(const BinaryLike& password, const BinaryLike& salt, int64_t keylen,
            const ScryptOptions& options, Callback<Buffer> callback) {
  detail::ScryptParams p = detail::checkScrypt(keylen, options);
  deriveOnPool(
      p.keylen,
      [p, password = password.buffer(), salt = salt.buffer()](uint8_t* out) {
        return detail::deriveScrypt(p, password, salt, out);
      },
      std::move(callback));
}

namespace promises {

Promise<Buffer> randomBytes(int64_t size) {
  return promisify<Buffer>([&](Callback<Buffer> cb) { crypto::randomBytes(size, std::move(cb)); });
}

Promise<Buffer> randomFill(Buffer buffer, int64_t offset, int64_t size) {
  return promisify<Buffer>([&](Callback<Buffer> cb) {
    crypto::randomFill(std::move(buffer), offset, size, std::move(cb));
  });
}

Promise<int64_t> randomInt(int64_t min, int64_t max) {
  return promisify<int64_t>(
      [&](Callback<int64_t> cb) { crypto::randomInt(min, max, std::move(cb)); });
}

Promise<Buffer> pbkdf2(const BinaryLike& password, const BinaryLike& salt, int64_t iterations,
                       int64_t keylen, std::string_view digest) {
  return promisify<Buffer>([&](Callback<Buffer> cb) {
    crypto::pbkdf2(password, salt, iterations, keylen, digest, std::move(cb));
  });
}

Promise<Buffer> scrypt(const BinaryLike& password, const BinaryLike& salt, int64_t keylen,
                       const ScryptOptions& options) {
  return promisify<Buffer>(
      [&](Callback<Buffer> cb) { crypto::scrypt(password, salt, keylen, options, std::move(cb)); });
}

}  // namespace promises

}  // namespace nodecc::crypto
