#pragma once
// The module's exceptions (robometrics.Error and its subclasses) and how a library error becomes
// one of them: the message is the CLI's (the file and what is wrong).

#include <pybind11/pybind11.h>

#include <optional>
#include <string>

#include "robometrics/core/Result.hpp"

namespace robometrics::python {

/// Which exception an error raises.
enum class ErrorKind {
    Read,      ///< robometrics.ReadError: an input that exists but cannot be read (damaged, not a bag)
    NotFound,  ///< robometrics.NotFoundError (also FileNotFoundError): an input that does not exist
    Argument,  ///< robometrics.ArgumentError (also ValueError): an argument that is wrong
    Other,     ///< robometrics.Error
};

/// Creates the exception classes in `m`.
void defineErrors(pybind11::module_ &m);

/// Raises `kind` with `message`.
[[noreturn]] void raise(ErrorKind kind, const std::string &message);

/// True when something is at `path`, or for "BAG:TOPIC" and "BAG:tf:PARENT:CHILD" at BAG.
bool inputExists(const std::string &path);

/// Raises for a failed read of `path`: NotFoundError when nothing is at `path` (for "BAG:TOPIC",
/// at BAG), else ReadError.
[[noreturn]] void raiseReadError(const std::string &path, const std::string &message);

/// Checked between batches of a long read, with the GIL released: a pending Ctrl-C (or another
/// signal handler's exception) is kept and stops the read with an Error; rethrow() raises it
/// once the GIL is held again.
class InterruptCheck {
public:
    Status operator()();
    /// Raises the kept exception, if any (with the GIL held).
    void rethrow();

private:
    std::optional<pybind11::error_already_set> pending_;
};

}  // namespace robometrics::python
