#!/usr/bin/env python3
"""Writes the fuzzer's seed corpus, fuzz/corpus/: valid frames of every request and action,
edge cases of the framing and the JSON, and pattern files. Run it from anywhere; it replaces
the folder's contents. Each seed is a byte stream as a client sends it (4-byte big-endian
length, then the payload), unless its name starts with raw- (then it is the payload alone)."""
import gzip, json, os, struct, shutil, zlib

here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")
shutil.rmtree(here, ignore_errors=True)
os.makedirs(here)

def frame(payload):
    if isinstance(payload, (dict, list)):
        payload = json.dumps(payload, separators=(",", ":"))
    if isinstance(payload, str):
        payload = payload.encode("utf-8")
    return struct.pack(">I", len(payload)) + payload

def write(name, data):
    with open(os.path.join(here, name), "wb") as f:
        f.write(data)

def dispatch(action, id=1):
    return {"type": "dispatch", "id": id, "action": action}

glider_rle = "#N Glider\n#C A small spaceship.\nx = 3, y = 3, rule = B3/S23:T8,8\nbo$2bo$3o!\n"
requests = {
    "ping": {"type": "ping", "id": 1},
    "status": {"type": "status", "id": "s"},
    "shutdown": {"type": "shutdown"},
    "get-root": {"type": "get", "id": 2, "path": ""},
    "get-escaped": {"type": "get", "id": 2.5, "path": "/a~1b/c~0d/0"},
    "subscribe": {"type": "subscribe", "id": "ticks", "path": "/simulation/gridState/ticks"},
    "unsubscribe": {"type": "unsubscribe", "id": "ticks"},
    "step": dispatch({"type": "grid.step", "generations": 30}),
    "tick": dispatch({"type": "simulation.tick"}),
    "start": dispatch({"type": "simulation.startTimer"}),
    "stop": dispatch({"type": "simulation.stopTimer"}),
    "empty": dispatch({"type": "simulation.resetGridToEmpty"}),
    "random": dispatch({"type": "simulation.resetGridToRandom"}),
    "reset": dispatch({"type": "simulation.reset"}),
    "setgrid-cells": dispatch({"type": "simulation.setGrid", "rows": 3, "cols": 4, "cells": ["....", ".O+x", "...."],
                               "rule": "b36s23", "topology": "bounded"}),
    "setgrid-rle": dispatch({"type": "simulation.setGrid", "rle": glider_rle}),
    "setgrid-keep": dispatch({"type": "simulation.setGrid", "rle": glider_rle, "keep": {"title": "Glider"}}),
    "setgrid-rle-p": dispatch({"type": "simulation.setGrid", "rle": "x = 2, y = 2, rule = 23/3:P5,4\n2o$2o!", "topology": "torus"}),
    "stats-reset": dispatch({"type": "statistics.reset"}),
    "settings-update": dispatch({"type": "settings.update", "intervalMs": 250, "rows": 20, "cols": 30,
                                 "topology": "torus", "rule": "S23/B3", "density": 0.25, "autoStop": False,
                                 "display": {"title": "Hi \u00e9\u4e16 \U0001F600", "showStatistics": False}}),
    "settings-reset": dispatch({"type": "settings.reset"}),
    "fetch": dispatch({"type": "configurations.fetch", "url": "file:///tmp/x.json"}),
    "cancel": dispatch({"type": "configurations.cancelFetch"}),
    "clear": dispatch({"type": "configurations.clear"}),
    "add": dispatch({"type": "configurations.add", "title": "Glider", "contents": [[0, 1], [1, 2], [2, 0], [2, 1], [2, 2]]}),
    "load-title": dispatch({"type": "configurations.load", "title": "Glider", "resize": True}),
    "load-index": dispatch({"type": "configurations.load", "index": 0}),
    "setcells": dispatch({"type": "grid.setCells", "cells": [[0, 0], [4095, 4095], [0, 0]], "to": "toggle"}),
    "paste": dispatch({"type": "grid.paste", "rle": glider_rle, "row": 4094, "col": 7, "mode": "xor"}),
    "clearrect": dispatch({"type": "grid.clearRect", "row": 1, "col": 2, "rows": 3, "cols": 4}),
    "transformrect": dispatch({"type": "grid.transformRect", "row": 0, "col": 0, "rows": 2, "cols": 5,
                               "transform": "rotateAnticlockwise"}),
}
for name, request in requests.items():
    write("req-" + name, frame(request))

