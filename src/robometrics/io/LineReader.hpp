#pragma once
// Reads a text file block by block and hands out its lines, counted from 1, so a file of any size
// costs one block of memory (plus its longest line) instead of its whole size. A line is given
// without its '\n' and a trailing '\r'; the first line without a UTF-8 byte order mark. The views
// stay valid until the next call of next().

#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "robometrics/core/Result.hpp"

namespace robometrics::io {

class LineReader {
public:
    /// Opens `path`; the error names it. The default block, 256 KiB, stays in the L2 cache between
    /// the kernel's copy into it and the parse that reads it: a 1 MiB block cost `read()` 1.7x the
    /// kernel time on the 2 x 77 MB TUM files of docs/ape.md (issue 62).
    static Result<LineReader> open(const std::string &path, std::size_t block_size = std::size_t{1} << 18);

    /// The next line, or false at the end of the file or on a read error (see failed()).
    bool next(std::string_view &line);
    /// The number of the line next() gave last (1 for the first).
    std::size_t number() const { return number_; }
    bool failed() const { return failed_; }
    /// The file's size in bytes (0 when it is not a regular file).
    std::size_t fileSize() const { return file_size_; }
    /// What has been read but not handed out yet (the first block right after open()).
    std::string_view pending() const { return {buffer_.data() + begin_, end_ - begin_}; }

private:
    struct Closer {
        void operator()(std::FILE *file) const { std::fclose(file); }
    };
    /// Moves the unread rest to the front and reads more after it (growing the buffer when one
    /// line fills it). False when nothing more could be read.
    bool refill();

    std::unique_ptr<std::FILE, Closer> file_;
    std::vector<char> buffer_;
    std::size_t begin_ = 0, end_ = 0;
    std::size_t number_ = 0;
    std::size_t file_size_ = 0;
    bool eof_ = false, failed_ = false;
};

}  // namespace robometrics::io
