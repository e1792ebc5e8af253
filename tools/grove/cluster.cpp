#include "tools/grove/cluster.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <thread>
#include <vector>

#ifdef GROVE_HAVE_MPI
#include <mpi.h>
#endif

namespace grove::cli {
namespace {

Cluster* the_cluster = nullptr;

std::string host_name() {
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) != 0) return "?";
  return name;
}

#ifdef GROVE_HAVE_MPI
// Whether an MPI launcher started this process: Open MPI's mpirun sets
// OMPI_COMM_WORLD_SIZE, a PMIx launcher (srun --mpi=pmix, prterun) PMIX_RANK,
// a PMI-2 one (srun --mpi=pmi2, MPICH's hydra) PMI_RANK.
bool started_by_launcher() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK"}) {
    if (std::getenv(name) != nullptr) return true;
  }
  return false;
}

void check(int code, const char* what) {
  if (code == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING] = {};
  int length = 0;
  MPI_Error_string(code, text, &length);
  throw std::runtime_error(fmt::format("MPI {} failed: {}", what, text));
}
#endif

}  // namespace

Cluster::Cluster(int& argc, char**& argv) : host_(host_name()) {
  the_cluster = this;
#ifdef GROVE_HAVE_MPI
  if (!started_by_launcher()) return;
  int provided = 0;
  check(MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided), "init");
  joined_ = true;
  // Errors come back as codes and are thrown with their text, rather than
  // aborting every rank with MPI's own message.
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  if (provided < MPI_THREAD_SERIALIZED) {
    throw std::runtime_error(
        "this MPI cannot be called from more than one thread (MPI_THREAD_SERIALIZED)");
  }
  check(MPI_Comm_rank(MPI_COMM_WORLD, &rank_), "rank");
  check(MPI_Comm_size(MPI_COMM_WORLD, &size_), "size");
  MPI_Comm here = MPI_COMM_NULL;
  check(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &here),
        "split by machine");
  check(MPI_Comm_size(here, &ranks_here_), "size");
  MPI_Comm_free(&here);
#else
  (void)argc;
  (void)argv;
#endif
}

Cluster::~Cluster() {
  if (the_cluster == this) the_cluster = nullptr;
#ifdef GROVE_HAVE_MPI
  if (!joined_) return;
  try {
    if (rank_ == 0) {
      // A rank may still be playing a block, or sending one back: a large
      // message waits for its receiver, so what comes is taken in, and
      // every rank has stopped sending before MPI is left.
      for (int rank = 1; rank < size_; ++rank) {
        send(rank, ClusterTag::kStopGames, {});
        send(rank, ClusterTag::kQuit, {});
      }
      for (int quitting = 1; quitting < size_;) {
        if (wait().tag == ClusterTag::kQuitting) ++quitting;
      }
    } else {
      send(0, ClusterTag::kQuitting, {});
    }
  } catch (const std::exception&) {
    // A rank that cannot be told: leaving MPI would wait for it for ever.
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Finalize();
#endif
}

Cluster* Cluster::current() { return the_cluster; }

bool Cluster::built_with_mpi() {
#ifdef GROVE_HAVE_MPI
  return true;
#else
  return false;
#endif
}

std::string Cluster::name() const { return fmt::format("rank {} on {}", rank_, host_); }

void Cluster::send(int rank, ClusterTag tag, const nlohmann::json& body) const {
#ifdef GROVE_HAVE_MPI
  const std::vector<std::uint8_t> bytes = nlohmann::json::to_cbor(body);
  check(MPI_Send(bytes.data(), static_cast<int>(bytes.size()), MPI_BYTE, rank,
                 static_cast<int>(tag), MPI_COMM_WORLD),
        "send");
#else
  (void)rank;
  (void)tag;
  (void)body;
  throw std::logic_error("a message sent in a grove built without MPI");
#endif
}

std::optional<ClusterMessage> Cluster::poll(int source) const {
#ifdef GROVE_HAVE_MPI
  if (!joined_) return std::nullopt;
  int waiting = 0;
  MPI_Status status;
  check(MPI_Iprobe(source < 0 ? MPI_ANY_SOURCE : source, MPI_ANY_TAG, MPI_COMM_WORLD, &waiting,
                   &status),
        "probe");
  if (waiting == 0) return std::nullopt;
  int count = 0;
  check(MPI_Get_count(&status, MPI_BYTE, &count), "count");
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(count));
  check(MPI_Recv(bytes.data(), count, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE),
        "receive");
  ClusterMessage message;
  message.source = status.MPI_SOURCE;
  message.tag = static_cast<ClusterTag>(status.MPI_TAG);
  message.body = nlohmann::json::from_cbor(bytes);
  return message;
#else
  (void)source;
  return std::nullopt;
#endif
}

ClusterMessage Cluster::wait(int source) const {
  return *wait_unless([] { return false; }, source);
}

