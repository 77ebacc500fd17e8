#include "lab/exec/lab_where.h"

#include <algorithm>
#include <condition_variable>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "kernels/sim/sim_where.h"
#include "model/views/source_sites.h"

namespace wl::lab {

namespace {
constexpr double kSecondLook = 0.15;  // s between the watchdog's two looks: long against one operation
}  // namespace

struct LabWatchdog::State {
  std::mutex mutex;
  std::condition_variable stop;
  bool stopping = false;
  std::thread thread;
};

LabWatchdog::LabWatchdog(double seconds, std::string folder) : state_(new State) {
  if (seconds <= 0) return;
  state_->thread = std::thread([state = state_, seconds, folder = std::move(folder)] {
    std::unique_lock<std::mutex> lock(state->mutex);
    auto stopped_within = [&](double s) {
      return state->stop.wait_for(lock, std::chrono::duration<double>(s), [state] { return state->stopping; });
    };
    if (stopped_within(seconds)) return;
    const std::optional<SimWhere> before = sim_where_now();
    if (!before || stopped_within(kSecondLook)) return;
    const std::optional<SimWhere> where = sim_where_now();
    if (!where) return;
    // The same block and thread with no operation between the two looks: a thread spins on
    // nothing the simulator sees. Otherwise the kernel was still going round.
    const bool stuck = where->block == before->block && where->rank == before->rank &&
                       where->operations == before->operations && where->running == before->running;
    nlohmann::json j = {{"block", where->block}, {"rank", where->rank}, {"running", stuck ? where->running : -1},
                        {"seen", where->seen}};
    std::ofstream(folder + "/where.json") << j.dump();
  });
}

LabWatchdog::~LabWatchdog() {
  if (state_->thread.joinable()) {
    {
      std::lock_guard<std::mutex> lock(state_->mutex);
      state_->stopping = true;
    }
    state_->stop.notify_all();
    state_->thread.join();
  }
  delete state_;
}

double watch_seconds(double limit_seconds) { return std::max(limit_seconds * 0.5, limit_seconds - 0.5 - kSecondLook); }

namespace {

std::string threads_text(const std::vector<unsigned>& ids) {
  return (ids.size() == 1 ? "thread " : "threads ") + describe_ids(ids);
}

}  // namespace

std::string where_sentence(const std::string& folder, const LabFile& file) {
  std::ifstream in(folder + "/where.json");
  if (!in) return {};
  nlohmann::json j;
  try {
    in >> j;
  } catch (const std::exception&) {
    return {};  // the child was stopped while writing it
  }
  TraceMeta meta;  // enough of one for the file's lines
  meta.family = file.family;
  meta.variant = file.id;
  meta.variant_file = file.path;
  const auto seen = j.value("seen", std::vector<std::uint32_t>{});
  const int running = j.value("running", -1);
  auto line = [&](std::uint32_t word) { return site_text(std::uint16_t(seen_line(word)), meta); };

  std::string out = "At that moment block " + std::to_string(j.value("block", 0u));
  const bool one_running = running >= 0 && std::size_t(running) < seen.size();
  if (one_running) {
    const std::uint32_t word = seen[std::size_t(running)];
    out += " was running thread " + std::to_string(running);
    out += seen_as(word) == SeenAs::NotStarted
               ? " before its first operation"
               : ", which had gone on past " + line(word) + " with no memory access, barrier or shuffle since";
  } else {
    out += " was still issuing operations";
  }
  // The others by what they were doing where, the largest group first.
  std::map<std::uint32_t, std::vector<unsigned>> groups;
  for (unsigned tid = 0; tid < seen.size(); ++tid)
    if (int(tid) != running) groups[seen_as(seen[tid]) == SeenAs::Done || seen_as(seen[tid]) == SeenAs::NotStarted
                                        ? pack_seen(seen_as(seen[tid]), 0)
                                        : seen[tid]].push_back(tid);
  std::vector<std::pair<std::uint32_t, std::vector<unsigned>>> sorted(groups.begin(), groups.end());
  std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.second.size() > b.second.size(); });
  constexpr std::size_t kGroupsSaid = 3;  // a sentence, not a table
  std::vector<std::string> parts;
  std::size_t others = 0;
  for (std::size_t g = 0; g < sorted.size(); ++g) {
    const auto& [word, ids] = sorted[g];
    if (g >= kGroupsSaid) {
      others += ids.size();
      continue;
    }
    switch (seen_as(word)) {
      case SeenAs::AtBarrier: parts.push_back(threads_text(ids) + " waited at the barrier at " + line(word)); break;
      case SeenAs::AtCollective: parts.push_back(threads_text(ids) + " waited for their warp at " + line(word)); break;
      case SeenAs::Ran:
        parts.push_back(threads_text(ids) + (ids.size() == 1 ? " was" : " were") + " last at " + line(word));
        break;
      case SeenAs::NotStarted: parts.push_back(threads_text(ids) + " had not started"); break;
      case SeenAs::Done: parts.push_back(threads_text(ids) + " had finished"); break;
    }
  }
  if (others) parts.push_back(std::to_string(others) + " more elsewhere");
  if (!parts.empty()) {
    out += one_running ? ". The others: " : ". Its threads: ";
    for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? "; " : "") + parts[i];
  }
  out += ".";
  out += one_running ? " A loop that never ends?" : " A loop whose condition never turns false (an unsigned s >= 0)?";
  return out;
}

}  // namespace wl::lab
