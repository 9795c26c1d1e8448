#include "Errors.hpp"

#include <filesystem>

namespace py = pybind11;

namespace robometrics::python {

namespace {

PyObject *error_base_type = nullptr;
PyObject *read_error_type = nullptr;
PyObject *not_found_error_type = nullptr;
PyObject *argument_error_type = nullptr;

PyObject *newException(py::module_ &m, const char *name, const char *doc, py::tuple bases) {
    const std::string qualified = std::string("robometrics.") + name;
    PyObject *type = PyErr_NewExceptionWithDoc(qualified.c_str(), doc, bases.ptr(), nullptr);
    if (!type) throw py::error_already_set();
    m.add_object(name, py::handle(type));  // the module keeps a reference; so does this file
    return type;
}

}  // namespace

void defineErrors(py::module_ &m) {
    const py::handle base(PyExc_Exception);
    error_base_type = newException(m, "Error", "Base of every error robometrics raises.", py::make_tuple(base));
    read_error_type = newException(m, "ReadError",
                              "An input (bag, trajectory file) that cannot be read: damaged, cut short under "
                              "strict=True, or not a bag.",
                              py::make_tuple(py::handle(error_base_type)));
    not_found_error_type = newException(m, "NotFoundError", "An input that does not exist (also a FileNotFoundError).",
                                   py::make_tuple(py::handle(read_error_type), py::handle(PyExc_FileNotFoundError)));
    argument_error_type = newException(m, "ArgumentError",
                                  "A wrong argument: a topic or field the bag does not have, an unknown option "
                                  "value (also a ValueError).",
                                  py::make_tuple(py::handle(error_base_type), py::handle(PyExc_ValueError)));
}

void raise(ErrorKind kind, const std::string &message) {
    PyObject *type = kind == ErrorKind::Read       ? read_error_type
                     : kind == ErrorKind::NotFound ? not_found_error_type
                     : kind == ErrorKind::Argument ? argument_error_type
                                                   : error_base_type;
    PyErr_SetString(type, message.c_str());
    throw py::error_already_set();
}

bool inputExists(const std::string &path) {
    std::error_code ec;
    std::string file = path;
    // "BAG:TOPIC" and "BAG:tf:PARENT:CHILD": the bag is what must exist.
    while (!std::filesystem::exists(file, ec) && file.find(':') != std::string::npos) file.erase(file.rfind(':'));
    return std::filesystem::exists(file, ec);
}

void raiseReadError(const std::string &path, const std::string &message) {
    raise(inputExists(path) ? ErrorKind::Read : ErrorKind::NotFound, message);
}

Status InterruptCheck::operator()() {
    py::gil_scoped_acquire gil;
    if (PyErr_CheckSignals() == 0) return Status::Ok();
    pending_.emplace();  // takes the raised exception (KeyboardInterrupt) out of the interpreter
    return Error{"interrupted"};
}

void InterruptCheck::rethrow() {
    if (!pending_) return;
    py::error_already_set e = std::move(*pending_);
    pending_.reset();
    throw e;
}

}  // namespace robometrics::python
