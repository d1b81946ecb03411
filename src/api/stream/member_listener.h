#pragma once
// The listener a companion stream (http::asStream, net::asStream, process::asStream) registers
// on the object it wraps: it calls one member of the stream, and equals another only for the
// same stream and member, so off() removes exactly it. Its parameters are the member's, as the
// emitter needs concrete payload types.
namespace nodecc::stream::detail {

template <auto Member>
struct MemberListener;

template <class Self, class... Args, void (Self::*Member)(Args...)>
struct MemberListener<Member> {
  Self* self;
  void operator()(Args... args) const { (self->*Member)(args...); }
  bool operator==(const MemberListener& o) const { return self == o.self; }
};

}  // namespace nodecc::stream::detail
