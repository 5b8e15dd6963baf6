#!/usr/bin/env python3
"""A small lifed client using only the standard library; the protocol is in PROTOCOL.md.

    lifeclient.py [--socket PATH] get [POINTER]
    lifeclient.py [--socket PATH] dispatch ACTION_TYPE
    lifeclient.py [--socket PATH] watch [POINTER] [--count N] [--viewport ROW,COL,ROWS,COLS]
    lifeclient.py [--socket PATH] selftest
"""
import argparse, copy, itertools, json, os, select, socket, struct, sys, time


def socket_path(explicit=None):
    """--socket, else $LIFED_SOCKET, else $XDG_RUNTIME_DIR/lifed/lifed.sock, else /tmp/lifed-UID/lifed.sock."""
    if explicit or os.environ.get("LIFED_SOCKET"):
        return explicit or os.environ["LIFED_SOCKET"]
    if os.environ.get("XDG_RUNTIME_DIR"):
        return os.path.join(os.environ["XDG_RUNTIME_DIR"], "lifed", "lifed.sock")
    return "/tmp/lifed-%d/lifed.sock" % os.getuid()


# --- RFC 6901 JSON Pointer and RFC 6902 JSON Patch, on json.loads values ---------

class PatchError(Exception):
    pass


def pointer_tokens(pointer):
    if pointer and not pointer.startswith("/"):
        raise PatchError("bad pointer %r" % pointer)
    return [t.replace("~1", "/").replace("~0", "~") for t in pointer.split("/")[1:]]


def _index(array, token, for_add=False):
    if for_add and token == "-":
        return len(array)
    if not (token.isascii() and token.isdigit()) or (len(token) > 1 and token[0] == "0"):
        raise PatchError("bad array index %r" % token)
    if int(token) > len(array) - (0 if for_add else 1):
        raise PatchError("array index %s out of range" % token)
    return int(token)


def _get(doc, tokens):
    for t in tokens:
        if isinstance(doc, dict) and t in doc:
            doc = doc[t]
        elif isinstance(doc, list):
            doc = doc[_index(doc, t)]
        else:
            raise PatchError("no value at /%s" % "/".join(tokens))
    return doc


def _add(doc, tokens, value, replace=False):
    """Adds (or replaces) the value at `tokens`; returns the document, whose root may be new."""
    if not tokens:
        return value
    parent, last = _get(doc, tokens[:-1]), tokens[-1]
    if isinstance(parent, dict):
        parent[last] = value
    elif isinstance(parent, list) and replace:
        parent[_index(parent, last)] = value
    elif isinstance(parent, list):
        parent.insert(_index(parent, last, for_add=True), value)
    else:
        raise PatchError("the parent of /%s is not a container" % "/".join(tokens))
    return doc


def _remove(doc, tokens):
    parent = _get(doc, tokens[:-1]) if tokens else None
    if isinstance(parent, dict) and tokens[-1] in parent:
        return parent.pop(tokens[-1])
    if isinstance(parent, list):
        return parent.pop(_index(parent, tokens[-1]))
    raise PatchError("no value to remove at /%s" % "/".join(tokens))


