"""Reads `warplens lab check --json` on stdin: every goal the simulator can judge is met, and at
least one is (a goal it cannot judge, a GPU's time, has no value of yours)."""
import json
import sys

doc = json.load(sys.stdin)
judged = [g for g in doc["goals"] if g["yours"] is not None]
missed = [g["goal"] for g in judged if not g["met"]]
if missed or not judged:
    sys.exit("missed: %s" % (", ".join(missed) or "no goal could be judged"))
