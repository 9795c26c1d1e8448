#include "robometrics/system/StopSignals.hpp"

#include <signal.h>

namespace robometrics::system {
namespace {

volatile sig_atomic_t g_stop_signal = 0;
void onStopSignal(int signal_number) { g_stop_signal = signal_number; }

}  // namespace

std::function<int()> catchStopSignals() {
    struct sigaction action {};
    action.sa_handler = onStopSignal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
    return [] { return static_cast<int>(g_stop_signal); };
}

}  // namespace robometrics::system
