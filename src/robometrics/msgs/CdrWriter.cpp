#include "robometrics/msgs/CdrWriter.hpp"

namespace robometrics::msgs {

CdrWriter::CdrWriter(std::vector<std::uint8_t> &out, CdrByteOrder order) : out_(out), swap_(needsSwap(order)) {
    std::uint8_t *header = room(kCdrHeaderSize);
    header[0] = 0x00;
    header[1] = order == CdrByteOrder::Little ? 0x01 : 0x00;
    header[2] = 0x00;
    header[3] = 0x00;
}

void CdrWriter::writeString(std::string_view text) {
    writeCount(text.size() + 1);
    std::uint8_t *at = room(text.size() + 1);
    if (!text.empty()) std::memcpy(at, text.data(), text.size());
    at[text.size()] = 0;
}

void CdrWriter::grow(std::size_t n) { out_.resize(std::max(size_ + n, 2 * out_.size())); }

void CdrWriter::finish() {
    std::size_t pad = (0 - size_) & 3;
    if (pad != 0) std::memset(room(pad), 0, pad);
    out_.resize(size_);
}

}  // namespace robometrics::msgs
