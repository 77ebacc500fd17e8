// Fiber stacks reused across blocks: a launch creates one fiber per simulated thread, and
// allocating tens of thousands of fresh stacks per launch would dominate the run time.
#pragma once
#include <boost/context/stack_context.hpp>
#include <cstddef>
#include <memory>
#include <vector>

namespace wl {

class StackPool {
 public:
  static constexpr std::size_t kStackBytes = 64 * 1024;

  // One pool per OS thread, kept for the life of the process: launches reuse its stacks.
  static StackPool& for_this_thread();

  boost::context::stack_context allocate();
  void deallocate(boost::context::stack_context& sctx);

 private:
  std::vector<std::unique_ptr<unsigned char[]>> owned_;
  std::vector<unsigned char*> free_;
};

// The allocator object Boost.Context copies into each fiber; it refers back to the pool, and
// tells `record` (when set) which stack the fiber got.
struct PooledStack {
  StackPool* pool;
  boost::context::stack_context* record = nullptr;
  boost::context::stack_context allocate() {
    boost::context::stack_context s = pool->allocate();
    if (record) *record = s;
    return s;
  }
  void deallocate(boost::context::stack_context& sctx) { pool->deallocate(sctx); }
};

}  // namespace wl
