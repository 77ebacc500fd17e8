// What `warplens bench` measures histogram variants against, in the same run: CUB's
// DeviceHistogram::HistogramEven over levels 0, 1, ..., bins (sample x in bin x, the samples
// outside dropped: our rule), on the same terms as the variants: the input rotated through
// copies when it fits in L2, timed as the TimingPlan says. CUB clears its bins inside the call.
#include <cub/device/device_histogram.cuh>

#include "kernels/families/histogram/plan.h"
#include "kernels/families/histogram/reference.h"
#include "kernels/families/histogram/traits.h"
#include "kernels/gpu/event_timer.cuh"
#include "kernels/gpu/l2_rotation.cuh"

namespace wl::histogram {

GpuTime time_cub_histogram(const RunRequest& r, const void* input, const TimingPlan& timing) {
  const auto* host = static_cast<const std::int32_t*>(input);
  const unsigned bins = bins_of(r);
  const L2Rotation rotation = l2_rotation(r.n * sizeof(std::int32_t));
  const std::size_t stride = rotation.stride_bytes / sizeof(std::int32_t);
  DeviceBuffer<std::int32_t> in(rotation.copies * stride);
  DeviceBuffer<std::uint32_t> counts(bins);
  fill_rotation(reinterpret_cast<unsigned char*>(in.ptr), rotation, host, r.n);
  const auto samples = static_cast<std::int64_t>(r.n);
  const int levels = int(bins) + 1, lower = 0, upper = int(bins);
  auto histogram = [&](void* temp, std::size_t& bytes, const std::int32_t* from) {
    return cub::DeviceHistogram::HistogramEven(temp, bytes, from, counts.ptr, levels, lower, upper, samples);
  };
  std::size_t temp_bytes = 0;
  WL_CUDA(histogram(nullptr, temp_bytes, in.ptr));
  DeviceBuffer<unsigned char> temp(temp_bytes);
  GpuTime t;
  std::size_t run = 0;
  t.ms = median_event_ms(
      [&] { WL_CUDA(histogram(temp.ptr, temp_bytes, in.ptr + run++ % rotation.copies * stride)); }, timing);
  std::vector<std::uint32_t> result(bins);
  WL_CUDA(cudaMemcpy(result.data(), counts.ptr, bins * sizeof(std::uint32_t), cudaMemcpyDeviceToHost));
  t.ok = check_histogram(reference_histogram(host, r.n, bins), result).ok;
  return t;
}

}  // namespace wl::histogram
