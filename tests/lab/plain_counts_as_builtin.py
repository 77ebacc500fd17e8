"""plain_counts_as_builtin.py PLAIN BUILTIN: two `--json` documents of one run, of a plain-CUDA
kernel (`lab run x.cu --kernel K`) and of the built-in variant it spells out (`metrics --variant V
--launch all`). The counts of what the kernel did must be equal, and the result the same value.
Sums over warp-steps (active lanes, active warps) are not compared: a plain kernel's steps are its
barrier intervals, while a dialect kernel may declare a step for each round of a warp's shuffles."""
import json
import sys

plain, builtin = (json.load(open(path)) for path in sys.argv[1:3])
counted = ("divergent_warps", "barriers", "shared_ld", "shared_st", "shared_atom", "global_ld", "global_st",
           "global_atom")
problems = ["%s: %s (plain) != %s (built in)" % (k, plain["total"][k], builtin["total"][k])
            for k in counted if plain["total"][k] != builtin["total"][k]]
if plain["result"]["value"] != builtin["result"]["value"] or not plain["result"]["ok"]:
    problems.append("result: %s (plain) != %s (built in)" % (plain["result"], builtin["result"]))
if plain["grid"] != builtin["grid"] or plain["launches"] != builtin["launches"]:
    problems.append("launches: %s of grid %s (plain) != %s of grid %s" % (plain["launches"], plain["grid"],
                                                                       builtin["launches"], builtin["grid"]))
if problems:
    sys.exit("\n".join(problems))
print("equal:", ", ".join("%s %s" % (k, plain["total"][k]) for k in counted[:3]))
