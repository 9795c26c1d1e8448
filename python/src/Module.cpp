// _robometrics: the C++ half of `import robometrics` (python/robometrics/__init__.py is the other).

#include "Bindings.hpp"
#include "Errors.hpp"

PYBIND11_MODULE(_robometrics, m) {
    m.doc() = "robometrics' C++ libraries for Python; use the package `robometrics`, which wraps this module.";
    m.attr("__version__") = ROBOMETRICS_VERSION;
    robometrics::python::defineErrors(m);
    robometrics::python::defineBag(m);
    robometrics::python::defineMessages(m);
    robometrics::python::defineTrajectories(m);
    robometrics::python::defineAnalyses(m);
}