def json_equal(a, b):
    """JSON equality: numbers by value, but true is not 1."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(map(json_equal, a, b))
    number = lambda x: isinstance(x, (int, float)) and not isinstance(x, bool)
    return (number(a) and number(b) or type(a) is type(b)) and a == b


def apply_patch(doc, patch):
    """The result of applying an RFC 6902 patch (a list of operations); `doc` is not changed."""
    doc = copy.deepcopy(doc)
    for op in patch:
        kind, path = op["op"], pointer_tokens(op["path"])
        source = pointer_tokens(op["from"]) if kind in ("move", "copy") else None
        if kind in ("add", "replace"):
            if kind == "replace":
                _get(doc, path)  # the target must exist
            doc = _add(doc, path, copy.deepcopy(op["value"]), replace=kind == "replace")
        elif kind == "remove":
            _remove(doc, path)
        elif kind == "copy":
            doc = _add(doc, path, copy.deepcopy(_get(doc, source)))
        elif kind == "move" and source == path:
            _get(doc, source)
        elif kind == "move":
            if path[:len(source)] == source:
                raise PatchError("cannot move %s into itself" % op["from"])
            doc = _add(doc, path, _remove(doc, source))
        elif kind == "test":
            if not json_equal(_get(doc, path), op["value"]):
                raise PatchError("test failed at %s" % op["path"])
        else:
            raise PatchError("unknown op %r" % kind)
    return doc


# --- The connection ---------------------------------------------------------------

class Mirror:
    """One subscription's value, kept from its snapshot and diffs; `apply` applies a patch."""

    def __init__(self, apply=apply_patch):
        self.apply, self.value, self.version, self.diffs, self.resyncs = apply, None, None, 0, 0

    def feed(self, message):
        if message["type"] == "snapshot":
            self.value, self.version = message["value"], message["version"]
            self.resyncs += bool(message.get("resync"))
        elif message["base"] != self.version:
            raise PatchError("a diff has base %s, but the mirror is at version %s" % (message["base"], self.version))
        else:
            self.value, self.version = self.apply(self.value, message["patch"]), message["version"]
            self.diffs += 1


# Errors without an id after which the daemon closes the connection (PROTOCOL.md, section 11).
CLOSING_ERRORS = ("bad-frame", "frame-too-large", "forbidden", "busy")


class ServerError(Exception):
    """An error reply: its code, and what it is about (PROTOCOL.md, section 11.1): `field`, a JSON
    Pointer into the request (or None), and `refused`, why the state refused (or None)."""

    def __init__(self, reply):
        self.code, self.field, self.refused = reply["code"], reply.get("field"), reply.get("refused")
        about = " (%s)" % ", ".join(part for part in (self.field, self.refused) if part) if self.field or self.refused else ""
        super().__init__("%s: %s%s" % (reply["code"], reply.get("message", ""), about))


class Client:
    def __init__(self, path=None):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(socket_path(path))
        self.ids, self.mirrors = itertools.count(1), {}  # mirrors by subscription id
        self.hello = self.receive()
        if self.hello.get("type") != "hello" or self.hello.get("protocol") != 1:
            raise EOFError("unexpected greeting %r" % self.hello)

    def _exactly(self, n):
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            if not chunk:
                raise EOFError("lifed closed the connection")
            data += chunk
        return data

    def receive(self):
        """The next message; diffs and resync snapshots also update their mirror."""
        message = json.loads(self._exactly(struct.unpack(">I", self._exactly(4))[0]).decode("utf-8"))
        if message["type"] == "bye":
            raise EOFError("lifed is shutting down")
        if message["type"] == "error" and "id" not in message and message["code"] in CLOSING_ERRORS:
            raise ServerError(message)  # e.g. frame-too-large: the daemon closes after it
        if (message["type"] == "diff" or message.get("resync")) and message.get("id") in self.mirrors:
            self.mirrors[message.get("id")].feed(message)
        return message

    def send(self, message):
        payload = json.dumps(message, separators=(",", ":")).encode("utf-8")
        try:
            self.sock.sendall(struct.pack(">I", len(payload)) + payload)
        except (BrokenPipeError, ConnectionResetError):
            while True:  # closed while we wrote: its reason (frame-too-large) waits to be read
                self.receive()

    def request(self, message, raise_errors=True):
        """Sends a request (with a fresh id unless it has one); returns its reply."""
        message = dict(message, id=message["id"] if "id" in message else next(self.ids))
        self.send(message)
        while True:  # replies come in order; diffs and resync snapshots may come first
            reply = self.receive()
            if reply["type"] != "diff" and not reply.get("resync") and reply.get("id") == message["id"]:
                if reply["type"] == "error" and raise_errors:
                    raise ServerError(reply)
                return reply

    def subscribe(self, path="", sub_id=None, mirror=None, viewport=None):
        """Subscribes to `path`; with a viewport ({"row", "col", "rows", "cols"}), to that window of the grid."""
        sub_id = sub_id or "sub-%d" % next(self.ids)
        self.mirrors[sub_id] = mirror = mirror or Mirror()
        request = {"type": "subscribe", "path": path, "id": sub_id}
        if viewport is not None:
            request["viewport"] = viewport
        mirror.feed(self.request(request))
        return mirror

    def viewport(self, sub_id, viewport):
        """Moves the window of subscription `sub_id`; its mirror takes the fresh snapshot."""
        self.mirrors[sub_id].feed(self.request({"type": "viewport", "id": sub_id, "viewport": viewport}))
        return self.mirrors[sub_id]

    def dispatch(self, action, raise_errors=True):
        """Dispatches an action: its type alone ("grid.step"), or an object with its parameters."""
        action = action if isinstance(action, dict) else {"type": action}
        return self.request({"type": "dispatch", "action": action}, raise_errors)


