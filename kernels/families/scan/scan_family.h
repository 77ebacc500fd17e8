// Scan behind the template-free Family interface (kernels/family/family.h).
#pragma once
#include "kernels/family/family.h"

namespace wl {

const Family& scan_family();

}  // namespace wl
