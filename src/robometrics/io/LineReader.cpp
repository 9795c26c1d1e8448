#include "robometrics/io/LineReader.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cstring>

#include "robometrics/core/Text.hpp"

namespace robometrics::io {

Result<LineReader> LineReader::open(const std::string &path, std::size_t block_size) {
    if (auto usable = checkInputFile(path); !usable) return usable.error();
    LineReader reader;
    reader.file_.reset(std::fopen(path.c_str(), "rb"));
    if (!reader.file_) return Error{path + ": cannot open for reading"};
    struct stat info {};
    if (fstat(fileno(reader.file_.get()), &info) == 0 && S_ISREG(info.st_mode)) {
        reader.file_size_ = static_cast<std::size_t>(info.st_size);
    }
    // A regular file smaller than a block gets a buffer of its size (+1, so the first read also
    // sees the end): a 100-byte trajectory or map YAML does not need a zero-filled megabyte.
    std::size_t size = block_size > 0 ? block_size : 1;
    if (S_ISREG(info.st_mode)) size = std::min(size, reader.file_size_ + 1);
    reader.buffer_.resize(size);
    reader.refill();
    if (reader.failed_) return Error{path + ": read error"};
    return reader;
}

bool LineReader::refill() {
    if (eof_) return false;
    std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
    if (end_ == buffer_.size()) buffer_.resize(2 * buffer_.size());
    const std::size_t got = std::fread(buffer_.data() + end_, 1, buffer_.size() - end_, file_.get());
    end_ += got;
    if (got == 0) {
        eof_ = true;
        failed_ = std::ferror(file_.get()) != 0;
    }
    return got > 0;
}

bool LineReader::next(std::string_view &line) {
    std::size_t searched = begin_;  // no '\n' before here: a refill need not scan it again
    for (;;) {
        const auto *newline = static_cast<const char *>(std::memchr(buffer_.data() + searched, '\n', end_ - searched));
        std::size_t length;
        if (newline != nullptr) {
            length = static_cast<std::size_t>(newline - (buffer_.data() + begin_));
        } else {
            const std::size_t scanned = end_ - begin_;
            if (refill()) {
                searched = scanned;
                continue;
            }
            if (end_ == begin_) return false;
            length = end_ - begin_;  // the last line has no '\n'
        }
        const char *start = buffer_.data() + begin_;
        begin_ = std::min(end_, begin_ + length + 1);
        ++number_;
        line = std::string_view(start, length);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (number_ == 1 && line.substr(0, 3) == "\xEF\xBB\xBF") line.remove_prefix(3);  // UTF-8 byte order mark
        return true;
    }
}

}  // namespace robometrics::io
