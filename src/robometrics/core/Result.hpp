#pragma once
// Errors on input are values, not exceptions: every reader returns a Status or a Result<T>
// whose message names the file, the offset or field, and what was expected.

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace robometrics {

/// A failure with a human-readable message ("file.mcap: offset 1234: chunk CRC mismatch").
struct Error {
    std::string message;
};

/// Success, or an Error.
class [[nodiscard]] Status {
public:
    Status() = default;
    Status(Error error) : error_(std::move(error.message)), ok_(false) {}  // NOLINT implicit

    static Status Ok() { return {}; }
    bool ok() const { return ok_; }
    explicit operator bool() const { return ok_; }
    const std::string &message() const { return error_; }
    Error error() const { return Error{error_}; }

private:
    std::string error_;
    bool ok_ = true;
};

/// A value of type T, or an Error.
template <class T>
class [[nodiscard]] Result {
public:
    Result(T value) : data_(std::in_place_index<0>, std::move(value)) {}  // NOLINT implicit
    Result(Error error) : data_(std::in_place_index<1>, std::move(error)) {}  // NOLINT implicit
    Result(Status status) : data_(std::in_place_index<1>, status.error()) {  // NOLINT implicit
        assert(!status.ok() && "a Result cannot be built from a successful Status");
    }

    bool ok() const { return data_.index() == 0; }
    explicit operator bool() const { return ok(); }

    T &value() & { return std::get<0>(data_); }
    const T &value() const & { return std::get<0>(data_); }
    T &&value() && { return std::get<0>(std::move(data_)); }
    T &operator*() & { return value(); }
    const T &operator*() const & { return value(); }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }

    const Error &error() const { return std::get<1>(data_); }
    const std::string &message() const { return error().message; }
    Status status() const { return ok() ? Status::Ok() : Status(error()); }

private:
    std::variant<T, Error> data_;
};

/// Prefixes an error message with context ("bag.db3: " + message).
inline Error withContext(const std::string &context, const Error &error) {
    return Error{context + ": " + error.message};
}

}  // namespace robometrics

/// Returns early from the enclosing function when a Status-returning expression fails.
#define ROBOMETRICS_TRY(expr)                          \
    do {                                               \
        ::robometrics::Status robometrics_status_ = (expr); \
        if (!robometrics_status_.ok()) return robometrics_status_.error(); \
    } while (false)
