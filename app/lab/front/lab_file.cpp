#include "lab/front/lab_file.h"

#include <cctype>
#include <fstream>
#include <regex>
#include <sstream>

namespace wl::lab {
namespace {

std::string stem_of(const std::string& path) {
  std::string name = path.substr(path.find_last_of('/') + 1);
  if (const std::size_t dot = name.find('.'); dot != std::string::npos) name.resize(dot);
  return name;
}

std::optional<LabGoal> parse_goal(const std::string& words, unsigned line, std::string& error) {
  LabGoal g;
  g.text = words;
  g.line = line;
  static const std::regex alone(R"(^\s*([a-z_]+)\s*$)");
  static const std::regex compared(R"(^\s*([a-z_]+)\s*(<=|>=|==|<|>)\s*([A-Za-z0-9_.+-]+)\s*$)");
  std::smatch m;
  if (std::regex_match(words, m, alone)) {
    g.metric = m[1];
    if (g.metric != "correct") {
      error = "goal '" + words + "' on line " + std::to_string(line) + " compares nothing (e.g. bank_conflicts == 0)";
      return std::nullopt;
    }
    return g;
  }
  if (!std::regex_match(words, m, compared)) {
    error = "goal '" + words + "' on line " + std::to_string(line) +
            " is not 'metric <op> number-or-variant' (e.g. divergent_warps < interleaved-divergent)";
    return std::nullopt;
  }
  g.metric = m[1];
  const std::string op = m[2], rhs = m[3];
  g.compare = op == "<"    ? GoalCompare::Less
              : op == "<=" ? GoalCompare::LessEqual
              : op == "==" ? GoalCompare::Equal
              : op == ">=" ? GoalCompare::GreaterEqual
                           : GoalCompare::Greater;
  char* end = nullptr;
  const double v = std::strtod(rhs.c_str(), &end);
  if (end && *end == '\0' && !rhs.empty()) g.value = v;
  else g.versus = rhs;
  return g;
}

// The header comment's lines: run, goal, exercise, solution; and, for plain CUDA, the family
// whose contract the kernel fulfils and the kernel to run.
bool parse_directives(LabFile& f, std::string& error) {
  std::istringstream lines(f.text);
  std::string line;
  unsigned number = 0;
  std::smatch m;
  static const std::regex directive(R"(^\s*//\s*(run|goal|exercise|solution|family|kernel|template):\s*(.*?)\s*$)");
  while (std::getline(lines, line)) {
    ++number;
    if (!std::regex_match(line, m, directive)) continue;
    const std::string kind = m[1], words = m[2];
    if (kind == "exercise") f.title = words;
    else if (kind == "solution") f.solution = words;
    else if (kind == "family" && f.plain) f.family = words;
    else if (kind == "kernel" && f.plain) f.kernel = words;
    else if (kind == "template" && f.plain) {
      if (!parse_template_settings(words, f.templates, error)) {
        error = f.path + ": line " + std::to_string(number) + ": " + error;
        return false;
      }
    }
    else if (kind == "run") {
      std::istringstream split(words);
      for (std::string w; split >> w;) {
        std::string settings;
        if (w == "--template" && f.plain && split >> settings) {  // the kernel's instance, not the run's request
          if (!parse_template_settings(settings, f.templates, error)) {
            error = f.path + ": line " + std::to_string(number) + ": " + error;
            return false;
          }
          continue;
        }
        f.run.push_back(w);
      }
    } else if (kind == "goal") {
      std::optional<LabGoal> g = parse_goal(words, number, error);
      if (!g) {
        error = f.path + ": " + error;
        return false;
      }
      f.goals.push_back(*g);
    }
  }
  if (f.plain) f.id = f.kernel.empty() ? variant_id_for(f.path) : f.kernel;
  return true;
}

}  // namespace

bool parse_template_settings(const std::string& text, std::map<std::string, std::string>& out, std::string& error) {
  static const std::regex pair(R"(^\s*([A-Za-z_]\w*)\s*=\s*([^=\s][^=]*?)\s*$)");
  std::string item;
  std::istringstream in(std::regex_replace(text, std::regex(R"([,\s]+(?=[A-Za-z_]\w*\s*=))"), "\n"));
  while (std::getline(in, item)) {
    if (item.find_first_not_of(" \t,") == std::string::npos) continue;
    std::smatch m;
    if (!std::regex_match(item, m, pair)) {
      error = "'" + item + "' is not a template parameter's NAME=VALUE (e.g. nIsPow2=true)";
      return false;
    }
    std::string value = m[2];
    while (!value.empty() && (value.back() == ',' || std::isspace(static_cast<unsigned char>(value.back())))) value.pop_back();
    out[m[1]] = value;
  }
  return true;
}

std::string variant_id_for(const std::string& path) {
  std::string id;
  for (char c : stem_of(path)) id += std::isalnum(static_cast<unsigned char>(c)) ? char(std::tolower(c)) : '-';
  return id.empty() ? "mine" : id;
}

std::string struct_name_for(const std::string& path) {
  std::string name, digits;
  bool upper = true;
  for (char c : stem_of(path)) {
    if (!std::isalnum(static_cast<unsigned char>(c))) {
      upper = true;
      continue;
    }
    if (name.empty() && std::isdigit(static_cast<unsigned char>(c))) {
      digits += c;  // an identifier cannot start with a digit: the number goes last
      continue;
    }
    name += upper ? char(std::toupper(c)) : c;
    upper = false;
  }
  if (name.empty()) name = "Mine";
  return name + digits;
}

std::optional<LabFile> parse_lab_file(const std::string& path, const std::string& text, std::string& error) {
  LabFile f;
  f.path = path;
  f.text = text;
  f.plain = path.size() > 3 && path.compare(path.size() - 3, 3, ".cu") == 0;
  std::smatch m;
  if (f.plain) return parse_directives(f, error) ? std::optional<LabFile>(std::move(f)) : std::nullopt;
  // variant.h, or another variant's header that the file builds on (blelloch.h): the family's folder.
  static const std::regex family(R"(#include\s+"kernels/families/([a-z_]+)/[a-z0-9_]+\.h")");
  if (!std::regex_search(text, m, family)) {
    error = path + " does not include a family's variant header (#include \"kernels/families/<family>/variant.h\"): "
            "start from `warplens lab new`";
    return std::nullopt;
  }
  f.family = m[1];
  static const std::regex variant(R"(struct\s+([A-Za-z_][A-Za-z0-9_]*)\s*(?::[^{;]*)?\{\s*static\s+constexpr\s+[A-Za-z_:]*Info\s+info\s*\{\s*\"([^\"]*)\")");
  if (!std::regex_search(text, m, variant)) {
    error = path + " has no variant: a struct whose first member is `static constexpr <Family>VariantInfo info{\"id\", ...}`";
    return std::nullopt;
  }
  f.type_name = m[1];
  f.id = m[2];
  if (f.id.empty()) {
    error = path + ": the variant's id (the first field of its info) is empty";
    return std::nullopt;
  }
  if (!parse_directives(f, error)) return std::nullopt;
  return f;
}

std::optional<LabFile> read_lab_file(const std::string& path, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot read " + path;
    return std::nullopt;
  }
  std::stringstream text;
  text << in.rdbuf();
  return parse_lab_file(path, text.str(), error);
}

}  // namespace wl::lab
