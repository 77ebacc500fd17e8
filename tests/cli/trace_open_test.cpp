// A trace exported as JSON (the app's File menu, --export-json, `trace --out x.json`) opens
// wherever a trace is read (--trace, metrics --trace): read_trace tells JSON by its content,
// whatever the file is called (issue 47).
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "rich_trace.h"
#include "trace/trace_file.h"
#include "trace/trace_json.h"

namespace wl {
namespace {

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("wl_open_" + std::to_string(::getpid()) + "_" + name)).string();
}

TEST(TraceOpen, ExportedJsonComesBackWithTheSameEvents) {
  const Trace original = test::rich_trace();
  for (const char* name : {"exported.json", "named-like-binary.wltrace"}) {
    SCOPED_TRACE(name);
    const std::string path = temp_path(name);
    write_trace_json(original, path);
    test::expect_same_trace(original, read_trace(path));
    std::filesystem::remove(path);
  }
}

TEST(TraceOpen, BrokenJsonSaysSoInOneSentence) {
  const std::string path = temp_path("broken.json");
  std::ofstream(path) << "  {\"format\": \"warplens-trace\", \"events\": [";
  try {
    read_trace(path);
    FAIL() << "read a broken JSON trace";
  } catch (const TraceError& e) {
    EXPECT_NE(std::string(e.what()).find("invalid JSON"), std::string::npos) << e.what();
  }
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace wl
