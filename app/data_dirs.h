// Where the programs find what they read at run time, one lookup for every caller. In order:
// next to the executable (../share/warplens, as installed), the source tree when the program runs
// from its build folder, then $WARPLENS_DATA_DIR (laid out as share/warplens).
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace wl {

enum class DataKind {
  Assets,   // lessons/, profiles/, exercises/
  Headers,  // kernels/, trace/, core/ headers a learner's kernel compiles against
};

// What the lookup starts from: the running program and this build.
struct DataPlaces {
  std::string executable;  // empty: unknown
  std::string source_dir;  // the source tree this build was configured from
  std::string build_dir;   // its build folder
  std::optional<std::string> data_dir_variable;  // $WARPLENS_DATA_DIR, unset: nullopt
};

struct DataCandidate {
  std::string origin;   // "next to the executable", "source tree", "WARPLENS_DATA_DIR"
  std::string path;     // the folder tried; empty when there was none to try
  std::string problem;  // why it is not used; empty: it is
};

struct DataLookup {
  DataKind kind;
  std::vector<DataCandidate> tried;  // in order, up to and including the one used
  const DataCandidate* found() const;  // nullptr: none was found
};

// This program's places: /proc/self/exe, the paths compiled in, the environment.
DataPlaces current_data_places();
DataLookup find_data(DataKind kind, const DataPlaces& places);

// The folder of each kind for this program, looked up once; empty when none was found.
std::string assets_dir();
std::string headers_dir();

// "assets (lessons, profiles, exercises)"
std::string data_kind_name(DataKind kind);
// One sentence for a kind that was not found, for the GUI and error messages.
std::string missing_data_message(DataKind kind);
// What `warplens --paths` prints: per kind, the folder and why, or each place tried and why not.
std::string data_paths_report(const std::vector<DataLookup>& lookups);

}  // namespace wl
