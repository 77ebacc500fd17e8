"""PyTorch's own kernels, as a user calls them, for `warplens-cli record -- python3 torch_ops.py OP`:
cumsum (CUB's look-back scan), histc (shared-memory float atomics) and softmax (a block per row).
It knows nothing of WarpLens."""
import sys

import torch

op = sys.argv[1] if len(sys.argv) > 1 else "cumsum"
x = torch.arange(1 << 16, device="cuda", dtype=torch.float32) % 7
if op == "cumsum":
    y = torch.cumsum(x, 0)
elif op == "histc":
    y = torch.histc(x, bins=16, min=0, max=7)
elif op == "softmax":
    y = torch.softmax(x.reshape(16, 4096), dim=1)
else:
    sys.exit(f"torch_ops.py: unknown op '{op}' (cumsum, histc, softmax)")
torch.cuda.synchronize()
print(op, y.flatten()[:4].tolist())
