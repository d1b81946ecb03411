#pragma once
// readable.pipe()/unpipe() (readable.js) and finished() (end-of-stream.js). Each pipe's
// listeners are function objects that compare equal only to their own pipe's, so unpiping one
// destination removes that pipe's listeners and no other's.
#include <algorithm>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

#include "nodecc/detail/stream_duplex.h"

namespace nodecc::stream {

namespace detail {

// What stands for `x` in pipe, pipeline and finished: a stream as it is; anything else (an
// http::IncomingMessage, an http::ServerResponse...: Node's legacy streams, which are not
// stream classes) through the asStream(x) its own namespace declares, found by ADL.
template <class X>
decltype(auto) streamOf(X& x) {
  if constexpr (std::is_base_of_v<Stream, X>) {
    return (x);
  } else {
    return asStream(x);
  }
}

template <class X>
concept Adapted = !std::is_base_of_v<Stream, X> && requires(X & x) {
  asStream(x);
};

template <class T>
struct PipeLink : std::enable_shared_from_this<PipeLink<T>> {
  ReadableOf<T>* src;
  WritableOf<T>* dest;
  bool doEnd = true;
  bool cleanedUp = false;
  bool hasOndrain = false;
  bool dataListener = false;  // its 'data' listener is registered (the source's fast path)

