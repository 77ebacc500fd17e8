// The child protocol: the parent (lab_run.h) and the child (`warplens lab exec`, lab_exec.h)
// speak through files in a private folder. The parent writes request.json: the request, its
// input, and for plain CUDA the kernel and its tables. The child writes trace.wltrace and
// result.json: the result and its check, what a plain kernel printed, a GPU run's time, and for
// a GPU recording the launches it made and where its buffers lay; past its watch time it writes
// where.json (lab_where.h). It exits 2 when it refuses the request, saying why on stderr.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "kernels/family/run_result.h"
#include "lab/exec/lab_run.h"
#include "run/backend_run.h"

namespace wl::lab {

// A private folder for one run's files, removed when the run is read back.
struct RunFolder {
  std::string path;  // empty when none could be made
  RunFolder();
  ~RunFolder();
  RunFolder(const RunFolder&) = delete;
  RunFolder& operator=(const RunFolder&) = delete;
};

std::string read_text(const std::string& path);

// request.json
nlohmann::json request_to_json(const RunRequest& r, const RunInput& in, bool record_all, bool gpu);
void request_from_json(const nlohmann::json& j, RunRequest& r, RunInput& in, bool& record_all, bool& gpu);

// result.json: the child writes the run's result and check (and adds the rest, above); the
// parent reads them, with the prints and measures, into `out`. Throws on a damaged file.
nlohmann::json result_to_json(const RunResult& result);
// What a plain kernel printed, by thread: the first `most`, and how many more were dropped.
void add_prints(nlohmann::json& j, const std::vector<PlainPrint>& printed, std::size_t most);
void result_from_json(const nlohmann::json& j, LabRun& out);

}  // namespace wl::lab
