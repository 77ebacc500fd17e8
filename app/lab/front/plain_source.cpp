#include "lab/front/plain_source.h"

#include <algorithm>
#include <cctype>
#include <regex>

namespace wl::lab {
namespace {

bool is_name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

unsigned line_at(const std::string& text, std::size_t offset) {
  return unsigned(std::count(text.begin(), text.begin() + std::min(offset, text.size()), '\n')) + 1;
}

std::string trim(const std::string& s) {
  std::size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

// Whole words of `s`, and every other non-space character as its own token.
std::vector<std::string> words(const std::string& s) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < s.size();) {
    if (std::isspace(static_cast<unsigned char>(s[i]))) {
      ++i;
    } else if (is_name_char(s[i])) {
      std::size_t j = i;
      while (j < s.size() && is_name_char(s[j])) ++j;
      out.push_back(s.substr(i, j - i));
      i = j;
    } else {
      out.push_back(std::string(1, s[i++]));
    }
  }
  return out;
}

// The offset just past the bracket that closes the one at `open`, or npos.
std::size_t matching(const std::string& code, std::size_t open, char o, char c) {
  int depth = 0;
  for (std::size_t i = open; i < code.size(); ++i) {
    if (code[i] == o) ++depth;
    else if (code[i] == c && --depth == 0) return i + 1;
  }
  return std::string::npos;
}

// `list` split at its top-level commas (not inside (), <> or []).
std::vector<std::string> split_top(const std::string& list) {
  std::vector<std::string> out;
  int depth = 0;
  std::string part;
  for (char ch : list) {
    if (ch == '(' || ch == '<' || ch == '[') ++depth;
    if (ch == ')' || ch == '>' || ch == ']') --depth;
    if (ch == ',' && depth == 0) {
      out.push_back(trim(part));
      part.clear();
    } else {
      part += ch;
    }
  }
  if (!trim(part).empty()) out.push_back(trim(part));
  return out;
}

std::string without_default(const std::string& decl) {
  int depth = 0;
  for (std::size_t i = 0; i < decl.size(); ++i) {
    if (decl[i] == '(' || decl[i] == '<' || decl[i] == '[') ++depth;
    if (decl[i] == ')' || decl[i] == '>' || decl[i] == ']') --depth;
    if (decl[i] == '=' && depth == 0) return trim(decl.substr(0, i));
  }
  return decl;
}

// Last identifier of a declaration, and what comes before it.
void split_name(const std::string& decl, std::string& type, std::string& name) {
  std::size_t e = decl.size();
  while (e > 0 && !is_name_char(decl[e - 1])) --e;
  std::size_t b = e;
  while (b > 0 && is_name_char(decl[b - 1])) --b;
  name = decl.substr(b, e - b);
  type = trim(decl.substr(0, b));
}

PlainKernelParam parse_param(const std::string& text) {
  PlainKernelParam p;
  p.text = text;
  std::string type;
  split_name(without_default(text), type, p.name);
  p.pointer = type.find('*') != std::string::npos || type.find('[') != std::string::npos;
  std::string kept;
  for (const std::string& w : words(type)) {
    if (w == "const" || w == "volatile" || w == "__restrict__" || w == "__restrict" || w == "restrict" || w == "*" || w == "&")
      continue;
    kept += (kept.empty() ? "" : " ") + w;
  }
  (p.pointer ? p.pointee : p.type) = kept;
  return p;
}

std::vector<PlainTemplateParam> parse_template(const std::string& list) {
  std::vector<PlainTemplateParam> out;
  for (const std::string& part : split_top(list)) {
    PlainTemplateParam t;
    const std::vector<std::string> w = words(without_default(part));
    t.is_type = !w.empty() && (w[0] == "class" || w[0] == "typename");
    split_name(without_default(part), t.type, t.name);
    if (t.is_type) t.type.clear();
    out.push_back(t);
  }
  return out;
}

// The C spelling of a run's value type.
std::string c_type(const std::string& type) {
  if (type == "i32") return "int";
  if (type == "u32") return "unsigned";
  if (type == "f32") return "float";
  if (type == "f64") return "double";
  return type;
}

bool same_type(const std::string& a, const std::string& b) {
  static const std::vector<std::vector<std::string>> spellings = {
      {"int", "signed", "signed int", "int32_t"},
      {"unsigned", "unsigned int", "uint32_t", "uint"},
      {"float"},
      {"double"},
  };
  if (a == b) return true;
  for (const auto& same : spellings)
    if (std::count(same.begin(), same.end(), a) && std::count(same.begin(), same.end(), b)) return true;
  return false;
}

bool is_integer_type(const std::string& t) {
  static const std::regex integer(
      R"((unsigned |signed )?(int|long|long int|long long|long long int|short|char)|unsigned|signed|size_t|std::size_t|u?int(8|16|32|64)_t|std::u?int(8|16|32|64)_t|uint|ptrdiff_t)");
  return std::regex_match(t, integer);
}

std::string ordinal(std::size_t k) {
  static const char* names[] = {"first", "second", "third", "fourth", "fifth", "sixth"};
  return k < 6 ? names[k] : "parameter " + std::to_string(k + 1);
}

}  // namespace