  void cleanup();
  void pause();
  // src is null once the source was deleted (a runtime-owned one, after its 'close'): the
  // destination's listeners, which stay as Node leaves them to the garbage collector, then
  // have no source to unpipe or resume.
  void unpipe() {
    if (src != nullptr) {
      src->unpipe(*dest);
    }
  }
};

template <class T, int Kind>
struct PipeListener {
  std::shared_ptr<PipeLink<T>> link;
  bool operator==(const PipeListener& o) const { return link == o.link; }
};

template <class T>
struct PipeOnData : PipeListener<T, 0> {
  void operator()(const T& chunk) const { ReadableOf<T>::pipeData(*this->link, chunk); }
};
struct PipeOnText : PipeListener<Buffer, 1> {
  void operator()(const std::string& text) const {
    if (!link->dest->write(std::string_view(text))) {
      link->pause();
    }
  }
};
template <class T>
struct PipeOnEnd : PipeListener<T, 2> {
  void operator()() const {
    if (this->link->doEnd) {
      this->link->dest->end();
    } else {
      this->link->unpipe();
    }
  }
};
template <class T>
struct PipeOnUnpipe : PipeListener<T, 3> {
  void operator()(Stream& readable, UnpipeInfo& info) const {
    if (&readable == static_cast<Stream*>(this->link->src) && !info.hasUnpiped) {
      info.hasUnpiped = true;
      this->link->cleanup();
    }
  }
};
template <class T>
struct PipeOnDrain : PipeListener<T, 4> {
  void operator()() const {
    PipeLink<T>& l = *this->link;
    if (l.src == nullptr) {
      return;
    }
    PipeList<T>* list = l.src->pipeList();
    if (list != nullptr) {
      auto& w = list->awaitDrain;
      w.erase(std::remove(w.begin(), w.end(), static_cast<const void*>(l.dest)), w.end());
      if (!w.empty()) {
        return;
      }
    }
    if (l.src->rs().has(kDataListening)) {
      l.src->resume();
    }
  }
};
template <class T>
struct PipeOnError : PipeListener<T, 5> {
  void operator()(const Error& er) const {
    PipeLink<T>& l = *this->link;
    std::shared_ptr<PipeLink<T>> keep = this->link;
    l.unpipe();
    l.dest->off("error", *this);
    if (l.dest->listenerCount("error") == 0) {
      if ((l.dest->commonBits() & kErrorEmitted) == 0) {
        l.dest->errorOrDestroy(er);
      } else {
        l.dest->emit("error", er);
      }
    }
  }
};
template <class T>
struct PipeOnFinish;
template <class T>
struct PipeOnClose : PipeListener<T, 6> {
  void operator()() const {
    std::shared_ptr<PipeLink<T>> keep = this->link;
    keep->dest->off("finish", PipeOnFinish<T>{{keep}});
    keep->unpipe();
  }
};
template <class T>
struct PipeOnFinish : PipeListener<T, 7> {
  void operator()() const {
    std::shared_ptr<PipeLink<T>> keep = this->link;
    keep->dest->off("close", PipeOnClose<T>{{keep}});
    keep->unpipe();
  }
};

template <class T>
void PipeLink<T>::cleanup() {
  std::shared_ptr<PipeLink<T>> l = this->shared_from_this();
  dataListener = false;
  dest->off("close", PipeOnClose<T>{{l}});
  dest->off("finish", PipeOnFinish<T>{{l}});
  if (hasOndrain) {
    dest->off("drain", PipeOnDrain<T>{{l}});
  }
  dest->off("error", PipeOnError<T>{{l}});
  dest->off("unpipe", PipeOnUnpipe<T>{{l}});
  src->off("end", PipeOnEnd<T>{{l}});
  if constexpr (kIsBytes<T>) {
    src->off("data", PipeOnText{{l}});
  }
  src->off("data", PipeOnData<T>{{l}});
  cleanedUp = true;
  // A source waiting for this destination's 'drain' would stay paused: drain it now.
  PipeList<T>* list = src->pipeList();
  bool awaiting = list != nullptr && (list->multi || !list->awaitDrain.empty());
  if (hasOndrain && awaiting && dest->ws().has(kNeedDrain)) {
    PipeOnDrain<T>{{l}}();
  }
}

template <class T>
void PipeLink<T>::pause() {
  PipeList<T>* list = src->pipeList();
  if (!cleanedUp) {
    auto& links = list->links;
    if (links.size() == 1 && links[0].get() == this) {
      list->awaitDrain.assign(1, dest);
    } else if (links.size() > 1 &&
               std::any_of(links.begin(), links.end(),
                           [&](const auto& l) { return l.get() == this; }) &&
               std::find(list->awaitDrain.begin(), list->awaitDrain.end(), dest) ==
                   list->awaitDrain.end()) {
      list->awaitDrain.push_back(dest);
    }
    src->pause();
  }
  if (!hasOndrain) {
    hasOndrain = true;
    dest->on("drain", PipeOnDrain<T>{{this->shared_from_this()}});
  }
}

}  // namespace detail

template <class T>
ReadableOf<T>::~ReadableOf() {
  if (pipes_) {
    for (auto& l : pipes_->links) {
      l->src = nullptr;
    }
  }
}

template <class T>
void ReadableOf<T>::pipeData(detail::PipeLink<T>& link, const T& chunk) {
  if (!link.dest->write(chunk)) {
    link.pause();
  }
}

template <class T>
template <class W>
W& ReadableOf<T>::pipe(W& destination, PipeOptions options) {
  WritableOf<T>& dest = detail::streamOf(destination);
  if (!pipes_) {
    pipes_ = std::make_unique<detail::PipeList<T>>();
  }
  if (pipes_->links.size() == 1) {
    pipes_->multi = true;
  }
  auto link = std::make_shared<detail::PipeLink<T>>();
  link->src = this;
  link->dest = &dest;
  link->doEnd = options.end;
  pipes_->links.push_back(link);
  if (rs().has(detail::kEndEmitted)) {
    tick([link] { detail::PipeOnEnd<T>{{link}}(); });
  } else {
    once("end", detail::PipeOnEnd<T>{{link}});
  }
  dest.on("unpipe", detail::PipeOnUnpipe<T>{{link}});
  if constexpr (kIsBytes<T>) {
    if (rs().has(detail::kDecoder)) {
      on("data", detail::PipeOnText{{link}});
    } else {
      on("data", detail::PipeOnData<T>{{link}});
      link->dataListener = true;
    }
  } else {
    on("data", detail::PipeOnData<T>{{link}});
    link->dataListener = true;
  }
  dest.prependListener("error", detail::PipeOnError<T>{{link}});
  dest.once("close", detail::PipeOnClose<T>{{link}});
  dest.once("finish", detail::PipeOnFinish<T>{{link}});
  dest.emit("pipe", static_cast<Stream&>(*this));
  if (dest.writableNeedDrain()) {
    link->pause();
  } else if (!rs().has(detail::kFlowing)) {
    resume();
  }
  return destination;
}

template <class T>
ReadableOf<T>& ReadableOf<T>::unpipe() {
  if (!pipes_ || pipes_->links.empty()) {
    return *this;
  }
  auto links = std::move(pipes_->links);
  pipes_->links.clear();
  pause();
  for (auto& l : links) {
    UnpipeInfo info;
    l->dest->emit("unpipe", static_cast<Stream&>(*this), info);
  }
  return *this;
}

template <class T>
ReadableOf<T>& ReadableOf<T>::unpipe(Stream& destination) {
  if (!pipes_ || pipes_->links.empty()) {
    return *this;
  }
  auto& v = pipes_->links;
  auto it = std::find_if(v.begin(), v.end(), [&](const auto& l) {
    return static_cast<Stream*>(l->dest) == &destination;
  });
  if (it == v.end()) {
    return *this;
  }
  std::shared_ptr<detail::PipeLink<T>> keep = *it;
  v.erase(it);
  if (v.empty()) {
    pause();
  }
  UnpipeInfo info;
  destination.emit("unpipe", static_cast<Stream&>(*this), info);
  return *this;
}

}  // namespace nodecc::stream
