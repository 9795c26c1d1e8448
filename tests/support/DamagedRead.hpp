#pragma once
// For the tests of damaged recordings: every message of a bag read to its end with its bytes, the
// damage() at the end and the error that ended the read; whether one read holds only messages of
// another, in its order; a damaged copy of a file written out.

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/ReadAhead.hpp"

namespace robometrics::test {

using StoredMessage = std::tuple<std::string, TimeNs, std::vector<std::uint8_t>>;  ///< topic, log time, bytes

struct FullRead {
    std::vector<StoredMessage> messages;
    std::optional<bag::ReadDamage> damage;
    std::string error;  ///< of openBag or next(); empty when the read ended without one
};

inline FullRead readFully(bag::MessageSource &source) {
    FullRead out;
    bag::Message m;
    for (;;) {
        auto more = source.next(m);
        if (!more) {
            out.error = more.message();
            break;
        }
        if (!*more) break;
        out.messages.emplace_back(m.topic->name, m.log_time, std::vector<std::uint8_t>(m.data.begin(), m.data.end()));
    }
    out.damage = source.damage();
    return out;
}

/// Opens `path` (recovering when `recover`) and reads it to its end, on a second thread with `ahead`.
inline FullRead readFully(const std::filesystem::path &path, bool recover, bool ahead = false) {
    bag::ReadOptions options;
    options.recover = recover;
    auto source = bag::openBag(path.string(), options);
    if (!source) return FullRead{{}, std::nullopt, source.message()};
    if (!ahead) return readFully(**source);
    bag::ReadAhead reader(**source, 1);
    return readFully(reader.consumer(0));
}

/// True when `part` is `whole` with some messages left out: the same messages, in the same order.
inline bool isSubsequence(const std::vector<StoredMessage> &part, const std::vector<StoredMessage> &whole) {
    std::size_t j = 0;
    for (const StoredMessage &m : part) {
        while (j < whole.size() && whole[j] != m) ++j;
        if (j == whole.size()) return false;
        ++j;
    }
    return true;
}

inline std::filesystem::path writeDamagedCopy(const std::filesystem::path &path, const std::string &bytes) {
    std::ofstream(path, std::ios::binary | std::ios::trunc)
        .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return path;
}

}  // namespace robometrics::test
