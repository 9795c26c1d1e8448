#pragma once
// A shared library opened when a command first needs it (dlopen) instead of linked: a linked
// library is loaded, relocated and initialised, with everything it depends on, by every process
// at start. librsvg, which only the PNG and PDF plots use, brings about 40 libraries (cairo,
// pango, glib, X11, ICU, ...): about 10 ms of CPU and 10 MB of memory at every start of every
// command, live nodes on a robot included (docs/install.md, "What is loaded when").
// A library once opened stays loaded until the process ends (never dlclose'd): objects it made
// may outlive their first user.

#include <string>

#include "robometrics/core/Result.hpp"

namespace robometrics {

class SharedLibrary {
public:
    /// Opens the library `soname` (e.g. "librsvg-2.so.2") with its dependencies. The error says
    /// what needs it (`purpose`), which Debian package provides it and what the loader said.
    static Result<SharedLibrary> open(const std::string &soname, const std::string &package,
                                      const std::string &purpose);

    /// Points `function` at the function `name` of the library (or of a library it depends on);
    /// the error names both. `Function` is the function's type, e.g. decltype(cairo_create).
    template <class Function>
    Status bind(Function *&function, const char *name) const {
        auto address = symbol(name);
        if (!address) return address.error();
        function = reinterpret_cast<Function *>(*address);
        return Status::Ok();
    }

private:
    SharedLibrary(void *handle, std::string soname) : handle_(handle), soname_(std::move(soname)) {}
    Result<void *> symbol(const char *name) const;

    void *handle_;
    std::string soname_;
};

}  // namespace robometrics
