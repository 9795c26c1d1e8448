#include "robometrics/core/SharedLibrary.hpp"

#include <dlfcn.h>
#include <fmt/format.h>

namespace robometrics {

namespace {
std::string loaderMessage() {
    const char *message = dlerror();
    return message != nullptr ? message : "no reason given";
}
}  // namespace

Result<SharedLibrary> SharedLibrary::open(const std::string &soname, const std::string &package,
                                          const std::string &purpose) {
    // RTLD_LOCAL: its symbols serve only the lookups made here, never another library's.
    void *handle = dlopen(soname.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
        return Error{fmt::format("{} needs {} (Debian package {}), which cannot be loaded: {}", purpose, soname,
                                 package, loaderMessage())};
    }
    return SharedLibrary(handle, soname);
}

Result<void *> SharedLibrary::symbol(const char *name) const {
    dlerror();  // clears an earlier error, so that a null address is told apart from a failure
    void *address = dlsym(handle_, name);
    if (address == nullptr) return Error{fmt::format("{} has no function {}: {}", soname_, name, loaderMessage())};
    return address;
}

}  // namespace robometrics
