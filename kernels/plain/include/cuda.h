// CUDA's <cuda.h> for a plain-CUDA file on the simulator: everything it declares that the
// simulator runs is in the prelude, warplens_plain.h, which every such file includes first.
#pragma once
#include "warplens_plain.h"
