#include "robometrics/bench/slurm/SlurmProtocol.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <sstream>

namespace robometrics::bench {

std::string slurmArrayList(std::vector<int> indices) {
    std::sort(indices.begin(), indices.end());
    indices.erase(std::unique(indices.begin(), indices.end()), indices.end());
    std::string out;
    for (std::size_t i = 0; i < indices.size();) {
        std::size_t j = i;
        while (j + 1 < indices.size() && indices[j + 1] == indices[j] + 1) ++j;
        if (!out.empty()) out += ',';
        out += j == i ? std::to_string(indices[i]) : fmt::format("{}-{}", indices[i], indices[j]);
        i = j + 1;
    }
    return out;
}

std::string shellQuote(const std::string &word) {
    std::string out = "'";
    for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string slurmBatchScript(const SlurmScript &s) {
    // Slurm reads the #SBATCH lines itself; the shell only runs the exec line, whose words are
    // quoted, so no path can inject a command.
    std::string out = "#!/bin/sh\n# Written by robometrics bench --executor slurm (docs/bench.md).\n";
    out += fmt::format("#SBATCH --job-name={}\n", s.job_name);
    out += fmt::format("#SBATCH --array={}\n", s.array);
    out += fmt::format("#SBATCH --cpus-per-task={}\n", std::max(1, s.resources.cpus));
    if (s.resources.mem_mb > 0) out += fmt::format("#SBATCH --mem={}\n", s.resources.mem_mb);
    if (!s.resources.time_limit.empty()) out += fmt::format("#SBATCH --time={}\n", s.resources.time_limit);
    out += fmt::format("#SBATCH --output={}/slurm/task-%A_%a.log\n", s.out_dir);
    out += "#SBATCH --open-mode=append\n";
    if (s.task_jobs.empty()) {
        out += fmt::format("exec {} bench run-job {} --index \"$SLURM_ARRAY_TASK_ID\"\n", shellQuote(s.robometrics),
                           shellQuote(s.out_dir));
        return out;
    }
    // The lists live in the script, which sbatch copies at submission: a later submission into the
    // same OUT cannot change what the tasks of this one run.
    out += "case \"$SLURM_ARRAY_TASK_ID\" in\n";
    for (std::size_t i = 0; i < s.task_jobs.size(); ++i) out += fmt::format("  {}) jobs={} ;;\n", i, s.task_jobs[i]);
    out += "  *) echo \"robometrics bench: array task $SLURM_ARRAY_TASK_ID has no jobs\" >&2; exit 2 ;;\nesac\n";
    out +=
        fmt::format("exec {} bench run-job {} --index \"$jobs\"\n", shellQuote(s.robometrics), shellQuote(s.out_dir));
    return out;
}

std::optional<long long> parseSbatchJobId(const std::string &out) {
    std::string text = out.substr(0, out.find_first_of(";\n"));
    while (!text.empty() && (text.back() == ' ' || text.back() == '\r')) text.pop_back();
    if (text.empty() || text.size() > 18 || !std::all_of(text.begin(), text.end(), ::isdigit)) return std::nullopt;
    return std::stoll(text);
}

Result<std::vector<SlurmTaskState>> parseSlurmStates(const std::string &text, const std::string &source) {
    std::vector<SlurmTaskState> out;
    std::istringstream in(text);
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) continue;
        std::vector<std::string> fields;
        std::size_t start = 0;
        for (std::size_t bar = line.find('|'); bar != std::string::npos; bar = line.find('|', start)) {
            fields.push_back(line.substr(start, bar - start));
            start = bar + 1;
        }
        fields.push_back(line.substr(start));
        if (fields.size() != 3 || fields[0].empty() || fields[1].empty()) {
            return Error{fmt::format("{}: line {}: expected JOBID|STATE|DETAIL, got '{}'", source, number, line)};
        }
        // sacct writes "CANCELLED by 0"; the first word is the state.
        out.push_back({fields[0], fields[1].substr(0, fields[1].find(' ')), fields[2]});
    }
    return out;
}

}  // namespace robometrics::bench