std::string code_only(const std::string& text) {
  std::string out = text;
  enum { Code, Line, Block, String, Char } state = Code;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i], next = i + 1 < text.size() ? text[i + 1] : '\0';
    const auto blank = [&](std::size_t k) {
      if (out[k] != '\n') out[k] = ' ';
    };
    switch (state) {
      case Code:
        if (c == '/' && next == '/') state = Line, blank(i);
        else if (c == '/' && next == '*') state = Block, blank(i), blank(++i);
        else if (c == '"') state = String;
        else if (c == '\'') state = Char;
        break;
      case Line:
        if (c == '\n') state = Code;
        else blank(i);
        break;
      case Block:
        if (c == '*' && next == '/') state = Code, blank(i), blank(++i);
        else blank(i);
        break;
      case String:
      case Char:
        if (c == '\\') {
          blank(i);
          if (i + 1 < text.size()) blank(++i);
        } else if (c == (state == String ? '"' : '\'')) {
          state = Code;
        } else {
          blank(i);
        }
        break;
    }
  }
  return out;
}

std::vector<PlainKernelDecl> find_plain_kernels(const std::string& text) {
  const std::string code = code_only(text);
  std::vector<PlainKernelDecl> out;
  static const std::regex global(R"(\b__global__\b)");
  for (auto it = std::sregex_iterator(code.begin(), code.end(), global); it != std::sregex_iterator(); ++it) {
    const std::size_t at = std::size_t(it->position());
    PlainKernelDecl k;
    k.line = line_at(text, at);
    // template <...> just before it
    std::size_t b = at;
    while (b > 0 && std::isspace(static_cast<unsigned char>(code[b - 1]))) --b;
    if (b > 0 && code[b - 1] == '>') {
      int depth = 0;
      std::size_t open = b;
      while (open > 0) {
        --open;
        if (code[open] == '>') ++depth;
        if (code[open] == '<' && --depth == 0) break;
      }
      std::size_t w = open;
      while (w > 0 && std::isspace(static_cast<unsigned char>(code[w - 1]))) --w;
      if (w >= 8 && code.compare(w - 8, 8, "template") == 0)
        k.template_params = parse_template(code.substr(open + 1, b - 1 - open - 1));
    }
    // the name: the last identifier before the parameter list, past __launch_bounds__(...)
    std::size_t i = at + 10;
    std::string last;
    while (i < code.size() && code[i] != ';' && code[i] != '{') {
      if (is_name_char(code[i])) {
        std::size_t j = i;
        while (j < code.size() && is_name_char(code[j])) ++j;
        last = code.substr(i, j - i);
        i = j;
        if (last == "__launch_bounds__" || last == "__attribute__") {
          while (i < code.size() && std::isspace(static_cast<unsigned char>(code[i]))) ++i;
          if (i < code.size() && code[i] == '(') i = matching(code, i, '(', ')');
          if (i == std::string::npos) break;
        }
      } else if (code[i] == '(') {
        const std::size_t close = matching(code, i, '(', ')');
        if (close == std::string::npos) break;
        k.name = last;
        for (const std::string& p : split_top(code.substr(i + 1, close - i - 2)))
          if (p != "void") k.params.push_back(parse_param(p));
        i = close;
        while (i < code.size() && std::isspace(static_cast<unsigned char>(code[i]))) ++i;
        if (i < code.size() && code[i] == '{') {
          k.body_begin = i;
          const std::size_t end = matching(code, i, '{', '}');
          k.body_end = end == std::string::npos ? code.size() : end - 1;
        }
        break;
      } else {
        ++i;
      }
    }
    if (!k.name.empty()) out.push_back(std::move(k));
  }
  // A kernel declared, then defined: the definition.
  std::vector<PlainKernelDecl> kept;
  for (PlainKernelDecl& k : out) {
    auto same = std::find_if(kept.begin(), kept.end(), [&](const PlainKernelDecl& o) { return o.name == k.name; });
    if (same == kept.end()) kept.push_back(std::move(k));
    else if (k.body_end > k.body_begin) *same = std::move(k);
  }
  return kept;
}

