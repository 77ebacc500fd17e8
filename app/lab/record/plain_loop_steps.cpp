#include "lab/record/plain_loop_steps.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <regex>
#include <stdexcept>
#include <vector>

#include "lab/front/plain_source.h"

namespace wl::lab {
namespace {

constexpr std::size_t kMostPasses = 64;  // a loop of more passes than this is no tree's: left alone

// Integer expressions of a loop header: numbers, names the context gives, ( ), * / % + - << >>.
class Expression {
 public:
  Expression(const std::string& text, const PlainLoopContext& c, const std::string& var, long long value)
      : s_(text), c_(c), var_(var), value_(value) {}
  std::optional<long long> parse() {
    const std::optional<long long> v = shift();
    skip();
    return at_ < s_.size() ? std::nullopt : v;
  }

 private:
  void skip() {
    while (at_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[at_]))) ++at_;
  }
  bool eat(const char* op) {
    skip();
    const std::string o(op);
    if (s_.compare(at_, o.size(), o) != 0) return false;
    at_ += o.size();
    return true;
  }
  std::optional<long long> shift() {
    std::optional<long long> v = sum();
    while (v) {
      if (eat("<<")) { const auto r = sum(); v = r && *r >= 0 && *r < 62 ? std::optional<long long>(*v << *r) : std::nullopt; }
      else if (eat(">>")) { const auto r = sum(); v = r && *r >= 0 && *r < 62 ? std::optional<long long>(*v >> *r) : std::nullopt; }
      else break;
    }
    return v;
  }
  std::optional<long long> sum() {
    std::optional<long long> v = product();
    while (v) {
      if (eat("+")) { const auto r = product(); v = r ? std::optional<long long>(*v + *r) : std::nullopt; }
      else if (eat("-")) { const auto r = product(); v = r ? std::optional<long long>(*v - *r) : std::nullopt; }
      else break;
    }
    return v;
  }
  std::optional<long long> product() {
    std::optional<long long> v = atom();
    while (v) {
      if (eat("*")) { const auto r = atom(); v = r ? std::optional<long long>(*v * *r) : std::nullopt; }
      else if (eat("/")) { const auto r = atom(); v = r && *r ? std::optional<long long>(*v / *r) : std::nullopt; }
      else if (eat("%")) { const auto r = atom(); v = r && *r ? std::optional<long long>(*v % *r) : std::nullopt; }
      else break;
    }
    return v;
  }
  std::optional<long long> atom() {
    skip();
    if (eat("(")) {
      const std::optional<long long> v = shift();
      return eat(")") ? v : std::nullopt;
    }
    const std::size_t start = at_;
    while (at_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[at_])) || s_[at_] == '_' || s_[at_] == '.')) ++at_;
    std::string word = s_.substr(start, at_ - start);
    if (word.empty()) return std::nullopt;
    if (std::isdigit(static_cast<unsigned char>(word[0]))) {
      while (!word.empty() && (word.back() == 'u' || word.back() == 'U' || word.back() == 'l' || word.back() == 'L')) word.pop_back();
      std::size_t used = 0;
      try {
        const long long v = std::stoll(word, &used, 0);
        return used == word.size() ? std::optional<long long>(v) : std::nullopt;  // "1.5f": not an integer
      } catch (const std::exception&) {
        return std::nullopt;
      }
    }
    if (word == "blockDim.x") return c_.block_x;
    if (word == var_) return value_;
    if (const auto it = c_.constants.find(word); it != c_.constants.end()) return it->second;
    return std::nullopt;
  }

  const std::string s_;
  const PlainLoopContext& c_;
  const std::string var_;
  const long long value_;
  std::size_t at_ = 0;
};

struct Loop {
  std::size_t body_begin = 0, body_end = 0;  // offsets: the body's { and }
  std::vector<long long> values;             // the variable at each pass
  std::string var;
};

unsigned line_of(const std::string& text, std::size_t offset) {
  return 1 + unsigned(std::count(text.begin(), text.begin() + std::ptrdiff_t(offset), '\n'));
}

