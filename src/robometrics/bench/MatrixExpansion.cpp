// Expands a MatrixSpec into its ordered job list and substitutes each job's argv. The order is
// part of the job protocol: `bench run-job OUT --index I` and a Slurm array task I must name the
// same job on every machine, so it depends only on the matrix file.

#include <fmt/format.h>

#include <filesystem>

#include "robometrics/bench/MatrixSpec.hpp"

namespace robometrics::bench {

std::string jobDirectory(const std::string &out_root, int index) {
    return (std::filesystem::path(out_root) / "jobs" / fmt::format("{:04d}", index)).string();
}

Result<std::string> substitute(const std::string &text,
                               const std::vector<std::pair<std::string, std::string>> &values) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if ((c == '{' || c == '}') && i + 1 < text.size() && text[i + 1] == c) {
            out += c;  // "{{" / "}}": a literal brace
            ++i;
            continue;
        }
        if (c == '}') return Error{fmt::format("'{}': unmatched '}}' (write '}}}}' for a literal brace)", text)};
        if (c != '{') {
            out += c;
            continue;
        }
        std::size_t end = text.find('}', i + 1);
        if (end == std::string::npos) return Error{fmt::format("'{}': unclosed '{{'", text)};
        std::string name = text.substr(i + 1, end - i - 1);
        const std::string *found = nullptr;
        for (const auto &[key, value] : values) {
            if (key == name) found = &value;
        }
        if (found == nullptr) {
            std::string known;
            for (const auto &kv : values) known += (known.empty() ? "" : ", ") + kv.first;
            return Error{fmt::format("'{}': unknown substitution {{{}}} (known: {})", text, name, known)};
        }
        out += *found;
        i = end;
    }
    return out;
}

Result<std::vector<std::string>> substituteArgv(const std::vector<std::string> &argv, const JobSpec &job,
                                                const std::string &robometrics, std::size_t *failed) {
    std::vector<std::pair<std::string, std::string>> subs(job.cell.begin(), job.cell.end());
    if (job.cell.count("seed") == 0) subs.emplace_back("seed", std::to_string(job.seed));
    // Absolute: the command runs in its run directory, where a relative OUT would point elsewhere.
    std::error_code ec;
    const std::filesystem::path absolute_out = std::filesystem::absolute(job.out_dir, ec);
    subs.emplace_back("out", ec ? job.out_dir : absolute_out.lexically_normal().string());
    subs.emplace_back("iteration", std::to_string(job.iteration));
    subs.emplace_back("index", std::to_string(job.index));
    subs.emplace_back("robometrics", robometrics);
    std::vector<std::string> out;
    for (std::size_t i = 0; i < argv.size(); ++i) {
        auto arg = substitute(argv[i], subs);
        if (!arg) {
            if (failed != nullptr) *failed = i;
            return Error{fmt::format("[{}]: {}", i, arg.message())};
        }
        out.push_back(std::move(*arg));
    }
    return out;
}

namespace {

/// "m.yaml:3: command[2]: '{scenaro}': unknown substitution ..." (without the line when it is not
/// known: the default recorder command is not in the file).
Error argumentError(const MatrixSpec &matrix, const std::string &key, std::size_t index, const std::string &message) {
    auto line = matrix.argument_lines.find(fmt::format("{}[{}]", key, index));
    if (line == matrix.argument_lines.end()) return Error{fmt::format("{}: {}{}", matrix.source, key, message)};
    return Error{fmt::format("{}:{}: {}{}", matrix.source, line->second, key, message)};
}

// The job count is capped, but every job copies its cell and its substituted command: a 5 KB
// matrix with 10^6 iterations of a 200-argument command needs over 8 GB. So the memory of the
// jobs built so far is counted (text plus the string and job objects) and bounded too.
constexpr std::size_t kMaxExpandedBytes = std::size_t{64} << 20;

std::size_t jobBytes(const JobSpec &job) {
    std::size_t bytes = sizeof(JobSpec) + job.cell_key.size() + job.out_dir.size();
    for (const auto &[name, value] : job.cell) {
        bytes += 64 + 2 * sizeof(std::string) + name.size() + value.size();  // 64: the map node
    }
    for (const std::string &arg : job.argv) bytes += sizeof(std::string) + arg.size();
    return bytes;
}

}  // namespace

Result<std::vector<JobSpec>> expandMatrix(const MatrixSpec &matrix, const ExpandContext &context) {
    std::int64_t cells = 1;
    for (const Axis &axis : matrix.axes) {
        cells *= static_cast<std::int64_t>(axis.values.size());
        if (cells > 1000000) return Error{matrix.source + ": axes: more than 1000000 cells"};
    }
    if (cells * matrix.iterations > 1000000) return Error{matrix.source + ": more than 1000000 jobs"};
    bool seed_axis = false;
    for (const Axis &axis : matrix.axes) seed_axis = seed_axis || axis.name == "seed";

    std::vector<JobSpec> jobs;
    std::size_t expanded_bytes = 0;
    std::vector<std::size_t> pick(matrix.axes.size(), 0);  // an odometer over the axes, last axis fastest
    for (std::int64_t cell = 0; cell < cells; ++cell) {
        std::map<std::string, std::string> values;
        std::string key;
        for (std::size_t a = 0; a < matrix.axes.size(); ++a) {
            const Axis &axis = matrix.axes[a];
            values[axis.name] = axis.values[pick[a]];
            key += fmt::format("{}{}={}", key.empty() ? "" : ",", axis.name, axis.values[pick[a]]);
        }
        for (int iteration = 0; iteration < matrix.iterations; ++iteration) {
            JobSpec job;
            job.index = static_cast<int>(jobs.size());
            job.cell_key = key;
            job.cell = values;
            job.iteration = iteration;
            job.seed = seed_axis ? std::stoll(values.at("seed")) : matrix.base_seed + iteration;
            job.job_dir = jobDirectory(context.out_root, job.index);
            // An evaluate-only job's run is the recording itself: nothing is written into it.
            job.out_dir = matrix.evaluateOnly() ? values.at(matrix.recordings_axis)
                                                : (std::filesystem::path(job.job_dir) / "run").string();
            std::size_t failed = 0;
            auto argv = substituteArgv(matrix.command, job, context.robometrics, &failed);
            if (!argv) return argumentError(matrix, "command", failed, argv.message());
            job.argv = std::move(*argv);
            // The recorder and evaluate arguments are substituted when the job runs; checking them
            // here reports a typo before any job starts.
            auto record = substituteArgv(matrix.record_command, job, context.robometrics, &failed);
            if (!record) return argumentError(matrix, "record.command", failed, record.message());
            auto extra = substituteArgv(matrix.evaluate.extra, job, context.robometrics, &failed);
            if (!extra) return argumentError(matrix, "evaluate.extra", failed, extra.message());
            expanded_bytes += jobBytes(job);
            if (expanded_bytes > kMaxExpandedBytes) {
                return Error{
                    fmt::format("{}: the {} jobs would take more than {} MiB of memory (commands and "
                                "axis values of every job); use fewer jobs or shorter commands",
                                matrix.source, cells * matrix.iterations, kMaxExpandedBytes >> 20)};
            }
            jobs.push_back(std::move(job));
        }
        for (std::size_t a = matrix.axes.size(); a-- > 0;) {  // advance the odometer
            if (++pick[a] < matrix.axes[a].values.size()) break;
            pick[a] = 0;
        }
    }
    return jobs;
}

}  // namespace robometrics::bench
