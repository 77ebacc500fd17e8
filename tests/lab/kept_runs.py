"""What the scripts that keep GPU runs share (lab_gpu_matches_simulator.py, conformance_gpu.py):
the folder `record` wrote, from itself or its tarball, and the `record`/`compare` command line."""
import os
import sys
import tarfile
import tempfile


def unpack(source, name):
    """The folder `name` that `record` wrote: `source` itself, or unpacked from its tarball."""
    if not os.path.isfile(source):
        return source
    folder = tempfile.mkdtemp(prefix="wl-" + name + "-")
    with tarfile.open(source) as t:
        t.extractall(folder)
    return os.path.join(folder, name)


def main(record, compare, failures):
    """`SCRIPT record CLI FOLDER` or `SCRIPT compare CLI FOLDER_OR_TARBALL`; exit 1 with the failures."""
    mode, cli, where = sys.argv[1:4]
    if mode == "record":
        record(cli, where)
    elif mode == "compare":
        compare(cli, where)
    else:
        raise SystemExit(f"unknown mode {mode}: record or compare")
    if failures:
        print("\n".join(failures))
        sys.exit(1)
    print("ok")
