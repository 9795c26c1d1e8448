#pragma once
// Adjusted p-values for a family of tests, so that a gate over many cells and metrics does not
// fail by chance because it asked many questions: at alpha 0.05 and 40 independent tests of an
// unchanged stack, P(some p < 0.05) = 1 - 0.95^40 = 87 %.
//
// - Holm (1979): step-down Bonferroni. P(any false rejection) <= alpha whatever the dependence
//   of the tests (strong control of the family-wise error rate).
// - Benjamini-Hochberg (1995): controls the expected share of false rejections among the
//   rejections (FDR) for independent or positively dependent tests, as the statistics of one run
//   are (ATE mean, RMSE and max move together). When nothing changed every rejection is false,
//   so P(any rejection) = FDR <= alpha: an unchanged stack fails no more often than with Holm,
//   and a real change that moves a dozen correlated metrics is not lost to a divisor of a dozen.
//
// A test that cannot reject at any level (every value the same on both sides: its smallest
// attainable p is 1) is not counted in the family, as in Tarone's (1990) procedure for discrete
// tests: it gets no adjusted p.

#include <string>
#include <vector>

namespace robometrics::bench {

enum class Correction { BenjaminiHochberg, Holm, None };

/// "bh", "holm", "none" (the command line's words); none for another word.
bool parseCorrection(const std::string &word, Correction &out);
/// "Benjamini-Hochberg", "Holm", "none".
const char *correctionName(Correction correction);

/// The adjusted p-value of each test, in the order given; NaN in, NaN out (not counted in the
/// family). Holm: max over j <= i of min(1, (m - j + 1) p_(j)); BH: min over j >= i of
/// min(1, m p_(j) / j), with p_(1) <= ... <= p_(m) the sorted p-values. None: the p-values as they are.
/// Rejecting where adjusted p < alpha is the procedure at level alpha.
std::vector<double> adjustPValues(const std::vector<double> &p_values, Correction correction);

}  // namespace robometrics::bench