# --- The command line --------------------------------------------------------------

def window_of(grid, viewport):
    """The grid object a viewport subscription holds, cut from the whole grid's: the window clamped inside."""
    rows, cols = min(viewport["rows"], grid["rows"]), min(viewport["cols"], grid["cols"])
    row = max(0, min(viewport["row"], grid["rows"] - rows))
    col = max(0, min(viewport["col"], grid["cols"] - cols))
    return {"rows": grid["rows"], "cols": grid["cols"], "cells": [line[col:col + cols] for line in grid["cells"][row:row + rows]],
            "viewport": {"row": row, "col": col, "rows": rows, "cols": cols},
            "population": sum(line.count("O") + line.count("+") for line in grid["cells"])}


def selftest(client):
    """Mirrors "" and a window of the grid through a series of actions; after each, a ping barrier,
    then `get ""` must match both."""
    mirror, checks = client.subscribe(""), 0
    requested = {"row": 1, "col": 0, "rows": 3, "cols": 30}  # as wide as the grid
    window = client.subscribe("/simulation/gridState/grid", "window", viewport=requested)
    if mirror.value["simulation"]["isRunningTimer"]:
        client.dispatch("simulation.stopTimer")
    glider = "#N Glider\nx = 3, y = 3, rule = B3/S23:T8,8\nbo$2bo$3o!\n"
    blinker = {"type": "configurations.add", "title": "Blinker", "contents": [[0, 0], [0, 1], [0, 2]]}
    steps = [{"type": "settings.update", "autoStop": False},  # only our own dispatches stop the timer
             "grid.step", "grid.step", {"type": "grid.step", "generations": 5}, "simulation.tick",
             "statistics.reset", "simulation.resetGridToEmpty", "simulation.startTimer",
             {"type": "grid.setCells", "cells": [[1, 1], [1, 2], [1, 3]], "to": "alive"},  # an edit while the timer runs
             ("simulation.reset", "not-allowed"), ({"type": "settings.update", "rule": "B36/S23"}, "not-allowed"),
             {"type": "settings.update", "intervalMs": 30, "display": {"title": "selftest"}}, "simulation.stopTimer",
             ("simulation.stopTimer", "not-allowed"),
             ({"type": "settings.update", "intervalMs": 5}, "invalid-argument"),
             ({"type": "grid.step", "generations": 0}, "invalid-argument"),
             {"type": "simulation.setGrid", "rle": glider}, {"type": "grid.step", "generations": 33},
             {"type": "grid.step", "generations": 1000000000}, "grid.cancelJump",  # a jump in the background, then nothing to cancel
             # Edits of the 8 x 8 torus: toggles (a cell listed twice counts once), a paste that
             # wraps past the corner, a quarter turn, a cleared square; outside the grid is refused.
             {"type": "grid.setCells", "cells": [[0, 0], [7, 7], [0, 0]], "to": "toggle"},
             {"type": "grid.paste", "rle": "x = 3, y = 3\nbo$2bo$3o!", "row": 6, "col": 6, "mode": "xor"},
             {"type": "grid.transformRect", "row": 0, "col": 0, "rows": 3, "cols": 5, "transform": "rotateClockwise"},
             {"type": "grid.clearRect", "row": 2, "col": 2, "rows": 4, "cols": 4},
             ({"type": "grid.setCells", "cells": [[8, 0]], "to": "alive"}, "invalid-argument"),
             ({"type": "grid.paste", "rle": "x = 9, y = 1\n9o!", "row": 0, "col": 0}, "invalid-argument"),
             ({"type": "simulation.setGrid", "rows": 2, "cols": 2, "cells": ["..", "."]}, "invalid-argument"),
             "configurations.fetch", blinker, {"type": "configurations.load", "title": "Blinker"},
             ({"type": "configurations.load", "index": 10000}, "invalid-argument"),
             {"type": "settings.update", "autoStop": True}, "simulation.startTimer", "settings.reset",
             ("no.such.action", "unknown-action"), ({"type": "frobnicate"}, "unknown-message")]
    for index, step in enumerate(steps):
        if index == len(steps) // 2:  # move the window halfway through
            requested = {"row": 6, "col": 7, "rows": 4, "cols": 5}  # moved inside the 8 x 8 glider's torus
            client.viewport("window", requested)
        what, expected = step if isinstance(step, tuple) else (step, None)
        is_request = isinstance(what, dict) and "." not in what["type"]  # a request, not an action
        reply = client.request(what if is_request else {"type": "dispatch", "action": action_object(what)}, False)
        name = json.dumps(what)
        if reply.get("code") != expected or reply["type"] not in ("ack", "error"):
            return failed("%s: expected %s, got %s" % (name, expected or "an ack", json.dumps(reply)))
        about = (reply.get("field"), reply.get("refused"))
        if reply["type"] == "error" and about != expected_about(what, reply["code"]):
            return failed("%s: expected field and refused %s, got %s" % (name, expected_about(what, reply["code"]), json.dumps(reply)))
        # Every diff up to the ack's version comes before the ack (a fetch answered at once, even later ones).
        if reply["type"] == "ack" and reply["version"] > mirror.version:
            return failed("%s: acked at version %s but the mirror is at %s" % (name, reply["version"], mirror.version))
        problem = wait_for(client, mirror, what)
        if problem:
            return failed("%s: %s" % (name, problem))
        client.request({"type": "ping"})
        state = client.request({"type": "get", "path": ""})  # the diffs before it are applied by now
        if mirror.version != state["version"] or not json_equal(mirror.value, state["value"]):
            return failed("after %s the mirror is at version %s:\n%s\nbut get says version %s:\n%s" % (
                name, mirror.version, json.dumps(mirror.value, sort_keys=True),
                state["version"], json.dumps(state["value"], sort_keys=True)))
        expected_window = window_of(state["value"]["simulation"]["gridState"]["grid"], requested)
        if not json_equal(window.value, expected_window):
            return failed("after %s the window mirror is\n%s\nbut the grid's window is\n%s" % (
                name, json.dumps(window.value, sort_keys=True), json.dumps(expected_window, sort_keys=True)))
        checks += 4
    # The state lists configurations by size; configurations.read gives one's pattern as RLE.
    last = len(mirror.value["configurations"]["configs"]) - 1  # the Blinker added with "contents"
    read = client.request({"type": "configurations.read", "index": last})
    if read["type"] != "configuration" or read["configuration"]["rle"] != "x = 3, y = 1\n3o!\n":
        return failed("configurations.read Blinker: %s" % json.dumps(read))
    checks += 1
    print("selftest: %d checks passed" % (checks + mirror.diffs + window.diffs))  # each diff's base was checked
    return 0


