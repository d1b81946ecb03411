#pragma once
// stream.pipeline (lib/internal/streams/pipeline.js) for streams: the untyped bookkeeping
// (which streams to destroy, the first error, the final callback) lives in
// src/api/stream/pipeline.cc; each adjacent pair is connected here, where its chunk type is
// known, by readable.pipe(dest, {end: false}) and finished() on both ends.
#include <cstddef>
#include <memory>
#include <tuple>
#include <type_traits>
#include <utility>

#include "nodecc/abort.h"
#include "nodecc/detail/stream_pipe.h"
#include "nodecc/promise.h"

namespace nodecc::stream {

// finished()'s options: `{signal}`, or (readable, writable[, error[, signal]]). A class, not
// an aggregate: GCC 12 miscompiles an aggregate temporary holding a signal in a co_await
// operand (docs/guide.md), and `co_await stream::promises::finished(s, {signal})` is one.
class FinishedOptions {
 public:
  FinishedOptions() = default;
  FinishedOptions(AbortSignal signal) : signal(std::move(signal)) {}  // NOLINT: {signal}
  FinishedOptions(std::optional<bool> readable, std::optional<bool> writable, bool error = true,
                  AbortSignal signal = {})
      : readable(readable), writable(writable), error(error), signal(std::move(signal)) {}

  std::optional<bool> readable{};  // wait for the readable side (default: if it has one)
  std::optional<bool> writable{};  // wait for the writable side (default: if it has one)
  bool error = true;               // false: an 'error' does not end the wait
  // Aborting it ends the wait with AbortError (its cause the signal's reason); the stream is
  // not destroyed.
  AbortSignal signal{};
};

// stream/promises pipeline(...streams, {signal}): aborting destroys every stream with an
// AbortError (its cause the signal's reason), which the promise rejects with. Node's `end`
// option is not offered.
class PipelineOptions {
 public:
  PipelineOptions() = default;
  PipelineOptions(AbortSignal signal) : signal(std::move(signal)) {}  // NOLINT: {signal}
  AbortSignal signal{};
};

// finished(stream[, options], cb): cb(err) once the stream is done: ended and/or finished,
// or closed, or errored (err: the error, or ERR_STREAM_PREMATURE_CLOSE when it closed
// first). Returns the cleanup function that removes the listeners finished() added.
UniqueFunction<void()> finished(Stream& stream, FinishedOptions options, ErrorCallback cb);
inline UniqueFunction<void()> finished(Stream& stream, ErrorCallback cb) {
  return finished(stream, {}, std::move(cb));
}
// finished(req, cb), finished(res, cb): an http message through its asStream().
template <detail::Adapted X>
UniqueFunction<void()> finished(X& s, FinishedOptions options, ErrorCallback cb) {
  return finished(detail::streamOf(s), std::move(options), std::move(cb));
}
template <detail::Adapted X>
UniqueFunction<void()> finished(X& s, ErrorCallback cb) {
  return finished(detail::streamOf(s), {}, std::move(cb));
}

namespace detail {

class Pipeline {
 public:
  explicit Pipeline(ErrorCallback cb) : callback_(std::move(cb)) {}
  // Registers stream i of n: its destroyer (when `end`) and its 'error' listener.
  static void addStream(const std::shared_ptr<Pipeline>& self, Stream& stream, bool reading,
                        bool writing, bool end);
  void finish(const Error* err);
  void addFinishCount(int n) { finishCount_ += n; }
  // {signal}: its abort destroys every stream with AbortError (from a tick when it is already
  // aborted, as Node's).
  static void watch(const std::shared_ptr<Pipeline>& self, const AbortSignal& signal);
  // The pipe between two streams, after src.pipe(dst, {end: false}); endDst ends dst.
  static void connect(const std::shared_ptr<Pipeline>& self, Stream& src, Stream& dst,
                      UniqueFunction<void()> endDst);

