#include "robometrics/report/CsvFile.hpp"

#include <fmt/format.h>

#include <filesystem>

namespace robometrics::report {

Status CsvFile::open(const std::string &path, Mode mode) {
    std::error_code ec;
    const std::filesystem::path parent = std::filesystem::path(path).parent_path();
    if (!parent.empty()) std::filesystem::create_directories(parent, ec);
    if (ec) return Error{fmt::format("{}: cannot create directory: {}", parent.string(), ec.message())};
    mode_ = mode;
    if (mode == Mode::atomic) {
        auto file = AtomicFile::create(path);
        if (!file) return file.error();
        file_.emplace(std::move(*file));
    }
    if (mode == Mode::atomic) {
        out_.open(file_->path(), AtomicFile::kStreamMode);
    } else {
        out_.open(path, std::ios::binary | std::ios::trunc);
    }
    if (!out_) return Error{fmt::format("{}: cannot open for writing", path)};
    path_ = path;
    return Status::Ok();
}

void CsvFile::write(const std::string &text) {
    out_ << text;
    if (mode_ == Mode::streaming) out_.flush();
    if (!out_ && error_.empty()) error_ = fmt::format("{}: write failed", path_);
}

Status CsvFile::commit() {
    out_.close();
    if (!out_ && error_.empty()) error_ = fmt::format("{}: write failed", path_);
    if (!error_.empty()) return Error{error_};
    if (mode_ == Mode::streaming ? path_.empty() : !file_) return Error{"no CSV file was opened"};
    return mode_ == Mode::streaming ? Status::Ok() : file_->commit();
}

}  // namespace robometrics::report
