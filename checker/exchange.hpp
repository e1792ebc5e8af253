#pragma once
// The processes of a distributed search, as the explorer needs them: each
// sends bytes to every other at once and agrees on sums, level by level
// (the bulk-synchronous shape of PReach and DiVinE). tools/grove/cluster
// gives one over MPI; the explorer knows nothing of MPI.

#include <cstdint>
#include <string>
#include <vector>

namespace grove::checker {

class Exchange {
 public:
  virtual ~Exchange() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  // Sends outgoing[r] to each rank r and returns what each rank sent to
  // this one, by sender (this rank's own entry comes back as it went).
  // Every rank calls it at the same point.
  virtual std::vector<std::string> all_to_all(const std::vector<std::string>& outgoing) = 0;
  // The sum, and the largest, of `value` over the ranks, on every rank.
  virtual std::int64_t sum(std::int64_t value) = 0;
  virtual std::int64_t largest(std::int64_t value) = 0;
  // Every rank's `bytes`, by rank, on rank 0; nothing on the others.
  virtual std::vector<std::string> gather(const std::string& bytes) = 0;
  // Bytes this rank sent to the others so far.
  virtual std::int64_t bytes_sent() const = 0;
};

}  // namespace grove::checker
