#pragma once
// The parts of the extension module _robometrics, one function per file that defines them.

#include <pybind11/pybind11.h>

namespace robometrics::python {

void defineBag(pybind11::module_ &m);           // BagBindings.cpp
void defineMessages(pybind11::module_ &m);      // MessageObjects.cpp
void defineTrajectories(pybind11::module_ &m);  // TrajectoryBindings.cpp
void defineAnalyses(pybind11::module_ &m);      // AnalysisBindings.cpp

}  // namespace robometrics::python
