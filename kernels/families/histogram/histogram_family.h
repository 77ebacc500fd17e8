#pragma once
#include "kernels/family/family.h"

namespace wl {

const Family& histogram_family();

}  // namespace wl
