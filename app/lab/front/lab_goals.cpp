#include "lab/front/lab_goals.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <tuple>

#include "kernels/family/family.h"
#include "kernels/sim/kernel_error.h"
#include "model/divergence.h"
#include "model/metrics.h"
#include "model/races.h"
#include "model/views/race_report.h"
#include "model/warp_requests.h"
#include "model/work_span.h"

namespace wl::lab {
namespace {

// "line 41, block 0, thread 3: shared memory out of bounds"
std::string fault_place(const TraceFault& f) {
  return "line " + std::to_string(f.line) + ", block " + std::to_string(f.block) + ", thread " + std::to_string(f.thread) +
         ": " + f.kind;
}

bool compare(double a, GoalCompare c, double b) {
  switch (c) {
    case GoalCompare::Less: return a < b;
    case GoalCompare::LessEqual: return a <= b;
    case GoalCompare::Equal: return a == b;
    case GoalCompare::GreaterEqual: return a >= b;
    case GoalCompare::Greater: return a > b;
  }
  return false;
}

std::string number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, v == std::floor(v) && std::fabs(v) < 1e15 ? "%.0f" : "%.3g", v);
  return text;
}

// Percent of the input buffers' loads (every launch) made by the one thread that made most.
double busiest_thread_share(const Trace& trace) {
  std::map<std::tuple<std::uint16_t, std::uint32_t, std::uint16_t>, std::uint64_t> loads;  // launch, block, thread
  std::uint64_t total = 0, most = 0;
  for (const Event& e : trace.events) {
    if (e.op != OpKind::GlobalLoad) continue;
    const BufferRecord* b = trace.meta.buffer(e.buffer);
    if (!b || b->role != BufferRole::Input) continue;
    ++total;
    most = std::max(most, ++loads[{e.launch, e.block, e.thread}]);
  }
  return total ? 100.0 * double(most) / double(total) : 0.0;
}

}  // namespace

const std::vector<GoalMetric>& goal_metrics() {
  static const std::vector<GoalMetric> metrics = {
      {"correct", "1 when the result equals the CPU reference and the simulator found no bug, else 0"},
      {"bank_conflicts", "shared-memory bank conflicts: wavefronts past the ideal, loads, stores and atomics"},
      {"divergent_warps", "warp-steps in which a warp's lanes took different paths"},
      {"barriers", "__syncthreads a block waited at, summed over the recorded blocks"},
      {"excess_sectors", "global-memory sectors moved past the ideal (uncoalesced accesses)"},
      {"atomic_passes", "passes that atomics to the same address serialise into"},
      {"races", "pairs of lines whose accesses to one location race: different threads, a write, no barrier "
                "(or __syncwarp, within a warp) between them"},
      {"unwritten_reads", "1 when the simulator stopped at a read of shared memory never written"},
      {"faults", "1 when the simulator stopped at any bug in the kernel"},
      {"steps", "steps (tree levels and phases) the kernel took"},
      {"span", "the longest chain of combines any value waited on, from the dataflow: a tree is about log2 n "
               "deep, one thread adding in order n - 1"},
      {"busiest_thread", "the share (%) of the input's loads that the busiest thread made: 100 when one thread "
                         "reads everything"},
      {"time_ms", "the time of a run on the GPU (needs a GPU)"},
      {"percent_of_copy", "the share of the device copy's bandwidth on the GPU (needs a GPU)"}};
  return metrics;
}

std::optional<double> goal_metric(const std::string& name, const RunResult& run, const LabMeasures& measures,
                                  std::string& why) {
  const TraceFault* fault = run.trace.meta.fault ? &*run.trace.meta.fault : nullptr;
  if (name == "correct") return run.check.ok && !fault ? 1.0 : 0.0;
  if (name == "faults") return fault ? 1.0 : 0.0;
  if (name == "unwritten_reads")
    return fault && fault->kind == kernel_error_kind_name(KernelErrorKind::SharedUninitializedRead) ? 1.0 : 0.0;
  if (name == "races") return double(find_races(run.trace).size());
  if (name == "time_ms" || name == "percent_of_copy") {
    const std::optional<double> value = name == "time_ms" ? measures.time_ms : measures.percent_of_copy;
    if (!value) why = name + " is measured on a GPU: run with a GPU (the simulator has no clock to time)";
    return value;
  }
  if (name == "span") return double(measure_work_span(build_dataflow(run.trace)).span);
  if (name == "busiest_thread") return busiest_thread_share(run.trace);
  const Metrics m = compute_metrics(run.trace);
  const StepMetrics& t = m.total;
  if (name == "bank_conflicts") return double(t.shared_ld.conflicts + t.shared_st.conflicts + t.shared_atom.conflicts);
  if (name == "divergent_warps") return double(t.divergent_warps);
  if (name == "barriers") return double(m.barriers());
  if (name == "excess_sectors")
    return double((t.global_ld.sectors - t.global_ld.ideal) + (t.global_st.sectors - t.global_st.ideal) +
                  (t.global_atom.sectors - t.global_atom.ideal));
  if (name == "atomic_passes") return double(t.shared_contention.passes + t.global_contention.passes);
  if (name == "steps") return double(m.num_steps());
  why = "no metric '" + name + "'";
  return std::nullopt;
}

