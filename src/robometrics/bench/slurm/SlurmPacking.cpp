#include "robometrics/bench/slurm/SlurmPacking.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace robometrics::bench {

namespace {

constexpr std::size_t kMaxListedJobs = 100000;

/// A non-negative decimal number of at most 9 digits; none otherwise.
std::optional<long long> smallNumber(const std::string &text) {
    if (text.empty() || text.size() > 9) return std::nullopt;
    for (char c : text) {
        if (c < '0' || c > '9') return std::nullopt;
    }
    return std::stoll(text);
}

std::vector<std::string> split(const std::string &text, char separator) {
    std::vector<std::string> out;
    std::size_t start = 0;
    for (std::size_t at = text.find(separator); at != std::string::npos; at = text.find(separator, start)) {
        out.push_back(text.substr(start, at - start));
        start = at + 1;
    }
    out.push_back(text.substr(start));
    return out;
}

}  // namespace

std::vector<std::vector<int>> packJobs(const std::vector<int> &todo, int per_task) {
    const std::size_t k = static_cast<std::size_t>(std::max(1, per_task));
    std::vector<std::vector<int>> out;
    for (std::size_t i = 0; i < todo.size(); i += k) {
        out.emplace_back(todo.begin() + static_cast<long>(i),
                         todo.begin() + static_cast<long>(std::min(i + k, todo.size())));
    }
    return out;
}

int autoJobsPerTask(std::vector<double> job_seconds) {
    job_seconds.erase(
        std::remove_if(job_seconds.begin(), job_seconds.end(), [](double s) { return !std::isfinite(s) || s < 0; }),
        job_seconds.end());
    if (job_seconds.size() < 3) return 1;
    const auto middle = job_seconds.begin() + static_cast<long>(job_seconds.size() / 2);
    std::nth_element(job_seconds.begin(), middle, job_seconds.end());
    const double median = std::max(*middle, 1e-3);
    return static_cast<int>(std::clamp(std::ceil(kTargetTaskSeconds / median), 1.0, 1000.0));
}

std::vector<std::vector<int>> packAutomatically(const std::vector<int> &todo, const std::vector<double> &job_seconds,
                                                int slots) {
    if (todo.empty()) return {};
    const std::size_t most = static_cast<std::size_t>(autoJobsPerTask(job_seconds));
    const std::size_t per_slot = static_cast<std::size_t>(std::max(1, slots));
    std::size_t tasks = (todo.size() + most - 1) / most;
    tasks = std::max(tasks, per_slot);
    tasks = (tasks + per_slot - 1) / per_slot * per_slot;  // every slot the same number of tasks
    tasks = std::min(tasks, todo.size());
    std::vector<std::vector<int>> out;
    const std::size_t base = todo.size() / tasks, longer = todo.size() % tasks;
    std::size_t at = 0;
    for (std::size_t t = 0; t < tasks; ++t) {
        const std::size_t size = base + (t < longer ? 1 : 0);
        out.emplace_back(todo.begin() + static_cast<long>(at), todo.begin() + static_cast<long>(at + size));
        at += size;
    }
    return out;
}

Result<PartitionSize> parsePartitionSize(const std::string &sinfo, const std::string &partition, int cpus_per_task) {
    PartitionSize size;
    std::vector<std::string> partitions;
    for (const std::string &raw : split(sinfo, '\n')) {
        std::string line = raw;
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
        if (line.empty()) continue;
        const std::vector<std::string> fields = split(line, '|');
        if (fields.size() != 4) return Error{fmt::format("sinfo: expected PARTITION|NODE|CPUS|STATE, got '{}'", line)};
        std::string name = fields[0];
        const bool is_default = !name.empty() && name.back() == '*';
        if (is_default) name.pop_back();
        if (std::find(partitions.begin(), partitions.end(), name) == partitions.end()) partitions.push_back(name);
        if (partition.empty() ? !is_default : name != partition) continue;
        size.partition = name;
        const auto cpus = smallNumber(fields[2]);
        if (!cpus) return Error{fmt::format("sinfo: '{}' is not a CPU count in '{}'", fields[2], line)};
        // A node that is down, drained, draining, failing or not responding ('*') runs nothing.
        const std::string &state = fields[3];
        bool usable = state.find('*') == std::string::npos;
        for (const char *bad :
             {"down", "drain", "drng", "fail", "inval", "maint", "unk", "futr", "npc", "boot", "plnd"}) {
            if (state.rfind(bad, 0) == 0) usable = false;
        }
        if (!usable) continue;
        ++size.nodes;
        size.cpus += static_cast<int>(*cpus);
        size.slots += static_cast<int>(*cpus) / std::max(1, cpus_per_task);
    }
    std::string known;
    for (const std::string &p : partitions) known += (known.empty() ? "" : ", ") + p;
    if (size.partition.empty()) {
        return Error{partition.empty() ? fmt::format("sinfo names no default partition (partitions: {})",
                                                     known.empty() ? "none" : known)
                                       : fmt::format("sinfo has no partition '{}' (partitions: {})", partition,
                                                     known.empty() ? "none" : known)};
    }
    if (size.slots == 0) {
        return Error{fmt::format("partition {}: no node that is up has {} CPU{} for a task ({} node{} up)",
                                 size.partition, cpus_per_task, cpus_per_task == 1 ? "" : "s", size.nodes,
                                 size.nodes == 1 ? "" : "s")};
    }
    return size;
}

