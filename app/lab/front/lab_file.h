// A learner's kernel file (`warplens lab`, `warplens --lab`): plain CUDA (a .cu file, see
// kernels/plain/README.md), or one variant in the dialect, in the
// form of its family's built-in variant files (kernels/families/<family>/*.h), and, for an
// exercise, the run and the goals its header comment states:
//
//   // run: --n 4096 --block 256 --op sum --type i32
//   // goal: correct
//   // goal: bank_conflicts == 0
//   // goal: divergent_warps < interleaved-divergent
//   // solution: sequential
//
// The family comes from the file's `#include "kernels/families/<family>/variant.h"` (or another
// header of that folder); the variant is the struct that declares
// `static constexpr <...>Info info{"<id>", ...}`. An exercise's `solution:` names the built-in
// variant of its family that meets its goals (lab_starter.h).
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace wl::lab {

enum class GoalCompare { Less, LessEqual, Equal, GreaterEqual, Greater };

struct LabGoal {
  std::string metric;      // lab_goals.h names them; "correct" stands alone
  GoalCompare compare = GoalCompare::Equal;
  double value = 0;        // the bound, when `versus` is empty
  std::string versus;      // a built-in variant of the family, run on the same input
  std::string text;        // the goal as written
  unsigned line = 0;       // in the file
};

struct LabFile {
  std::string path;
  std::string text;
  std::string family;              // "reduce"
  std::string type_name;           // "Mine": the variant's struct, in namespace wl::<family>
  std::string id;                  // "mine": its info's id, the variant's name in every view
  std::vector<std::string> run;    // the `run:` line's options, split on spaces
  std::vector<LabGoal> goals;
  std::string title;               // the `exercise:` line, if any
  std::string solution;            // the `solution:` line: a built-in variant's id, if any
  // A plain-CUDA file (.cu, kernels/plain/README.md): `family` is the contract its kernel
  // fulfils (`// family:` or --family), `kernel` the __global__ function to run (`// kernel:` or
  // --kernel; empty: the file's only one), and `id` the kernel's name.
  bool plain = false;
  std::string kernel;
  // Template parameters set by name (`// template: nIsPow2=true, blockSize=256` or --template):
  // each to the text it is instantiated with. Unset, a type parameter is --type and an integer
  // one the block size.
  std::map<std::string, std::string> templates;
};

// "nIsPow2=true,blockSize=256" (commas or spaces between) into `out`; false, with `error`, for a
// pair that is not NAME=VALUE.
bool parse_template_settings(const std::string& text, std::map<std::string, std::string>& out, std::string& error);

// Reads and parses `path`; on failure returns nothing and sets `error` to one sentence.
std::optional<LabFile> read_lab_file(const std::string& path, std::string& error);
// The same, from text already read (tests, the app's editor).
std::optional<LabFile> parse_lab_file(const std::string& path, const std::string& text, std::string& error);

// A C++ identifier made from a file name: "02-no-bank-conflicts.h" -> "NoBankConflicts02",
// "mine.h" -> "Mine"; and the id: "mine", "02-no-bank-conflicts".
std::string struct_name_for(const std::string& path);
std::string variant_id_for(const std::string& path);

}  // namespace wl::lab
