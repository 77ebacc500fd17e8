// Where a --screenshot frame drew the things tests check: named groups of sample points in
// window pixels (a node's fill, a divergence marker, a highlighted source line). Written as
// JSON beside the PNG (--probes FILE) so tests can check content, not just that a file exists.
#pragma once
#include <map>
#include <string>
#include <vector>

namespace wl {

class ProbeLog {
 public:
  struct Point {
    float x, y;
  };
  void clear() {
    groups_.clear();
    notes_.clear();
  }
  void add(const std::string& group, float x, float y) { groups_[group].push_back({x, y}); }
  // Makes the group exist even when empty (an expected count of 0 is then checkable).
  void touch(const std::string& group) { groups_[group]; }
  const std::map<std::string, std::vector<Point>>& groups() const { return groups_; }
  // Words for a person reading a failure: what a group's points are ("Export P[N]": a cut glyph).
  void note(const std::string& group, const std::string& text) { notes_[group].push_back(text); }
  const std::map<std::string, std::vector<std::string>>& notes() const { return notes_; }

  // {"width": W, "height": H, "groups": {"name": [[x, y], ...], ...}, "notes": {"name": [text, ...]}}
  bool write_json(const std::string& path, int width, int height, std::string& error) const;

 private:
  std::map<std::string, std::vector<Point>> groups_;
  std::map<std::string, std::vector<std::string>> notes_;
};

}  // namespace wl
