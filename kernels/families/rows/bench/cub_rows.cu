// What `warplens bench` times the rows family against, in the same run: the library path a user
// of CUB writes. Row statistics by cub::DeviceSegmentedReduce over rows (softmax: the row max,
// then the row sum of exp(x - max); layer norm: the row sum, then the sum of (x - mean)^2; RMS
// norm: the sum of x^2), then one kernel that normalises every element: each reduction reads the
// matrix once, the last pass reads it and writes it. Checked like the variants, with three-pass's
// bound (the same arithmetic, one pass a launch).
#include <cub/device/device_segmented_reduce.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include "kernels/families/rows/three_pass.h"
#include "kernels/families/rows/traits.h"
#include "kernels/gpu/event_timer.cuh"

namespace wl::rows {
namespace {

struct RowStart {  // the first element of row r
  long long cols;
  __host__ __device__ long long operator()(long long r) const { return r * cols; }
};
// The value element i contributes to its row's second statistic.
struct Second {
  const float* x;
  const float* first;  // per row: the max (softmax) or the sum (layer norm)
  long long cols;
  unsigned op;
  __host__ __device__ float operator()(long long i) const {
    const float v = x[i];
    if (op == kSoftmaxBit) return expf(v - first[i / cols]);
    const float d = v - first[i / cols] / float(cols);
    return d * d;
  }
};
struct Square {
  const float* x;
  __host__ __device__ float operator()(long long i) const { return x[i] * x[i]; }
};

__global__ void normalise(const float* x, const float* first, const float* second, float* y, long long n,
                          long long cols, unsigned op) {
  for (long long i = blockIdx.x * 256ll + threadIdx.x; i < n; i += 256ll * gridDim.x) {
    const long long r = i / cols;
    if (op == kSoftmaxBit) y[i] = expf(x[i] - first[r]) / second[r];
    else if (op == kLayerNormBit) y[i] = (x[i] - first[r] / float(cols)) / sqrtf(second[r] / float(cols) + kEps);
    else y[i] = x[i] / sqrtf(second[r] / float(cols) + kEps);
  }
}

}  // namespace

GpuTime time_cub_rows(const RunRequest& r, const void* input, const TimingPlan& timing) {
  const auto* host = static_cast<const float*>(input);
  const long long n = static_cast<long long>(r.n), cols = cols_of(r), rows = n / cols;
  const unsigned op = r.op == "layernorm" ? kLayerNormBit : r.op == "rmsnorm" ? kRmsNormBit : kSoftmaxBit;
  DeviceBuffer<float> x(n), y(n), first(rows), second(rows);
  WL_CUDA(cudaMemcpy(x.ptr, host, n * sizeof(float), cudaMemcpyHostToDevice));
  const auto begin = thrust::make_transform_iterator(thrust::counting_iterator<long long>(0), RowStart{cols});
  const auto end = begin + 1;
  const auto seconds = thrust::make_transform_iterator(thrust::counting_iterator<long long>(0),
                                                       Second{x.ptr, first.ptr, cols, op});
  const auto squares = thrust::make_transform_iterator(thrust::counting_iterator<long long>(0), Square{x.ptr});
  // One call of each reduction this operator makes; `temp` null: only the bytes it needs.
  auto reduce = [&](void* temp, std::size_t& bytes) {
    std::size_t most = 0, b = 0;
    if (op == kSoftmaxBit) {
      WL_CUDA(cub::DeviceSegmentedReduce::Max(temp, b = bytes, x.ptr, first.ptr, int(rows), begin, end));
      most = std::max(most, b);
      WL_CUDA(cub::DeviceSegmentedReduce::Sum(temp, b = bytes, seconds, second.ptr, int(rows), begin, end));
    } else if (op == kLayerNormBit) {
      WL_CUDA(cub::DeviceSegmentedReduce::Sum(temp, b = bytes, x.ptr, first.ptr, int(rows), begin, end));
      most = std::max(most, b);
      WL_CUDA(cub::DeviceSegmentedReduce::Sum(temp, b = bytes, seconds, second.ptr, int(rows), begin, end));
    } else {
      WL_CUDA(cub::DeviceSegmentedReduce::Sum(temp, b = bytes, squares, second.ptr, int(rows), begin, end));
    }
    if (!temp) bytes = std::max(most, b);
  };
  std::size_t temp_bytes = 0;
  reduce(nullptr, temp_bytes);
  DeviceBuffer<unsigned char> temp(temp_bytes);
  const unsigned blocks = unsigned(std::min<long long>((n + 255) / 256, 4096));
  GpuTime t;
  t.ms = median_event_ms(
      [&] {
        std::size_t bytes = temp_bytes;
        reduce(temp.ptr, bytes);
        normalise<<<blocks, 256>>>(x.ptr, first.ptr, second.ptr, y.ptr, n, cols, op);
        WL_CUDA(cudaGetLastError());
      },
      timing);
  std::vector<float> result(n);
  WL_CUDA(cudaMemcpy(result.data(), y.ptr, n * sizeof(float), cudaMemcpyDeviceToHost));
  t.ok = check_rows(ThreePass::info, host, r.n, unsigned(cols), r.block, op, result).ok;
  return t;
}

}  // namespace wl::rows
