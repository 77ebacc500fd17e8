#!/usr/bin/env python3
"""The plain-CUDA conformance suite's driver (tests/lab/conformance/README.md).

    conformance.py CLI DIR_OR_FILE... [--report] [--jobs N] [--only SUBSTRING]

For every .cu file (a folder's, sorted), for every type of its `// types:` line and every size of
its `// sizes:` line, runs

    CLI lab run FILE --type T --n N <its run: flags> --backend sim --record-blocks all --json

and judges the run against the file's `// expect:` line:

    expect: ok               the check is right, no race, no fault
    expect: race line L      a race one of whose two accesses is at line L (the result may be anything)
    expect: fault line L     the simulator stopped the kernel at line L
    expect: wrong            the check is WRONG, with no fault (a bug only the result shows)
    expect: refused line L   the simulator refuses the file before building it, naming line L and
                             the GPU backend (CUB, __half: lab_gpu_matches_simulator.py runs it there)

Prints one line a (file, type, size), PASS or FAIL with the reason, then the pass rate; exits 1 if
anything failed (2 on bad arguments or a file without a usable header). With --report, also a
Markdown table of every run. Built kernels are cached under ./conformance-cache (XDG_CACHE_HOME),
so a second run skips the builds. Files run in parallel, os.cpu_count() at a time; a file's runs
run one after the other, so two processes never build the same file at once.
"""
import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import time

DIRECTIVE = re.compile(r"^\s*//\s*(family|kernel|run|types|sizes|expect):\s*(.*?)\s*$")
RACE_FIRST = re.compile(r"^(?:[^:\s]*:)?(?:line )?(\d+): ")
RACE_SECOND = re.compile(r" wrote it (?:too )?at (?:line |[^:\s]*:)(\d+)")
FAULT_AT = re.compile(r"stopped the kernel at (?:.*?):(\d+) \(")
RUN_TIMEOUT_S = 300


class HeaderError(Exception):
    pass