std::optional<ClusterMessage> Cluster::wait_unless(const std::function<bool()>& give_up,
                                                   int source) const {
  if (!joined_) throw std::logic_error("waiting for a message outside an MPI run");
  // Sleeps growing to a millisecond: an idle rank costs next to nothing,
  // and a reply waits at most that long, against blocks of games meant to
  // take a quarter of a second.
  auto pause = std::chrono::microseconds(50);
  for (;;) {
    if (std::optional<ClusterMessage> message = poll(source)) return message;
    if (give_up()) return std::nullopt;
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::microseconds(1000));
  }
}

#ifdef GROVE_HAVE_MPI
namespace {

// MPI counts bytes in int: one message of 2 GB or more is refused, with
// what to do, rather than cut.
int byte_count(std::size_t size) {
  if (size > static_cast<std::size_t>(INT32_MAX)) {
    throw std::runtime_error(fmt::format(
        "a message of {} bytes between ranks: MPI sends at most 2 GB at once; use more ranks",
        size));
  }
  return static_cast<int>(size);
}

std::vector<int> offsets_of(const std::vector<int>& counts) {
  std::vector<int> offsets(counts.size(), 0);
  std::size_t total = 0;
  for (std::size_t r = 0; r < counts.size(); ++r) {
    offsets[r] = byte_count(total);
    total += static_cast<std::size_t>(counts[r]);
  }
  byte_count(total);
  return offsets;
}

}  // namespace
#endif

std::vector<std::string> Cluster::all_to_all(const std::vector<std::string>& outgoing) const {
#ifdef GROVE_HAVE_MPI
  if (joined_) {
    const auto ranks = static_cast<std::size_t>(size_);
    std::vector<int> send_counts(ranks), receive_counts(ranks);
    std::string sent;
    for (std::size_t r = 0; r < ranks; ++r) {
      send_counts[r] = byte_count(outgoing[r].size());
      sent += outgoing[r];
    }
    check(MPI_Alltoall(send_counts.data(), 1, MPI_INT, receive_counts.data(), 1, MPI_INT,
                       MPI_COMM_WORLD),
          "all-to-all");
    const std::vector<int> send_offsets = offsets_of(send_counts);
    const std::vector<int> receive_offsets = offsets_of(receive_counts);
    std::string received(static_cast<std::size_t>(receive_offsets.back() + receive_counts.back()),
                         '\0');
    check(MPI_Alltoallv(sent.data(), send_counts.data(), send_offsets.data(), MPI_BYTE,
                        received.data(), receive_counts.data(), receive_offsets.data(), MPI_BYTE,
                        MPI_COMM_WORLD),
          "all-to-all");
    std::vector<std::string> incoming(ranks);
    for (std::size_t r = 0; r < ranks; ++r) {
      incoming[r] = received.substr(static_cast<std::size_t>(receive_offsets[r]),
                                    static_cast<std::size_t>(receive_counts[r]));
    }
    return incoming;
  }
#endif
  return outgoing;
}

std::int64_t Cluster::sum(std::int64_t value) const {
#ifdef GROVE_HAVE_MPI
  if (joined_) {
    std::int64_t total = 0;
    check(MPI_Allreduce(&value, &total, 1, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD), "sum");
    return total;
  }
#endif
  return value;
}

std::int64_t Cluster::largest(std::int64_t value) const {
#ifdef GROVE_HAVE_MPI
  if (joined_) {
    std::int64_t most = 0;
    check(MPI_Allreduce(&value, &most, 1, MPI_INT64_T, MPI_MAX, MPI_COMM_WORLD), "maximum");
    return most;
  }
#endif
  return value;
}

std::vector<std::string> Cluster::gather(const std::string& bytes) const {
#ifdef GROVE_HAVE_MPI
  if (joined_) {
    // Each part received straight into its own string, rank by rank: one
    // buffer for all, cut into parts, held every byte twice (on rank 0,
    // at the explorer's gather of the graph, its peak).
    const auto tag = static_cast<int>(ClusterTag::kGathered);
    if (rank_ != 0) {
      check(MPI_Send(bytes.data(), byte_count(bytes.size()), MPI_BYTE, 0, tag, MPI_COMM_WORLD),
            "gather");
      return {};
    }
    std::vector<std::string> all(static_cast<std::size_t>(size_));
    all[0] = bytes;
    for (int r = 1; r < size_; ++r) {
      MPI_Status status;
      check(MPI_Probe(r, tag, MPI_COMM_WORLD, &status), "gather");
      int count = 0;
      check(MPI_Get_count(&status, MPI_BYTE, &count), "gather");
      std::string& part = all[static_cast<std::size_t>(r)];
      part.resize(static_cast<std::size_t>(count));
      check(MPI_Recv(part.data(), count, MPI_BYTE, r, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE),
            "gather");
    }
    return all;
  }
#endif
  return {bytes};
}

void Cluster::abort(int code) const {
#ifdef GROVE_HAVE_MPI
  if (joined_) MPI_Abort(MPI_COMM_WORLD, code);
#endif
  std::_Exit(code);
}

}  // namespace grove::cli
