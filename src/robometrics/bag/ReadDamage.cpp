#include "robometrics/bag/ReadDamage.hpp"

#include <fmt/format.h>

namespace robometrics::bag {

std::string groupedCount(std::uint64_t n) {
    std::string digits = std::to_string(n);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ' ';
        out += digits[i];
    }
    return out;
}

std::string damageWarning(const ReadDamage &damage) {
    double seconds = 0.0;
    // Taken in uint64: two arbitrary int64 log times (a fuzzed file) may differ by more than int64.
    if (damage.first_log_time && damage.last_log_time && *damage.last_log_time >= *damage.first_log_time)
        seconds = static_cast<double>(static_cast<std::uint64_t>(*damage.last_log_time) -
                                      static_cast<std::uint64_t>(*damage.first_log_time)) *
                  1e-9;
    const std::string what = damage.loss.empty() ? damage.description : damage.loss;
    std::string text = damage.truncated
                           ? fmt::format("{}: the recording ends abruptly at {:.1f} s ({})", damage.file, seconds, what)
                           : fmt::format("{}: reading stopped at damage at {:.1f} s ({})", damage.file, seconds, what);
    if (damage.other_damaged_files > 0)
        text += fmt::format(", and {} more damaged file{}", damage.other_damaged_files,
                            damage.other_damaged_files == 1 ? "" : "s");
    return text + fmt::format("; {} messages read", groupedCount(damage.messages_read));
}

}  // namespace robometrics::bag
