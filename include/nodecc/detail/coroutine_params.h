#pragma once
// The compile-time check of a coroutine's parameters (Promise, Generator, AsyncGenerator): the
// parameter kinds that most often refer to a caller's temporary are refused, because the
// temporary is gone at the caller's `;` and the coroutine reads it after its first suspension.
//
// The compiler names the coroutine's parameter types, in declaration order, as the arguments of
// std::coroutine_traits (a member coroutine's object comes first, as `Class&`). Refused:
//   - any rvalue reference parameter (`T&&`), which exists only to bind temporaries;
//   - `const std::string&`, `std::string_view`, `const std::vector<T>&` and `std::span<T>`: the
//     signatures a C++ programmer writes by habit for text and lists, and which a string
//     literal, a concatenation or a returned container binds silently.
// Other lvalue references stay allowed: a request, a response, a server or an emitter is an
// object with an identity that outlives the handler, and a closure's own `const Lambda&` is
// how every coroutine lambda receives itself. Passing a reference on purpose: std::cref(s)
// (a value holding the reference) or a pointer.
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace nodecc::detail {

template <class P>
struct IsTemporaryProne : std::false_type {};
template <class C, class Tr, class A>
struct IsTemporaryProne<const std::basic_string<C, Tr, A>&> : std::true_type {};
template <class C, class Tr>
struct IsTemporaryProne<std::basic_string_view<C, Tr>> : std::true_type {};
template <class C, class Tr>
struct IsTemporaryProne<const std::basic_string_view<C, Tr>> : std::true_type {};
template <class C, class Tr>
struct IsTemporaryProne<const std::basic_string_view<C, Tr>&> : std::true_type {};
template <class T, class A>
struct IsTemporaryProne<const std::vector<T, A>&> : std::true_type {};
template <class T, std::size_t N>
struct IsTemporaryProne<std::span<T, N>> : std::true_type {};
template <class T, std::size_t N>
struct IsTemporaryProne<const std::span<T, N>> : std::true_type {};

// One instantiation per parameter, so the compiler's "required from" line names the type.
template <class P>
struct CoroutineParameter {
  static_assert(!std::is_rvalue_reference_v<P>,
                "nodecc: a coroutine parameter declared T&& refers to the caller's temporary, "
                "which is destroyed before the coroutine resumes: take it by value "
                "(docs/guide.md, 'Coroutine parameters')");
  static_assert(!IsTemporaryProne<P>::value,
                "nodecc: a coroutine taking const std::string&, std::string_view, "
                "const std::vector& or std::span keeps a reference to the caller's temporary, "
                "which is destroyed before the coroutine resumes: take it by value "
                "(std::string, std::vector), or pass std::cref(x) to share on purpose "
                "(docs/guide.md, 'Coroutine parameters')");
  static constexpr bool ok = true;
};

template <class... Params>
inline constexpr bool kCoroutineParametersOk = (CoroutineParameter<Params>::ok && ...);

}  // namespace nodecc::detail
