#pragma once
// The y range of a time plot, chosen so that noise does not look like swings. Left to itself a
// plotting library stretches any data to the full height: a TF rate of 9.998..10.002 Hz then fills
// the plot like a rate that drops to zero. The rule (docs/evaluate.md, Report):
//  - a quantity that never goes below zero starts at 0 when its minimum is within one data span
//    of zero (speeds, rates, clearances: their distance from zero is the information);
//  - otherwise the range spans at least kMinRelativeSpan of the largest magnitude, centred on the
//    data (10 Hz +- 0.002 is drawn as 10 Hz +- 0.5);
//  - a constant zero gets +-0.5, and a small margin keeps lines off the frame.

namespace robometrics::report {

struct AxisRange {
    double lo = 0, hi = 1;
};

/// The whole axis spans at least this share of the largest |value| (+-5 % about the middle).
inline constexpr double kMinRelativeSpan = 0.10;

/// `lo`..`hi`: the finite data's minimum and maximum (lo > hi: no data, gives 0..1).
AxisRange readableRange(double lo, double hi);

}  // namespace robometrics::report
