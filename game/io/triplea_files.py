"""Readers for a TripleA map folder's files: the game XML (with line numbers) and
the text files polygons.txt, centers.txt, place.txt and map.properties.

Pure (no pygame). Every problem is a TripleaError naming the file and line.
"""
from __future__ import annotations

import os
import re
import stat
import xml.parsers.expat
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

Point = tuple[float, float]


class TripleaError(Exception):
    """A map folder that cannot be imported; the message names file and line."""

    def __init__(self, path: str | Path, line: int, message: str):
        self.path, self.line = str(path), line
        super().__init__(f"{path}:{line}: {message}" if line else f"{path}: {message}")


@dataclass
class XNode:
    """An XML element with the line it starts on (xml.etree forgets it)."""
    tag: str
    attrib: dict[str, str]
    line: int
    children: list[XNode] = field(default_factory=list)

    def find(self, tag: str) -> XNode | None:
        return next((c for c in self.children if c.tag == tag), None)

    def findall(self, tag: str) -> list[XNode]:
        return [c for c in self.children if c.tag == tag]

    def iter(self, tag: str) -> Iterator[XNode]:
        for c in self.children:
            if c.tag == tag:
                yield c
            yield from c.iter(tag)


# Limits no real map reaches (Global 1940: a 1.3 MB XML of 16k elements, 115k polygon
# points, 1,212 in its largest polygon); beyond them a folder is refused, never imported
# at length (issue #47).
MAX_FILE_BYTES = 32 * 1024 * 1024
MAX_XML_ELEMENTS = 500_000
MAX_XML_DEPTH = 64
MAX_POINTS = 500_000            # in one polygons.txt
MAX_POLYGON_POINTS = 20_000     # in one polygon
MAX_NAME = 200                  # characters in a territory name
MAX_ATTRIBUTE = 10_000          # characters in an XML attribute value


def _read_bytes(path: Path, what: str) -> bytes:
    """A regular file's bytes within MAX_FILE_BYTES (never a FIFO or device)."""
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):
            raise TripleaError(path, 0, f"cannot read {what}: not a regular file")
        if st.st_size > MAX_FILE_BYTES:
            raise TripleaError(path, 0, f"{what} is too large ({st.st_size:,} bytes; at most "
                                        f"{MAX_FILE_BYTES:,})")
        return path.read_bytes()
    except OSError as exc:
        raise TripleaError(path, 0, f"cannot read {what}: {exc.strerror}") from None


class _Refused(Exception):
    def __init__(self, line: int, message: str):
        super().__init__(message)
        self.line = line


def parse_xml(path: Path) -> XNode:
    """The game XML as XNodes. DTD entity declarations are refused (an entity can expand
    a small file into gigabytes); external entities are never fetched."""
    data = _read_bytes(path, "the game file")
    parser = xml.parsers.expat.ParserCreate()
    root = XNode("#document", {}, 0)
    stack = [root]
    count = 0

    def start(tag: str, attrib: dict[str, str]) -> None:
        nonlocal count
        count += 1
        if count > MAX_XML_ELEMENTS or len(stack) > MAX_XML_DEPTH:
            raise _Refused(parser.CurrentLineNumber,
                           f"too many or too deeply nested elements (at most {MAX_XML_ELEMENTS:,}, "
                           f"{MAX_XML_DEPTH} deep)")
        if any(len(v) > MAX_ATTRIBUTE for v in attrib.values()):
            raise _Refused(parser.CurrentLineNumber, f"<{tag[:40]}> has a value of more than "
                                                     f"{MAX_ATTRIBUTE:,} characters")
        node = XNode(tag, dict(attrib), parser.CurrentLineNumber)
        stack[-1].children.append(node)
        stack.append(node)

    def end(tag: str) -> None:
        stack.pop()

    def entity(name: str, *_: object) -> None:
        raise _Refused(parser.CurrentLineNumber, f"declares the entity '{name[:40]}': entities are "
                                                 f"refused (a TripleA game file needs none)")

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.EntityDeclHandler = entity
    parser.SetParamEntityParsing(xml.parsers.expat.XML_PARAM_ENTITY_PARSING_NEVER)
    try:
        parser.Parse(data, True)
    except _Refused as exc:
        raise TripleaError(path, exc.line, str(exc)) from None
    except xml.parsers.expat.ExpatError as exc:
        raise TripleaError(path, exc.lineno, f"not well-formed XML ({xml.parsers.expat.ErrorString(exc.code)}, "
                                             f"column {exc.offset + 1}); is the file complete?") from None
    game = root.find("game")
    if game is None:
        raise TripleaError(path, 1, "not a TripleA game file (no <game> element)")
    return game


_POINT = re.compile(r"\(\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*\)")


def _read_lines(path: Path) -> list[str]:
    """A map text file's lines; a link to a file outside its folder is refused unread
    (a downloaded map must not make the import quote a file of the reader's disk)."""
    if os.path.dirname(os.path.realpath(path)) != os.path.realpath(path.parent):
        raise TripleaError(path, 0, "is a link to a file outside the map folder; refused")
    return _read_bytes(path, "the file").decode("utf-8", errors="replace").splitlines()


