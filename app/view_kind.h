// The views of the main area, and their command-line names.
#pragma once
#include <cstdint>
#include <string>

namespace wl {

enum class ViewKind : std::uint8_t { Tree, Divergence, Banks, Memory, Source, Metrics, Count };

const char* view_name(ViewKind view);   // "tree", "divergence", ...
const char* view_title(ViewKind view);  // "Tree", "Divergence", ...
// Accepts every view name and "compare" (the tree, side by side).
bool parse_view(const std::string& name, ViewKind& view, bool& compare);

}  // namespace wl
