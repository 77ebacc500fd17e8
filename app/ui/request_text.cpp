#include "ui/request_text.h"

#include <algorithm>

#include <imgui.h>

#include "model/views/source_sites.h"
#include "ui/layout.h"
#include "ui/legend.h"
#include "ui/palette.h"

namespace wl::ui {

const char* access_verb(OpKind op) {
  switch (op) {
    case OpKind::SharedLoad:
    case OpKind::GlobalLoad: return "load";
    case OpKind::SharedStore:
    case OpKind::GlobalStore: return "store";
    case OpKind::SharedAtomic:
    case OpKind::GlobalAtomic: return "atomic";
    default: return op_name(op);
  }
}

std::string request_title(const RequestHead& r, const TraceMeta& meta) {
  const SourceLocation at = site_location(r.site, meta);
  std::string where = "line " + std::to_string(at.line);
  if (at.file != variant_source_path(meta)) {
    const auto slash = at.file.rfind('/');
    where = at.file.substr(slash == std::string::npos ? 0 : slash + 1) + ":" + std::to_string(at.line);
  }
  return "warp " + std::to_string(r.warp) + " \u00b7 " + access_verb(r.op) + " \u00b7 " + where;
}

void request_heading(const RequestHead& r, const TraceMeta& meta, const std::string& detail, const char* cost,
                     bool problem) {
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(request_title(r, meta).c_str());
  same_line_if_fits(ImGui::CalcTextSize(detail.c_str()).x);
  ImGui::TextDisabled("%s", detail.c_str());
  same_line_if_fits(ImGui::CalcTextSize(cost).x);
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(problem ? colors().problem : colors().good), "%s", cost);
  ImGui::PopTextWrapPos();
}

void begin_request_list(const char* id, const char* none) {
  const float legend_h = legend_reserve(1);
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  ImGui::BeginChild(id, ImVec2(avail.x, std::max(60.0f, avail.y - legend_h)), false);
  if (none) ImGui::TextDisabled("%s", none);
}

}  // namespace wl::ui
