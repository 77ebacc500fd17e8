#include "trace/trace.h"

#include <algorithm>
#include <tuple>

namespace wl {

void sort_canonical(std::vector<Event>& events) {
  std::stable_sort(events.begin(), events.end(), [](const Event& a, const Event& b) {
    return std::tie(a.block, a.thread, a.seq) < std::tie(b.block, b.thread, b.seq);
  });
}

}  // namespace wl