def expected_about(what, code):
    """The `field` and `refused` of the refusals selftest provokes (PROTOCOL.md, section 11.1)."""
    action = action_object(what)
    if code == "not-allowed":  # the timer runs (or, for a stop, does not)
        return ("/action/rule" if "rule" in action else None, "timerStopped" if action["type"] == "simulation.stopTimer" else "timerRunning")
    if code == "invalid-argument":  # the one parameter out of range, or a row of cells too short
        if action["type"] == "grid.setCells":  # the first cell outside the grid
            return ("/action/cells/0", None)
        if "cells" in action:
            return ("/action/cells/1", None)
        return ("/action/" + next(key for key in action if key != "type"), None)
    return ("/type" if code == "unknown-message" else "/action/type", None)


def action_object(what):
    return what if isinstance(what, dict) else {"type": what}


def wait_for(client, mirror, what, timeout=5.0):
    """After some actions, lets the daemon work (receiving diffs) and checks what it did; returns a problem or None."""
    kind = action_object(what)["type"]
    state = lambda: mirror.value
    if kind == "simulation.startTimer" and not state()["settings"]["autoStop"]:
        time.sleep(0.1)  # let the timer tick a few times
        return None
    deadline = time.time() + timeout
    if kind == "simulation.startTimer":  # with autoStop on, the blinker loaded before settles and stops the timer
        until = lambda: not state()["simulation"]["isRunningTimer"]
    elif kind == "configurations.fetch":  # the result comes in a later version
        until = lambda: not state()["configurations"]["isFetching"]
    elif kind == "grid.step" and action_object(what).get("generations", 1) > 1000000:  # a jump: it ends in a later version
        until = lambda: state()["simulation"].get("jump") is None
    else:
        until = lambda: True
    while not until() and time.time() < deadline:
        if select.select([client.sock], [], [], 0.05)[0]:
            client.receive()  # a diff (or a resync) for the mirror
    if not until():
        return "the daemon did not finish within %s s" % timeout
    simulation = state()["simulation"]
    if kind == "simulation.startTimer" and (simulation["status"], simulation["period"]) != ("oscillating", 2):
        return "the timer stopped with status %s, period %s; expected oscillating, 2" % (
            simulation["status"], simulation["period"])
    if kind == "simulation.startTimer" and not simulation["stoppedBecause"]:
        return "the timer stopped itself but stoppedBecause is %r" % simulation["stoppedBecause"]
    if kind == "grid.step" and action_object(what).get("generations") == 1000000000:  # the glider's repeat was skipped
        if (simulation["status"], simulation["period"]) != ("oscillating", 32) or state()["statistics"]["steps"] < 1000000033:
            return "after the jump expected oscillating with period 32 and 10^9 more steps, got %s, %s, steps %s" % (
                simulation["status"], simulation["period"], state()["statistics"]["steps"])
    if kind == "grid.step" and action_object(what).get("generations") == 33:  # a glider on an 8 x 8 torus
        if (simulation["status"], simulation["period"], simulation["gridState"]["ticks"]) != ("oscillating", 32, 0):
            return "expected oscillating with period 32 at ticks 0, got %s, %s at ticks %s" % (
                simulation["status"], simulation["period"], simulation["gridState"]["ticks"])
    return None


