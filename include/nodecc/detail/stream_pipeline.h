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

#include "nodecc/detail/stream_pipe.h"
#include "nodecc/promise.h"

namespace nodecc::stream {

struct FinishedOptions {
  std::optional<bool> readable{};  // wait for the readable side (default: if it has one)
  std::optional<bool> writable{};  // wait for the writable side (default: if it has one)
  bool error = true;               // false: an 'error' does not end the wait
};

// finished(stream[, options], cb): cb(err) once the stream is done: ended and/or finished,
// or closed, or errored (err: the error, or ERR_STREAM_PREMATURE_CLOSE when it closed
// first). Returns the cleanup function that removes the listeners finished() added.
UniqueFunction<void()> finished(Stream& stream, FinishedOptions options, ErrorCallback cb);
inline UniqueFunction<void()> finished(Stream& stream, ErrorCallback cb) {
  return finished(stream, {}, std::move(cb));
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
  // The pipe between two streams, after src.pipe(dst, {end: false}); endDst ends dst.
  static void connect(const std::shared_ptr<Pipeline>& self, Stream& src, Stream& dst,
                      UniqueFunction<void()> endDst);

 private:
  void finishImpl(const Error* err, bool final);
  std::unique_ptr<Error> error_;
  std::vector<UniqueFunction<void(const Error*)>> destroys_;
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
  return std::tie(std::get<I>(t)...);
}

}  // namespace detail

// pipeline(source, ...transforms, destination, cb): pipes each stream into the next, with
// backpressure; on the first error (or a premature close) destroys every stream and calls
// cb(err), else cb(nullptr) once the destination finished. Returns the destination.
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

// stream/promises pipeline(streams...): resolves once the destination finished; rejects with
// the first error.
template <class... S>
Promise<> pipeline(S&... streams) {
  auto r = Promise<>::withResolvers();
  stream::pipeline(streams..., [resolve = r.resolve, reject = r.reject](Error* err) {
    if (err != nullptr) {
      reject(*err);
    } else {
      resolve();
    }
  });
  return r.promise;
}

}  // namespace promises
}  // namespace nodecc::stream
