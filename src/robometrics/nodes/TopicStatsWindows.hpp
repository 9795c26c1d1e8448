#pragma once
// Where the topic statistics node's windows go offline: /statistics messages in an MCAP, rows of
// a CSV, or nowhere. Both files are written aside and take their name only when complete.

#include <memory>
#include <optional>
#include <string>

#include "robometrics/bag/TypedWriter.hpp"
#include "robometrics/nodes/TopicStatsNode.hpp"
#include "robometrics/pipeline/ResultSink.hpp"
#include "robometrics/report/CsvFile.hpp"

namespace robometrics::nodes {

class TopicStatsWindows {
public:
    /// For `-o PATH`: PATH.mcap, PATH.csv, or nothing when empty; any other name is an error.
    static Result<TopicStatsWindows> forOutput(const std::string &path);

    Status open();
    /// Writes each window; the first failure is kept for commit().
    TopicStatsNode::WindowSink sink();
    /// Closes the file and gives it its name; the first write error if there was one.
    Status commit();

private:
    enum class Kind { None, Mcap, Csv };
    TopicStatsWindows(Kind kind, std::string path) : kind_(kind), path_(std::move(path)) {}

    Kind kind_;
    std::string path_;
    std::unique_ptr<bag::TypedWriter> mcap_;
    std::unique_ptr<pipeline::McapResultSink> mcap_sink_;
    std::unique_ptr<report::CsvFile> csv_;
    Status status_ = Status::Ok();
};

}  // namespace robometrics::nodes
