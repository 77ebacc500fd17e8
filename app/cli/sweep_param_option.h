// `bench --sweep-param cols=1024,2048,...`: the family parameter a sweep also runs along, checked
// against the family before any GPU is asked for.
#pragma once
#include <string>

#include "run/gpu_sweep.h"
#include "kernels/family/family.h"

namespace wl::cli {

// Sets request.swept_param and request.param_values from `text` (request.sizes and params
// already set). False, with one sentence in `error`, for a bad list, a parameter the family does
// not take, one also fixed with --param, or a value no variant of the family takes at one of the
// sizes (cols that do not divide n, a value out of range). A value only some variants refuse
// (register-resident past its columns) is taken: those points carry the refusal.
bool take_sweep_param(const std::string& text, const Family& family, SweepRequest& request, std::string& error);

}  // namespace wl::cli
