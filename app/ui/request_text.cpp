#include "ui/request_text.h"

#include "model/views/source_sites.h"

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

std::string request_title(unsigned warp, OpKind op, std::uint16_t site, const TraceMeta& meta) {
  const SourceLocation at = site_location(site, meta);
  std::string where = "line " + std::to_string(at.line);
  if (at.file != variant_source_path(meta)) {
    const auto slash = at.file.rfind('/');
    where = at.file.substr(slash == std::string::npos ? 0 : slash + 1) + ":" + std::to_string(at.line);
  }
  return "warp " + std::to_string(warp) + " \u00b7 " + access_verb(op) + " \u00b7 " + where;
}

}  // namespace wl::ui
