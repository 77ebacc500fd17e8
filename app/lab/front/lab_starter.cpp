#include "lab/front/lab_starter.h"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "assets_dir.h"
#include "data_dirs.h"
#include "kernels/family/family.h"
#include "lab/compile/build_cache.h"

namespace wl::lab {
namespace {

namespace fs = std::filesystem;

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

bool mentions_word(const std::string& text, const std::string& word) {
  const auto is_name = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (std::size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
    const std::size_t end = at + word.size();
    if ((at == 0 || !is_name(text[at - 1])) && (end == text.size() || !is_name(text[end]))) return true;
  }
  return false;
}

// The file's name for its struct, unless a source of the family already uses it: the learner's
// struct is compiled beside every built-in variant in wl::<family>, and its library is loaded
// into a program that holds them all (interleaved-divergent.h from interleaved-divergent).
std::string free_struct_name(const std::string& path, const std::string& family_dir) {
  std::string sources;
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(family_dir, ec))
    if (e.path().extension() == ".h") {
      std::ifstream in(e.path(), std::ios::binary);
      sources += std::string(std::istreambuf_iterator<char>(in), {}) + "\n";
    }
  std::string name = struct_name_for(path);
  while (mentions_word(sources, name)) name += "Mine";
  return name;
}

// Built-in `variant` of `family` as a lab file for `path`: its structs renamed, its id the file's.
std::optional<std::string> renamed_variant(const std::string& family_id, const std::string& variant,
                                           const std::string& path, std::string& error) {
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
  const std::string family_dir = kernel_source_dir() + "/kernels/families/" + family_id;
  const std::string source = family_dir + "/" + header + ".h";
  std::optional<LabFile> parsed = read_lab_file(source, error);
  if (!parsed) {
    error = "cannot use " + variant + " as a starter: " + error;
    return std::nullopt;
  }
  std::string text = parsed->text;
  const std::string name = free_struct_name(path, family_dir), id = variant_id_for(path);
  // Every other type the file defines (a template the variant derives from, say) gets the new
  // name as a suffix: the built-in file's own definitions are compiled beside the learner's.
  static const std::regex defined(R"(\b(?:struct|class)\s+([A-Za-z_][A-Za-z0-9_]*)\s*[:{<])");
  std::set<std::string> others;
  for (std::sregex_iterator it(text.begin(), text.end(), defined), end; it != end; ++it)
    if ((*it)[1] != parsed->type_name) others.insert((*it)[1]);
  for (const std::string& other : others) text = std::regex_replace(text, std::regex("\\b" + other + "\\b"), other + name);
  text = std::regex_replace(text, std::regex("\\b" + parsed->type_name + "\\b"), name);
  return std::regex_replace(text, std::regex("info\\{(\\s*)\"" + parsed->id + "\""), "info{$1\"" + id + "\"",
                            std::regex_constants::format_first_only);
}

}  // namespace

std::string kernel_source_dir() { return headers_dir(); }

std::optional<std::string> starter_text(const std::string& family_id, const std::string& variant, const std::string& path,
                                        bool skeleton, std::string& error) {
  std::optional<std::string> text = renamed_variant(family_id, variant, path, error);
  if (!text) return std::nullopt;
  const std::string id = variant_id_for(path);
  if (!skeleton)
    return "// " + id + ": yours, started from " + family_id + "'s " + variant +
           " (warplens lab new). Run it with `warplens lab run " + path + "`;\n"
           "// watch it with `warplens --lab " + path + "`.\n//\n" + *text;
  const std::string todo =
      "\n    // TODO: your kernel. It runs on every thread of every block, as a CUDA kernel does:\n"
      "    // ctx.thread_idx(), ctx.block_idx(), ctx.block_dim() say where this thread is;\n"
      "    // ctx.ld(view, i) and ctx.st(view, i, v) read and write global and shared memory;\n"
      "    // ctx.sync() is __syncthreads(); ctx.branch(cond) is an if the views can see;\n"
      "    // ctx.step(...) starts a new tree level. The arguments `a` hold the input and output.\n"
      "    // " + family_id + "'s " + variant + ".h shows one way; kernels/dialect/README.md, every call.\n  ";
  if (!replace_run_body(*text, todo)) {
    error = "cannot find the kernel body (run) in " + family_id + "'s " + variant;
    return std::nullopt;
  }
  return "// " + id + ": a skeleton from " + family_id + "'s " + variant + " (warplens lab new --skeleton):\n"
         "// fill in run(). Run it with `warplens lab run " + path + "`.\n//\n" + *text;
}

std::optional<LabFile> write_solution_file(const LabFile& exercise, std::string& error) {
  if (exercise.solution.empty()) {
    error = exercise.path + " names no solution (a line like `// solution: sequential`, a built-in variant)";
    return std::nullopt;
  }
  const std::string folder = lab_cache_dir() + "/solutions";
  const std::string path = folder + "/" + variant_id_for(exercise.path) + "-solution" + (exercise.plain ? ".cu" : ".h");
  std::string spelled = exercise.solution;
  std::optional<std::string> body = exercise.plain ? plain_starter_text(exercise.family, spelled, error)
                                                   : renamed_variant(exercise.family, exercise.solution, path, error);
  if (body && exercise.plain) {  // the exercise's run: line, not the spelling's
    std::istringstream lines(*body);
    std::string kept;
    for (std::string line; std::getline(lines, line);)
      if (line.rfind("// run:", 0) != 0) kept += line + "\n";
    body = kept;
  }
  if (!body) {
    error = exercise.path + ": its solution: " + error;
    return std::nullopt;
  }
  std::string text = "// exercise: " + exercise.title + "\n// run:";
  for (const std::string& word : exercise.run) text += " " + word;
  text += "\n";
  for (const LabGoal& goal : exercise.goals) text += "// goal: " + goal.text + "\n";
  text += "//\n// The reference solution: " + exercise.family + "'s " + exercise.solution + " (warplens lab new " +
          (exercise.plain ? "--plain " : "") + "--from " + exercise.solution + ").\n//\n" + *body;
  // Written whole, then renamed over any earlier copy: a check running beside this one reads
  // either that copy or this one, never half of it.
  std::error_code ec;
  fs::create_directories(folder, ec);
  if (!write_whole(path, text, error)) return std::nullopt;
  return parse_lab_file(path, text, error);
}

std::optional<std::string> plain_starter_text(const std::string& family, std::string& variant, std::string& error) {
  const Family* f = find_family(family);
  if (!f) {
    error = "no family '" + family + "' (" + family_ids_text() + ")";
    return std::nullopt;
  }
  const std::string dir = plain_spellings_dir();
  if (dir.empty()) {
    error = missing_data_message(DataKind::Assets);
    return std::nullopt;
  }
  std::string spelled;  // the family's variants with a spelling, in teaching order
  std::string chosen = variant;
  for (const VariantSummary& v : f->variants())
    if (fs::exists(dir + "/" + family + "/" + v.id + ".cu")) {
      spelled += (spelled.empty() ? "" : ", ") + v.id;
      if (chosen.empty()) chosen = v.id;
    }
  const std::string path = dir + "/" + family + "/" + chosen + ".cu";
  std::ifstream in(path, std::ios::binary);
  if (chosen.empty() || !in) {
    error = spelled.empty() ? family + " has no plain-CUDA spelling of a built-in variant yet"
                            : "no plain-CUDA spelling of " + family + "'s '" + variant + "' (there are: " + spelled + ")";
    return std::nullopt;
  }
  std::stringstream text;
  text << in.rdbuf();
  variant = chosen;
  return text.str();
}

}  // namespace wl::lab
