#include "kernels/sim/stack_pool.h"

namespace wl {

StackPool& StackPool::for_this_thread() {
  static thread_local StackPool pool;
  return pool;
}

boost::context::stack_context StackPool::allocate() {
  if (free_.empty()) {
    owned_.push_back(std::unique_ptr<unsigned char[]>(new unsigned char[kStackBytes]));
    free_.push_back(owned_.back().get());
  }
  unsigned char* base = free_.back();
  free_.pop_back();
  boost::context::stack_context sctx;
  sctx.size = kStackBytes;
  sctx.sp = base + kStackBytes;  // stacks grow down
  return sctx;
}

void StackPool::deallocate(boost::context::stack_context& sctx) {
  free_.push_back(static_cast<unsigned char*>(sctx.sp) - sctx.size);
}

}  // namespace wl
