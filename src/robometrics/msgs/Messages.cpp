// Messages.hpp is header-only; this unit checks it compiles on its own.
#include "robometrics/msgs/Messages.hpp"
