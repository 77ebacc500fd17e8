// The child's side of a whole program's run (`warplens lab program-exec LIBRARY FOLDER`, this
// program run again by program_run.h): loads the program's library, binds the simulator's CUDA
// runtime to it (kernels/plain/program_runtime.h) and calls its main with the arguments
// FOLDER/request.json holds. The program's stdin, stdout and stderr are the child's. After each
// recorded launch, and when the program ends (main returns or it calls exit), the trace so far
// is written to FOLDER/trace.wltrace, so a crash or a hang later loses none of it; at the end,
// FOLDER/result.json says how it ended and lists its launches.
#pragma once
#include <string>

namespace wl::lab {

// Returns the program's exit status; 3 when the request or the library cannot be read.
int program_exec(const std::string& library, const std::string& folder);

}  // namespace wl::lab
