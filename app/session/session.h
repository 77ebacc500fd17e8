// One side of the screen: the settings being edited, the run behind them, and the per-block and
// per-step view data derived from its trace (cached, since views read them every frame).
#pragma once
#include <cstdint>
#include <future>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "model/views/bank_model.h"
#include "model/views/memory_model.h"
#include "model/views/source_sites.h"
#include "model/views/trace_views.h"
#include "session/runner.h"

namespace wl {

class Session {
 public:
  RunSettings settings;  // what the controls show and edit

  // Starts a run of `settings` unless they are invalid (then `settings_error()` says why), or,
  // with ask_before_big_runs, unless it would use much memory on the simulator: then
  // `question()` says so and the run waits for run_anyway(). False when it did not start.
  bool run();
  bool ask_before_big_runs = false;  // the window asks; a command line or a test has asked already
  const std::string& question() const { return question_; }
  void run_anyway();
  void dont_run() { question_.clear(); }
  void load_trace(const std::string& path);
  // A whole program (--program): built and run in a child, its recorded launches shown.
  void run_program(const SettledProgram& program);
  void run_entry(const lab::EntryRequest& entry);
  // A trace file was loaded and no run started since: there is nothing to run again.
  bool holds_trace_file() const { return holds_trace_file_; }
  // Adopts a finished run; returns true when new view data arrived this call.
  bool update();
  // Waits for the run in flight (headless screenshots, lessons driven by tests).
  void finish();

  bool busy() const { return runner_.busy(); }
  bool building_views() const { return !building_.empty(); }  // a view's model still being made
  const RunProgress* progress() const { return runner_.progress(); }
  double seconds_running() const { return runner_.seconds_running(); }
  void cancel() { runner_.cancel(); }
  const std::string& settings_error() const { return settings_error_; }
  const ShownRun* outcome() const { return outcome_.get(); }  // last finished, maybe failed
  const TraceViews* views() const { return views_.get(); }      // last successful
  const BlockViews* block() const { return views_ ? &block_ : nullptr; }
  std::uint64_t generation() const { return generation_; }    // changes with views or block

  // Inspects another recorded block at once; an unrecorded one is run again, recording it.
  void inspect(std::uint32_t block);
  // Shows another launch of the run (every launch was recorded).
  void inspect_launch(std::uint32_t launch);

  // The model of a view that has one (ViewDecl::build) for the views shown, built off the UI
  // thread the first time it is asked for: null until it is ready, unless `wait`, and null when
  // building it failed (out of memory): then view_model_error says why.
  const ViewModel* view_model(const ViewDecl& view, bool wait);
  std::string view_model_error(const ViewDecl& view) const;

  const BankStep& bank_step(std::uint16_t step);
  const MemoryStep& memory_step(std::uint16_t step);
  const SourceHits& source_hits(std::uint16_t step);

 private:
  void adopt(ShownRun&& outcome);
  void show(std::shared_ptr<const TraceViews> views);
  void select_block(std::uint32_t block);
  void show_block(BlockViews&& block);
  // What the screen stops showing (a run's views of millions of events, their models, a
  // block's) is freed on a thread of its own: gigabytes freed in a frame stalled it.
  void drop(std::shared_ptr<const void> old);
  void free_dropped();

  bool start();
  SettledRun settled_;  // what run() settled, started now or by run_anyway()

  Runner runner_;
  std::string settings_error_;
  std::string question_;  // a big run waiting for the user's yes
  bool holds_trace_file_ = false;
  std::shared_ptr<const ShownRun> outcome_;
  std::shared_ptr<const TraceViews> views_;
  BlockViews block_;
  std::uint64_t generation_ = 0;
  std::map<std::uint16_t, BankStep> banks_;
  std::map<std::uint16_t, MemoryStep> memory_;
  std::map<std::uint16_t, SourceHits> sources_;
  std::map<const ViewDecl*, std::shared_ptr<const ViewModel>> models_;      // of views_
  std::map<const ViewDecl*, std::future<std::shared_ptr<const ViewModel>>> building_;
  std::map<const ViewDecl*, std::string> model_errors_;
  std::vector<std::shared_ptr<const void>> dropped_;  // for free_dropped
  std::future<void> freeing_;                         // the last free_dropped's; waited for on destruction
};

}  // namespace wl
