#include "probe_log.h"

#include <fstream>

#include <nlohmann/json.hpp>

namespace wl {

bool ProbeLog::write_json(const std::string& path, int width, int height, std::string& error) const {
  nlohmann::json doc;
  doc["width"] = width;
  doc["height"] = height;
  nlohmann::json groups = nlohmann::json::object();
  for (const auto& [name, points] : groups_) {
    nlohmann::json list = nlohmann::json::array();
    for (const Point& p : points) list.push_back({p.x, p.y});
    groups[name] = list;
  }
  doc["groups"] = groups;
  doc["notes"] = notes_;
  std::ofstream out(path);
  if (!out) {
    error = "cannot write probes '" + path + "'";
    return false;
  }
  out << doc.dump(1) << "\n";
  return bool(out);
}

}  // namespace wl
