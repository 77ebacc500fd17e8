// The memory view: for the current level, each global warp request with the 32-byte sectors
// its lanes touched, drawn against the fewest sectors the same bytes could need.
#include "ui/view_drawers.h"  // draw_<id>_view: declared there with what it draws

#include <algorithm>
#include <cstdio>
#include <string>

#include "model/views/divergence_map.h"
#include "trace/event_info.h"
#include "ui/legend.h"
#include "ui/palette.h"
#include "ui/request_text.h"
#include "ui/text_batch.h"

namespace wl::ui {

void draw_memory_view(ViewContext& ctx, const TraceViews& views, const BlockViews& block) {
  const MemoryStep& step = ctx.session.memory_step(ctx.step);
  const Metrics& metrics = views.metrics;
  const TraceMeta& meta = views.trace.meta;
  const float scale = ctx.app.ui_scale;
  const float line = ImGui::GetTextLineHeight();

  const StepMetrics& total = metrics.total;
  const std::uint64_t kernel_sectors = total.global_ld.sectors + total.global_st.sectors + total.global_atom.sectors;
  const std::uint64_t kernel_ideal = total.global_ld.ideal + total.global_st.ideal + total.global_atom.ideal;
  ImGui::PushTextWrapPos(0.0f);  // a pane side by side at 1280x720 is narrow
  ImGui::Text("This level, block %u: %zu global requests, %llu sectors of 32 bytes (ideal %llu)",
              block.block, step.requests.size(), (unsigned long long)step.sectors,
              (unsigned long long)step.ideal);
  ImGui::Text("Whole kernel (%zu recorded blocks): %llu sectors (ideal %llu)", views.blocks.size(),
              (unsigned long long)kernel_sectors, (unsigned long long)kernel_ideal);
  ImGui::PopTextWrapPos();

  ctx.probe_touch("memory", "sectors");
  ctx.probe_touch("memory", "excess");
  begin_request_list("##memory_requests", step.requests.empty() ? "No global-memory requests at this level." : nullptr);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float width = ImGui::GetContentRegionAvail().x;
  const float lane_w = width / float(kWarpSize);
  const float lane_h = std::clamp(line * 1.2f, 10.0f, 30.0f * scale);
  const float sector_h = std::clamp(line * 1.6f, 12.0f, 40.0f * scale);
  const float fan_h = line * 1.6f;  // room for the lines from lanes to sectors
  ShapeBatch boxes;
  TextBatch texts;

  for (std::size_t i = 0; i < step.requests.size(); ++i) {
    const MemoryRequest& r = step.requests[i];
    ImGui::PushID(int(i));
    const BufferRecord* buffer = r.sectors.empty() ? nullptr : meta.buffer(r.sectors.front().buffer);
    const std::string where = std::string(buffer ? buffer->name : "none") + " \u00b7 lanes " + lane_ranges(r.lane_mask) +
                              " \u00b7 " + std::to_string(r.size) + " bytes each";
    char cost[64];
    std::snprintf(cost, sizeof cost, "%u sector%s, ideal %u", r.cost.sectors, r.cost.sectors == 1 ? "" : "s", r.cost.ideal);
    request_heading(r, meta, where, cost, r.cost.sectors > r.cost.ideal);
    const ImVec2 o = ImGui::GetCursorScreenPos();
    const float height = lane_h + fan_h + sector_h;
    // Sectors in address order, as wide as the eight 4-byte lanes one sector holds, or narrower
    // when many are touched.
    const float sector_w = std::min(8.0f * lane_w, width / float(std::max<std::size_t>(1, r.sectors.size())));
    if (ImGui::IsRectVisible(o, ImVec2(o.x + width, o.y + height))) {
      const WarpRequest& req = views.requests[r.request];
      for (unsigned lane = 0; lane < kWarpSize; ++lane) {
        const ImVec2 lo(o.x + float(lane) * lane_w + 1.0f, o.y), hi(o.x + float(lane + 1) * lane_w - 1.0f, o.y + lane_h);
        const bool active = req.active(lane);
        boxes.box(lo, hi, active ? colors().active_lane : colors().idle, 2.0f);
        if (lane % 8 == 0) texts.add(ImVec2(lo.x + 2.0f, lo.y), std::to_string(lane), text_on(colors().active_lane));
        if (!active) continue;
        // Its line down to the sector holding its first byte.
        for (std::size_t k = 0; k < r.sectors.size(); ++k)
          if (r.sectors[k].buffer == req.buffer[lane] && r.sectors[k].sector == req.address[lane] / kSectorBytes) {
            const float byte_x = float(req.address[lane] % kSectorBytes) / float(kSectorBytes);
            const ImVec2 to(o.x + (float(k) + byte_x) * sector_w + sector_w / 16.0f, o.y + lane_h + fan_h);
            boxes.segment(ImVec2((lo.x + hi.x) * 0.5f, hi.y), to, colors().link, 1.0f * scale);
            break;
          }
      }
      for (std::size_t k = 0; k < r.sectors.size(); ++k) {
        const SectorUse& s = r.sectors[k];
        const bool beyond_ideal = k >= r.cost.ideal;
        const ImU32 color = beyond_ideal ? colors().problem : colors().good;
        const ImVec2 lo(o.x + float(k) * sector_w + 1.0f, o.y + lane_h + fan_h), hi(lo.x + sector_w - 2.0f, lo.y + sector_h);
        boxes.box(lo, hi, colors().empty, 3.0f, 2.0f, color);
        // Fill: the share of the sector's 32 bytes the request used.
        const float used = float(s.bytes) / float(kSectorBytes);
        boxes.box(ImVec2(lo.x + 3.0f, lo.y + 3.0f), ImVec2(lo.x + 3.0f + (hi.x - lo.x - 6.0f) * used, hi.y - 3.0f), color, 2.0f);
        char label[32];
        std::snprintf(label, sizeof label, "%u/32 B", s.bytes);
        if (ImGui::CalcTextSize(label).x + 10.0f < hi.x - lo.x)
          texts.add(ImVec2(lo.x + 6.0f, lo.y + (sector_h - line) * 0.5f), label, text_on(color));
        if (ctx.app.probes) ctx.probe("memory", beyond_ideal ? "excess" : "sectors", lo.x + 5.0f, (lo.y + hi.y) * 0.5f);
        if (ImGui::IsMouseHoveringRect(lo, hi) && ImGui::IsWindowHovered()) {
          ImGui::BeginTooltip();
          const BufferRecord* buffer = meta.buffer(s.buffer);
          ImGui::Text("%s sector %u (bytes %u-%u)", buffer ? buffer->name.c_str() : "none", s.sector,
                      s.sector * kSectorBytes,
                      s.sector * kSectorBytes + kSectorBytes - 1);
          ImGui::Text("used %u of 32 bytes, by lanes %s", s.bytes, lane_ranges(s.lanes).c_str());
          ImGui::EndTooltip();
        }
      }
    }
    ImGui::Dummy(ImVec2(width, height));
    ImGui::Spacing();
    ImGui::PopID();
  }
  ctx.gl.draw(dl, std::move(boxes));
  texts.draw(dl);
  ImGui::EndChild();

  legend_begin();
  legend_item(colors().active_lane, "lane that accessed (a line to its sector)");
  legend_item(colors().good, "sector within the ideal (fill: bytes used)");
  legend_item(colors().problem, "sector beyond the ideal: wasted traffic");
  legend_text("ideal = distinct bytes / 32, rounded up");
  legend_end();
}

}  // namespace wl::ui
