"""same_counts.py LAB_RUN METRICS_ALL METRICS_0: the three --json documents of one run (of two
launches): `lab run`, `metrics --launch all` and `metrics` (launch 0). The first two count every
launch and say so, with equal counts; the third says it counts launch 0, and counts fewer."""
import json
import sys

lab, every, first = (json.load(open(path)) for path in sys.argv[1:4])
counted = ("total", "steps", "barriers", "num_steps")
problems = []
if lab["launches"] != "all" or every["launches"] != "all":
    problems.append("launches: %r and %r, not both 'all'" % (lab["launches"], every["launches"]))
if first["launches"] != [0]:
    problems.append("metrics without --launch counts %r, not [0]" % first["launches"])
problems += ["%s differs between lab run and metrics --launch all" % k for k in counted if lab[k] != every[k]]
if first["total"] == every["total"]:
    problems.append("launch 0 alone counts as much as every launch: not a run of several")
if problems:
    sys.exit("\n".join(problems))