Result<std::vector<int>> parseJobList(const std::string &text, const std::string &source) {
    std::vector<int> out;
    for (const std::string &word : split(text, ',')) {
        const std::vector<std::string> ends = split(word, '-');
        const auto first = smallNumber(ends.front());
        const auto last = ends.size() == 2 ? smallNumber(ends.back()) : first;
        if (ends.size() > 2 || !first || !last || *last < *first) {
            return Error{fmt::format("{}: '{}' is not a job index or range (expected e.g. 7 or 0-3,9)", source, word)};
        }
        if (out.size() + static_cast<std::size_t>(*last - *first + 1) > kMaxListedJobs) {
            return Error{fmt::format("{}: more than {} job indices in '{}'", source, kMaxListedJobs, text)};
        }
        for (long long i = *first; i <= *last; ++i) out.push_back(static_cast<int>(i));
    }
    return out;
}

std::optional<long long> slurmTimeSeconds(const std::string &text) {
    std::string rest = text;
    long long days = 0;
    const bool has_days = rest.find('-') != std::string::npos;
    if (has_days) {
        const auto d = smallNumber(rest.substr(0, rest.find('-')));
        if (!d) return std::nullopt;
        days = *d;
        rest = rest.substr(rest.find('-') + 1);
    }
    std::vector<long long> parts;
    for (const std::string &word : split(rest, ':')) {
        const auto n = smallNumber(word);
        if (!n) return std::nullopt;
        parts.push_back(*n);
    }
    if (parts.size() > 3) return std::nullopt;
    long long h = 0, m = 0, s = 0;
    if (has_days) {  // D-HH, D-HH:MM, D-HH:MM:SS
        h = parts[0];
        m = parts.size() > 1 ? parts[1] : 0;
        s = parts.size() > 2 ? parts[2] : 0;
    } else if (parts.size() == 1) {  // MM
        m = parts[0];
    } else if (parts.size() == 2) {  // MM:SS
        m = parts[0];
        s = parts[1];
    } else {  // HH:MM:SS
        h = parts[0];
        m = parts[1];
        s = parts[2];
    }
    return ((days * 24 + h) * 60 + m) * 60 + s;
}

std::string slurmTimeText(long long seconds) {
    const long long minutes = (std::max(0LL, seconds) + 59) / 60;
    const long long days = minutes / (24 * 60), hours = minutes / 60 % 24, rest = minutes % 60;
    if (days == 0) return fmt::format("{:02}:{:02}:00", hours, rest);
    return fmt::format("{}-{:02}:{:02}:00", days, hours, rest);
}

Result<std::string> taskTimeLimit(const std::string &per_job, int jobs) {
    if (per_job.empty() || per_job == "UNLIMITED" || per_job == "INFINITE") return per_job;
    const auto seconds = slurmTimeSeconds(per_job);
    if (!seconds) {
        return Error{
            fmt::format("resources.time_limit '{}' is not a Slurm time (MM, MM:SS, HH:MM:SS, D-HH:MM:SS)", per_job)};
    }
    if (jobs <= 1) return per_job;
    return slurmTimeText(*seconds * jobs);
}

}  // namespace robometrics::bench
