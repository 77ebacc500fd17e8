// `warplens export`: the view for slides from the command line (a PNG of the view pane, one PNG
// per level, a GIF of the levels), rendered like --screenshot is, then the program exits.
#pragma once
#include "cli_options.h"

namespace CLI {
class App;
}

namespace wl {

// Adds the subcommand. What to run and show comes from warplens's own options, which may follow
// `export` (--family, --variant, --n, --trace, --view, --level, --size, --presenter, ...); a
// parsed `export` leaves options.view_export asking for at least one file.
void add_export_command(CLI::App& app, GuiOptions& options);

}  // namespace wl
