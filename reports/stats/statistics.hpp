#pragma once
// The statistics of balance reports: intervals and tests a designer can
// trust at the sample sizes balance runs have (hundreds to tens of
// thousands of games), each at a chosen confidence level (95% unless said).
// Every method names its source next to its definition.

#include <cstdint>
#include <string>
#include <vector>

namespace grove::stats {

inline constexpr double kDefaultConfidence = 0.95;

// An estimate with a confidence interval. `low`/`high` are NaN when the
// interval cannot be computed (a mean of fewer than two values).
struct Interval {
  double estimate = 0;
  double low = 0;
  double high = 0;

  // Half the width: the "± x" of a report (Wilson intervals are not
  // symmetric about the estimate, so this is half of high - low).
  double half_width() const { return (high - low) / 2; }
  bool contains(double value) const { return low <= value && value <= high; }
};

// The two-sided critical values: z such that P(|Z| <= z) = confidence for a
// standard normal Z, and t for Student's t with `dof` degrees of freedom.
double z_critical(double confidence = kDefaultConfidence);
double t_critical(double dof, double confidence = kDefaultConfidence);

// Wilson score interval for a proportion `successes / trials`. `successes`
// may be fractional (a victory shared by k seats counts 1/k). trials == 0
// gives estimate 0 and the whole [0, 1].
Interval wilson_interval(double successes, double trials, double confidence = kDefaultConfidence);

// Sample moments: n, mean, and the sample standard deviation (n - 1 in the
// denominator; 0 for fewer than two values).
struct Moments {
  std::int64_t n = 0;
  double mean = 0;
  double sd = 0;
};
Moments moments(const std::vector<double>& values);

// The mean with a Student-t confidence interval: mean ± t(n-1) · sd / √n.
Interval mean_interval(const Moments& m, double confidence = kDefaultConfidence);
Interval mean_interval(const std::vector<double>& values, double confidence = kDefaultConfidence);

// A confidence interval for a standard deviation from the chi-square
// distribution of (n-1)s²/σ² (assumes normal values; NaN for n < 2).
Interval sd_interval(const Moments& m, double confidence = kDefaultConfidence);

// The p-quantile (0 <= p <= 1) of the values, by linear interpolation
// between order statistics (Hyndman & Fan 1996, definition 7; R's default).
// NaN for no values.
double quantile(std::vector<double> values, double p);
double median(std::vector<double> values);

// A hypothesis test's outcome: the statistic, its degrees of freedom (NaN
// when the test has none) and the two-sided p-value.
struct TestResult {
  std::string test;  // "two-proportion z-test", "Welch's t-test", "F-test"
  double statistic = 0;
  double dof = 0;
  double p_value = 1;
};

// Holm's step-down correction for a family of tests, as adjusted p-values in
// the order given: the i-th smallest p-value times the number of tests not
// yet rejected (m - i + 1), never smaller than the one before it, at most 1.
// A p-value below alpha after it keeps the chance of any false finding in
// the whole family below alpha, whatever the tests' dependence. NaN (not
// tested) stays NaN and does not count as a test.
std::vector<double> holm_adjusted(const std::vector<double>& p_values);

// --- How many trials a claim needs ----------------------------------------
// The fewest trials for a claim about a proportion near p: the
// success-failure condition, n·p >= 10 and n·(1-p) >= 10 (as in OpenIntro
// Statistics, 4th ed., sections 5.1 and 6.2). Below it the normal
// approximation behind the z-tests and the block-widened intervals of the
// reports does not hold, and a handful of games can put an interval clear
// of a fair share by luck (four wins in four games: Wilson's [51%, 100%]).
// For two groups (users of an item and the others), each needs it, with p
// the pooled proportion. 0 for p outside (0, 1).
std::int64_t minimum_trials(double p);

// The trials needed to tell a proportion `difference` away from p0 (either
// way) with a two-sided test at level `alpha`, `power` of the time: for the
// score test of one proportion (the test Wilson's interval inverts), n =
// ((z_{1-α/2}·√(p0(1-p0)) + z_{power}·√(p1(1-p1))) / (p1 - p0))², Lachin's
// general form (Controlled Clinical Trials 2, 1981: 93-113), rounded up,
// for whichever of p1 = p0 ± difference needs more. It assumes independent
// trials; games of a block that play alike need more.
std::int64_t trials_to_detect(double p0, double difference, double alpha = 0.05,
                              double power = 0.8);

// Two-proportion z-test with the pooled proportion under the null
// hypothesis p1 = p2. Successes may be fractional. p = 1 when either
// sample is empty or both proportions sit at 0 or 1 (no variance).
TestResult two_proportion_z_test(double successes1, double trials1, double successes2,
                                 double trials2);

// Welch's unequal-variances t-test for the means of two samples, from
// their moments. p = NaN when a sample has fewer than two values.
TestResult welch_t_test(const Moments& a, const Moments& b);

// The F-test for equal variances of two samples (variance ratio against
// Fisher's F with n1-1, n2-1 degrees of freedom). It assumes both samples
// are normal and is sensitive to that; reports say so next to it.
TestResult f_test(const Moments& a, const Moments& b);

// A histogram: counts[i] values fell in [edges[i], edges[i+1]) (the last
// bin also holds its upper edge). `integer` when every value was a whole
// number and the bins are whole-number wide, so bin i can be labelled by
// its first value (and range) rather than by real edges.
struct Histogram {
  std::vector<double> edges;
  std::vector<std::int64_t> counts;
  bool integer = false;
};

// Bins with "nice" edges (multiples of 1, 2, 2.5 or 5 times a power of ten;
// whole-number widths for whole-number data) covering [min, max], about
// Sturges' number of bins (1 + log2 n, Sturges 1926) and at most max_bins.
Histogram histogram(const std::vector<double>& values, int max_bins = 20);
// The same bins as `like` (for distributions shown side by side).
Histogram histogram_with_edges(const std::vector<double>& values, const Histogram& like);
// Nice edges for values spanning [lo, hi] (n values, whole numbers or not).
Histogram nice_bins(double lo, double hi, std::int64_t n, bool integer, int max_bins = 20);

// A "nice" number near x (Heckbert 1990, "Nice numbers for graph labels",
// Graphics Gems): 1, 2, 5 or 10 times a power of ten; rounded to the
// nearest when `round`, else the smallest nice number >= x.
double nice_number(double x, bool round);
// Axis ticks: nice multiples covering [lo, hi], about `target` of them.
std::vector<double> nice_ticks(double lo, double hi, int target = 5);

// --- Wording numbers --------------------------------------------------------
// "54.2%" (one decimal) for a proportion 0.542.
std::string percent(double proportion);
// "2.1" percentage points for a proportion 0.021 (no sign, no "%").
std::string points(double proportion);
// "52.0% [48.9, 55.1]": a proportion with its interval's bounds in percent.
// Intervals of proportions (Wilson's) are not symmetric about the
// estimate, so a "±" would misstate one side ("100.0% ± 24.5" for
// [51.0, 100.0]). Just the estimate when the bounds cannot be computed.
std::string percent_interval(const Interval& interval);
// "[48.9, 55.1]": the bounds alone, in percent, signed ("[-3.2, 1.0]" for
// a difference); "" when they cannot be computed.
std::string percent_bounds(const Interval& interval);
// "1,000": a count with its thousands grouped.
std::string count(std::int64_t n);
// "p = 0.0003", "p = 0.41", "p < 0.0001", "p = n/a".
std::string p_text(double p);
// A number with about `significant` significant digits, plain notation.
std::string number(double value, int significant = 3);

}  // namespace grove::stats
