// Sec-WebSocket-Extensions parsing and permessage-deflate negotiation, against what ws 8's
// extension.js and permessage-deflate.js answer for the same headers and options (the expected
// values were taken from ws 8.23 under Node 20).
#include "ws/extensions.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace nodecc::ws::core {
namespace {

std::string serverAnswer(std::string_view header, const DeflateOptions& options) {
  const DeflateNegotiation n = negotiateDeflateOffer(header, options);
  if (n.params) {
    return formatDeflateResponse(*n.params);
  }
  return n.error.empty() ? "none" : "ERR " + std::string(n.error);
}

std::string clientResult(std::string_view header, const DeflateOptions& options) {
  const DeflateNegotiation n = acceptDeflateResponse(header, options);
  if (n.params) {
    return formatDeflateResponse(*n.params);
  }
  return "ERR " + std::string(n.error);
}

const std::string kBad = "ERR Invalid or unacceptable Sec-WebSocket-Extensions header";

TEST(Extensions, ParsesOffersParamsAndQuotedValuesAsWs) {
  std::vector<ExtensionOffer> out;
  ASSERT_TRUE(parseExtensions(
      "foo, permessage-deflate; client_max_window_bits; server_max_window_bits=\"1\\0\", bar;a=b",
      out));
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0].name, "foo");
  EXPECT_TRUE(out[0].params.empty());
  EXPECT_EQ(out[1].name, "permessage-deflate");
  ASSERT_EQ(out[1].params.size(), 2u);
  EXPECT_EQ(out[1].params[0].name, "client_max_window_bits");
  EXPECT_FALSE(out[1].params[0].hasValue);
  EXPECT_EQ(out[1].params[1].value, "10");  // unescaped
  EXPECT_EQ(formatExtensions(out),
            "foo, permessage-deflate; client_max_window_bits; server_max_window_bits=10, bar; a=b");
}

TEST(Extensions, RejectsMalformedHeadersAsWs) {
  for (std::string_view bad :
       {"", " a", "a,", "a;", "a; b=", "a; b=\"c", "a ; b = 1", "a; b=\"\"", "a; b=\"c d\"",
        "a; b=c d", "a b", "a; =c", "a; b=\"\\\"\"", "a\x80"}) {
    std::vector<ExtensionOffer> out;
    EXPECT_FALSE(parseExtensions(bad, out)) << '"' << bad << '"';
  }
  std::vector<ExtensionOffer> out;
  EXPECT_TRUE(parseExtensions("a ;b=1 ,\tc", out));
}

TEST(Extensions, ServerAcceptsOffersAsWsWithDefaultOptions) {
  const DeflateOptions o;
  EXPECT_EQ(serverAnswer("permessage-deflate", o), "permessage-deflate");
  EXPECT_EQ(serverAnswer("permessage-deflate; client_max_window_bits", o), "permessage-deflate");
  EXPECT_EQ(
      serverAnswer("permessage-deflate; client_max_window_bits=10; server_max_window_bits=12", o),
      "permessage-deflate; server_max_window_bits=12; client_max_window_bits=10");
  EXPECT_EQ(
      serverAnswer("permessage-deflate; server_no_context_takeover; client_no_context_takeover", o),
      "permessage-deflate; server_no_context_takeover; client_no_context_takeover");
  // JavaScript's Number() reads these as 10.
  EXPECT_EQ(serverAnswer("permessage-deflate; server_max_window_bits=\"0x0a\"", o),
            "permessage-deflate; server_max_window_bits=10");
  EXPECT_EQ(serverAnswer("permessage-deflate; server_max_window_bits=1e1", o),
            "permessage-deflate; server_max_window_bits=10");
  EXPECT_EQ(serverAnswer("permessage-deflate; server_max_window_bits=\"1\\0\"", o),
            "permessage-deflate; server_max_window_bits=10");
  EXPECT_EQ(
      serverAnswer("foo, permessage-deflate; server_max_window_bits=9, permessage-deflate", o),
      "permessage-deflate; server_max_window_bits=9");
  EXPECT_EQ(serverAnswer("x-webkit-deflate-frame", o), "none");
}

TEST(Extensions, ServerRejectsInvalidParametersWithA400) {
  const DeflateOptions o;
  for (std::string_view h :
       {"permessage-deflate; server_max_window_bits=10.5",
        "permessage-deflate; server_max_window_bits",
        "permessage-deflate; server_max_window_bits=7",
        "permessage-deflate; server_max_window_bits=16",
        "permessage-deflate; client_no_context_takeover=1", "permessage-deflate; foo",
        "permessage-deflate; client_max_window_bits; client_max_window_bits=9",
        "permessage-deflate;", "permessage-deflate ; client_max_window_bits = 10",
        "permessage-deflate; a=\"b", "permessage-deflate, permessage-deflate; x"}) {
    EXPECT_EQ(serverAnswer(h, o), kBad) << h;
  }
}

