"""Reading a trace's bytes in the recorder's tests: the LEB128 varints and zigzag-signed numbers
its frames are made of (src/recorder/frame.h)."""


def varint(data, i):
    """The LEB128 varint at data[i] and the offset after it."""
    v = shift = 0
    while True:
        b = data[i]
        i += 1
        v |= (b & 0x7f) << shift
        shift += 7
        if not b & 0x80:
            return v, i


def signed(data, i):
    """The zigzag-encoded signed varint at data[i] and the offset after it."""
    v, i = varint(data, i)
    return (v >> 1) ^ -(v & 1), i
