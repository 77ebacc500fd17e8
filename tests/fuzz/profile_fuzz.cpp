// Recorded timing profiles (assets/profiles/*.json, `--profile F`): sweep_from_json, and the
// percentages the Timing view draws from a sweep that loaded. The app lists a profile that
// fails to load as a line in the panel (it catches std::exception).
#include <exception>

#include "results/timing_sweep.h"
#include "tests/fuzz/fuzz_target.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const wl::TimingSweep sweep = wl::sweep_from_json(wl::fuzz::text_of(data, size));
    for (const wl::TimingSeries& s : sweep.series)
      for (const wl::TimingPoint& p : s.points) wl::percent_of_copy(sweep, s, p.n, p.param);
  } catch (const std::exception&) {
  }
  return 0;
}