# Several frames in one stream, and a stream cut short.
write("stream-three", frame(requests["ping"]) + frame(requests["get-root"]) + frame(requests["step"]))
write("stream-truncated", frame(requests["ping"]) + frame(requests["status"])[:9])
write("frame-header-only", struct.pack(">I", 40))
write("frame-zero", frame(requests["ping"]) + struct.pack(">I", 0) + frame(requests["ping"]))
write("frame-max", struct.pack(">I", 0xFFFFFFFF) + b"{}")
write("frame-just-over", struct.pack(">I", 513) + b"x" * 513)

# Requests and actions that are refused.
write("bad-unknown-type", frame({"type": "frobnicate", "id": 16}))
write("bad-id-array", frame({"type": "ping", "id": [1]}))
write("bad-extra-member", frame({"type": "ping", "id": 18, "extra": 1}))
write("bad-action-string", frame({"type": "dispatch", "id": 14, "action": "grid.step"}))
write("bad-unknown-action", frame(dispatch({"type": "grid.jump"})))
write("bad-wrong-types", frame(dispatch({"type": "settings.update", "intervalMs": "5", "display": {"title": 7}})))
write("bad-huge-numbers", frame('{"type":"dispatch","id":123456789012345678901234567890,"action":{"type":"grid.step","generations":1e400}}'))
write("bad-negative-zero", frame('{"type":"dispatch","id":-0.0,"action":{"type":"configurations.load","index":-0,"resize":null}}'))
write("bad-rle", frame(dispatch({"type": "simulation.setGrid", "rle": "x = 4097, y = 1\n4097o!"})))
write("bad-not-object", frame("[1,2]"))

# JSON edge cases (raw payloads).
write("raw-escapes", b'{"type":"get","path":"/\\u00e9\\ud83d\\ude00\\n\\t\\"\\\\\\/","id":"\\u0000"}')
write("raw-lone-surrogate", b'{"type":"ping","id":"\\ud800"}')
write("raw-bad-utf8", b'{"type":"ping","id":"\xc3\x28\xed\xa0\x80\xf4\x90\x80\x80"}')
write("raw-numbers", b'[0,-0,1.5,-1.5e-3,1E+2,9223372036854775807,-9223372036854775808,9223372036854775808,'
      b'1e308,1e-400,4.9e-324,2.2250738585072014e-308,0.1,123456789012345678901234567890]')
write("raw-deep", b"[" * 600 + b"]" * 600)
write("raw-deep-objects", b'{"a":' * 520 + b"1" + b"}" * 520)
write("raw-duplicate-keys", b' {"type":"ping","type":"status" ,"id":1,"id":null}\r\n\t')
write("raw-literals", b'[true,false,null,tru,nul]')

# Pattern files (raw).
write("raw-pattern-rle", glider_rle.encode())
write("raw-pattern-rle-wide", b"#N Wide\n#r B36/S23\nx = 70, y = 3, rule = B36/S23\n70o$\n3$35b2A.A!trailing")
write("raw-pattern-plaintext", b"!Name: Replicator\n!comment\n..OOO\n.O..O\nO...O\nO..O.\nOOO..\n")
write("raw-pattern-life106", b"#Life 1.06\n#D Name: Glider\n#R B3/S23\n1 -1\n2 0\n0 1\n1 1\n2 1\n")
write("raw-pattern-life105", b"#Life 1.05\n#D Name: Glider\n#R 23/3\n#P -1 -1\n.*\n..*\n***\n#P 5 5\n**\n**\n")
macrocell = b"[M2] (golly 4.2)\n#R B3/S23:P20,20\n#G 12\n.*$..*$***$\n4 0 0 0 1\n1 0 1 1 1\n2 2 0 0 2\n3 0 3 3 0\n4 4 0 1 4\n5 2 5 0 0\n"
write("raw-pattern-macrocell", macrocell)
# gzip and raw deflate: every block type and header field (the pattern-file reader takes gzip by its magic number).
def raw_deflate(data, level=9, strategy=zlib.Z_DEFAULT_STRATEGY):
    c = zlib.compressobj(level, zlib.DEFLATED, -15, 9, strategy)
    return c.compress(data) + c.flush()