std::vector<GoalResult> check_goals(const LabFile& file, const LabRequest& lab, const LabRun& learners) {
  const RunRequest& request = lab.request;
  const RunInput& input = lab.input;
  const RunResult& run = learners.outcome;
  const bool gpu = lab.target == LabTarget::Gpu;
  const TraceFault* fault = run.trace.meta.fault ? &*run.trace.meta.fault : nullptr;
  const std::vector<Race> races = find_races(run.trace);
  std::vector<GoalResult> out;
  const Family* family = find_family(file.family);
  for (const LabGoal& goal : file.goals) {
    GoalResult g;
    g.goal = goal;
    std::string why;
    g.actual = goal_metric(goal.metric, run, learners.measures, why);
    if (goal.metric == "correct") g.target = 1, g.met = g.actual == 1.0;
    else if (!g.actual) g.note = why;
    else if (goal.versus.empty()) g.target = goal.value;
    else if (!family || !family->find_variant(goal.versus)) g.note = "no built-in variant '" + goal.versus + "' to compare with";
    else {
      RunRequest theirs = request;
      theirs.variant = goal.versus;
      theirs.record = true;
      // A plain-CUDA run's contract takes parameters of its own (items, grid, shared): the
      // built-in variant runs with those of its family.
      const std::vector<FamilyParam> own = family->params();
      for (auto it = theirs.params.begin(); it != theirs.params.end();)
        it = std::any_of(own.begin(), own.end(), [&](const FamilyParam& p) { return p.name == it->first; })
                 ? std::next(it)
                 : theirs.params.erase(it);
      try {
        const std::vector<unsigned char> data = family->make_input(theirs, input.pattern, input.seed);
        LabMeasures measured;
        if (gpu && (goal.metric == "time_ms" || goal.metric == "percent_of_copy")) {
          RunRequest timed = theirs;
          timed.record = false;
          const TimingPlan plan;
          const GpuTime t = family->time_gpu(timed, data.data(), plan);
          measured.time_ms = t.ms;
          // The same bytes against the same copy: a share scales as one over the time.
          measured.percent_of_copy = learners.measures.percent_of_copy && learners.measures.time_ms
                                         ? *learners.measures.percent_of_copy * *learners.measures.time_ms / t.ms
                                         : std::optional<double>();
        }
        g.target = goal_metric(goal.metric, family->run(theirs, gpu ? Backend::Gpu : Backend::Simulator, data.data()),
                               measured, why);
        if (g.target) g.note = goal.versus + " gives " + number(*g.target);
        else g.note = why;
      } catch (const std::exception& e) {
        g.note = goal.versus + " could not run here: " + e.what();
      }
    }
    if (goal.metric != "correct" && g.actual && g.target) g.met = compare(*g.actual, goal.compare, *g.target);
    // A divergence goal missed: where the lanes split, so the learner knows which branch to change.
    if (goal.metric == "divergent_warps" && g.actual && g.target && !g.met) {
      const std::vector<WarpRequest> requests = group_requests(run.trace);
      const std::vector<DivergentSite> sites = divergent_sites(requests, divergence_grid(run.trace, requests));
      std::string where;
      for (std::size_t i = 0; i < sites.size() && i < 3; ++i)
        where += (i ? ", " : "") + site_text(sites[i].site, run.trace.meta) + " (" + std::to_string(sites[i].requests) +
                 " request" + (sites[i].requests == 1 ? "" : "s") + ")";
      if (!where.empty()) g.note += (g.note.empty() ? "" : "; ") + std::string("lanes split most at ") + where;
    }
    // A run that stopped on a bug did not finish: its counts are of part of a kernel, and
    // fewer events can look better than a whole run. No goal is met by it.
    if (fault && g.met) {
      g.met = false;
      g.note = "the run did not finish (it stopped at " + fault_place(*fault) + ")";
    }
    // A kernel that races is wrong even where its result came out right: a barrier deleted to meet
    // `barriers < sequential` is not a better kernel. Its counts are not graded; whether it races,
    // and whether its result is right, still are.
    const bool counts_races = goal.metric == "correct" || goal.metric == "races" || goal.metric == "faults";
    if (!races.empty() && g.met && !counts_races) {
      g.met = false;
      const Race& r = races.front();
      g.note = "not graded while the kernel races (" + site_text(r.first.site, run.trace.meta) + " against " +
               site_text(r.second.site, run.trace.meta) + ")";
    }
    out.push_back(std::move(g));
  }
  return out;
}

std::string format_goals(const std::vector<GoalResult>& results) {
  std::size_t met = 0;
  for (const GoalResult& g : results) met += g.met;
  std::string out = "met " + std::to_string(met) + " of " + std::to_string(results.size()) + " goals\n";
  for (const GoalResult& g : results) {
    out += std::string(g.met ? "  ok    " : g.actual ? "  MISS  " : "  ?     ") + g.goal.text;
    if (g.actual && g.goal.metric != "correct") out += " (yours: " + number(*g.actual) + ")";
    if (!g.note.empty()) out += ": " + g.note;
    out += "\n";
  }
  return out;
}

}  // namespace wl::lab