def parse_header(path):
    """The file's directives: family, kernel, run flags, types, sizes, expectation."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    d = {"family": None, "kernel": None, "run": [], "types": None, "sizes": None, "expect": None}
    for line in text.splitlines():
        m = DIRECTIVE.match(line)
        if not m:
            continue
        key, words = m.group(1), m.group(2)
        if key == "run":
            d["run"] += words.split()
        elif key in ("types", "sizes"):
            d[key] = words.split()
        elif key == "expect":
            if d["expect"] is not None:
                raise HeaderError("more than one expect: line")
            d["expect"] = parse_expect(words)
        else:
            d[key] = words
    if d["family"] not in ("reduce", "scan", "histogram"):
        raise HeaderError("needs // family: reduce, scan or histogram (has %r)" % d["family"])
    if d["expect"] is None:
        raise HeaderError("needs an // expect: line")
    for banned in ("--n", "--type"):
        if banned in d["run"] or any(w.startswith(banned + "=") for w in d["run"]):
            raise HeaderError("its run: line must not set %s (the driver picks it)" % banned)
    if d["types"] is None:
        # Histogram samples are ints whatever the kernel: the family takes --type i32 only.
        d["types"] = ["i32"] if d["family"] == "histogram" else ["f32", "i32"]
    if d["sizes"] is None:
        d["sizes"] = default_sizes(d["family"], d["run"])
    try:
        d["sizes"] = [int(s) for s in d["sizes"]]
    except ValueError:
        raise HeaderError("sizes: must be whole numbers")
    return d


def parse_expect(words):
    w = words.split()
    if w == ["ok"] or w == ["wrong"]:
        return (w[0], None)
    if len(w) == 3 and w[0] in ("race", "fault", "refused") and w[1] == "line" and w[2].isdigit():
        return (w[0], int(w[2]))
    raise HeaderError("expect: must be 'ok', 'wrong', 'race line L', 'fault line L' or 'refused line L', not %r" % words)


def flag_value(run, name, default):
    """--name V or --name=V; for --param, name is the parameter (items, grid, ...)."""
    for k, w in enumerate(run):
        if name.startswith("param:"):
            key = name[len("param:"):] + "="
            if w == "--param" and k + 1 < len(run) and run[k + 1].startswith(key):
                return int(run[k + 1][len(key):])
            if w.startswith("--param=" + key):
                return int(w[len("--param=" + key):])
        else:
            if w == name and k + 1 < len(run):
                return int(run[k + 1])
            if w.startswith(name + "="):
                return int(w[len(name) + 1:])
    return default


def default_sizes(family, run):
    """Reduce and histogram: 4096 and 4001 (a multiple of the block and not). Scan, one block over
    n <= block x items: the whole section, and one 24 short of it (1024 and 1000)."""
    if family != "scan":
        return [4096, 4001]
    block = flag_value(run, "--block", 256)
    items = flag_value(run, "param:items", flag_value(run, "--items", 1))
    cap = block * items
    return [cap, cap - 24] if cap > 48 else [cap, max(1, cap * 2 // 3)]


def race_lines(sentence):
    lines = set()
    m = RACE_FIRST.match(sentence)
    if m:
        lines.add(int(m.group(1)))
    m = RACE_SECOND.search(sentence)
    if m:
        lines.add(int(m.group(1)))
    return lines


def first_line(text, limit=220):
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def judge(expect, rc, stdout, stderr):
    """(passed, reason) for one run."""
    try:
        doc = json.loads(stdout) if stdout.strip() else None
    except json.JSONDecodeError:
        doc = None
    kind, line = expect
    if kind == "refused":  # before the build: a sentence on stderr, or the JSON's problem
        problem = stderr.strip() or (doc.get("problem", "") if isinstance(doc, dict) else "")
        wanted = "line %d uses " % line
        if wanted in problem and "run it with --backend gpu" in problem:
            return True, "refused: " + first_line(problem, 160)
        return False, "expected the simulator to refuse it at line %d, got: %s" % (
            line, first_line(problem or "a run", 200))
    if not isinstance(doc, dict):
        why = stderr.strip().splitlines()[-1] if stderr.strip() else "no output"
        return False, "no JSON (exit %d): %s" % (rc, first_line(why))
    if doc.get("ok") is False and "problem" in doc:
        errors = doc.get("errors") or []
        where = ""
        if errors:
            e = errors[0]
            where = " [line %s: %s]" % (e.get("line"), first_line(e.get("message", ""), 120))
        return False, "did not run: %s%s" % (first_line(doc["problem"], 160), where)
    result = doc.get("result") or {}
    races = doc.get("races") or []
    fault = doc.get("fault")
    ok = bool(result.get("ok"))
    check = "check ok" if ok else "check WRONG (got %s; reference %s)" % (
        first_line(result.get("value", "?"), 60), first_line(result.get("reference", "?"), 80))
    if kind == "ok":
        problems = []
        if fault:
            problems.append("fault: " + first_line(fault, 200))
        elif not ok:
            problems.append(check)
        if races:
            problems.append("%d race(s), first: %s" % (len(races), first_line(races[0], 200)))
        return (not problems), ("; ".join(problems) if problems else "check ok, no race, no fault")
    if kind == "wrong":
        if fault:
            return False, "expected a wrong result, got a fault: " + first_line(fault, 200)
        if ok:
            return False, "expected a wrong result, the check passed"
        return True, check
    if kind == "race":
        for r in races:
            if line in race_lines(r):
                return True, "race at line %d: %s" % (line, first_line(r, 160))
        if races:
            return False, "expected a race at line %d; races at %s: %s" % (
                line, sorted(set().union(*(race_lines(r) for r in races))), first_line(races[0], 160))
        if fault:
            return False, "expected a race at line %d, the simulator stopped instead: %s" % (line, first_line(fault, 200))
        return False, "expected a race at line %d, none reported (%s)" % (line, check)
    if kind == "fault":
        if not fault:
            more = "; %d race(s)" % len(races) if races else ""
            return False, "expected a fault at line %d, none (%s%s)" % (line, check, more)
        m = FAULT_AT.search(fault)
        at = int(m.group(1)) if m else None
        if at != line:
            return False, "expected a fault at line %d, got one at line %s: %s" % (line, at, first_line(fault, 200))
        return True, "fault at line %d: %s" % (line, first_line(fault, 160))
    return False, "unknown expectation"


def run_file(cli, path, header, env):
    """All of one file's runs, one after the other: [(type, n, passed, reason, seconds, command)]."""
    out = []
    for t in header["types"]:
        for n in header["sizes"]:
            cmd = [cli, "lab", "run", path, "--type", t, "--n", str(n)] + header["run"] + ["--backend", "sim", "--record-blocks", "all", "--json"]
            start = time.monotonic()
            try:
                p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=RUN_TIMEOUT_S)
                passed, reason = judge(header["expect"], p.returncode, p.stdout, p.stderr)
            except subprocess.TimeoutExpired:
                passed, reason = False, "ran past the driver's %d s limit" % RUN_TIMEOUT_S
            except OSError as e:
                passed, reason = False, "cannot run %s: %s" % (cli, e)
            out.append((t, n, passed, reason, time.monotonic() - start, cmd))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("cli", help="the warplens-cli binary")
    ap.add_argument("paths", nargs="+", help="folders of .cu files, or .cu files")
    ap.add_argument("--report", action="store_true", help="also print a Markdown table of every run")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="files run at once (default: the CPUs)")
    ap.add_argument("--only", default="", help="run only the files whose name contains this")
    a = ap.parse_args()

    files = []
    for p in a.paths:
        if os.path.isdir(p):
            files += [os.path.join(p, f) for f in sorted(os.listdir(p)) if f.endswith(".cu")]
        else:
            files.append(p)
    files = [os.path.abspath(f) for f in files if a.only in os.path.basename(f)]
    if not files:
        print("conformance: no .cu files in %s" % " ".join(a.paths), file=sys.stderr)
        return 2

    headers, bad = {}, []
    for f in files:
        try:
            headers[f] = parse_header(f)
        except (HeaderError, OSError) as e:
            bad.append("%s: %s" % (os.path.basename(f), e))
    if bad:
        print("conformance: bad header(s):\n  " + "\n  ".join(bad), file=sys.stderr)
        return 2

    env = dict(os.environ)
    env["XDG_CACHE_HOME"] = os.path.abspath("conformance-cache")
    os.makedirs(env["XDG_CACHE_HOME"], exist_ok=True)

    start = time.monotonic()
    results = {}
    width = max(len(os.path.basename(f)) for f in files)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
        futures = {pool.submit(run_file, a.cli, f, headers[f], env): f for f in files}
        for fut in concurrent.futures.as_completed(futures):
            f = futures[fut]
            results[f] = fut.result()
            for t, n, passed, reason, secs, _ in results[f]:
                print("%s  %-*s  %s  n=%-5d %5.1fs  %s" % ("PASS" if passed else "FAIL", width, os.path.basename(f), t, n,
                                                         secs, reason), flush=True)
    elapsed = time.monotonic() - start

    rows = [(os.path.basename(f), r) for f in files for r in results[f]]
    passed = sum(1 for _, r in rows if r[2])
    failed = [(name, r) for name, r in rows if not r[2]]
    if failed:
        print("\nfailed (%d):" % len(failed))
        for name, (t, n, _, reason, _, cmd) in failed:
            print("  %s %s n=%d: %s\n    %s" % (name, t, n, reason, " ".join(cmd)))
    if a.report:
        print("\n| file | type | n | result | reason |\n| --- | --- | --- | --- | --- |")
        for name, (t, n, ok, reason, _, _) in rows:
            print("| %s | %s | %d | %s | %s |" % (name, t, n, "PASS" if ok else "FAIL", reason.replace("|", "\\|")))
    print("\nconformance: %d of %d runs passed (%.1f%%) over %d files in %.1f s" % (
        passed, len(rows), 100.0 * passed / len(rows), len(files), elapsed))
    return 0 if not failed else 1


if __name__ == "__main__":
    sys.exit(main())
