// The byte streams, compiled once here rather than in every program that uses them.
#include "nodecc/stream.h"

namespace nodecc::stream {

template class ReadableOf<Buffer>;
template class WritableOf<Buffer>;
template class DuplexOf<Buffer, Buffer>;
template class TransformOf<Buffer, Buffer>;
template class PassThroughOf<Buffer>;

}  // namespace nodecc::stream
