#include "lab/lab_starter.h"

#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "kernels/family/family.h"
#include "lab/lab_file.h"
#include "data_dirs.h"

namespace wl::lab {
namespace {

// The body of `static void run(...) { ... }`: from its opening brace to the matching one.
bool replace_run_body(std::string& text, const std::string& with) {
  const std::size_t run = text.find(" run(");
  if (run == std::string::npos) return false;
  const std::size_t open = text.find('{', run);
  if (open == std::string::npos) return false;
  int depth = 0;
  for (std::size_t i = open; i < text.size(); ++i) {
    if (text[i] == '{') ++depth;
    else if (text[i] == '}' && --depth == 0) {
      text.replace(open + 1, i - open - 1, with);
      return true;
    }
  }
  return false;
}

}  // namespace

std::string kernel_source_dir() { return headers_dir(); }

std::optional<std::string> starter_text(const std::string& family_id, const std::string& variant, const std::string& path,
                                        bool skeleton, std::string& error) {
  const Family* family = find_family(family_id);
  if (!family) {
    error = "unknown family '" + family_id + "' (" + family_ids_text() + ")";
    return std::nullopt;
  }
  if (!family->find_variant(variant)) {
    error = "the " + family_id + " family has no variant '" + variant + "' (see `warplens list`)";
    return std::nullopt;
  }
  std::string header = variant;
  for (char& c : header)
    if (c == '-') c = '_';
  if (kernel_source_dir().empty()) {
    error = missing_data_message(DataKind::Headers);
    return std::nullopt;
  }
  const std::string source = kernel_source_dir() + "/kernels/families/" + family_id + "/" + header + ".h";
  std::optional<LabFile> parsed = read_lab_file(source, error);
  if (!parsed) {
    error = "cannot use " + variant + " as a starter: " + error;
    return std::nullopt;
  }
  std::string text = parsed->text;
  const std::string name = struct_name_for(path), id = variant_id_for(path);
  // Every other type the file defines (a template the variant derives from, say) gets the new
  // name as a suffix: the built-in file's own definitions are compiled beside the learner's.
  static const std::regex defined(R"(\b(?:struct|class)\s+([A-Za-z_][A-Za-z0-9_]*)\s*[:{<])");
  std::set<std::string> others;
  for (std::sregex_iterator it(text.begin(), text.end(), defined), end; it != end; ++it)
    if ((*it)[1] != parsed->type_name) others.insert((*it)[1]);
  for (const std::string& other : others) text = std::regex_replace(text, std::regex("\\b" + other + "\\b"), other + name);
  text = std::regex_replace(text, std::regex("\\b" + parsed->type_name + "\\b"), name);
  text = std::regex_replace(text, std::regex("info\\{(\\s*)\"" + parsed->id + "\""), "info{$1\"" + id + "\"",
                            std::regex_constants::format_first_only);
  std::string intro = "// " + id + ": yours, started from " + family_id + "'s " + variant +
                      " (warplens lab new). Run it with `warplens lab run " + path + "`;\n"
                      "// watch it with `warplens --lab " + path + "`.\n//\n";
  if (skeleton) {
    const std::string todo =
        "\n    // TODO: your kernel. It runs on every thread of every block, as a CUDA kernel does:\n"
        "    // ctx.thread_idx(), ctx.block_idx(), ctx.block_dim() say where this thread is;\n"
        "    // ctx.ld(view, i) and ctx.st(view, i, v) read and write global and shared memory;\n"
        "    // ctx.sync() is __syncthreads(); ctx.branch(cond) is an if the views can see;\n"
        "    // ctx.step(...) starts a new tree level. The arguments `a` hold the input and output.\n"
        "    // " + family_id + "'s " + variant + ".h shows one way; kernels/dialect/README.md, every call.\n  ";
    if (!replace_run_body(text, todo)) {
      error = "cannot find the kernel body (run) in " + source;
      return std::nullopt;
    }
    intro = "// " + id + ": a skeleton from " + family_id + "'s " + variant + " (warplens lab new --skeleton):\n"
            "// fill in run(). Run it with `warplens lab run " + path + "`.\n//\n";
  }
  return intro + text;
}

}  // namespace wl::lab
