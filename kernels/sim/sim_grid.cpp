#include "kernels/sim/sim_grid.h"

#include <algorithm>
#include <deque>
#include <memory>

namespace wl {

SimGrid::SimGrid(const SimLaunch& launch, KernelBody body)
    : launch_(launch), body_(std::move(body)), recorded_(launch.grid_dim, false) {
  for (std::uint32_t b : launch_.record_blocks)
    if (b < recorded_.size()) recorded_[b] = true;
}

void SimGrid::record(const Event& e) {
  if (events_.size() < launch_.event_cap) events_.push_back(e);
  else ++dropped_;
}

void SimGrid::run() {
  std::deque<std::unique_ptr<SimBlock>> resident;
  unsigned next = 0;  // blocks started so far
  auto start_next = [&] {
    const unsigned block = launch_.reverse_start ? launch_.grid_dim - 1 - next : next;
    ++next;
    resident.push_back(std::make_unique<SimBlock>(*this, block));
  };
  while (next < launch_.grid_dim || !resident.empty()) {
    if (resident.empty()) start_next();

    bool any_finished = false;
    for (auto it = resident.begin(); it != resident.end();) {
      if ((*it)->run() == SimBlock::Progress::Finished) {
        it = resident.erase(it);
        any_finished = true;
      } else {
        ++it;
      }
    }
    if (any_finished || resident.empty()) continue;

    // Every resident block is spinning: let one more block in, as the GPU would have.
    if (next < launch_.grid_dim && resident.size() < kMaxResidentBlocks) {
      start_next();
      continue;
    }
    const unsigned block = resident.front()->index();
    set_error(KernelError(KernelErrorKind::SpinHang,
                          "every resident block spin-waits and no other block can start: block " +
                              std::to_string(block) + " waits for something that never happens",
                          block, 0, 0));
    throw *error_;
  }
}

}  // namespace wl