TEST(Extensions, ServerAddsItsNoContextTakeoverOptionsEvenWhenNotOffered) {
  DeflateOptions o;
  o.serverNoContextTakeover = true;
  o.clientNoContextTakeover = true;
  EXPECT_EQ(serverAnswer("permessage-deflate", o),
            "permessage-deflate; server_no_context_takeover; client_no_context_takeover");
  EXPECT_EQ(
      serverAnswer("permessage-deflate; client_max_window_bits=10; server_max_window_bits=12", o),
      "permessage-deflate; server_no_context_takeover; client_no_context_takeover; "
      "server_max_window_bits=12; client_max_window_bits=10");
}

TEST(Extensions, ServerWithWindowOptionsDeclinesOffersItCannotHonour) {
  DeflateOptions o;
  o.serverMaxWindowBits = 10;
  o.clientMaxWindowBits = 11;
  EXPECT_EQ(serverAnswer("permessage-deflate; client_max_window_bits", o),
            "permessage-deflate; server_max_window_bits=10; client_max_window_bits=11");
  for (std::string_view h :
       {"permessage-deflate",
        "permessage-deflate; client_max_window_bits=10; server_max_window_bits=12",
        "permessage-deflate; server_max_window_bits=\"0x0a\"",
        "foo, permessage-deflate; server_max_window_bits=9, permessage-deflate"}) {
    EXPECT_EQ(serverAnswer(h, o), kBad) << h;  // ws: "None of the extension offers can be accepted"
  }
}

TEST(Extensions, ServerWithWsFalseOptionsRefusesThoseParameters) {
  DeflateOptions o;
  o.serverMaxWindowBits = kWindowBitsFalse;
  o.clientMaxWindowBits = kWindowBitsFalse;
  o.refuseServerNoContextTakeover = true;
  EXPECT_EQ(serverAnswer("permessage-deflate", o), "permessage-deflate");
  EXPECT_EQ(serverAnswer("permessage-deflate; client_max_window_bits", o), "permessage-deflate");
  EXPECT_EQ(
      serverAnswer("foo, permessage-deflate; server_max_window_bits=9, permessage-deflate", o),
      "permessage-deflate");
  EXPECT_EQ(serverAnswer("permessage-deflate; server_no_context_takeover", o), kBad);
  EXPECT_EQ(serverAnswer("permessage-deflate; server_max_window_bits=12", o), kBad);
}

TEST(Extensions, ClientOffersAsWs) {
  DeflateOptions o;
  EXPECT_EQ(formatDeflateOffer(o), "permessage-deflate; client_max_window_bits");
  o.clientMaxWindowBits = 10;
  EXPECT_EQ(formatDeflateOffer(o), "permessage-deflate; client_max_window_bits=10");
  o.clientMaxWindowBits = kWindowBitsFalse;
  EXPECT_EQ(formatDeflateOffer(o), "permessage-deflate");
  o.serverNoContextTakeover = true;
  o.clientNoContextTakeover = true;
  o.serverMaxWindowBits = 12;
  EXPECT_EQ(formatDeflateOffer(o),
            "permessage-deflate; server_no_context_takeover; client_no_context_takeover; "
            "server_max_window_bits=12");
}

TEST(Extensions, ClientValidatesTheServersAnswerAsWs) {
  const std::string invalid = "ERR Invalid Sec-WebSocket-Extensions header";
  DeflateOptions o;
  EXPECT_EQ(clientResult("permessage-deflate", o), "permessage-deflate");
  EXPECT_EQ(clientResult("permessage-deflate; client_max_window_bits", o), invalid);
  EXPECT_EQ(clientResult("permessage-deflate; client_max_window_bits=9", o),
            "permessage-deflate; client_max_window_bits=9");
  EXPECT_EQ(
      clientResult("permessage-deflate; server_max_window_bits=10; client_no_context_takeover", o),
      "permessage-deflate; client_no_context_takeover; server_max_window_bits=10");
  EXPECT_EQ(clientResult("foo", o), "ERR Server indicated an extension that was not requested");
  EXPECT_EQ(clientResult("permessage-deflate, permessage-deflate; x", o), invalid);
  EXPECT_EQ(clientResult("permessage-deflate;", o), invalid);

  o.clientMaxWindowBits = 10;
  EXPECT_EQ(clientResult("permessage-deflate", o), "permessage-deflate; client_max_window_bits=10");
  EXPECT_EQ(clientResult("permessage-deflate; client_max_window_bits=9", o),
            "permessage-deflate; client_max_window_bits=9");
  EXPECT_EQ(clientResult("permessage-deflate; client_max_window_bits=11", o), invalid);

  o.clientMaxWindowBits = kWindowBitsFalse;
  o.refuseClientNoContextTakeover = true;
  EXPECT_EQ(clientResult("permessage-deflate", o), "permessage-deflate");
  EXPECT_EQ(clientResult("permessage-deflate; client_max_window_bits=9", o), invalid);
  EXPECT_EQ(clientResult("permessage-deflate; client_no_context_takeover", o), invalid);
}

}  // namespace
}  // namespace nodecc::ws::core
