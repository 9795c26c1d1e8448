// Result.hpp is header-only; this unit keeps the core library non-empty and checks the header
// compiles on its own.
#include "robometrics/core/Result.hpp"
