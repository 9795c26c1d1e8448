#include "robometrics/system/ProcParsers.hpp"

#include <charconv>
#include <string>
#include <vector>

namespace robometrics::system {

namespace {

template <class T>
bool parseNumber(std::string_view s, T &out) {
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && ptr == s.data() + s.size();
}

}  // namespace

Result<ProcStat> parseProcStat(std::string_view text) {
    ProcStat stat;
    auto open = text.find('(');
    auto close = text.rfind(')');
    if (open == std::string_view::npos || close == std::string_view::npos || close < open) {
        return Error{"stat: no command name in parentheses"};
    }
    if (!parseNumber(text.substr(0, open > 0 ? open - 1 : 0), stat.pid)) return Error{"stat: bad pid"};
    // Fields after the command name, numbered as in proc(5): 3 state, 4 ppid, 5 pgrp, ... 14 utime,
    // 15 stime, 20 num_threads, 22 starttime, 24 rss.
    std::vector<std::string_view> fields;
    std::string_view rest = text.substr(close + 1);
    size_t i = 0;
    while (i < rest.size()) {
        while (i < rest.size() && (rest[i] == ' ' || rest[i] == '\n')) ++i;
        size_t start = i;
        while (i < rest.size() && rest[i] != ' ' && rest[i] != '\n') ++i;
        if (i > start) fields.push_back(rest.substr(start, i - start));
    }
    auto field = [&](size_t number) { return fields[number - 3]; };
    if (fields.size() < 22) return Error{"stat: too few fields"};
    bool ok = parseNumber(field(4), stat.ppid) && parseNumber(field(5), stat.pgrp) &&
              parseNumber(field(14), stat.utime_ticks) && parseNumber(field(15), stat.stime_ticks) &&
              parseNumber(field(20), stat.num_threads) && parseNumber(field(22), stat.start_ticks) &&
              parseNumber(field(24), stat.rss_pages);
    if (!ok) return Error{"stat: a numeric field could not be parsed"};
    return stat;
}

std::optional<std::uint64_t> parsePssKb(std::string_view smaps_rollup) {
    size_t pos = 0;
    while (pos < smaps_rollup.size()) {
        size_t end = smaps_rollup.find('\n', pos);
        if (end == std::string_view::npos) end = smaps_rollup.size();
        std::string_view line = smaps_rollup.substr(pos, end - pos);
        if (line.rfind("Pss:", 0) == 0) {
            std::string_view value = line.substr(4);
            size_t b = value.find_first_not_of(' ');
            size_t e = value.find(' ', b);
            std::uint64_t kb = 0;
            if (b != std::string_view::npos && parseNumber(value.substr(b, e - b), kb)) return kb;
            return std::nullopt;
        }
        pos = end + 1;
    }
    return std::nullopt;
}

}  // namespace robometrics::system
