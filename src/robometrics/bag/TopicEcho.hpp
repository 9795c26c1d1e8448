#pragma once
// The messages of one topic as text, for `robometrics echo`: decoded with the schema the bag
// stores (or the built-in one), one JSON object per line or the indented form of
// `ros2 topic echo` (docs/echo.md).

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "robometrics/bag/ReadDamage.hpp"
#include "robometrics/core/Result.hpp"

namespace robometrics::bag {

struct EchoOptions {
    std::string topic;
    std::uint64_t limit = 0;  ///< 0 = every message
    bool json = false;        ///< one JSON object per line; else the indented form
    /// With it, a recording cut short is read with ReadOptions::recover: what is readable is
    /// printed and this says what was lost (none for a whole bag, or when `limit` ended the read).
    std::optional<ReadDamage> *damage = nullptr;
};

/// Reads the messages of `options.topic` from the bag at `path` and hands their text to `write`
/// one batch at a time, in reading order: whole messages, about 1 MiB of payload each, rendered on
/// worker threads (one per core) while the reading goes on. `write` is called on the calling
/// thread only. Returns
/// how many messages were written, or an error naming the bag, the topic and, for a message that
/// does not decode, its log time (the messages before it have been handed over), or the first
/// error `write` returned.
Result<std::uint64_t> echoTopic(const std::string &path, const EchoOptions &options,
                                const std::function<Status(std::string_view)> &write);

}  // namespace robometrics::bag
