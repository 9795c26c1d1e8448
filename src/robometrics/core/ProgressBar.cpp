#include "robometrics/core/ProgressBar.hpp"

#include <unistd.h>

#include <cstdio>

namespace robometrics {

ProgressBar::ProgressBar(bool enabled) : active_(enabled && isatty(STDERR_FILENO) == 1) {}

ProgressBar::~ProgressBar() { finish(); }

bool ProgressBar::due() const {
    return active_ && (!drawn_ || std::chrono::steady_clock::now() - last_draw_ >= std::chrono::milliseconds(100));
}

void ProgressBar::update(const std::string &text, double fraction) {
    if (!due()) return;
    last_draw_ = std::chrono::steady_clock::now();
    drawn_ = true;
    std::string bar;
    if (fraction >= 0.0 && fraction <= 1.0) {
        constexpr int kWidth = 30;
        int filled = static_cast<int>(fraction * kWidth);
        bar = "[" + std::string(static_cast<size_t>(filled), '#') +
              std::string(static_cast<size_t>(kWidth - filled), '-') + "] ";
    }
    std::fprintf(stderr, "\r\033[K%s%s", bar.c_str(), text.c_str());
    std::fflush(stderr);
}

void ProgressBar::finish() {
    if (active_ && drawn_) {
        std::fprintf(stderr, "\r\033[K");
        std::fflush(stderr);
    }
    drawn_ = false;
}

}  // namespace robometrics
