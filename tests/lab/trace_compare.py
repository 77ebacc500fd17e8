"""One kernel's trace recorded on the GPU against the simulator's, compared as the two can be:
per thread and barrier interval, as multisets of (op, line, size, address, a shuffle's source lane
where the GPU knows it, a syncwarp's mask). Not compared, and why: branches, votes and fences (the
GPU patches no such instruction); values (a recorded program's input is not the simulator's);
shared offsets are taken from each trace's lowest (the simulator lays every kernel's static arrays
of a file out in one section, the GPU starts each kernel's at 0).
"""
import collections

SKIP = {"branch", "vote", "fence"}
UNKNOWN_LANE = 0xFFFFFFFF


def thread_events(trace, launch=0, block=0, unknown_lanes=False):
    es = [e for e in trace["events"] if e["launch"] == launch and e["block"] == block and e["op"] not in SKIP]
    shared = [e["address"] for e in es if e["op"].startswith("shared")]
    base = min(shared) if shared else 0
    out = collections.defaultdict(collections.Counter)
    for e in es:
        address = e["address"] - base if e["op"].startswith("shared") else e["address"]
        source = e["aux"] if e["op"] == "warp_sync" or (e["op"] == "shuffle" and not unknown_lanes) else 0
        out[e["thread"]][(e["step"], e["op"], e["site"], e["size"], address, source)] += 1
    return out


def compare(gpu_trace, sim_trace, name, threads, launch=0, block=0):
    """A sentence saying where they differ, or None; and the events compared."""
    # Where the GPU could not know a shuffle's source lane, it says so rather than guess.
    unknown = any(e["op"] == "shuffle" and e["aux"] == UNKNOWN_LANE for e in gpu_trace["events"])
    gpu = thread_events(gpu_trace, launch, block, unknown)
    sim = thread_events(sim_trace, launch, block, unknown)
    count = sum(sum(c.values()) for c in gpu.values())
    differing = [t for t in range(threads) if gpu[t] != sim[t]]
    if differing or not gpu:
        t = differing[0] if differing else 0
        return (f"{name}: {len(differing)} threads differ; thread {t}: GPU only {dict(gpu[t] - sim[t])}, "
                f"simulator only {dict(sim[t] - gpu[t])}"), count
    return None, count
