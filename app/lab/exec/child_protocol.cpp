#include "lab/exec/child_protocol.h"

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace wl::lab {

namespace fs = std::filesystem;
using nlohmann::json;

RunFolder::RunFolder() {
  std::string pattern = (fs::temp_directory_path() / "warplens-lab-XXXXXX").string();
  if (mkdtemp(pattern.data())) path = pattern;
}

RunFolder::~RunFolder() {
  std::error_code ec;
  if (!path.empty()) fs::remove_all(path, ec);
}

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

json request_to_json(const RunRequest& r, const RunInput& in, bool record_all, bool gpu) {
  return {{"record_all", record_all}, {"gpu", gpu}, {"family", r.family}, {"variant", r.variant}, {"op", r.op}, {"type", r.type}, {"n", r.n},
          {"block", r.block}, {"sm_count", r.sm_count}, {"params", r.params}, {"record", r.record},
          {"record_blocks", r.record_blocks}, {"event_cap", r.event_cap},
          {"pattern", int(in.pattern)}, {"seed", in.seed}};
}

void request_from_json(const json& j, RunRequest& r, RunInput& in, bool& record_all, bool& gpu) {
  record_all = j.at("record_all");
  gpu = j.at("gpu");
  r.family = j.at("family");
  r.variant = j.at("variant");
  r.op = j.at("op");
  r.type = j.at("type");
  r.n = j.at("n");
  r.block = j.at("block");
  r.sm_count = j.at("sm_count");
  r.params = j.at("params").get<std::map<std::string, std::uint64_t>>();
  r.record = j.at("record");
  r.record_blocks = j.at("record_blocks").get<std::vector<std::uint32_t>>();
  r.event_cap = j.at("event_cap");
  in.pattern = Pattern(j.at("pattern").get<int>());
  in.seed = j.at("seed");
}

json result_to_json(const RunResult& result) {
  return {{"backend", result.backend},          {"result", result.result_text},
          {"ok", result.check.ok},              {"expected", result.check.expected},
          {"error", result.check.error},        {"bound", result.check.bound},
          {"diagnosis", result.check.diagnosis}};
}

void add_prints(json& j, const std::vector<PlainPrint>& printed, std::size_t most) {
  json& prints = j["prints"] = json::array();
  for (std::size_t i = 0; i < printed.size() && i < most; ++i)
    prints.push_back({{"launch", printed[i].launch}, {"block", printed[i].block}, {"thread", printed[i].thread},
                      {"line", printed[i].line}, {"text", printed[i].text}});
  j["prints_dropped"] = printed.size() > most ? printed.size() - most : 0;
}

void result_from_json(const json& j, LabRun& out) {
  out.outcome.backend = j.at("backend");
  out.outcome.result_text = j.at("result");
  out.outcome.check.ok = j.at("ok");
  out.outcome.check.expected = j.at("expected");
  out.outcome.check.error = j.at("error");
  out.outcome.check.bound = j.at("bound");
  out.outcome.check.diagnosis = j.at("diagnosis");
  if (j.contains("prints"))
    for (const json& p : j.at("prints"))
      out.prints.push_back({p.at("launch"), p.at("block"), p.at("thread"), p.at("line"), p.at("text")});
  out.prints_dropped = j.value("prints_dropped", std::uint64_t(0));
  if (j.contains("time_ms")) out.measures.time_ms = j.at("time_ms").get<double>();
  if (j.contains("percent_of_copy")) out.measures.percent_of_copy = j.at("percent_of_copy").get<double>();
}

}  // namespace wl::lab
