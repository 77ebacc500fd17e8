// The folders inside the assets that the app reads at run time; each is empty when no assets
// were found (data_dirs.h finds them; missing_data_message says so).
#pragma once
#include <string>

#include "data_dirs.h"

namespace wl {

std::string lessons_dir();
std::string profiles_dir();   // recorded timing sweeps, *.json
std::string exercises_dir();
std::string plain_spellings_dir();  // plain-CUDA spellings of built-in variants, <family>/<variant>.cu

}  // namespace wl
