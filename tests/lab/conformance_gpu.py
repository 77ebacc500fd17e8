#!/usr/bin/env python3
"""The plain-CUDA conformance suite (conformance/README.md) on the GPU, against the simulator.

  conformance_gpu.py record WARPLENS_CLI FOLDER
      on a GPU machine with the tracer (tools/gpu-check.sh run lab): every file whose header
      expects `ok` runs with `lab run --backend gpu` for each of its types at its first size,
      blocks 0 and 1 recorded; FOLDER keeps, a case each, the lab's JSON and the recorded events
      in the form trace_compare.py compares (CASE.events.json: a few kilobytes where the whole
      trace is megabytes). Files the simulator refuses (`expect: refused`: CUB, __half) run
      too, and must come out right on the GPU.
  conformance_gpu.py compare WARPLENS_CLI FOLDER_OR_TARBALL
      anywhere with clang (CI, on conformance-on-h200.tar.xz, kept from a `record`): each GPU run
      was checked right and timed; each `ok` case, run on the simulator, names the same launches
      and buffers and equals the GPU's events thread by thread in blocks 0 and 1, in 32-bit words
      (words()), shared addresses included (each kernel's arrays where nvcc put them), except
      where KNOWN_DIFFERENCES says the two compilers made different code.
"""
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
from conformance import parse_header  # noqa: E402
from kept_runs import main, unpack  # noqa: E402
from trace_compare import SKIP, UNKNOWN_LANE  # noqa: E402

suite = os.path.join(here, "conformance")
failures = []


def cases():
    """(name, path, expectation, lab arguments) for every file the GPU runs."""
    out = []
    for f in sorted(os.listdir(suite)):
        if not f.endswith(".cu"):
            continue
        path = os.path.join(suite, f)
        h = parse_header(path)
        if h["expect"][0] not in ("ok", "refused"):
            continue  # a bug file: the simulator names it; compute-sanitizer is the GPU's judge
        for t in h["types"]:
            args = ["--type", t, "--n", str(h["sizes"][0])] + h["run"]
            out.append((f"{f[:-3]}-{t}", path, h["expect"][0], args))
    return out


def lab_run(cli, path, args, backend, trace, env=None):
    cmd = [cli, "lab", "run", path] + args + ["--record-blocks", "0,1", "--backend", backend, "--json"]
    if trace:
        cmd += ["--out", trace]
    p = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if p.returncode != 0:
        failures.append(f"{' '.join(cmd[1:])}: exit {p.returncode}: {p.stdout[-1500:]} {p.stderr[-1500:]}")
        return None
    return json.loads(p.stdout)


def compact(trace):
    """The trace as trace_compare.py compares it, with absolute shared addresses: launches,
    buffer names, and [launch, block, thread, step, op, line, size, address, source lane] rows."""
    unknown = any(e["op"] == "shuffle" and e["aux"] == UNKNOWN_LANE for e in trace["events"])
    rows = []
    for e in trace["events"]:
        if e["op"] in SKIP or e["block"] > 1:
            continue
        source = e["aux"] if e["op"] == "warp_sync" or (e["op"] == "shuffle" and not unknown) else 0
        rows.append([e["launch"], e["block"], e["thread"], e["step"], e["op"], e["site"], e["size"], e["address"], source])
    rows.sort(key=lambda r: [str(x) for x in r])
    m = trace["meta"]
    return {"launches": [[l["grid_dim"], l["block_dim"], l["n"]] for l in m["launches"]],
            "buffers": sorted(b["name"] for b in m["buffers"]), "variant": m["variant"],
            "shared_arrays": [[a["name"], a["offset"], a["bytes"]] for a in m.get("shared_arrays", [])],
            "unknown_lanes": unknown, "rows": rows}


def record(cli, folder):
    """Files in parallel, a file's cases one after the other (its builds share a cache): the
    times kept are then taken beside other runs, so they say the run was timed, not how fast."""
    os.makedirs(folder, exist_ok=True)
    by_file = group(cases(), lambda c: c[1])
    with concurrent.futures.ThreadPoolExecutor(max_workers=min(8, os.cpu_count() or 1)) as pool:
        for lines in pool.map(lambda file_cases: [record_case(cli, folder, *c) for c in file_cases], by_file.values()):
            print("\n".join(line for line in lines if line), flush=True)


def record_case(cli, folder, name, path, expect, args):
    trace = os.path.join(folder, name + ".trace.json")
    doc = lab_run(cli, path, args, "gpu", trace)
    if not doc:
        return None
    doc.pop("sources", None)
    json.dump(doc, open(os.path.join(folder, name + ".json"), "w"))
    if os.path.exists(trace):
        json.dump(compact(json.load(open(trace))), open(os.path.join(folder, name + ".events.json"), "w"))
        os.remove(trace)
    return f"{name}: checked {doc['result']['ok']}, timed {'time_ms' in doc.get('lab', {})}"


