#include "robometrics/pipeline/McapResultFile.hpp"

namespace robometrics::pipeline {

Result<std::unique_ptr<McapResultFile>> McapResultFile::open(const std::string &path) {
    auto writer = bag::TypedWriter::open(path);
    if (!writer) return withContext(path, writer.error());
    return std::unique_ptr<McapResultFile>(new McapResultFile(std::move(*writer), path));
}

Status McapResultFile::close() {
    Status closed = writer_.close();
    if (!closed.ok()) return withContext(path_, closed.error());
    return closed;
}

}  // namespace robometrics::pipeline