 private:
  void finishImpl(const Error* err, bool final);
  AbortSignal signal_;
  uint64_t abortId_ = 0;
  std::unique_ptr<Error> error_;
  std::vector<UniqueFunction<void(const Error*)>> destroys_;
  // The self-owned streams (createGzip(), asStream(req)...), held until the callback returned.
  std::vector<Stream*> held_;
  int finishCount_ = 0;
  ErrorCallback callback_;
};

template <class T>
void pipePair(const std::shared_ptr<Pipeline>& p, ReadableOf<T>& src, WritableOf<T>& dst) {
  p->addFinishCount(2);
  src.pipe(dst, PipeOptions{.end = false});
  Pipeline::connect(p, src, dst, [d = &dst] { d->end(); });
}

template <class Tuple, size_t I>
void pipelineStep(const std::shared_ptr<Pipeline>& p, Tuple& t) {
  constexpr size_t n = std::tuple_size_v<Tuple>;
  auto& stream = std::get<I>(t);
  Pipeline::addStream(p, stream, I<n - 1, I> 0, true);
  if constexpr (I > 0) {
    pipePair(p, std::get<I - 1>(t), stream);
  }
}

template <class Tuple, size_t... I>
auto& pipelineStreams(const std::shared_ptr<Pipeline>& p, Tuple& t, std::index_sequence<I...>) {
  (pipelineStep<Tuple, I>(p, t), ...);
  return std::get<sizeof...(I) - 1>(t);
}

template <class Tuple, size_t... I>
auto streamsOf(Tuple& t, std::index_sequence<I...>) {
  return std::tie(streamOf(std::get<I>(t))...);
}

template <class T>
inline constexpr bool kIsPipelineOptions = std::is_same_v<std::decay_t<T>, PipelineOptions> ||
                                           std::is_same_v<std::decay_t<T>, AbortSignal>;

}  // namespace detail

// pipeline(source, ...transforms, destination, cb): pipes each stream into the next, with
// backpressure; on the first error (or a premature close) destroys every stream and calls
// cb(err), else cb(nullptr) once the destination finished. Returns the destination (an http
// message's asStream() for an http message). An http::IncomingMessage, ServerResponse or
// ClientRequest takes part through its asStream().
template <class... A>
auto& pipeline(A&&... args) {
  static_assert(sizeof...(A) >= 3, "pipeline needs two streams and a callback");
  auto all = std::forward_as_tuple(args...);
  constexpr size_t n = sizeof...(A) - 1;
  auto p = std::make_shared<detail::Pipeline>(ErrorCallback(std::move(std::get<n>(all))));
  auto streams = detail::streamsOf(all, std::make_index_sequence<n>{});
  return detail::pipelineStreams(p, streams, std::make_index_sequence<n>{});
}

namespace promises {

// stream/promises finished(): resolves when finished() would call back without an error.
Promise<> finished(Stream& stream, FinishedOptions options = {});
template <detail::Adapted X>
Promise<> finished(X& s, FinishedOptions options = {}) {
  return finished(detail::streamOf(s), std::move(options));
}

// stream/promises pipeline(streams...[, options]): resolves once the destination finished;
// rejects with the first error. The last argument may be a PipelineOptions or a signal.
template <class... A>
Promise<> pipeline(A&&... args) {
  auto r = Promise<>::withResolvers();
  ErrorCallback cb = [resolve = r.resolve, reject = r.reject](Error* err) {
    if (err != nullptr) {
      reject(*err);
    } else {
      resolve();
    }
  };
  auto all = std::forward_as_tuple(args...);
  constexpr size_t n = sizeof...(A);
  using Last = std::tuple_element_t<n - 1, std::tuple<A...>>;
  if constexpr (detail::kIsPipelineOptions<Last>) {
    static_assert(n >= 3, "pipeline needs two streams");
    PipelineOptions options(std::get<n - 1>(all));
    auto streams = detail::streamsOf(all, std::make_index_sequence<n - 1>{});
    auto p = std::make_shared<detail::Pipeline>(std::move(cb));
    detail::pipelineStreams(p, streams, std::make_index_sequence<n - 1>{});
    if (options.signal.valid()) {
      detail::Pipeline::watch(p, options.signal);
    }
  } else {
    static_assert(n >= 2, "pipeline needs two streams");
    auto streams = detail::streamsOf(all, std::make_index_sequence<n>{});
    auto p = std::make_shared<detail::Pipeline>(std::move(cb));
    detail::pipelineStreams(p, streams, std::make_index_sequence<n>{});
  }
  return r.promise;
}

}  // namespace promises
}  // namespace nodecc::stream