def failed(message):
    print("selftest FAILED: " + message, file=sys.stderr)
    return 1


def main(argv=None):
    parser = argparse.ArgumentParser(description="A small lifed client.")
    parser.add_argument("--socket", help="the daemon's socket (default: resolved as lifed does)")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("get").add_argument("pointer", nargs="?", default="")
    commands.add_parser("dispatch").add_argument("action_type")
    watch = commands.add_parser("watch")
    watch.add_argument("pointer", nargs="?", default="")
    watch.add_argument("--count", type=int, help="stop after N diffs")
    watch.add_argument("--viewport", metavar="ROW,COL,ROWS,COLS", help="only this window of the grid")
    commands.add_parser("selftest")
    args = parser.parse_args(argv)
    try:
        client = Client(args.socket)
        if args.command == "get":
            print(json.dumps(client.request({"type": "get", "path": args.pointer})["value"], indent=2, sort_keys=True))
        elif args.command == "dispatch":
            print(json.dumps(client.dispatch(args.action_type)))
        elif args.command == "watch":
            viewport = None
            if args.viewport:
                viewport = dict(zip(("row", "col", "rows", "cols"), (int(n) for n in args.viewport.split(","))))
            mirror = client.subscribe(args.pointer, viewport=viewport)
            show = lambda: print("version %d: %s" % (mirror.version, json.dumps(mirror.value, sort_keys=True)), flush=True)
            show()
            while args.count is None or mirror.diffs < args.count:
                before = (mirror.diffs, mirror.resyncs)
                client.receive()
                if (mirror.diffs, mirror.resyncs) != before:
                    show()
        elif args.command == "selftest":
            return selftest(client)
    except (OSError, EOFError, ServerError, PatchError) as error:
        print("lifeclient: %s" % error, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
