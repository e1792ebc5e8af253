#pragma once
// grove started by an MPI launcher (mpirun -np N, a hostfile, Slurm's
// srun): rank 0 runs the command as usual and the other ranks serve it,
// playing what it hands them until it says it is done. Started any other
// way grove is a run of one process and MPI is never touched, so a build
// with MPI costs a plain start nothing.
//
// Messages are CBOR (nlohmann::json's binary form) between rank 0 and one
// other rank, in order; only this file's .cpp calls MPI, from one thread
// at a time (MPI_THREAD_SERIALIZED).

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace grove::cli {

// What a message is; a rank serving rank 0 acts on each in the order sent.
enum class ClusterTag : int {
  kQuit = 1,         // rank 0 to all: the command is over
  kPlayGames = 2,    // rank 0 to one: play these games of a balance run
  kStopGames = 3,    // rank 0 to one: the run stopped, hand back what you have
  kGamesPlayed = 4,  // one to rank 0: the games played, or why not
  kQuitting = 5,     // one to rank 0: nothing more will come from me
  kGo = 6,           // rank 0 to one: every rank is ready, start (or not)
  kGathered = 7,     // one to rank 0: its part of a gather (Cluster::gather)
};

struct ClusterMessage {
  int source = 0;
  ClusterTag tag = ClusterTag::kQuit;
  nlohmann::json body;
};

class Cluster {
 public:
  // Joins the MPI run when an MPI launcher started this process.
  Cluster(int& argc, char**& argv);
  // On rank 0, tells every other rank to stop and quit, and waits until
  // each has said so (taking in what they still send); then leaves MPI.
  ~Cluster();
  Cluster(const Cluster&) = delete;
  Cluster& operator=(const Cluster&) = delete;

  // The one of this process, or nullptr outside main.
  static Cluster* current();
  // Whether this grove was built with MPI.
  static bool built_with_mpi();

  int rank() const { return rank_; }
  int size() const { return size_; }
  bool distributed() const { return size_ > 1; }
  // The ranks on this machine (this one included): what shares its memory.
  int ranks_here() const { return ranks_here_; }
  // This process as its errors name it: "rank 2 on node7".
  std::string name() const;

  void send(int rank, ClusterTag tag, const nlohmann::json& body) const;
  // A message waiting from `source` (any rank when -1), or nothing.
  std::optional<ClusterMessage> poll(int source = -1) const;
  // Waits for a message without spinning on a core (MPI's own waits
  // spin, which would take a core from the jobs playing beside them).
  ClusterMessage wait(int source = -1) const;
  // The same, but gives up (nothing) as soon as `give_up()` is true.
  std::optional<ClusterMessage> wait_unless(const std::function<bool()>& give_up,
                                            int source = -1) const;

  // Collectives: every rank calls them at the same point. outgoing[r] to
  // each rank r; back, what each rank sent to this one.
  std::vector<std::string> all_to_all(const std::vector<std::string>& outgoing) const;
  std::int64_t sum(std::int64_t value) const;
  std::int64_t largest(std::int64_t value) const;
  // Every rank's bytes on rank 0, by rank (nothing on the others).
  std::vector<std::string> gather(const std::string& bytes) const;

  // Leaves at once, taking every rank with it: when this rank can no
  // longer be trusted to say quit (an error in a rank that serves).
  [[noreturn]] void abort(int code) const;

 private:
  int rank_ = 0;
  int size_ = 1;
  int ranks_here_ = 1;
  bool joined_ = false;
  std::string host_;
};

}  // namespace grove::cli
