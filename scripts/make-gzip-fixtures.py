#!/usr/bin/env python3
"""Writes Tests/ProtocolTests/GzipFixtures.swift: gzip and raw deflate streams made by Python's
zlib (the reference implementation), embedded as base64 with the CRC-32 and length of what they
decompress to, so the tests need no compressor. Run from the repository's root after changing it."""
import base64, gzip, struct, zlib

def soup_rle(rows, cols, seed):
    """A deterministic random soup as RLE (an LCG, so the text is the same everywhere)."""
    state = seed
    lines, out = [], []
    for r in range(rows):
        row = []
        for c in range(cols):
            state = (state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
            row.append('o' if (state >> 33) % 3 == 0 else 'b')
        out.append(''.join(row).rstrip('b'))
    body = '$'.join(out) + '!'
    text = 'x = %d, y = %d, rule = B3/S23\n' % (cols, rows)
    return text + '\n'.join(body[i:i + 70] for i in range(0, len(body), 70)) + '\n'

def raw(data, level=9, strategy=zlib.Z_DEFAULT_STRATEGY):
    c = zlib.compressobj(level, zlib.DEFLATED, -15, 9, strategy)
    return c.compress(data) + c.flush()

def member(body_raw, data, flags=0, extra=b'', name=b'', comment=b'', hcrc=False):
    header = bytearray(b'\x1f\x8b\x08')
    header.append(flags | (4 if extra else 0) | (8 if name else 0) | (16 if comment else 0) | (2 if hcrc else 0))
    header += struct.pack('<I', 1700000000) + b'\x02\x03'
    if extra: header += struct.pack('<H', len(extra)) + extra
    if name: header += name + b'\x00'
    if comment: header += comment + b'\x00'
    if hcrc: header += struct.pack('<H', zlib.crc32(bytes(header)) & 0xFFFF)
    return bytes(header) + body_raw + struct.pack('<II', zlib.crc32(data), len(data) & 0xFFFFFFFF)

glider = b"#N Glider\n#C The smallest spaceship.\nx = 3, y = 3, rule = B3/S23\nbob$2bo$3o!\n"
soup = soup_rle(64, 64, 11).encode()
big = soup_rle(400, 300, 5).encode()
macrocell = b"[M2] (golly 4.2)\n#R B3/S23\n#G 12\n.*$..*$***$\n4 0 0 0 1\n"

fixtures = [
    ("gliderFixed", gzip.compress(glider, mtime=0) if False else member(raw(glider, 9, zlib.Z_FIXED), glider, name=b'glider.rle'), glider),
    ("soupDynamic", member(raw(soup), soup), soup),
    ("soupStored", member(raw(soup, 0), soup), soup),
    ("bigDynamic", member(raw(big), big), big),
    ("gliderAllFields", member(raw(glider), glider, flags=1, extra=b'AB\x04\x00wxyz', name=b'glider.rle', comment=b'made for the tests', hcrc=True), glider),
    ("twoMembers", member(raw(glider), glider) + member(raw(soup), soup), glider + soup),
    ("macrocell", member(raw(macrocell), macrocell, name=b'glider.mc'), macrocell),
    ("pythonGzip", gzip.compress(soup, compresslevel=6, mtime=0), soup),
]

with open('Tests/ProtocolTests/GzipFixtures.swift', 'w') as f:
    f.write('// Made by scripts/make-gzip-fixtures.py with Python %s zlib %s; do not edit by hand.\n'
            % ('.'.join(map(str, __import__('sys').version_info[:3])), zlib.ZLIB_VERSION))
    f.write('import Foundation\n\n')
    f.write('/// gzip files made by zlib, the reference implementation, with the CRC-32 and length of their contents.\n')
    f.write('enum GzipFixtures {\n')
    f.write('    struct Fixture {\n        let name: String\n        let base64: String\n        let crc: UInt32\n        let count: Int\n')
    f.write('        var bytes: [UInt8] { [UInt8](Data(base64Encoded: base64) ?? Data()) }\n    }\n\n')
    for name, blob, data in fixtures:
        b64 = base64.b64encode(blob).decode()
        chunks = [b64[i:i + 100] for i in range(0, len(b64), 100)]
        f.write('    static let %s = Fixture(\n        name: "%s",\n        base64: """\n' % (name, name))
        f.write(''.join('            %s\\\n' % c for c in chunks[:-1]) + '            %s\n' % chunks[-1])
        f.write('            """,\n        crc: 0x%08X, count: %d)\n\n' % (zlib.crc32(data), len(data)))
    f.write('    static let all = [%s]\n' % ', '.join(n for n, _, _ in fixtures))
    f.write('\n    /// The texts some fixtures hold.\n')
    f.write('    static let glider = %s\n' % ('"' + glider.decode().replace('\n', '\\n') + '"'))
    f.write('    static let macrocellText = %s\n' % ('"' + macrocell.decode().replace('\n', '\\n') + '"'))
    f.write('}\n')
print('wrote', len(fixtures), 'fixtures')
