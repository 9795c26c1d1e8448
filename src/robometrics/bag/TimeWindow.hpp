#pragma once
// A window of a recording (`evaluate --start/--end`, `convert --start/--end`): its bounds as the
// user spells them, resolved against the recording's first message, and a reader of only that
// window that still hands over the latched state from before it (docs/evaluate.md, A window of
// a long run).

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/core/Result.hpp"
#include "robometrics/core/Time.hpp"

namespace robometrics::bag {

/// One bound as given: a plain number of seconds since the recording's first message, or, from
/// kAbsoluteFromSeconds on, an absolute log time in seconds since the Unix epoch.
struct WindowBound {
    TimeNs ns = 0;  ///< the number given, in nanoseconds (exact for up to 9 decimals)
    bool absolute = false;
    bool operator==(const WindowBound &) const = default;
};

/// Values from here on are absolute stamps (2001-09-09): no recording lasts 31 years.
inline constexpr double kAbsoluteFromSeconds = 1e9;

/// "12.5" (12.5 s after the first message) or "1700000012.5" (that log time). An error naming
/// `option` for anything else: a negative, non-finite or non-numeric value.
Result<WindowBound> parseWindowBound(std::string_view text, std::string_view option);

/// The bounds as given; either may be missing (the recording's start or end).
struct WindowSpec {
    std::optional<WindowBound> start, end;
    bool empty() const { return !start && !end; }
};

/// A window on the recording's log time, both ends inclusive.
struct LogWindow {
    TimeNs origin = 0;  ///< the recording's first message: the outputs' time axis starts here
    TimeNs start = 0;
    TimeNs end = 0;
};

/// `spec` on a recording whose first message is at `origin`. An error (bad usage) when the end
/// is not after the start or the window ends before the recording begins.
Result<LogWindow> resolveWindow(const WindowSpec &spec, TimeNs origin);

/// The log time of the first message of the bag at `path` (one chunk read).
Result<TimeNs> firstLogTime(const std::string &path);

/// `spec` on the bag at `path`: resolveWindow() on its first message, then an error (naming the
/// bag and the window) when no message lies in the window (it is after the recording's end).
/// One chunk read at the start and one at the window.
Result<LogWindow> windowOfBag(const std::string &path, const WindowSpec &spec);

/// How far before the window a non-latched TFMessage topic (/tf) is read again, so that the
/// transforms published last before the start are known at its first message.
inline constexpr TimeNs kTfLookback = 5 * kNsPerSecond;

/// A TFMessage topic named like /tf_static (any namespace): every message of it counts.
bool staticTf(const TopicInfo &topic);

/// Latched: /tf_static-like topics and those whose publishers offered transient-local
/// durability (or a ROS 1 latching connection). Their last messages before a window belong to it.
bool latchedTopic(const TopicInfo &topic);

/// The bag at `path` read over `window` (with `base`'s recovery and topics): first the messages
/// from before the window that state still needs (every message of a
/// static TF topic since the recording's start, the last message of any other latched topic,
/// a TFMessage topic's last kTfLookback), in log-time order, then the window's.
/// An error naming the window when it holds no message (it lies after the recording's end).
Result<std::unique_ptr<MessageSource>> openWindow(const std::string &path, const LogWindow &window,
                                                  const ReadOptions &base = {});

/// The window as one line: "12.0-20.0 s after the first message (log time 1700000012.000-...)".
std::string describeWindow(const LogWindow &window);

}  // namespace robometrics::bag
