#!/usr/bin/env python3
"""Drives the real warplens window with X input (xdotool: keys, wheel, drag, hover, resize)
and checks, after each interaction, what the app says it shows: it keeps --state-out FILE up
to date as JSON (app/state_log.h). Needs Xvfb and xdotool; exits 77 (skipped) without them.

Each session runs on a private Xvfb screen of its size. usage: gui_input_test.py WARPLENS"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

APP = sys.argv[1]
failures = []


class App:
    def __init__(self, size, args=(), display=None):
        self.dir = tempfile.mkdtemp(prefix="warplens-gui-")
        self.state_path = os.path.join(self.dir, "state.json")
        self.env = dict(os.environ, **({"DISPLAY": display} if display else {}))
        self.proc = subprocess.Popen([APP, "--size", size, "--state-out", self.state_path, *args], env=self.env,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            self.window = self.xdo("search", "--sync", "--onlyvisible", "--pid", str(self.proc.pid)).split()[0]
            self.wait_for(lambda s: True, "the first state")
            self.xdo("windowfocus", "--sync", self.window)
        except BaseException:
            self.close()
            raise

    def xdo(self, *args):
        return subprocess.run(["xdotool", *args], env=self.env, check=True, capture_output=True, text=True,
                              timeout=20).stdout

    def state(self):
        try:
            with open(self.state_path) as f:
                return json.load(f)
        except (OSError, ValueError):
            return None

    def wait_for(self, predicate, what, timeout=8.0):
        end = time.time() + timeout
        s = None
        while time.time() < end:
            s = self.state()
            if s is not None and predicate(s):
                return s
            time.sleep(0.05)
        failures.append(f"{what}: not seen; last state: {json.dumps(s)[:600] if s else None}")
        print(f"FAIL {what}")
        return s

    def check(self, what, action, predicate):
        action()
        s = self.wait_for(predicate, what)
        if s is not None and predicate(s):
            print(f"ok   {what}")
        return s

    def key(self, name):
        return lambda: self.xdo("key", name)  # XTEST, to the focused window (GLFW ignores sent events)

    def panel(self, name):
        x, y, w, h = self.state()["panels"][name]
        return x, y, w, h

    def close(self):
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.dir, ignore_errors=True)


def inside(outer, box):
    x, y, w, h = outer
    return x - 0.5 <= box[0] and y - 0.5 <= box[1] and box[2] <= x + w + 0.5 and box[3] <= y + h + 0.5


def layout_fits(s, views=("tree.left.frame", "tree.left.legend_end")):
    """The panels tile the window without overlapping, and what the views drew is in the views' panel."""
    W, H = s["window"]
    p = s["panels"]
    rects = [p[k] for k in ("controls", "main", "status_bar") if p[k][2] > 0]
    for x, y, w, h in rects:
        if x < -0.5 or y < -0.5 or x + w > W + 0.5 or y + h > H + 0.5:
            return False
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            if a[0] + a[2] > b[0] + 0.5 and b[0] + b[2] > a[0] + 0.5 and a[1] + a[3] > b[1] + 0.5 and b[1] + b[3] > a[1] + 0.5:
                return False
    for group in views:
        g = s["probes"].get(group)
        if not g or g["count"] == 0 or not inside(p["main"], g["min"] + g["max"]):
            return False
    return True


BOTH_TREES = ("tree.left.frame", "tree.left.legend_end", "tree.right.frame", "tree.right.legend_end")