std::string plain_unsupported(const std::string& text) {
  const std::string code = code_only(text);
  static const std::vector<std::pair<std::regex, const char*>> constructs = {
      {std::regex(R"(\b(asm|__asm__|__asm)\b\s*(volatile|__volatile__)?\s*\()"), "inline PTX (asm)"},
      {std::regex(R"(\b(tex1Dfetch|tex1D|tex2D|tex3D|texture\s*<|cudaTextureObject_t|surf2Dwrite|surf2Dread)\b)"), "textures"},
      {std::regex(R"(\b(__cluster_dims__|this_cluster|cluster_group)\b)"), "thread block clusters"},
      {std::regex(R"(\b(this_grid|grid_group)\b)"), "grid-wide cooperative groups (this_grid)"},
      {std::regex(R"(\b(__syncthreads_count|__syncthreads_and|__syncthreads_or)\b)"),
       "a block-wide vote (__syncthreads_count, _and, _or)"},
      {std::regex(R"(\b(__half|__half2|__nv_bfloat16|__float2half|__half2float|__hadd)\b)"),
       "half precision (__half, __nv_bfloat16)"},
      {std::regex(R"(#\s*include\s*[<"](cub|thrust)/|\b(cub|thrust)::)"), "a library's device code (CUB, Thrust)"},
  };
  std::size_t first = std::string::npos;
  std::string what;
  for (const auto& [re, name] : constructs) {
    std::smatch m;
    if (std::regex_search(code, m, re) && std::size_t(m.position(0)) < first) {
      first = std::size_t(m.position(0));
      what = name;
    }
  }
  for (const PlainKernelDecl& k : find_plain_kernels(text)) {
    const std::size_t launch = code.find("<<<", k.body_begin);
    if (k.body_end > k.body_begin && launch < k.body_end && launch < first) {
      first = launch;
      what = "dynamic parallelism (a launch inside a kernel)";
    }
  }
  if (first == std::string::npos) return {};
  return "line " + std::to_string(line_at(text, first)) + " uses " + what +
         ", which the simulator does not run: run it with --backend gpu";
}

const PlainKernelDecl* choose_plain_kernel(const std::vector<PlainKernelDecl>& kernels, const std::string& name,
                                          const std::string& path, std::string& error) {
  std::string names;
  for (const PlainKernelDecl& k : kernels) names += (names.empty() ? "" : ", ") + k.name;
  if (kernels.empty()) {
    error = path + " has no __global__ kernel";
    return nullptr;
  }
  if (name.empty()) {
    if (kernels.size() == 1) return &kernels.front();
    error = path + " has several kernels (" + names + "): say which with --kernel";
    return nullptr;
  }
  for (const PlainKernelDecl& k : kernels)
    if (k.name == name) return &k;
  error = path + " has no kernel '" + name + "' (it has " + names + ")";
  return nullptr;
}

