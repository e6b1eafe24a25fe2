"""The text of a PDF as a reader gets it, read from its bytes (fpdf2's output, no PDF library).

fpdf2 writes each run of text as a `Tj` (or, justified, a `TJ`) of two-byte glyph ids in a
subset font, and each font's ToUnicode map says which characters those ids are, as any PDF
reader's copy-and-paste reads them. Only that much of the format is read here: enough for the
service's own PDFs.
"""

from __future__ import annotations

import re
import zlib

_OBJECT = re.compile(rb"(\d+) 0 obj(.*?)endobj", re.DOTALL)
_STREAM = re.compile(rb"stream\r?\n(.*?)\r?\nendstream", re.DOTALL)
# A font choice, a string, or the operator showing the strings before it (Tj, or TJ's array).
_TOKEN = re.compile(rb"/(F\d+) [\d.]+ Tf|\(((?:\\.|[^\\)])*)\)|(T[jJ])\b", re.DOTALL)
_ESCAPES = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f"}


def _objects(pdf: bytes) -> dict[int, tuple[bytes, bytes | None]]:
    found = {}
    for number, body in _OBJECT.findall(pdf):
        stream = _STREAM.search(body)
        data = stream.group(1) if stream else None
        if data is not None and b"/FlateDecode" in body[:stream.start()]:  # type: ignore[union-attr]
            data = zlib.decompress(data)
        found[int(number)] = (body, data)
    return found


def _unicode_map(cmap: bytes) -> dict[int, str]:
    mapping = {}
    for block in re.findall(rb"beginbfchar(.*?)endbfchar", cmap, re.DOTALL):
        for code, text in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            mapping[int(code, 16)] = bytes.fromhex(text.decode()).decode("utf-16-be")
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", cmap, re.DOTALL):
        for low, high, first in re.findall(
                rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            for offset in range(int(high, 16) - int(low, 16) + 1):
                mapping[int(low, 16) + offset] = chr(int(first, 16) + offset)
    return mapping


def _literal(raw: bytes) -> bytes:
    def escape(match: re.Match[bytes]) -> bytes:
        token = match.group(1)
        if token[:1].isdigit():
            return bytes([int(token, 8)])
        return _ESCAPES.get(token, token)

    return re.sub(rb"\\([0-7]{1,3}|.)", escape, raw, flags=re.DOTALL)


def pdf_text(pdf: bytes) -> str:
    """Every run of text of the PDF in page order, one per line."""
    objects = _objects(pdf)
    fonts: dict[bytes, dict[int, str]] = {}
    for body, _ in objects.values():
        for name, number in re.findall(rb"/(F\d+) (\d+) 0 R", body):
            cmap = re.search(rb"/ToUnicode (\d+) 0 R", objects[int(number)][0])
            if cmap:
                fonts[name] = _unicode_map(objects[int(cmap.group(1))][1] or b"")
    runs: list[str] = []
    font, shown = b"", ""
    for _, (_, data) in sorted(objects.items()):
        if data is None or b" Tj" not in data:
            continue
        for name, text, operator in _TOKEN.findall(data):
            if name:
                font = name
            elif operator:
                runs.append(shown)
                shown = ""
            else:
                codes = _literal(text)
                shown += "".join(fonts[font].get(int.from_bytes(codes[i:i + 2]), "?")
                                 for i in range(0, len(codes), 2))
    return "\n".join(runs)
