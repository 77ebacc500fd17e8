#include "kernels/sim/sim_grid.h"

#include <algorithm>
#include <deque>
#include <memory>
#include <new>
#include <tuple>

#include "kernels/host/run_recorder.h"

namespace wl {

SimGrid::SimGrid(const SimLaunch& launch, KernelBody body)
    : launch_(launch), body_(std::move(body)), recorded_(launch.grid_dim, false),
      rank_arrivals_(launch.grid_dim, 0), own_arrivals_(std::size_t(launch.grid_dim) * launch.ranks, 0) {
  for (std::uint32_t b : launch_.record_blocks)
    if (b < recorded_.size() && !recorded_[b]) {
      recorded_[b] = true;
      recorded_count_ += launch.ranks;
    }
}

void SimGrid::commit(SimBlock& block) {
  std::vector<Event>& mine = block.events();
  if (mine.empty()) return;
  if (events_.size() + mine.size() > recorded_event_budget()) throw std::bad_alloc();
  block_events_hint_ = mine.size();
  // Blocks of one kernel record alike: the first one sizes the whole, so the vector is not
  // grown (and copied) a block at a time. An estimate too large for this machine (a first
  // block far busier than the rest) leaves the vector to grow as it goes. A quarter more is
  // room for the run's later launches (a reduction's next passes), which the recorder appends
  // to these events (RunRecorder::add_events): room never written takes no memory.
  if (segments_.empty()) {
    try {
      const std::uint64_t estimate = std::min<std::uint64_t>(launch_.event_cap, mine.size() * recorded_count_);
      events_.reserve(std::size_t(estimate + estimate / 4));
    } catch (const std::bad_alloc&) {
    }
  }
  const std::size_t at = events_.size();
  segments_.push_back({block.rank(), block.index(), at, mine.size()});
  // A stable counting sort by thread: a thread's events were recorded in seq order.
  std::vector<std::size_t> start(launch_.block_dim + 1, 0);
  for (const Event& e : mine) ++start[e.thread + 1];
  for (unsigned t = 0; t < launch_.block_dim; ++t) start[t + 1] += start[t];
  events_.resize(at + mine.size());
  for (const Event& e : mine) events_[at + start[e.thread]++] = e;
  std::vector<Event>().swap(mine);
}

void SimGrid::arrange() {
  const auto before = [](const Segment& a, const Segment& b) { return std::tie(a.rank, a.block) < std::tie(b.rank, b.block); };
  if (std::is_sorted(segments_.begin(), segments_.end(), before)) return;
  std::vector<Segment> order = segments_;
  std::sort(order.begin(), order.end(), before);
  std::vector<Event> arranged;
  arranged.reserve(events_.size());
  for (const Segment& s : order)
    arranged.insert(arranged.end(), events_.begin() + long(s.at), events_.begin() + long(s.at + s.count));
  events_.swap(arranged);
  segments_.clear();
}

void SimGrid::run() {
  std::deque<std::unique_ptr<SimBlock>> resident;
  try {
    run_blocks(resident);
  } catch (...) {
    // The run up to a kernel's bug is the lesson: the blocks still running keep their events.
    for (const auto& block : resident) commit(*block);
    arrange();
    throw;
  }
  arrange();
}

void SimGrid::run_blocks(std::deque<std::unique_ptr<SimBlock>>& resident) {
  const std::uint64_t total = std::uint64_t(launch_.grid_dim) * launch_.ranks;
  std::uint64_t next = 0;  // blocks started so far, over every rank
  auto start_next = [&] {
    const unsigned rank = unsigned(next % launch_.ranks);
    const auto order = unsigned(next / launch_.ranks);
    const unsigned block = launch_.reverse_start ? launch_.grid_dim - 1 - order : order;
    ++next;
    resident.push_back(std::make_unique<SimBlock>(*this, block, rank));
  };
  RunProgress* const progress = launch_.progress;
  if (progress) progress->blocks_total += total;
  while (next < total || !resident.empty()) {
    if (progress && progress->cancel.load(std::memory_order_relaxed)) throw RunCancelled();
    if (resident.empty()) start_next();

    bool any_finished = false, any_moved = false;
    for (auto it = resident.begin(); it != resident.end();) {
      if ((*it)->run() == SimBlock::Progress::Finished) {
        commit(**it);
        it = resident.erase(it);
        any_finished = true;
        if (progress) progress->blocks_done.fetch_add(1, std::memory_order_relaxed);
      } else {
        any_moved |= (*it)->moved();
        ++it;
      }
    }
    if (any_finished || resident.empty()) continue;

    // Every resident block is spinning: let one more block in, as the GPU would have.
    if (next < total && resident.size() < kMaxResidentBlocks) {
      start_next();
      continue;
    }
    // A block got further before it stalled (the last to reach a rank barrier): the others may
    // now pass, so run them again before calling it a hang.
    if (any_moved) continue;
    const unsigned block = resident.front()->index();
    const unsigned rank = resident.front()->rank();
    set_error(KernelError(KernelErrorKind::SpinHang,
                          "every resident block spin-waits and no other block can start: block " +
                              std::to_string(block) + (launch_.ranks > 1 ? " of rank " + std::to_string(rank) : "") +
                              " waits for something that never happens",
                          block, 0, 0, 0, 0, rank));
    throw *error_;
  }
}

std::uint64_t SimGrid::rank_arrive(unsigned block, unsigned rank) {
  ++rank_arrivals_[block];
  return ++own_arrivals_[std::size_t(rank) * launch_.grid_dim + block] * launch_.ranks;
}

}  // namespace wl
