#pragma once
// A small progress line on stderr for long work. It draws only when enabled and stderr is a
// terminal, at most ten times a second, so redirected output stays clean.

#include <chrono>
#include <string>

namespace robometrics {

class ProgressBar {
public:
    explicit ProgressBar(bool enabled);
    ~ProgressBar();
    ProgressBar(const ProgressBar &) = delete;
    ProgressBar &operator=(const ProgressBar &) = delete;

    /// Whether update() would draw now: callers in hot loops ask before they format the text
    /// (formatting it for every message of a bag costs more than some analyses).
    bool due() const;
    /// Shows `text`, and a bar when `fraction` is in [0, 1].
    void update(const std::string &text, double fraction = -1.0);
    /// Clears the line.
    void finish();

private:
    bool active_;
    bool drawn_ = false;
    std::chrono::steady_clock::time_point last_draw_{};
};

}  // namespace robometrics