def interactive_session():
    screen = Xvfb("1920x1080")
    try:
        app = App("1280x800", ["--variant", "sequential", "--n", "256", "--block", "64", "--view", "tree"],
                  display=screen.display)
    except BaseException:
        screen.close()
        raise
    try:
        first = app.state()["step"]
        s = app.check("Right: the next level", app.key("Right"), lambda s: s["step"] != first)
        second = s["step"]
        app.check("Left: back a level", app.key("Left"), lambda s: s["step"] == first)
        app.check("Space: plays", app.key("space"), lambda s: s["playing"])
        app.check("Space: pauses", app.key("space"), lambda s: not s["playing"])
        app.check("Tab: the next variant", app.key("Tab"), lambda s: s["variant"] != "sequential")
        app.check("C: side by side", app.key("c"), lambda s: s["compare"] and layout_fits(s, BOTH_TREES))
        app.check("C: one side again", app.key("c"), lambda s: not s["compare"])
        for digit, view in (("2", "dataflow"), ("3", "divergence"), ("4", "banks"), ("5", "memory"), ("6", "source"),
                            ("1", "tree")):
            app.check(f"{digit}: the {view} view", app.key(digit), lambda s, v=view: s["view"] == v)
        app.check("F: fullscreen", app.key("f"), lambda s: s["fullscreen"])
        app.check("F: windowed", app.key("f"), lambda s: not s["fullscreen"])
        app.check("P: presenter mode hides the controls", app.key("p"),
                  lambda s: s["presenter"] and s["panels"]["controls"][2] == 0 and s["ui_scale"] > 1.2)
        app.check("P: back", app.key("p"), lambda s: not s["presenter"] and s["panels"]["controls"][2] > 0)
        app.check("H: the keys", app.key("h"), lambda s: s["help"])
        app.check("Escape: closes them", app.key("Escape"), lambda s: not s["help"])
        app.check("End: the last step", app.key("End"), lambda s: s["step"] == "finish")
        app.check("Z: zooms onto the level (the finish: one node)", app.key("z"), lambda s: s["cameras"][0]["zoom"] > 1.0)
        app.check("Z: and out", app.key("z"), lambda s: s["cameras"][0]["zoom"] == 1.0)
        app.check("Home: the first step, the load", app.key("Home"), lambda s: s["step"] == "load")
        # Idle (nothing plays, no run, no input): the window sleeps until an event, waking about 4
        # times a second; before, it drew every frame it could (1.75 cores under llvmpipe).
        time.sleep(1.0)
        before = app.state()["frames"]
        time.sleep(2.0)
        drawn = app.state()["frames"] - before
        if drawn <= 20:
            print(f"ok   idle: {drawn} frames in 2 s")
        else:
            failures.append(f"idle: {drawn} frames drawn in 2 s with nothing to show (at most 20)")
            print("FAIL idle")

        mx, my, mw, mh = app.panel("main")
        cx, cy = int(mx + mw / 2), int(my + mh * 0.6)
        app.check("wheel: zooms the tree", lambda: app.xdo("mousemove", "--window", app.window, str(cx), str(cy),
                                                           "click", "--repeat", "3", "4"),
                  lambda s: s["cameras"][0]["zoom"] > 1.0)
        before = app.state()["cameras"][0]["pan"]
        app.check("drag: pans the tree",
                  lambda: [(app.xdo(*step), time.sleep(0.3)) for step in (  # slow, as a hand drags
                      ("mousemove", "--window", app.window, str(cx), str(cy), "mousedown", "1"),
                      ("mousemove", "--window", app.window, str(cx - 60), str(cy)),
                      ("mousemove", "--window", app.window, str(cx - 160), str(cy), "mouseup", "1"))],
                  lambda s: s["cameras"][0]["pan"] != before)
        app.key("3")()
        app.wait_for(lambda s: s["view"] == "divergence", "the divergence view")
        app.check("hover: the divergence map says which warp and step",
                  lambda: app.xdo("mousemove", "--window", app.window, str(int(mx + mw * 0.3)), str(int(my + mh * 0.35))),
                  lambda s: s["probes"].get("divergence.left.hovered_cell", {}).get("count", 0) == 1)
        app.key("1")()
        app.check("resize to 800x600: the panels tile the window, the tree inside its panel",
                  lambda: app.xdo("windowsize", app.window, "800", "600"),
                  lambda s: s["window"] == [800, 600] and layout_fits(s))
        app.check("800x600 side by side: both trees inside the panel", app.key("c"),
                  lambda s: s["compare"] and layout_fits(s, BOTH_TREES))
    finally:
        app.close()
        screen.close()


class Xvfb:
    """A private X server of the size a session needs (the X test pointer cannot leave the screen)."""

    def __init__(self, size):
        self.display = ":%d" % (90 + os.getpid() % 500)
        self.proc = subprocess.Popen(["Xvfb", self.display, "-screen", "0", size + "x24", "-nolisten", "tcp"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            if subprocess.run(["xdotool", "getdisplaygeometry"], env=dict(os.environ, DISPLAY=self.display),
                              capture_output=True).returncode == 0:
                return
            time.sleep(0.1)
        raise RuntimeError("Xvfb did not start on " + self.display)

    def close(self):
        self.proc.terminate()
        self.proc.wait()


def large_screen_session():
    """3840x2160 at --ui-scale 2."""
    screen = Xvfb("3840x2160")
    try:
        app = App("3840x2160", ["--ui-scale", "2", "--variant", "sequential", "--n", "1024", "--block", "256"],
                  display=screen.display)
        try:
            s = app.wait_for(lambda s: s["window"] == [3840, 2160] and layout_fits(s), "3840x2160 at ui scale 2")
            if s and layout_fits(s):
                print("ok   3840x2160 at ui scale 2: the panels tile the window, the tree inside its panel")
            app.check("3840x2160 side by side: both trees inside the panel", app.key("c"),
                      lambda s: s["compare"] and layout_fits(s, BOTH_TREES))
        finally:
            app.close()
    finally:
        screen.close()


def main():
    if not shutil.which("xdotool") or not shutil.which("Xvfb"):
        print("skipped: needs xdotool and Xvfb (Debian: xdotool, xvfb)")
        return 77
    interactive_session()
    large_screen_session()
    print(f"{len(failures)} failure(s)" if failures else "every interaction did what it should")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
