// Reduction's Family object (kernels/family/family.h); the family list names it.
#pragma once
#include "kernels/family/family.h"

namespace wl {

const Family& reduce_family();

}  // namespace wl