# Where nvcc and clang -O1 make different code from the same line, so the two traces differ
# though both are right; each case here must still differ, else it is taken off the list.
KNOWN_DIFFERENCES = {
    "reduce_warp_cas_add": "nvcc puts a WARPSYNC before the full-mask __shfl_down_sync loop (line 35), as in "
                           "scan_warp_shuffle; and a warp's compare-and-swap loop runs as often as it loses on the GPU",
    "scan_kogge_stone_double_buffer": "clang hoists the src[t] both arms of the ternary read into the loop's "
                                      "header, and its line table gives it the for loop's line (18); nvcc's says 19",
    "scan_kogge_stone_exclusive": "nvcc keeps XY[t] in a register after the last XY[t] += add; clang -O1 "
                                  "reads it again for Y[t] = XY[t] (one more shared load a thread)",
    "scan_three_phase": "nvcc keeps section[first + 3] in a register after the thread's serial scan; clang -O1 "
                        "reads it again for last[t] (one more shared load a thread)",
    "scan_warp_shuffle": "nvcc puts a WARPSYNC before the full-mask __shfl_up_sync it cannot prove all lanes "
                         "reach (inside if (warp == 0)); the simulator records only a kernel's own __syncwarp",
}


def words(rows):
    """Rows split into 32-bit words: nvcc merges adjacent shared loads into one of 8 or 16 bytes
    where clang -O1 does not, and a 64-bit shuffle is two 32-bit SHFLs on a GPU. An access's
    words, and so its bytes, are the same either way."""
    out = []
    for r in rows:
        size = r[6]
        if size <= 4:
            out.append(r)
            continue
        for k in range(size // 4):
            address = r[7] if r[4] == "shuffle" else r[7] + 4 * k
            out.append(r[:6] + [4, address] + r[8:])
    return out


def differences(gpu, sim):
    """A sentence on where two compact traces differ, word by word (words()), or None."""
    if gpu["launches"] != sim["launches"] or gpu["buffers"] != sim["buffers"] or gpu["variant"] != sim["variant"]:
        return (f"the GPU ran {gpu['variant']} {gpu['launches']} on {gpu['buffers']}, the simulator "
                f"{sim['variant']} {sim['launches']} on {sim['buffers']}")
    if gpu["shared_arrays"] != sim["shared_arrays"]:  # names, offsets and sizes: nvcc's, from its PTX
        return f"the GPU names shared memory {gpu['shared_arrays']}, the simulator {sim['shared_arrays']}"
    key = lambda r: tuple(r[:3])  # noqa: E731
    by = lambda rows: {k: sorted(map(tuple, v)) for k, v in group(rows, key).items()}  # noqa: E731
    if gpu["unknown_lanes"]:  # a source lane the GPU could not know is compared as 0 on both sides
        sim = dict(sim, rows=[r[:8] + [0] if r[4] == "shuffle" else r for r in sim["rows"]])
    g, s = by(words(gpu["rows"])), by(words(sim["rows"]))
    differing = sorted(k for k in set(g) | set(s) if g.get(k) != s.get(k))
    if not differing:
        return None
    k = differing[0]
    only_g = sorted(set(g.get(k, [])) - set(s.get(k, [])))[:3]
    only_s = sorted(set(s.get(k, [])) - set(g.get(k, [])))[:3]
    return (f"{len(differing)} threads differ; launch {k[0]} block {k[1]} thread {k[2]}: GPU only {only_g}, "
            f"simulator only {only_s}")


def group(rows, key):
    out = {}
    for r in rows:
        out.setdefault(key(r), []).append(r)
    return out


def compare_all(cli, source):
    folder = unpack(source, "conformance-on-h200")
    work = tempfile.mkdtemp(prefix="wl-conformance-sim-")
    env = dict(os.environ)
    env.setdefault("XDG_CACHE_HOME", os.path.join(work, "cache"))  # the lab's builds, kept between runs
    compared = equal = events = 0
    for name, path, expect, args in cases():
        doc_path = os.path.join(folder, name + ".json")
        if not os.path.exists(doc_path):
            failures.append(f"{name}: no GPU run kept (record again: tools/gpu-check.sh run lab)")
            continue
        doc = json.load(open(doc_path))
        if not doc["result"]["ok"] or doc["backend"] != "gpu" or "time_ms" not in doc["lab"]:
            failures.append(f"{name}: the GPU run is not checked right and timed: {doc['result']}, {doc['lab']}")
        if expect == "refused":
            continue  # the simulator refuses it (conformance.py checks that)
        sim_trace = os.path.join(work, name + ".trace.json")
        if lab_run(cli, path, args, "sim", sim_trace, env) is None:
            continue
        gpu, sim = json.load(open(os.path.join(folder, name + ".events.json"))), compact(json.load(open(sim_trace)))
        why = differences(gpu, sim)
        known = KNOWN_DIFFERENCES.get(name.rsplit("-", 1)[0])
        if why and known:
            print(f"{name}: differs as known ({known}): {why[:300]}")
        elif why:
            failures.append(f"{name}: {why}")
        elif known:
            failures.append(f"{name}: equal to the GPU's now: take it off KNOWN_DIFFERENCES")
        compared += 1
        equal += not why
        events += len(gpu["rows"])
    print(f"{equal} of {compared} cases equal the GPU's word for word in blocks 0 and 1 ({events} GPU events)")


if __name__ == "__main__":
    main(record, compare_all, failures)
