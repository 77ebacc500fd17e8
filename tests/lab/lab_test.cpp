// The lab's parts that need no compiler: a learner's file read and its goals, the starter's
// renaming, the compiler's diagnostics, goals judged on runs of built-in variants, and child
// processes that exit, crash or hang. Builds of learner files are tested through the command
// line (CMakeLists.txt).
#include <gtest/gtest.h>

#include <signal.h>

#include <tuple>

#include "kernels/family/family.h"
#include "lab/compile/lab_build.h"
#include "lab/exec/child_process.h"
#include "lab/exec/lab_run.h"
#include "lab/front/lab_file.h"
#include "lab/front/lab_goals.h"
#include "lab/front/lab_starter.h"

namespace wl::lab {
namespace {

const std::string kExercise = R"(// exercise: Reduce without bank conflicts
// run: --n 2048 --block 128 --type i32
// goal: correct
// goal: bank_conflicts == 0
// goal: divergent_warps < interleaved-divergent
// solution: sequential
#include "kernels/families/reduce/variant.h"
namespace wl::reduce {
struct NoConflicts02 {
  static constexpr ReduceVariantInfo info{
      "02-no-conflicts", "lesson", "origin", Finish::Partials, GridShape::OnePerElement, 1};
};
}
)";

TEST(LabFile, ReadsTheFamilyTheVariantTheRunAndTheGoals) {
  std::string error;
  const std::optional<LabFile> f = parse_lab_file("02-no-conflicts.h", kExercise, error);
  ASSERT_TRUE(f) << error;
  EXPECT_EQ(f->family, "reduce");
  EXPECT_EQ(f->type_name, "NoConflicts02");
  EXPECT_EQ(f->id, "02-no-conflicts");
  EXPECT_EQ(f->title, "Reduce without bank conflicts");
  EXPECT_EQ(f->run, (std::vector<std::string>{"--n", "2048", "--block", "128", "--type", "i32"}));
  ASSERT_EQ(f->goals.size(), 3u);
  EXPECT_EQ(f->goals[0].metric, "correct");
  EXPECT_EQ(f->goals[1].metric, "bank_conflicts");
  EXPECT_EQ(f->goals[1].compare, GoalCompare::Equal);
  EXPECT_EQ(f->goals[1].value, 0);
  EXPECT_EQ(f->goals[1].line, 4u);
  EXPECT_EQ(f->goals[2].compare, GoalCompare::Less);
  EXPECT_EQ(f->goals[2].versus, "interleaved-divergent");
  EXPECT_EQ(f->solution, "sequential");
}

// A file's run: line takes n as every --n does: a number or a power of two.
TEST(LabFile, TheRunLineTakesAPowerOfTwo) {
  std::string error, text = kExercise;
  text.replace(text.find("--n 2048"), 8, "--n 2^11");
  const std::optional<LabFile> f = parse_lab_file("02-no-conflicts.h", text, error);
  ASSERT_TRUE(f) << error;
  const std::optional<LabRequest> r = lab_default_request(*f, error);
  ASSERT_TRUE(r) << error;
  EXPECT_EQ(r->request.n, 2048u);
  text.replace(text.find("--n 2^11"), 8, "--n -5  ");
  const std::optional<LabFile> bad = parse_lab_file("02-no-conflicts.h", text, error);
  ASSERT_TRUE(bad) << error;
  EXPECT_FALSE(lab_default_request(*bad, error));
}

TEST(LabFile, SaysWhatIsMissing) {
  std::string error;
  EXPECT_FALSE(parse_lab_file("x.h", "int main() {}", error));
  EXPECT_NE(error.find("does not include a family's variant header"), std::string::npos) << error;
  EXPECT_FALSE(parse_lab_file("x.h", "#include \"kernels/families/reduce/variant.h\"\nstruct X {};", error));
  EXPECT_NE(error.find("has no variant"), std::string::npos) << error;
  std::string bad = kExercise;
  bad.replace(bad.find("bank_conflicts == 0"), 19, "bank_conflicts is low");
  EXPECT_FALSE(parse_lab_file("x.h", bad, error));
  EXPECT_NE(error.find("line 4"), std::string::npos) << error;
}

TEST(LabFile, NamesComeFromTheFileName) {
  EXPECT_EQ(struct_name_for("dir/02-no-bank-conflicts.h"), "NoBankConflicts02");
  EXPECT_EQ(struct_name_for("mine.h"), "Mine");
  EXPECT_EQ(struct_name_for("my_fast.kernel.h"), "MyFast");
  EXPECT_EQ(variant_id_for("dir/My_Fast.h"), "my-fast");
}

TEST(LabBuild, DiagnosticsAreParsedAndTheLearnersComeFirst) {
  const std::string out =
      "In file included from /tmp/x/driver.cpp:3:\n"
      "/home/me/mine.h: In static member function 'void run()':\n"
      "/home/me/mine.h:40:39: error: 'nothing' was not declared in this scope\n"
      "/src/kernels/family/typed_run.h:12:5: note: required from here\n"
      "/home/me/mine.h:9:1: warning: unused variable 'x' [-Wunused-variable]\n";
  const std::vector<Diagnostic> d = parse_diagnostics(out, "/home/me/mine.h");
  ASSERT_EQ(d.size(), 3u);
  EXPECT_TRUE(d[0].in_lab_file);
  EXPECT_EQ(d[0].line, 40u);
  EXPECT_EQ(d[0].column, 39u);
  EXPECT_EQ(d[0].severity, "error");
  EXPECT_FALSE(d[1].in_lab_file);
  EXPECT_EQ(format_diagnostics(d),
            "/home/me/mine.h:40:39: error: 'nothing' was not declared in this scope\n"
            "/home/me/mine.h:9:1: warning: unused variable 'x' [-Wunused-variable]\n");
}

// nvcc's front end gives no column and may number its diagnostics: both are read.
TEST(LabBuild, NvccDiagnosticsAreParsed) {
  const std::vector<Diagnostic> d = parse_diagnostics(
      "/home/me/mine.cu(12): error: identifier \"sdata\" is undefined\n"
      "/home/me/mine.cu(3): warning #177-D: variable \"x\" was declared but never referenced\n"
      "1 error detected in the compilation of \"/tmp/x.cu\".\n",
      "/home/me/mine.cu");
  ASSERT_EQ(d.size(), 2u);
  EXPECT_TRUE(d[0].in_lab_file);
  EXPECT_EQ(d[0].line, 12u);
  EXPECT_EQ(d[0].column, 0u);
  EXPECT_EQ(d[0].severity, "error");
  EXPECT_EQ(d[0].message, "identifier \"sdata\" is undefined");
  EXPECT_EQ(d[1].severity, "warning");
  EXPECT_EQ(d[1].message, "variable \"x\" was declared but never referenced");
  EXPECT_EQ(format_diagnostics(d), "/home/me/mine.cu:12: error: identifier \"sdata\" is undefined\n"
                                   "/home/me/mine.cu:3: warning: variable \"x\" was declared but never referenced\n");
}

// The driver builds the kernel for each type: an error in it is given once, not once a type.
TEST(LabBuild, AnErrorOfEveryTypeIsGivenOnce) {
  const std::string error = "/home/me/mine.h:23:14: error: 'atomicAdd' was not declared in this scope\n";
  const std::string out = error + "/src/typed_run.h:12:5: note: required from here [with T = int]\n" + error +
                          "/src/typed_run.h:12:5: note: required from here [with T = float]\n" + error;
  const std::vector<Diagnostic> d = parse_diagnostics(out, "/home/me/mine.h");
  ASSERT_EQ(d.size(), 3u);  // one error, the two notes that differ
  EXPECT_EQ(format_diagnostics(d).find(error), 0u);
  EXPECT_EQ(format_diagnostics(d).find(error, 1), std::string::npos);
}

// CUDA's own names in a dialect kernel: one line after the errors says what the dialect calls
// those the errors name, and only those (threadIdx, not __shfl_sync inside __shfl_down_sync).
TEST(LabBuild, CudaNamesGetTheDialectsNames) {
  const std::vector<Diagnostic> d = parse_diagnostics(
      "/home/me/mine.h:19:26: error: 'threadIdx' was not declared in this scope\n"
      "/home/me/mine.h:22:5: error: there are no arguments to '__syncthreads' that depend on a template parameter\n"
      "/home/me/mine.h:24:5: error: '__shfl_down_sync' was not declared in this scope\n"
      "/home/me/mine.h:9:1: warning: unused variable 'blockDim' [-Wunused-variable]\n",
      "/home/me/mine.h");
  EXPECT_EQ(dialect_hint(d),
            "in the dialect (kernels/dialect/README.md), threadIdx.x is ctx.thread_idx(); __syncthreads() is ctx.sync(); "
            "__shfl_down_sync(mask, v, d) is ctx.shfl_down(mask, v, d)");
  const std::string text = format_diagnostics(d);
  EXPECT_EQ(text.substr(text.rfind('\n', text.size() - 2) + 1), dialect_hint(d) + "\n");  // the last line
  EXPECT_EQ(dialect_hint(parse_diagnostics("/home/me/mine.h:1:1: error: 'nothing' was not declared\n", "/home/me/mine.h")), "");
}

// A plain-CUDA file's errors are CUDA's: no line about the dialect's names after them.
TEST(LabBuild, PlainCudaErrorsGetNoDialectHint) {
  const std::vector<Diagnostic> d =
      parse_diagnostics("/home/me/mine.cu:22:5: error: use of undeclared identifier '__syncthreads'\n", "/home/me/mine.cu");
  EXPECT_EQ(format_diagnostics(d, false), "/home/me/mine.cu:22:5: error: use of undeclared identifier '__syncthreads'\n");
  EXPECT_NE(format_diagnostics(d).find("ctx.sync()"), std::string::npos);
}

TEST(LabStarter, ABuiltInVariantRenamedAfterTheFile) {
  std::string error;
  const std::optional<std::string> text = starter_text("reduce", "sequential", "work/02-mine.h", false, error);
  ASSERT_TRUE(text) << error;
  std::optional<LabFile> f = parse_lab_file("work/02-mine.h", *text, error);
  ASSERT_TRUE(f) << error;
  EXPECT_EQ(f->type_name, "Mine02");
  EXPECT_EQ(f->id, "02-mine");
  EXPECT_EQ(text->find("Sequential"), std::string::npos);
  EXPECT_NE(text->find("ctx.sync()"), std::string::npos);  // the kernel came along
  const std::optional<std::string> skeleton = starter_text("reduce", "sequential", "s.h", true, error);
  ASSERT_TRUE(skeleton) << error;
  EXPECT_NE(skeleton->find("TODO"), std::string::npos);
  EXPECT_EQ(skeleton->find("Op::apply"), std::string::npos);  // the body is gone
  EXPECT_FALSE(starter_text("reduce", "nope", "s.h", false, error));
  EXPECT_FALSE(starter_text("nope", "sequential", "s.h", false, error));
}

// The file's name for the struct, unless the family already uses it: a starter named as its
// variant would clash with the built-in compiled beside it, and with `Shared` every Shared<T>.
TEST(LabStarter, ANameTheFamilyUsesIsNotTaken) {
  std::string error;
  for (const auto& [variant, path, name] : {std::tuple{"interleaved-divergent", "interleaved-divergent.h", "InterleavedDivergentMine"},
                                            std::tuple{"sequential", "shared.h", "SharedMine"},
                                            std::tuple{"sequential", "mine.h", "Mine"}}) {
    const std::optional<std::string> text = starter_text("reduce", variant, path, false, error);
    ASSERT_TRUE(text) << error;
    const std::optional<LabFile> f = parse_lab_file(path, *text, error);
    ASSERT_TRUE(f) << error;
    EXPECT_EQ(f->type_name, name);
    EXPECT_EQ(f->id, variant_id_for(path));
  }
}

// A variant that builds on another's header (blelloch-padded on blelloch.h) is a starter too.
TEST(LabStarter, AVariantOnAnothersHeader) {
  std::string error;
  const std::optional<std::string> text = starter_text("scan", "blelloch-padded", "padded.h", false, error);
  ASSERT_TRUE(text) << error;
  const std::optional<LabFile> f = parse_lab_file("padded.h", *text, error);
  ASSERT_TRUE(f) << error;
  EXPECT_EQ(f->family, "scan");
  EXPECT_EQ(f->type_name, "Padded");
}

RunResult run_builtin(const std::string& variant, const RunRequest& base) {
  RunRequest r = base;
  r.variant = variant;
  const std::vector<unsigned char> input = find_family("reduce")->make_input(r, Pattern::Random, 1);
  return run_sim(r, input.data());
}

// interleaved-strided's index 2 s tid puts 2 s apart lanes in one bank: conflicts at every level
// from the second; sequential has none. Goals judge a run by those counts, and against a
// built-in variant run on the same input.
TEST(LabGoals, MetricsAndComparisonsWithBuiltInVariants) {
  RunRequest r;
  r.type = "i32";
  r.n = 2048;
  r.block = 128;
  r.record = true;
  const RunResult strided = run_builtin("interleaved-strided", r), sequential = run_builtin("sequential", r);
  std::string why;
  EXPECT_GT(*goal_metric("bank_conflicts", strided, {}, why), 0);
  EXPECT_EQ(*goal_metric("bank_conflicts", sequential, {}, why), 0);
  EXPECT_EQ(*goal_metric("correct", sequential, {}, why), 1);
  EXPECT_EQ(*goal_metric("races", sequential, {}, why), 0);
  EXPECT_EQ(*goal_metric("steps", sequential, {}, why), 9);  // load, levels 0-6 of a block of 128, finish
  EXPECT_FALSE(goal_metric("time_ms", sequential, {}, why));
  EXPECT_NE(why.find("GPU"), std::string::npos);
  EXPECT_FALSE(goal_metric("speed", sequential, {}, why));
  LabMeasures measured;  // as a GPU run gives them
  measured.time_ms = 0.25;
  measured.percent_of_copy = 81;
  EXPECT_EQ(*goal_metric("percent_of_copy", sequential, measured, why), 81);
  EXPECT_EQ(*goal_metric("time_ms", sequential, measured, why), 0.25);

  std::string error;
  LabFile f = *parse_lab_file("02-no-conflicts.h", kExercise, error);
  LabRequest lab;
  lab.request = r;
  LabRun learners;
  learners.outcome = strided;
  const std::vector<GoalResult> on_strided = check_goals(f, lab, learners);
  ASSERT_EQ(on_strided.size(), 3u);
  EXPECT_TRUE(on_strided[0].met);
  EXPECT_FALSE(on_strided[1].met);
  EXPECT_TRUE(on_strided[2].met);  // fewer divergent warps than interleaved-divergent
  EXPECT_GT(*on_strided[2].target, *on_strided[2].actual);
  learners.outcome = sequential;
  const std::vector<GoalResult> on_sequential = check_goals(f, lab, learners);
  for (const GoalResult& g : on_sequential) EXPECT_TRUE(g.met) << g.goal.text;
  EXPECT_NE(format_goals(on_strided).find("met 2 of 3 goals\n  ok    correct\n  MISS  bank_conflicts == 0 (yours: "),
            std::string::npos)
      << format_goals(on_strided);
}

TEST(ChildProcess, ExitsCrashesAndHangsAreToldApart) {
  ChildLimits limits{5, 0, {}};
  const ChildOutcome fine = run_child({"/bin/sh", "-c", "echo hello; exit 0"}, limits);
  EXPECT_TRUE(fine.ok());
  EXPECT_EQ(fine.output, "hello\n");
  const ChildOutcome three = run_child({"/bin/sh", "-c", "exit 3"}, limits);
  EXPECT_EQ(three.exit_code, 3);
  EXPECT_EQ(describe_outcome(three, limits), "exited with status 3");
  const ChildOutcome crash = run_child({"/bin/sh", "-c", "kill -SEGV $$"}, limits);
  EXPECT_EQ(crash.signal, SIGSEGV);
  EXPECT_EQ(describe_outcome(crash, limits).rfind("crashed with SIGSEGV", 0), 0u) << describe_outcome(crash, limits);
  limits.seconds = 0.3;
  const ChildOutcome hang = run_child({"/bin/sh", "-c", "sleep 30"}, limits);
  EXPECT_TRUE(hang.timed_out);
  EXPECT_LT(hang.seconds, 5);
  EXPECT_EQ(describe_outcome(hang, limits), "ran past its time limit of 0.3 s and was stopped");
  const ChildOutcome missing = run_child({"/no/such/program"}, limits);
  EXPECT_EQ(missing.exit_code, 127);
  EXPECT_NE(missing.output.find("cannot run /no/such/program"), std::string::npos);
}

}  // namespace
}  // namespace wl::lab