// The passes of `for (INIT; COND; UPDATE)`, or nothing where a part is not plain arithmetic.
std::optional<std::vector<long long>> passes(const std::string& init, const std::string& cond, const std::string& update,
                                             const PlainLoopContext& c, std::string& var) {
  static const std::regex init_re(R"(^\s*(?:(?:const\s+)?(?:unsigned\s+int|unsigned|int|long|size_t|uint32_t|int32_t)\s+)?([A-Za-z_]\w*)\s*=\s*(.+?)\s*$)");
  static const std::regex cond_re(R"(^\s*([A-Za-z_]\w*)\s*(<=|>=|<|>|!=)\s*(.+?)\s*$)");
  static const std::regex update_re(R"(^\s*(?:([A-Za-z_]\w*)\s*(>>=|<<=|\*=|/=|\+=|-=)\s*(.+?)|([A-Za-z_]\w*)\s*=\s*(.+?)|([A-Za-z_]\w*)\s*(\+\+|--)|(\+\+|--)\s*([A-Za-z_]\w*))\s*$)");
  std::smatch mi, mc, mu;
  if (!std::regex_match(init, mi, init_re) || !std::regex_match(cond, mc, cond_re) || !std::regex_match(update, mu, update_re))
    return std::nullopt;
  var = mi[1];
  if (mc[1] != var) return std::nullopt;
  std::optional<long long> v = Expression(mi[2], c, "", 0).parse();
  std::vector<long long> out;
  while (v) {
    const std::optional<long long> bound = Expression(mc[3], c, var, *v).parse();
    if (!bound) return std::nullopt;
    const std::string op = mc[2];
    const bool go = op == "<" ? *v < *bound : op == "<=" ? *v <= *bound : op == ">" ? *v > *bound : op == ">=" ? *v >= *bound : *v != *bound;
    if (!go) return out;
    out.push_back(*v);
    if (out.size() > kMostPasses) return std::nullopt;
    if (mu[1].matched) {
      if (mu[1] != var) return std::nullopt;
      const std::optional<long long> r = Expression(mu[3], c, var, *v).parse();
      if (!r) return std::nullopt;
      const std::string u = mu[2];
      v = u == ">>=" ? *v >> *r : u == "<<=" ? *v << *r : u == "*=" ? *v * *r : u == "/=" ? (*r ? *v / *r : 0)
          : u == "+=" ? *v + *r : *v - *r;
    } else if (mu[4].matched) {
      if (mu[4] != var) return std::nullopt;
      v = Expression(mu[5], c, var, *v).parse();
    } else {
      if ((mu[6].matched ? mu[6] : mu[9]) != var) return std::nullopt;
      v = *v + ((mu[6].matched ? mu[7] : mu[8]) == "++" ? 1 : -1);
    }
  }
  return std::nullopt;
}

// Every `for` loop of the code with a braced body and a header of plain arithmetic.
std::vector<Loop> find_loops(const std::string& code, const PlainLoopContext& c) {
  std::vector<Loop> out;
  static const std::regex for_re(R"(\bfor\s*\()");
  for (auto it = std::sregex_iterator(code.begin(), code.end(), for_re); it != std::sregex_iterator(); ++it) {
    std::size_t at = std::size_t(it->position() + it->length());
    int depth = 1;
    std::vector<std::size_t> semis;
    std::size_t close = at;
    for (; close < code.size() && depth > 0; ++close) {
      if (code[close] == '(') ++depth;
      else if (code[close] == ')') --depth;
      else if (code[close] == ';' && depth == 1) semis.push_back(close);
    }
    if (depth != 0 || semis.size() != 2) continue;
    const std::size_t header_end = close - 1;
    std::size_t brace = close;
    while (brace < code.size() && std::isspace(static_cast<unsigned char>(code[brace]))) ++brace;
    if (brace >= code.size() || code[brace] != '{') continue;
    std::size_t end = brace;
    for (int d = 0; end < code.size(); ++end) {
      if (code[end] == '{') ++d;
      else if (code[end] == '}' && --d == 0) break;
    }
    Loop loop;
    const auto values = passes(code.substr(at, semis[0] - at), code.substr(semis[0] + 1, semis[1] - semis[0] - 1),
                               code.substr(semis[1] + 1, header_end - semis[1] - 1), c, loop.var);
    if (!values || values->empty()) continue;
    loop.values = *values;
    loop.body_begin = brace;
    loop.body_end = end;
    out.push_back(std::move(loop));
  }
  return out;
}

// The offset of the first code character after `from` that is not space.
std::size_t next_code(const std::string& code, std::size_t from) {
  while (from < code.size() && std::isspace(static_cast<unsigned char>(code[from]))) ++from;
  return from;
}

}  // namespace

void name_loop_steps(Trace& trace, const std::string& text, const PlainLoopContext& context) {
  const std::string code = code_only(text);
  const std::vector<Loop> loops = find_loops(code, context);
  if (loops.empty()) return;
  // Where each line's barrier call ends (its `;`): the first __syncthreads() on the line.
  static const std::regex sync_re(R"(__syncthreads\s*\(\s*\)\s*;)");
  std::map<unsigned, std::size_t> barrier_end;
  for (auto it = std::sregex_iterator(code.begin(), code.end(), sync_re); it != std::sregex_iterator(); ++it)
    barrier_end.emplace(line_of(code, std::size_t(it->position())), std::size_t(it->position() + it->length()));
  static const std::regex name_re(R"(^after line (\d+)(?: \((\d+)\))?$)");
  for (StepRecord& step : trace.meta.steps) {
    std::smatch m;
    if (!std::regex_match(step.name, m, name_re)) continue;
    const auto b = barrier_end.find(unsigned(std::stoul(m[1])));
    if (b == barrier_end.end()) continue;
    const std::size_t pass = m[2].matched ? std::stoul(m[2]) : 1;
    const std::size_t after = next_code(code, b->second);
    for (const Loop& loop : loops) {
      // The step runs from this barrier to the next: the loop's next pass where the barrier ends
      // its body, its first where the barrier comes just before a loop whose body has one.
      const bool body_has_barrier = std::any_of(barrier_end.begin(), barrier_end.end(), [&](const auto& other) {
        return other.second > loop.body_begin && other.second < loop.body_end;
      });
      std::optional<std::size_t> k;
      if (b->second > loop.body_begin && b->second < loop.body_end && after == loop.body_end) k = pass;
      else if (body_has_barrier && code.compare(after, 3, "for") == 0 && code.find('{', after) == loop.body_begin && pass == 1)
        k = 0;
      if (!k) continue;
      step.name += *k < loop.values.size() ? ": " + loop.var + " = " + std::to_string(loop.values[*k])
                                           : ": after the loop";
      break;
    }
  }
}

}  // namespace wl::lab
