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

namespace {

double secondsAfter(TimeNs t, TimeNs origin) {
    // In uint64: two arbitrary int64 log times (a fuzzed file) may differ by more than int64.
    if (t < origin)
        return -static_cast<double>(static_cast<std::uint64_t>(origin) - static_cast<std::uint64_t>(t)) * 1e-9;
    return static_cast<double>(static_cast<std::uint64_t>(t) - static_cast<std::uint64_t>(origin)) * 1e-9;
}

}  // namespace

std::string describeSpan(const LostSpan &span, std::optional<TimeNs> origin) {
    std::string text;
    if (span.start_time && span.end_time) {
        const TimeNs from = origin ? *origin : *span.start_time;
        text =
            fmt::format("{:.1f}-{:.1f} s, ", secondsAfter(*span.start_time, from), secondsAfter(*span.end_time, from));
    } else {
        text = "time unknown, ";
    }
    if (span.messages) {
        text += fmt::format("{} message{}", groupedCount(*span.messages), *span.messages == 1 ? "" : "s");
    } else {
        text += "message count unknown";
    }
    if (!span.topics.empty()) {
        text += " (";
        for (std::size_t i = 0; i < span.topics.size(); ++i) text += (i ? ", " : "") + span.topics[i];
        text += ")";
    }
    if (span.byte_begin && span.byte_end) text += fmt::format(", bytes {}-{}", *span.byte_begin, *span.byte_end);
    return text;
}

std::string withoutPath(const std::string &message, const std::string &path) {
    if (message.rfind(path + ": ", 0) == 0) return message.substr(path.size() + 2);
    return message;
}

void addLostSpans(std::optional<ReadDamage> &damage, const std::string &file, std::vector<LostSpan> spans) {
    if (spans.empty()) return;
    if (!damage) {
        damage.emplace();
        damage->file = file;
        damage->read_to_end = true;
    }
    for (LostSpan &span : spans) damage->spans.push_back(std::move(span));
    if (damage->read_to_end) {
        const std::size_t n = damage->spans.size();
        damage->description = fmt::format("{} damaged span{} skipped, the rest read", n, n == 1 ? "" : "s");
        damage->loss = fmt::format("{} damaged span{} skipped", n, n == 1 ? "" : "s");
    }
}

std::string damageWarning(const ReadDamage &damage) {
    double seconds = 0.0;
    if (damage.first_log_time && damage.last_log_time && *damage.last_log_time >= *damage.first_log_time)
        seconds = secondsAfter(*damage.last_log_time, *damage.first_log_time);
    const std::string what = damage.loss.empty() ? damage.description : damage.loss;
    std::string text;
    if (!damage.spans.empty()) {
        text =
            fmt::format("{}: {} damaged span{} skipped, reading went on after {} (", damage.file, damage.spans.size(),
                        damage.spans.size() == 1 ? "" : "s", damage.spans.size() == 1 ? "it" : "each");
        for (std::size_t i = 0; i < damage.spans.size(); ++i)
            text += (i ? "; " : "") + describeSpan(damage.spans[i], damage.first_log_time);
        text += ")";
        if (!damage.read_to_end) text += "; then ";
    }
    if (damage.spans.empty() || !damage.read_to_end) {
        text += damage.truncated ? fmt::format("{}the recording ends abruptly at {:.1f} s ({})",
                                               damage.spans.empty() ? damage.file + ": " : "", seconds, what)
                                 : fmt::format("{}reading stopped at damage at {:.1f} s ({})",
                                               damage.spans.empty() ? damage.file + ": " : "", seconds, what);
    }
    if (damage.other_damaged_files > 0)
        text += fmt::format(", and {} more damaged file{}", damage.other_damaged_files,
                            damage.other_damaged_files == 1 ? "" : "s");
    return text + fmt::format("; {} messages read", groupedCount(damage.messages_read));
}

}  // namespace robometrics::bag