namespace {

// The kernel's name with its template arguments, and its arguments from the contract's pointers
// (wl_p) and integers (wl_k): what both entries call.
struct PlainCallText {
  std::string callee, args;
};

std::optional<PlainCallText> plain_call_text(const PlainKernelDecl& k, const PlainContract& contract,
                                             const PlainInstance& instance, std::string& error) {
  const std::string& type = instance.type;
  const std::string t = c_type(type);
  for (const auto& [name, value] : instance.templates)  // every setting names a parameter
    if (std::none_of(k.template_params.begin(), k.template_params.end(),
                     [&set = name](const PlainTemplateParam& p) { return p.name == set; })) {
      std::string have;
      for (const PlainTemplateParam& p : k.template_params) have += (have.empty() ? "" : ", ") + p.name;
      error = k.name + " has no template parameter '" + name + "'" +
              (have.empty() ? " (it is not a template)" : " (it has " + have + ")");
      return std::nullopt;
    }
  const std::string takes = "a " + contract.family + " kernel takes " + contract.signature;
  if (k.params.size() != contract.params.size()) {
    error = k.name + " takes " + std::to_string(k.params.size()) + " parameter" + (k.params.size() == 1 ? "" : "s") +
            "; " + takes;
    return std::nullopt;
  }
  // A type parameter set to another type than --type's is not the run's element type.
  const auto is_type_param = [&](const std::string& name) {
    return std::any_of(k.template_params.begin(), k.template_params.end(), [&](const PlainTemplateParam& p) {
      return p.is_type && p.name == name && (!instance.templates.count(name) || same_type(instance.templates.at(name), t));
    });
  };
  std::string args;
  for (std::size_t i = 0; i < k.params.size(); ++i) {
    const PlainKernelParam& p = k.params[i];
    const PlainParam& want = contract.params[i];
    const std::string which = k.name + "'s " + ordinal(i) + " parameter, '" + p.text + "',";
    std::string arg;
    switch (want.kind) {
      case PlainParam::Kind::Values:
        if (!p.pointer || !(same_type(p.pointee, t) || is_type_param(p.pointee))) {
          error = which + " is not a pointer to " + t + ": with --type " + type + ", " + takes;
          return std::nullopt;
        }
        arg = "(" + t + "*)wl_p[" + std::to_string(want.slot) + "]";
        break;
      case PlainParam::Kind::Fixed:
        if (!p.pointer || !same_type(p.pointee, want.fixed)) {
          error = which + " is not a pointer to " + want.fixed + ": " + takes;
          return std::nullopt;
        }
        arg = "(" + std::string(want.fixed) + "*)wl_p[" + std::to_string(want.slot) + "]";
        break;
      case PlainParam::Kind::Integer:
        if (p.pointer || !(is_integer_type(p.type) || is_type_param(p.type))) {
          error = which + " is not an integer: " + takes;
          return std::nullopt;
        }
        arg = "wl_k[" + std::to_string(want.slot) + "]";
        break;
    }
    args += (args.empty() ? "" : ", ") + arg;
  }
  std::string targs;
  for (const PlainTemplateParam& p : k.template_params) {
    std::string value;
    if (const auto set = instance.templates.find(p.name); set != instance.templates.end()) value = set->second;
    else if (p.is_type) value = t;
    else if (p.type != "bool" && is_integer_type(p.type)) value = std::to_string(instance.block);
    else {
      error = k.name + "'s template parameter '" + p.type + " " + p.name + "' needs a value: --template " + p.name +
              "=" + (p.type == "bool" ? "true" : "VALUE");
      return std::nullopt;
    }
    targs += (targs.empty() ? "" : ", ") + value;
  }
  return PlainCallText{k.name + (k.template_params.empty() ? "" : "<" + targs + ">"), args};
}

}  // namespace

std::optional<std::string> plain_entry(const PlainKernelDecl& k, const PlainContract& contract,
                                       const PlainInstance& instance, std::string& error) {
  const std::optional<PlainCallText> call = plain_call_text(k, contract, instance, error);
  if (!call) return std::nullopt;
  return "extern \"C\" __attribute__((visibility(\"default\"))) void wl_plain_entry(void* const* wl_p, const uint64_t* wl_k) {\n"
         "  (void)wl_p;\n  (void)wl_k;\n  " + call->callee + "(" + call->args + ");\n}\n";
}

std::optional<std::string> plain_gpu_entry(const PlainKernelDecl& k, const PlainContract& contract,
                                           const PlainInstance& instance, std::string& error) {
  const std::optional<PlainCallText> call = plain_call_text(k, contract, instance, error);
  if (!call) return std::nullopt;
  // cudaGetLastError also clears the error, so a later launch's report is its own.
  return "extern \"C\" __attribute__((visibility(\"default\"))) int wl_plain_gpu_launch(unsigned wl_grid, unsigned wl_block,\n"
         "    unsigned wl_block_x, unsigned wl_shared, void* const* wl_p, const uint64_t* wl_k) {\n"
         "  (void)wl_p;\n  (void)wl_k;\n"
         "  const dim3 wl_threads = wl_block_x ? dim3(wl_block_x, wl_block / wl_block_x) : dim3(wl_block);\n"
         "  " + call->callee + "<<<wl_grid, wl_threads, wl_shared>>>(" + call->args + ");\n"
         "  return (int)cudaGetLastError();\n}\n";
}

