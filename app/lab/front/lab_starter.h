// Lab files made from a built-in variant's source (the same form every lab file has), renamed
// after the new file: `warplens lab new`'s starter (or, with `skeleton`, that variant with its
// kernel body replaced by TODOs), and an exercise's reference solution, the built-in variant
// its `solution:` line names.
#pragma once
#include <optional>
#include <string>

#include "lab/front/lab_file.h"

namespace wl::lab {

// The source of built-in variant `variant` of `family`, renamed for `path`; nothing, with
// `error`, for an unknown family or variant or a source that cannot be read.
std::optional<std::string> starter_text(const std::string& family, const std::string& variant, const std::string& path,
                                        bool skeleton, std::string& error);

// The exercise's solution as a lab file: its header (title, run, goals) over the built-in
// variant its `solution:` line names, renamed "<exercise>-solution". Written under the lab's
// cache (a build includes a lab file by its path); nothing, with `error`, when the exercise
// names no solution or it cannot be written.
std::optional<LabFile> write_solution_file(const LabFile& exercise, std::string& error);

// The plain-CUDA spelling of built-in variant `variant` of `family` (assets/plain/), for
// `lab new --plain`; an empty `variant` takes the family's first that has one, and says which.
// Nothing, with `error` naming the variants that have one, when it has none.
std::optional<std::string> plain_starter_text(const std::string& family, std::string& variant, std::string& error);

// Where the built-in variants' sources are: the headers folder (data_dirs.h), empty when none.
std::string kernel_source_dir();

}  // namespace wl::lab
