#include "session/session.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <utility>

#include "run/backend_run.h"
#include "model/views/block_events.h"
#include "session/run_cost.h"

namespace wl {

bool Session::run() {
  question_.clear();
  settings_error_ = settle(settings, true, settled_);
  if (!settings_error_.empty()) return false;
  const bool on_simulator =
      settings.backend == BackendChoice::Simulator || (settings.backend == BackendChoice::Auto && !gpu_usable());
  if (ask_before_big_runs && on_simulator && settings.lab_file.empty()) {
    const RunCost cost = estimate_run_cost(settled_);
    if (cost.bytes > asking_threshold_bytes()) {
      question_ = cost_sentence(settings, cost);
      return false;
    }
  }
  return start();
}

void Session::run_anyway() {
  question_.clear();
  start();
}

bool Session::start() {
  holds_trace_file_ = false;
  runner_.start(settled_);
  return true;
}

void Session::load_trace(const std::string& path) {
  settings_error_.clear();
  holds_trace_file_ = true;
  runner_.start_load(path);
}

void Session::run_program(const SettledProgram& program) {
  settings_error_.clear();
  holds_trace_file_ = true;
  runner_.start_program(program);
}

void Session::run_entry(const lab::EntryRequest& entry) {
  settings_error_.clear();
  holds_trace_file_ = true;
  runner_.start_entry(entry);
}

bool Session::update() {
  std::optional<ShownRun> done = runner_.poll();
  if (!done) return false;
  adopt(std::move(*done));
  return true;
}

void Session::finish() {
  if (std::optional<ShownRun> done = runner_.wait()) adopt(std::move(*done));
}

void Session::adopt(ShownRun&& done) {
  std::shared_ptr<BlockViews> opening = std::move(done.opening);
  auto outcome = std::make_shared<ShownRun>(std::move(done));
  if (outcome->problem == RunProblem::Cancelled && !views_)
    outcome->message = "Cancelled before it finished; no run has finished yet to show instead. Run it again, or with "
                       "a smaller n.";
  drop(std::exchange(outcome_, outcome));
  // Keep showing the last good run under the message; a kernel bug shows the run up to it.
  if (!outcome->ok() && !outcome->views) return free_dropped();
  settings = outcome->settings;
  show(outcome->views);
  // A run that stopped on a bug opens on the block that hit it, where it was recorded.
  const std::uint32_t block = opening_block(*views_, settings.inspect_block);
  if (opening && opening->block == block) show_block(std::move(*opening));
  else select_block(block);
}

void Session::show(std::shared_ptr<const TraceViews> views) {
  building_.clear();  // waits for a model still being built for the views before
  for (auto& [view, model] : models_) drop(std::move(model));
  models_.clear();
  model_errors_.clear();
  drop(std::exchange(views_, std::move(views)));
}

void Session::drop(std::shared_ptr<const void> old) {
  if (old) dropped_.push_back(std::move(old));
}

void Session::free_dropped() {
  if (dropped_.empty()) return;
  // Still freeing the last: these wait for the next call, not the frame.
  if (freeing_.valid() && freeing_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return;
  freeing_ = std::async(std::launch::async, [old = std::exchange(dropped_, {})]() mutable { old.clear(); });
}

const ViewModel* Session::view_model(const ViewDecl& view, bool wait) {
  if (!views_ || !view.build) return nullptr;
  if (const auto built = models_.find(&view); built != models_.end()) return built->second.get();
  std::future<std::shared_ptr<const ViewModel>>& job = building_[&view];
  if (!job.valid())  // the job holds the views it reads: they outlive a run adopted meanwhile
    job = std::async(std::launch::async, [views = views_, &view] { return view.build(*views); });
  if (!wait && job.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return nullptr;
  std::shared_ptr<const ViewModel> model;
  try {
    model = job.get();
  } catch (const std::exception& e) {
    model_errors_[&view] = e.what();
  }
  building_.erase(&view);
  return models_.emplace(&view, std::move(model)).first->second.get();
}

std::string Session::view_model_error(const ViewDecl& view) const {
  const auto it = model_errors_.find(&view);
  return it == model_errors_.end() ? std::string() : it->second;
}

void Session::select_block(std::uint32_t block) { show_block(build_block_views(*views_, block)); }

void Session::show_block(BlockViews&& block) {
  drop(std::make_shared<const BlockViews>(std::exchange(block_, std::move(block))));
  settings.inspect_block = block_.block;
  banks_.clear();
  memory_.clear();
  sources_.clear();
  ++generation_;
  free_dropped();
}

void Session::inspect(std::uint32_t block) {
  if (views_ && views_->has_block(block)) {
    if (block != block_.block) select_block(block);
    return;
  }
  settings.inspect_block = block;
  run();
}

void Session::inspect_launch(std::uint32_t launch) {
  if (!views_ || launch == views_->launch) return;
  show(std::make_shared<const TraceViews>(build_trace_views_of_launch(*views_, launch)));
  settings.inspect_launch = views_->launch;
  select_block(views_->has_block(settings.inspect_block) || views_->blocks.empty()
                   ? settings.inspect_block
                   : views_->blocks.front());
}

const BankStep& Session::bank_step(std::uint16_t step) {
  auto it = banks_.find(step);
  if (it == banks_.end()) {
    BankStep s = views_ ? wl::bank_step(views_->requests, block_.block, step) : BankStep{};
    it = banks_.emplace(step, std::move(s)).first;
  }
  return it->second;
}

const MemoryStep& Session::memory_step(std::uint16_t step) {
  auto it = memory_.find(step);
  if (it == memory_.end()) {
    MemoryStep s = views_ ? wl::memory_step(views_->requests, block_.block, step) : MemoryStep{};
    it = memory_.emplace(step, std::move(s)).first;
  }
  return it->second;
}

const SourceHits& Session::source_hits(std::uint16_t step) {
  auto it = sources_.find(step);
  if (it == sources_.end()) {
    SourceHits h;
    if (views_) h = step_source_hits(block_events(views_->trace, block_.block), step, views_->trace.meta);
    it = sources_.emplace(step, std::move(h)).first;
  }
  return it->second;
}

}  // namespace wl