std::vector<std::string> plain_launched_instances(const std::string& text, const PlainKernelDecl& kernel) {
  const std::string code = code_only(text);
  std::vector<std::string> out;
  const std::regex launch("\\b" + kernel.name + R"(\s*<((?:[^<>;{}]|<[^<>;{}]*>)*)>\s*<<<)");
  for (auto it = std::sregex_iterator(code.begin(), code.end(), launch); it != std::sregex_iterator(); ++it) {
    std::string args = trim((*it)[1]);
    args = std::regex_replace(args, std::regex(R"(\s+)"), " ");
    if (std::find(out.begin(), out.end(), args) == out.end()) out.push_back(args);
  }
  return out;
}

namespace {

// The alignment of a shared array's element type, as nvcc gives it; 0 where it cannot tell.
unsigned type_align(const std::string& type, const PlainKernelDecl& kernel, const std::string& run_type) {
  for (const PlainTemplateParam& p : kernel.template_params)
    if (p.is_type && p.name == type) return run_type == "f64" ? 8 : 4;
  static const std::pair<const char*, unsigned> known[] = {
      {"char", 1}, {"bool", 1}, {"int8_t", 1}, {"uint8_t", 1}, {"short", 2}, {"__half", 2}, {"half", 2},
      {"int16_t", 2}, {"uint16_t", 2}, {"int", 4}, {"unsigned", 4}, {"float", 4}, {"int32_t", 4},
      {"uint32_t", 4}, {"long", 8}, {"double", 8}, {"int64_t", 8}, {"uint64_t", 8}, {"size_t", 8},
      {"float2", 8}, {"int2", 8}, {"uint2", 8}, {"float4", 16}, {"int4", 16}, {"uint4", 16}, {"double2", 16}};
  const std::vector<std::string> w = words(type);
  if (w.empty()) return 0;
  for (const auto& [name, align] : known)
    if (w.back() == name) return align;
  return 0;
}

}  // namespace

