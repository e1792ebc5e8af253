// The explorer keeps each edge's probability as an index into a pool of
// the distinct values: every edge must read back exactly what was put in.

#include "checker/probability_pool.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <vector>

namespace grove::checker {
namespace {

TEST(ProbabilityPool, GivesEveryValueBackExactlyAndKeepsEachOnce) {
  ProbabilityPool pool;
  std::vector<double> values;
  std::vector<ProbabilityPool::Index> indices;
  // Values that differ in their last bit, many times over: the table grows.
  for (int n = 1; n <= 5000; ++n) {
    values.push_back(1.0 / n);
    values.push_back(std::nextafter(1.0 / n, 0.0));
  }
  for (const double value : values) indices.push_back(pool.index_of(value));
  for (const double value : values) pool.index_of(value);  // all seen before
  EXPECT_EQ(pool.size(), values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    EXPECT_EQ(pool[indices[i]], values[i]) << i;
    EXPECT_EQ(pool.index_of(values[i]), indices[i]) << i;
  }
}

TEST(ProbabilityPool, RefusesMoreValuesThanAnIndexCanName) {
  ProbabilityPool pool;
  for (std::size_t n = 0; n < ProbabilityPool::kMaxValues; ++n) {
    pool.index_of(static_cast<double>(n));
  }
  EXPECT_EQ(pool.index_of(0.0), 0);  // a value it holds is still found
  EXPECT_THROW(pool.index_of(-1.0), std::length_error);
}

}  // namespace
}  // namespace grove::checker
