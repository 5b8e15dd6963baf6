#!/usr/bin/env python3
"""Checks lifed's diffs with the PyPI `jsonpatch` package, independently of lifeclient's own applier.

Subscribes to "" and to the grid's cells, runs random actions, edits of the grid among them (with the
timer ticking whenever one of them started it), and after each one, at a ping barrier, verifies that the
snapshot plus every diff (applied with jsonpatch.apply_patch, each diff's base checked) equals a fresh `get`.

    check_jsonpatch.py [--socket PATH] [--actions N] [--seed S]
"""
import argparse, json, os, random, sys, time

try:
    import jsonpatch
except ImportError:
    print("jsonpatch not installed; skipped")
    sys.exit(0)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lifeclient import Client, Mirror, PatchError, json_equal  # noqa: E402  (framing and ids only)

ACTIONS = ["grid.step", "simulation.tick", "simulation.startTimer", "simulation.stopTimer",
           "simulation.resetGridToEmpty", "simulation.resetGridToRandom", "simulation.reset", "statistics.reset",
           "edit", "edit"]  # an edit of the grid (random_edit), allowed whether the timer runs or not
REFUSED_WHILE_RUNNING = {"simulation.startTimer", "simulation.resetGridToEmpty", "simulation.resetGridToRandom",
                         "simulation.reset"}
CELLS = "/simulation/gridState/grid/cells"


def random_edit(rng, grid):
    """One of the editing actions, at random, inside a grid of grid["rows"] x grid["cols"]."""
    rows, cols = grid["rows"], grid["cols"]
    kind = rng.choice(["grid.setCells", "grid.paste", "grid.clearRect", "grid.transformRect"])
    if kind == "grid.setCells":
        cells = [[rng.randrange(rows), rng.randrange(cols)] for _ in range(rng.randint(1, 6))]
        return {"type": kind, "cells": cells, "to": rng.choice(["alive", "empty", "toggle"])}
    if kind == "grid.paste":  # any size up to the grid's, anywhere: it wraps around the torus
        height, width = rng.randint(1, rows), rng.randint(1, cols)
        body = "$".join("".join(rng.choice("bo") for _ in range(width)) for _ in range(height))
        return {"type": kind, "rle": "x = %d, y = %d\n%s!" % (width, height, body), "row": rng.randrange(rows),
                "col": rng.randrange(cols), "mode": rng.choice(["or", "copy", "xor"])}
    transform = rng.choice(["rotateClockwise", "rotateAnticlockwise", "flipLeftRight", "flipTopBottom"])
    if kind == "grid.transformRect" and transform.startswith("rotate"):  # the turned rectangle must fit too
        height, width = rng.randint(1, min(rows, cols)), rng.randint(1, min(rows, cols))
        row, col = rng.randint(0, rows - max(height, width)), rng.randint(0, cols - max(height, width))
    else:
        height, width = rng.randint(1, rows), rng.randint(1, cols)
        row, col = rng.randint(0, rows - height), rng.randint(0, cols - width)
    action = {"type": kind, "row": row, "col": col, "rows": height, "cols": width}
    if kind == "grid.transformRect":
        action["transform"] = transform
    return action


def check(args):
    rng = random.Random(args.seed)
    client = Client(args.socket)
    # With autoStop the timer may stop itself; off, only our own dispatches change isRunningTimer.
    client.dispatch({"type": "settings.update", "autoStop": False})
    apply = lambda document, patch: jsonpatch.apply_patch(document, patch)  # returns a new document
    whole = client.subscribe("", mirror=Mirror(apply))
    cells = client.subscribe(CELLS, mirror=Mirror(apply))
    checks = ticked = 0
    for number in range(1, args.actions + 1):
        action = rng.choice(ACTIONS)
        if action == "edit":
            action = random_edit(rng, whole.value["simulation"]["gridState"]["grid"])
        running = whole.value["simulation"]["isRunningTimer"]  # only our own dispatches change it
        if isinstance(action, dict):
            should_refuse = False  # edits are allowed whether the timer runs or not
        else:
            should_refuse = action in REFUSED_WHILE_RUNNING if running else action == "simulation.stopTimer"
        reply = client.dispatch(action, raise_errors=False)
        if (reply["type"] == "error") != should_refuse or reply.get("code", "not-allowed") != "not-allowed":
            return "action %d (%s, timer %s): unexpected reply %s" % (
                number, action, "running" if running else "stopped", json.dumps(reply))
        if whole.value["simulation"]["isRunningTimer"]:
            time.sleep(rng.uniform(0, 0.06))  # let some ticks happen, some of them during the barrier
        before = whole.version
        client.request({"type": "ping"})
        state = client.request({"type": "get", "path": ""})
        ticked += state["version"] > before
        if whole.version != state["version"] or not json_equal(whole.value, state["value"]):
            return "after action %d (%s): mirror of \"\" at version %s is\n%s\nbut get at version %s says\n%s" % (
                number, action, whole.version, json.dumps(whole.value, sort_keys=True),
                state["version"], json.dumps(state["value"], sort_keys=True))
        expected_cells = state["value"]["simulation"]["gridState"]["grid"]["cells"]
        if cells.version > state["version"] or not json_equal(cells.value, expected_cells):
            return "after action %d (%s): mirror of %s at version %s is %s, but get at version %s says %s" % (
                number, action, CELLS, cells.version, cells.value, state["version"], expected_cells)
        checks += 3
    if whole.value["simulation"]["isRunningTimer"]:
        client.dispatch("simulation.stopTimer")
    diffs = whole.diffs + cells.diffs
    print("check_jsonpatch: %d checks passed (seed %d; %d diffs applied with jsonpatch; "
          "%d barriers saw timer ticks; %d resyncs)" % (checks + diffs, args.seed, diffs, ticked,
                                                      whole.resyncs + cells.resyncs))
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--socket", help="the daemon's socket (default: resolved as lifed does)")
    parser.add_argument("--actions", type=int, default=50)
    parser.add_argument("--seed", type=int, default=random.SystemRandom().randrange(1 << 30))
    args = parser.parse_args()
    try:
        problem = check(args)
    except (OSError, EOFError, PatchError, jsonpatch.JsonPatchException, jsonpatch.JsonPointerException) as error:
        problem = "%s: %s" % (type(error).__name__, error)
    if problem:
        print("check_jsonpatch FAILED (seed %d): %s" % (args.seed, problem), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
