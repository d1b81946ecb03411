// body-parser 2.4's read() over the request's "data"/"end" events, with its json, text, raw
// and urlencoded parsers: body_read.h's checks of the head (type, charset, Content-Encoding,
// the limit from Content-Length), then the limit while reading (413 as soon as the bytes read
// pass it), then the bytes inflated and parsed into req.body.
#include <memory>

#include "api/express/body_read.h"
#include "api/express/ctx.h"
#include "api/express/text.h"

namespace nodecc::express {

using detail::BodyKind;
using detail::BodyParserOptions;
using detail::BodyPlan;
using detail::Handler;

namespace {

// The state of one body being read.
struct Reading {
  explicit Reading(Next n) : next(std::move(n)) {}
  Next next;
  std::vector<Buffer> chunks;
  size_t received = 0;
  bool failed = false;
};

Handler makeParser(BodyParserOptions options) {
  auto o = std::make_shared<BodyParserOptions>(std::move(options));
  return detail::makeHandler([o](Request& req, Response& res, Next next) {
    if (req.body.kind != Body::Kind::kUndefined) {  // another parser read it
      next();
      return;
    }
    if (!detail::hasBody(req)) {
      next();
      return;
    }
    BodyPlan plan = detail::planBody(*o, req.headers["content-type"], req.get("content-encoding"),
                                     req.headers["content-length"]);
    switch (plan.action) {
      case BodyPlan::Action::kSkip:
        next();
        return;
      case BodyPlan::Action::kFail:
        next(std::move(*plan.error));
        return;
      case BodyPlan::Action::kDrain: {
        auto err = std::move(*plan.error);
        req.message.on("end", [next, err] { next(err); });
        req.message.on("data", [](const Buffer&) {});
        req.message.resume();
        return;
      }
      case BodyPlan::Action::kRead:
        break;
    }
    auto state = std::make_shared<Reading>(next);
    req.message.on("data", [state, readLimit = plan.readLimit](const Buffer& chunk) {
      if (state->failed) {
        return;
      }
      state->received += chunk.size();
      if (state->received > readLimit) {
        state->failed = true;
        state->chunks.clear();
        return;
      }
      state->chunks.push_back(chunk);
    });
    req.message.on("end", [state, o, &req, charset = std::move(plan.charset),
                           coding = plan.coding] {
      if (state->failed) {
        state->next(detail::bodyTooLarge());
        return;
      }
      Buffer body = state->chunks.size() == 1 ? state->chunks[0] : Buffer::concat(state->chunks);
      state->chunks.clear();
      try {
        body = detail::inflateBody(body, coding, o->limit);
      } catch (const HttpError&) {
        state->next(std::current_exception());
        return;
      }
      try {
        req.body = detail::parseBody(*o, body, charset);
      } catch (const HttpError&) {
        req.body = Body();
        state->next(std::current_exception());
        return;
      }
      state->next();
    });
  });
}

}  // namespace

Handler json(JsonOptions options) {
  BodyParserOptions o{BodyKind::kJson, options.limit, std::move(options.type), "utf-8",
                      options.inflate};
  o.strict = options.strict;
  o.reviver = std::move(options.reviver);
  return makeParser(std::move(o));
}

Handler text(TextOptions options) {
  return makeParser(BodyParserOptions{BodyKind::kText, options.limit, std::move(options.type),
                                      std::move(options.defaultCharset), options.inflate});
}

Handler raw(RawOptions options) {
  return makeParser(BodyParserOptions{BodyKind::kRaw, options.limit, std::move(options.type), "",
                                      options.inflate});
}

Handler urlencoded(UrlencodedOptions options) {
  if (options.extended) {
    throw TypeError("", "urlencoded({extended: true}) (qs) is not supported");
  }
  if (options.parameterLimit < 1) {
    throw TypeError("", "option parameterLimit must be a positive number");
  }
  BodyParserOptions o{BodyKind::kForm, options.limit, std::move(options.type), "utf-8",
                      options.inflate};
  o.parameterLimit = options.parameterLimit;
  return makeParser(std::move(o));
}

}  // namespace nodecc::express
