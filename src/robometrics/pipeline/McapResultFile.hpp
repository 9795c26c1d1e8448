#pragma once
// A node's results written into an MCAP file: the writer and the sink over it in one object, so
// a command that writes its results (`costmap -o`, `lost -o`) opens, hands out and closes one
// thing. Errors name the file.

#include <memory>
#include <string>

#include "robometrics/bag/TypedWriter.hpp"
#include "robometrics/pipeline/ResultSink.hpp"

namespace robometrics::pipeline {

class McapResultFile {
public:
    static Result<std::unique_ptr<McapResultFile>> open(const std::string &path);

    ResultSink &sink() { return sink_; }
    const std::string &path() const { return path_; }
    /// Finishes the file and gives it its name (until then it is written aside).
    Status close();

private:
    McapResultFile(bag::TypedWriter writer, std::string path)
        : writer_(std::move(writer)), sink_(writer_), path_(std::move(path)) {}

    bag::TypedWriter writer_;
    McapResultSink sink_;
    std::string path_;
};

}  // namespace robometrics::pipeline
