// `warplens lab new`: a learner's starting file, made from a built-in variant's source (the
// same form every lab file has), renamed after the new file; or, with `skeleton`, that variant
// with its kernel body replaced by TODOs.
#pragma once
#include <optional>
#include <string>

namespace wl::lab {

// The source of built-in variant `variant` of `family`, renamed for `path`; nothing, with
// `error`, for an unknown family or variant or a source that cannot be read.
std::optional<std::string> starter_text(const std::string& family, const std::string& variant, const std::string& path,
                                        bool skeleton, std::string& error);

// Where the built-in variants' sources are: the headers folder (data_dirs.h), empty when none.
std::string kernel_source_dir();

}  // namespace wl::lab