soup = b"x = 40, y = 6, rule = B3/S23\n" + b"$".join(b"2o3bob2o5b3o2bo4bobo" for _ in range(6)) + b"!\n"
write("raw-gzip-rle-fixed", gzip.compress(glider_rle.encode(), mtime=0))
write("raw-gzip-rle-dynamic", gzip.compress(soup * 4, mtime=0))
write("raw-gzip-stored", gzip.compress(soup, compresslevel=0, mtime=0))
write("raw-gzip-macrocell", gzip.compress(macrocell, mtime=0))
header = b"\x1f\x8b\x08\x1e" + b"\x00" * 4 + b"\x02\x03" + b"\x04\x00AB\x00\x00" + b"name.rle\x00comment\x00"
header += struct.pack("<H", zlib.crc32(header) & 0xFFFF)
write("raw-gzip-all-fields", header + raw_deflate(glider_rle.encode()) + struct.pack("<II", zlib.crc32(glider_rle.encode()), len(glider_rle)))
write("raw-deflate-fixed", raw_deflate(soup, 9, zlib.Z_FIXED))
write("raw-deflate-dynamic", raw_deflate(soup * 3))
write("raw-pattern-json", json.dumps([{"title": "Blinker", "contents": [[0, 0], [0, 1], [0, 2]]},
                                       {"title": "Glider", "contents": [[0, 1], [1, 2], [2, 0], [2, 1], [2, 2]]}]).encode())

# What the daemon sends (the harness also reads values as server messages and as a state).
write("raw-hello", b'{"protocol":1,"server":"lifed 0.1.0","type":"hello","version":0}')
write("raw-diff", json.dumps({"base": 0, "id": "all", "type": "diff", "version": 1, "patch": [
    {"op": "replace", "path": "/simulation/gridState/ticks", "value": 1},
    {"op": "add", "path": "/configurations/configs/0", "value": {"title": "A", "contents": [[0, 0]]}},
    {"op": "remove", "path": "/x"}, {"op": "move", "from": "/a", "path": "/b"},
    {"op": "copy", "from": "/a", "path": "/c"}, {"op": "test", "path": "/d", "value": None}]}).encode())
state = {"configurations": {"configs": [{"contents": [[0, 1], [1, 2]], "title": "G"}], "error": None, "isFetching": False},
         "settings": {"autoStop": True, "cols": 5, "density": 0.3333333333333333,
                      "display": {"showStatistics": True, "title": "Welcome"}, "intervalMs": 1000, "rows": 5,
                      "rule": "B3/S23", "topology": "torus"},
         "simulation": {"gridState": {"grid": {"cells": [".....", "..O..", ".+O+.", "..x..", "....."], "cols": 5, "rows": 5},
                                      "ticks": 3},
                        "isRunningTimer": False, "period": 2, "status": "oscillating", "stoppedBecause": None},
         "statistics": {"alive": 3, "born": 2, "died": 2, "empty": 18, "steps": 1}}
write("raw-state", json.dumps(state).encode())
write("raw-snapshot", json.dumps({"id": "all", "path": "", "type": "snapshot", "value": state, "version": 7, "resync": True}).encode())
# Pairs for JSONDiff (the harness diffs them and applies the patch), and a patch to apply.
write("raw-diff-pair-arrays", json.dumps([{"a": [1, 2, 3, 4], "b": {"c": "x"}, "n": 1},
                                         {"a": [1, 3], "b": {"c": "y", "d": [None]}, "n": 1.0}]).encode())
write("raw-diff-pair-grid", json.dumps([state, dict(state, simulation=dict(state["simulation"], gridState={
    "grid": {"cells": ["O..", ".O.", "..O"], "cols": 3, "rows": 3}, "ticks": 0}))]).encode())
write("raw-diff-pair-scalars", b'[[],{"":[[]]}]')
write("raw-patch-doc", json.dumps({"doc": {"a": [1, 2], "b": {"~/": 1}}, "patch": [
    {"op": "add", "path": "/a/-", "value": 3}, {"op": "move", "from": "/b/~0~1", "path": "/c"},
    {"op": "copy", "from": "/a", "path": "/b/x"}, {"op": "test", "path": "/c", "value": 1.0},
    {"op": "remove", "path": "/a/0"}, {"op": "replace", "path": "", "value": []}]}).encode())
print("wrote %d seeds to %s" % (len(os.listdir(here)), here))
