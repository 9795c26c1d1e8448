// MCAP streaming reader (bag/mcap/LinearReader): every record in file order, the records inside
// each chunk inline, as `convert`, `info --recover` and summary-less files use it. Run with and
// without CRC checks: with them a mutated file mostly stops at the first CRC; without them the
// fuzzer reaches the records inside damaged chunks.

#include <cstdint>
#include <span>

#include "robometrics/bag/mcap/LinearReader.hpp"
#include "ScratchFile.hpp"

namespace {

void readAll(const std::string &path, bool verify_crcs) {
    auto reader = robometrics::bag::mcap::LinearReader::open(path, {.verify_crcs = verify_crcs});
    if (!reader) return;
    robometrics::bag::mcap::RecordEntry entry;
    while (true) {
        auto more = reader->next(entry);
        if (!more || !*more) return;
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    std::string path = robometrics::fuzz::writeScratchFile("input.mcap", std::span(data, size));
    readAll(path, true);
    readAll(path, false);
    return 0;
}