void plain_shared_declarations(const std::string& text, const PlainKernelDecl& kernel, const std::string& type,
                               PlainSharedTable& table) {
  const std::string code = code_only(text);
  // __shared__ [volatile] [__align__(N)] TYPE NAME[...] or NAME; (not extern: the dynamic part)
  static const std::regex decl(
      R"(\b__shared__\s+((?:(?:volatile|const|static)\s+)*)(?:__align__\s*\(\s*(\d+)\s*\)\s*)?([A-Za-z_][\w:]*(?:\s*<[^;{}]*?>)?(?:\s+(?:int|long|char|short))*)\s+([A-Za-z_]\w*)\s*(\[|;|=))");
  auto scan = [&](std::size_t begin, std::size_t end, bool file_scope) {
    const std::string part = code.substr(begin, end - begin);
    for (auto it = std::sregex_iterator(part.begin(), part.end(), decl); it != std::sregex_iterator(); ++it) {
      const std::size_t at = begin + std::size_t(it->position());
      if (file_scope && at > kernel.body_begin && at < kernel.body_end) continue;
      std::size_t before = at;  // `extern __shared__`: the dynamic part, not a static array
      while (before > 0 && std::isspace(static_cast<unsigned char>(code[before - 1]))) --before;
      if (before >= 6 && code.compare(before - 6, 6, "extern") == 0) continue;
      const std::smatch& m = *it;
      const unsigned align = m[2].matched ? unsigned(std::stoul(m[2])) : type_align(m[3], kernel, type);
      table.declared.push_back({m[4], std::min(align, 16u)});
    }
  };
  if (kernel.body_end > kernel.body_begin) scan(kernel.body_begin, kernel.body_end, false);
  // File-scope arrays (and other functions' statics): after the kernel's own, as nvcc places them.
  std::vector<PlainSharedDecl> own = table.declared;
  table.declared.clear();
  scan(0, code.size(), true);
  own.insert(own.end(), table.declared.begin(), table.declared.end());
  table.declared = std::move(own);

  static const std::regex dynamic(R"(\bextern\s+__shared__\b[^;]*?\b([A-Za-z_]\w*)\s*\[\s*\]\s*;)");
  static const std::regex helper(R"(\b([A-Za-z_]\w*)\s*=\s*(?:\([^;()]*\)\s*)?SharedMemory\s*<)");
  std::smatch m;
  const std::string body = kernel.body_end > kernel.body_begin ? code.substr(kernel.body_begin, kernel.body_end - kernel.body_begin) : "";
  if (std::regex_search(body, m, dynamic) || std::regex_search(body, m, helper)) {
    table.dynamic_name = m[1];
    // `extern __shared__ unsigned char smem[]; T* sdata = reinterpret_cast<T*>(smem);`: the
    // kernel reads it as sdata, element by element of T.
    const std::regex typed(R"(\b([A-Za-z_]\w*)\s*=\s*(?:reinterpret_cast\s*<[^;<>]*>\s*\(\s*|\(\s*[^;()]*\*\s*\)\s*)\b)" +
                           table.dynamic_name + R"(\b\s*\)?\s*;)");
    if (std::regex_search(body, m, typed)) table.dynamic_name = m[1];
    return;
  }
  // One extern array at file scope names the dynamic part of every kernel.
  std::vector<std::string> names;
  for (auto it = std::sregex_iterator(code.begin(), code.end(), dynamic); it != std::sregex_iterator(); ++it)
    if (std::find(names.begin(), names.end(), (*it)[1].str()) == names.end()) names.push_back((*it)[1]);
  if (names.size() == 1) table.dynamic_name = names.front();
}

std::string plain_compile_source(const std::string& text, const std::string& path, const std::string& entry) {
  const std::string code = code_only(text);
  std::string out = text;
  // Host launches: `kernel<<<grid, block>>>(args)` becomes the call `kernel(args)`, never run.
  for (std::size_t at = code.find("<<<"); at != std::string::npos; at = code.find("<<<", at + 3)) {
    const std::size_t end = code.find(">>>", at + 3);
    if (end == std::string::npos) break;
    for (std::size_t i = at; i < end + 3; ++i)
      if (out[i] != '\n') out[i] = ' ';
  }
  // extern __shared__ [__align__(...)] T name[];  ->  T* name = (T*)::wl_plain_dynamic_shared();
  static const std::regex shared(R"(\bextern\s+__shared__\b)");
  std::string rewritten;
  std::size_t copied = 0;
  for (auto it = std::sregex_iterator(code.begin(), code.end(), shared); it != std::sregex_iterator(); ++it) {
    const std::size_t at = std::size_t(it->position());
    std::size_t i = at + std::size_t(it->length());
    const std::size_t semicolon = code.find(';', i);
    if (semicolon == std::string::npos) break;
    std::string decl = code.substr(i, semicolon - i);
    static const std::regex align(R"(__align__\s*\((?:[^()]|\([^()]*\))*\))");
    decl = std::regex_replace(decl, align, " ");
    static const std::regex array(R"(^\s*(.*?)\s*\b([A-Za-z_]\w*)\s*\[\s*\]\s*$)");
    std::smatch m;
    if (!std::regex_match(decl, m, array)) continue;  // not an unsized array: clang says what is wrong
    const std::string type = trim(m[1]), name = m[2];
    std::string replacement = type + "* " + name + " = (" + type + "*)::wl_plain_dynamic_shared();";
    // Keep the line count: the declaration's own newlines follow the replacement.
    const std::size_t newlines = std::count(code.begin() + at, code.begin() + semicolon, '\n');
    replacement += std::string(newlines, '\n');
    rewritten += out.substr(copied, at - copied) + replacement;
    copied = semicolon + 1;
  }
  rewritten += out.substr(copied);
  std::string quoted;
  for (char c : path) quoted += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
  // The entry keeps numbering past the file's last line: the line table leaves those lines out.
  return "#line 1 \"" + quoted + "\"\n" + rewritten + "\n" + entry;
}

}  // namespace wl::lab