MAX_COORD = 1_000_000   # pixels of a map image


def _points(path: Path, lineno: int, name: str, text: str) -> list[Point]:
    """The `(x,y)` points of a line, each within the map's range."""
    pts = [(float(x), float(y)) for x, y in _POINT.findall(text)]
    if any(not (-MAX_COORD <= v <= MAX_COORD) for pt in pts for v in pt):
        raise TripleaError(path, lineno, f"{name}: a point lies outside -{MAX_COORD:,}..{MAX_COORD:,}")
    return pts


def _name_and_rest(path: Path, lineno: int, line: str, sep: str) -> tuple[str, str]:
    i = line.find(sep)
    if i <= 0:
        raise TripleaError(path, lineno, f"expected 'Territory name {sep}...', got {line[:60]!r}")
    if i > MAX_NAME:
        raise TripleaError(path, lineno, f"a territory name of more than {MAX_NAME} characters "
                                         f"({line[:40]!r}...)")
    return line[:i].strip(), line[i:]


def read_polygons(path: Path) -> dict[str, list[list[Point]]]:
    """polygons.txt: `Name  <  (x,y) (x,y) ... >  <  ... >`, one territory a line."""
    out: dict[str, list[list[Point]]] = {}
    total = 0
    for n, line in enumerate(_read_lines(path), 1):
        if not line.strip():
            continue
        name, rest = _name_and_rest(path, n, line, "<")
        polys = []
        for chunk in rest.split("<")[1:]:
            if ">" not in chunk:
                raise TripleaError(path, n, f"{name}: a polygon is not closed with '>' (truncated file?)")
            pts = _points(path, n, name, chunk.split(">")[0])
            total += len(pts)
            if len(pts) > MAX_POLYGON_POINTS or total > MAX_POINTS:
                raise TripleaError(path, n, f"{name}: too many polygon points (at most "
                                            f"{MAX_POLYGON_POINTS:,} a polygon, {MAX_POINTS:,} in all)")
            if len(pts) < 3:
                raise TripleaError(path, n, f"{name}: a polygon has fewer than 3 points")
            polys.append(pts)
        if not polys:
            raise TripleaError(path, n, f"{name}: no polygon")
        out.setdefault(name, []).extend(polys)
    if not out:
        raise TripleaError(path, 0, "holds no polygons")
    return out


def read_points(path: Path) -> dict[str, list[Point]]:
    """centers.txt / place.txt / name_place.txt: `Name  (x,y) (x,y) ...`. A trailing
    `| overflowToLeft=...` (newer place.txt files) is ignored."""
    out: dict[str, list[Point]] = {}
    for n, line in enumerate(_read_lines(path), 1):
        line = line.split("|")[0]
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        name, rest = _name_and_rest(path, n, line, "(")
        pts = _points(path, n, name, rest)
        if not pts:
            raise TripleaError(path, n, f"{name}: no point '(x,y)'")
        out[name] = pts
    return out


def read_properties(path: Path) -> dict[str, str]:
    """map.properties: `key=value` lines, `#` comments."""
    out: dict[str, str] = {}
    if not path.exists():
        return out
    for line in _read_lines(path):
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        k, v = line.split("=", 1)
        out[k.strip()] = v.strip()
    return out


def simplify(pts: list[Point], tol: float) -> list[Point]:
    """Douglas-Peucker on a closed outline (TripleA traces polygons pixel by pixel;
    most points are collinear). Keeps at least 3 points."""
    if len(pts) <= 4 or tol <= 0:
        return pts
    # split the ring at the point farthest from the first one, simplify both halves
    x0, y0 = pts[0]
    far = max(range(len(pts)), key=lambda i: (pts[i][0] - x0) ** 2 + (pts[i][1] - y0) ** 2)
    a = _dp(pts[: far + 1], tol)
    b = _dp(pts[far:] + [pts[0]], tol)
    out = a[:-1] + b[:-1]
    return out if len(out) >= 3 else pts


def _dp(pts: list[Point], tol: float) -> list[Point]:
    keep = [False] * len(pts)
    keep[0] = keep[-1] = True
    stack = [(0, len(pts) - 1)]
    t2 = tol * tol
    while stack:
        i, j = stack.pop()
        (ax, ay), (bx, by) = pts[i], pts[j]
        dx, dy = bx - ax, by - ay
        d2 = dx * dx + dy * dy
        best, best_k = -1.0, -1
        for k in range(i + 1, j):
            px, py = pts[k]
            if d2 == 0:
                dist = (px - ax) ** 2 + (py - ay) ** 2
            else:
                cross = dx * (py - ay) - dy * (px - ax)
                dist = cross * cross / d2
            if dist > best:
                best, best_k = dist, k
        if best > t2:
            keep[best_k] = True
            stack.append((i, best_k))
            stack.append((best_k, j))
    return [p for p, k in zip(pts, keep, strict=True) if k]


def polygon_area(pts: list[Point]) -> float:
    s = 0.0
    for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=True):
        s += x0 * y1 - x1 * y0
    return abs(s) / 2
