#include "robometrics/msgs/CdrWriter.hpp"

namespace robometrics::msgs {

CdrWriter::CdrWriter(std::vector<std::uint8_t> &out, CdrByteOrder order) : out_(out), swap_(needsSwap(order)) {
    out_.clear();
    out_.push_back(0x00);
    out_.push_back(order == CdrByteOrder::Little ? 0x01 : 0x00);
    out_.push_back(0x00);
    out_.push_back(0x00);
}

void CdrWriter::writeString(std::string_view text) {
    writeCount(text.size() + 1);
    std::size_t at = out_.size();
    out_.resize(at + text.size() + 1);
    if (!text.empty()) std::memcpy(out_.data() + at, text.data(), text.size());
    out_[at + text.size()] = 0;
}

void CdrWriter::finish() {
    std::size_t pad = (0 - out_.size()) & 3;
    if (pad != 0) out_.resize(out_.size() + pad, 0);
}

}  // namespace robometrics::msgs
