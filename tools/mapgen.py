"""Shared zone-map generator for the scenario build scripts (tools/build_*.py).

Authoring-time only: needs shapely >= 2.2 (coverage_clean, coverage_simplify),
which the game itself does not use.

The method:
  * coastlines are hand-drawn rings in (lon, lat) degrees (a mainland ring with
    inland seas as holes, and islands; stretches shared by several maps are in
    tools/geo_coasts.py) projected by a Frame (equirectangular) to world units;
    points outside the frame are clipped;
  * each land territory has seed points; its polygon is the union of the
    Voronoi cells of its seeds clipped to the land mass they sit on (so islands
    never share a land border with the mainland); `region` polygons and `carve`
    discs are cut out by hand; sea zones are Voronoi cells of sea seeds clipped
    to the sea (map minus land); detached fragments go to the neighbour they
    share the longest boundary with;
  * land-land borders meander gently and deterministically, the coverage is
    cleaned and simplified topologically (shared edges stay shared), rounded to
    integers, and adjacency is read off shared boundaries (at least
    `min_shared` units long);
  * label/counter centres are the pole of inaccessibility, nudged so that the
    name fits where possible.

A build script describes its spaces as dicts (id, name, seeds, optional label,
carve, region, ...), calls `build_map`, checks the result (`scenario_problems`)
and writes the YAML (`scenario_lines`, `write_scenario`).  The output is
deterministic: edit the script, not the YAML.
"""
from __future__ import annotations

import math
import random
import sys
from dataclasses import dataclass

import shapely
import shapely.geometry
import shapely.ops
from shapely.geometry import MultiPoint, Point, Polygon, box
from shapely.ops import polylabel, unary_union


@dataclass(frozen=True)
class Frame:
    """The world rectangle (W x H world units) and its (lon, lat) extent."""
    W: int
    H: int
    lon0: float
    lon1: float
    lat0: float   # bottom
    lat1: float   # top

    def P(self, lon: float, lat: float) -> tuple[float, float]:
        return ((lon - self.lon0) * self.W / (self.lon1 - self.lon0),
                (self.lat1 - lat) * self.H / (self.lat1 - self.lat0))


def ring(frame, points):
    return Polygon([frame.P(*p) for p in points])


def blob(lon, lat, rx, ry, n=12, wobble=0.12, seed=0):
    """An exaggerated small island: a slightly irregular ellipse, radii in degrees."""
    rng = random.Random(seed)
    pts = []
    for k in range(n):
        a = 2 * math.pi * k / n
        f = 1 + rng.uniform(-wobble, wobble)
        pts.append((lon + rx * f * math.cos(a), lat + ry * f * math.sin(a)))
    return pts


def fail(msg):
    print("ERROR:", msg, file=sys.stderr)
    sys.exit(1)


def components(g):
    if g.is_empty:
        return []
    if g.geom_type == "Polygon":
        return [g]
    return [p for p in getattr(g, "geoms", []) if p.geom_type == "Polygon" and p.area > 0]


def voronoi_partition(frame, domain, spaces):
    """Assign every part of `domain` to one space, via Voronoi cells of seeds."""
    W, H = frame.W, frame.H
    pts, owner = [], []
    for sp in spaces:
        for s in sp["seeds"]:
            pt = Point(frame.P(*s))
            if not domain.contains(pt):
                fail(f"seed {s} of {sp['id']} is not inside its domain")
            pts.append(pt)
            owner.append(sp["id"])
    if len(pts) == 1:
        return {owner[0]: domain}
    cells = shapely.voronoi_polygons(MultiPoint(pts), extend_to=box(-500, -500, W + 500, H + 500))
    result = {sp["id"]: [] for sp in spaces}
    for cell in cells.geoms:
        hit = [i for i, pt in enumerate(pts) if cell.contains(pt)]
        if len(hit) != 1:
            fail("voronoi cell/seed mismatch")
        result[owner[hit[0]]].append(cell)
    return {k: unary_union(v).intersection(domain) for k, v in result.items()}


def shared(a, b):
    inter = a.boundary.intersection(b.boundary)
    return inter.length if not inter.is_empty else 0.0


def merge_orphans(frame, cells, seeds_of):
    """Each space keeps the component(s) holding its seeds (a space without seed
    points, a carved region, keeps its largest piece); other fragments go to the
    neighbour with which they share the longest boundary."""
    for _ in range(20):
        changed = False
        for sid in list(cells):
            parts = components(cells[sid])
            if len(parts) <= 1:
                continue
            seeds = [Point(frame.P(*s)) for s in seeds_of[sid] if s is not None]
            keep = [p for p in parts if any(p.buffer(0.5).contains(s) for s in seeds)] if seeds else parts
            if not keep:
                fail(f"{sid}: no fragment holds a seed")
            keep_main = max(keep, key=lambda p: p.area)
            orphans = [p for p in parts if p is not keep_main]
            cells[sid] = keep_main
            for orphan in orphans:
                best, best_len = None, 0.0
                for oid, og in cells.items():
                    if oid == sid:
                        continue
                    ln = shared(orphan, og)
                    if ln > best_len:
                        best, best_len = oid, ln
                if best is None:
                    fail(f"{sid}: fragment at {orphan.representative_point()} touches nothing")
                cells[best] = unary_union([cells[best], orphan])
                changed = True
        if not changed:
            return cells
    fail("orphan merging did not converge")


def node_coverage(ids, cells):
    """Clean the coverage so that neighbours share identical vertices and no
    hairline gaps/overlaps from clipping noise remain."""
    geoms = shapely.coverage_clean([shapely.make_valid(cells[i]) for i in ids],
                                   gap_width=0.5, snapping_distance=0.05)
    out = []
    for i, g in zip(ids, geoms, strict=True):
        if g.geom_type == "MultiPolygon":
            big = max(g.geoms, key=lambda q: q.area)
            if g.area - big.area > 1.0:
                fail(f"{i} is split after cleaning")
            g = big
        if g.geom_type != "Polygon":
            fail(f"{i} is a {g.geom_type} after cleaning")
        out.append(g)
    return out


def wiggle_line(line, amp):
    """Turn a straight Voronoi border into a gently meandering one.  The
    endpoints stay put; the offset fades out near them."""
    L = line.length
    if L < 14 or amp <= 0:
        return line
    coords = list(line.coords)
    a, b = sorted([tuple(round(v, 3) for v in coords[0]), tuple(round(v, 3) for v in coords[-1])])
    rng = random.Random(f"{a}{b}")
    waves = [(rng.uniform(55, 80), 0.65, rng.uniform(0, 2 * math.pi)),
             (rng.uniform(22, 32), 0.35, rng.uniform(0, 2 * math.pi))]
    n = max(2, int(L / 4))
    amp_here = amp * min(1.0, L / 70)
    out = [coords[0]]
    for k in range(1, n):
        d = L * k / n
        p = line.interpolate(d)
        p0, p1 = line.interpolate(max(0, d - 2)), line.interpolate(min(L, d + 2))
        tx, ty = p1.x - p0.x, p1.y - p0.y
        tl = math.hypot(tx, ty) or 1.0
        nx, ny = -ty / tl, tx / tl
        taper = min(1.0, d / 20, (L - d) / 20)
        off = amp_here * taper * sum(w * math.sin(2 * math.pi * d / lam + ph) for lam, w, ph in waves)
        out.append((p.x + nx * off, p.y + ny * off))
    out.append(coords[-1])
    return shapely.geometry.LineString(out)


def wiggle_borders(frame, ids, geoms, kind, amp):
    """Meander the land-land borders; returns new geometries or None if the
    result is not a clean coverage of single polygons."""
    cells = dict(zip(ids, geoms, strict=True))
    land_ids = [i for i in ids if kind[i] == "land"]
    internal = []
    for n, a in enumerate(land_ids):
        for b in land_ids[n + 1:]:
            if cells[a].intersects(cells[b]):
                inter = cells[a].boundary.intersection(cells[b].boundary)
                if inter.length > 0:
                    internal.append(inter)
    merged = shapely.ops.linemerge(unary_union(internal))
    parts = [g for g in getattr(merged, "geoms", [merged]) if g.geom_type == "LineString"]
    fixed = [cells[i].boundary for i in ids if kind[i] == "sea"] + [box(0, 0, frame.W, frame.H).boundary]
    net = unary_union([wiggle_line(ln, amp) for ln in parts] + fixed)
    faces = list(shapely.ops.polygonize(net))
    tree = shapely.STRtree(geoms)
    acc = {i: [] for i in ids}
    for f in faces:
        best, best_a = None, 0.0
        for k in tree.query(f):
            ar = f.intersection(geoms[k]).area
            if ar > best_a:
                best, best_a = ids[k], ar
        if best is None:
            return None
        acc[best].append(f)
    out = []
    for i in ids:
        g = unary_union(acc[i])
        if g.geom_type != "Polygon" or len(g.interiors) != len(cells[i].interiors):
            print(f"  wiggle amplitude {amp:.1f}: {i} broke up, retrying smaller")
            return None
        out.append(g)
    return node_coverage(ids, dict(zip(ids, out, strict=True)))


def best_label_spot(pg, start, name):
    """Nudge the label point so that a box of the name's (estimated) size lies
    inside the polygon, staying as close to `start` as possible."""
    w, h = 6.5 * len(name) + 4, 14

    def fit(x, y):
        r = box(x - w / 2, y - h / 2, x + w / 2, y + h / 2)
        return r.intersection(pg).area / r.area

    best = (fit(start.x, start.y), 0.0, start.x, start.y)
    if best[0] < 0.999:
        for dx in range(-60, 61, 3):
            for dy in range(-45, 46, 3):
                x, y = start.x + dx, start.y + dy
                if not pg.contains(Point(x, y)):
                    continue
                f = fit(x, y)
                d = math.hypot(dx, dy)
                if (round(f, 3), -d) > (round(best[0], 3), -best[1]):
                    best = (f, d, x, y)
    return int(round(best[2])), int(round(best[3]))


# The game's renderer (game/ui/maprender.py) at a few zooms, in world units: the fit
# zoom of a 1440x810 window (~0.6), of a large one (~0.9) and zoomed in (1.3).  An island
# too small on screen for its name (max extent * scale < 72 px) has its name and markers
# above it; other names sit just above their centre.  Text is ~0.42 em a character
# (sea names) and ~0.46 em (bold land names).
LABEL_SCALES = (0.6, 0.9, 1.3)


def _font(scale):
    return int(min(24, max(12, 15 * scale ** 0.5 * 1.2)))


def island_ids(m):
    """Land spaces all of whose neighbours are sea zones."""
    return [i for i in m.ids if m.kind[i] == "land" and m.adj[i]
            and all(m.kind[j] == "sea" for j in m.adj[i])]


def name_box(m, i, name, scale):
    """World box of a space's name (and, on land, its markers row) as the game draws it."""
    f = _font(scale)
    cx, cy = m.centers[i]
    if m.kind[i] == "sea":
        w, h = 0.42 * f * len(name) / scale, (f + 4) / scale
        return box(cx - w / 2, cy - h, cx + w / 2, cy + 1 / scale)
    x0, y0, x1, y1 = m.polys[i][1].bounds
    small = max(x1 - x0, y1 - y0) * scale < 72
    if small:
        f = min(f, 17)
        cy = min(cy, y0) - 2 / scale
    w, h = 0.46 * f * len(name) / scale, (2 * f + 4) / scale
    return box(cx - w / 2, cy - h, cx + w / 2, cy + 2 / scale)


def keepout(m, spec, scale, sea_id):
    """What a sea zone's name must not cover at this zoom: islands and their names, other
    names, with a row of counters under those of playable land and of seas with units."""
    out = []
    islands = set(island_ids(m))
    for i in m.ids:
        if i == sea_id:
            continue
        b = name_box(m, i, spec[i]["name"], scale)
        if i in islands:
            out.append(m.polys[i][1].buffer(4 / scale))
            out.append(b)
        elif (m.kind[i] == "land" and not spec[i].get("impassable")) or spec[i].get("units"):
            x0, y0, x1, y1 = b.bounds
            out.append(box(x0, y0, x1, y1 + 26 / scale))
        else:
            out.append(b)
    return unary_union(out)


def label_clashes(m, spec, scales=LABEL_SCALES):
    """(sea id, scale) pairs whose name would cover an island, another space's name or
    the counters under a land name."""
    out = []
    for s in scales:
        for i in m.ids:
            if m.kind[i] == "sea" and name_box(m, i, spec[i]["name"], s).intersects(keepout(m, spec, s, i)):
                out.append((i, s))
    return out


def clear_sea_labels(m, spec, scales=LABEL_SCALES):
    """Move each sea name that covers something (label_clashes, at any of `scales`)
    to the nearest point of its zone where it covers none and stays inside the zone as
    far as it did; a zone with no such point keeps its label (label_clashes reports it)."""
    for i, _s in sorted(set(label_clashes(m, spec, scales))):
        keep = {s: keepout(m, spec, s, i) for s in scales}
        pg = m.polys[i][1]
        name = spec[i]["name"]
        x0, y0 = m.centers[i]

        best = None
        for dx in range(-120, 121, 4):
            for dy in range(-90, 91, 4):
                x, y = x0 + dx, y0 + dy
                if not pg.contains(Point(x, y)):
                    continue
                m.centers[i] = (x, y)
                boxes = [(name_box(m, i, name, s), s) for s in scales]
                hits = sum(b.intersection(keep[s]).area for b, s in boxes)
                out = sum(b.difference(pg).area for b, _s in boxes)
                key = (round(hits), round(out / 50), math.hypot(dx, dy))
                if best is None or key < best[0]:
                    best = (key, x, y)
        m.centers[i] = (best[1], best[2]) if best else (x0, y0)


def round_ring(coords):
    out = []
    for x, y in coords:
        q = (int(round(x)), int(round(y)))
        if not out or out[-1] != q:
            out.append(q)
    if len(out) > 1 and out[0] == out[-1]:
        out.pop()
    return out


@dataclass
class MapResult:
    ids: list
    polys: dict        # id -> (rounded points, shapely Polygon)
    adj: dict          # id -> set of ids
    centers: dict      # id -> (x, y)
    kind: dict         # id -> "land" | "sea"
    holes: list        # ids whose polygon has a hole (an island wholly inside)


def build_map(frame, mainland, land, sea, *, holes=(), islands=None, extra_adj=(),
              wiggle=5.0, simplify=1.6, min_shared=3.0, keep_sea_labels=False):
    """Partition the world into land territories and sea zones.

    mainland: ring of (lon, lat); holes: rings cut out of it (inland seas);
    islands: name -> ring; land/sea: space dicts with `seeds` (and optional
    `label`, `carve: ((lon, lat), radius, host_id)`, `region: ring`);
    extra_adj: adjacencies geometry cannot show; keep_sea_labels: a hand-placed
    sea `label` is used as is (not nudged)."""
    W, H = frame.W, frame.H
    rect = box(0, 0, W, H)
    main = ring(frame, mainland)
    for h in holes:
        main = main.difference(ring(frame, h))
    if not main.is_valid:
        fail(f"mainland invalid: {shapely.is_valid_reason(main)}")
    main = main.intersection(rect)
    isl = {k: ring(frame, v) for k, v in (islands or {}).items()}
    for k, g in isl.items():
        if not g.is_valid:
            fail(f"island {k} invalid: {shapely.is_valid_reason(g)}")
        if g.intersects(main):
            fail(f"island {k} touches the mainland")
    land_masses = [main] + list(isl.values())
    sea_area = rect.difference(unary_union(land_masses))

    # regions given as polygons are cut out before the Voronoi split
    regions = {t["id"]: ring(frame, t["region"]).intersection(main) for t in land if "region" in t}
    carved = unary_union(list(regions.values())) if regions else None

    seeds_of = {s["id"]: s.get("seeds", []) for s in land + sea}
    cells = {}
    for mass in land_masses:
        here = [t for t in land if t.get("seeds") and mass.contains(Point(frame.P(*t["seeds"][0])))]
        if not here:
            fail(f"land mass at {mass.representative_point()} has no territory")
        dom = mass.difference(carved) if carved is not None and mass is main else mass
        cells.update(voronoi_partition(frame, dom, here))
    for rid, g in regions.items():
        cells[rid] = g
        seeds_of[rid] = []
    # carved discs (Gibraltar)
    for t in land:
        if "carve" in t:
            (lon, lat), r, host = t["carve"]
            disc = Point(frame.P(lon, lat)).buffer(r)
            piece = cells[host].intersection(disc)
            cells[host] = cells[host].difference(disc)
            cells[t["id"]] = piece
            seeds_of[t["id"]] = [(lon, lat)]
    land_ids = [t["id"] for t in land]
    for rid in regions:     # the region keeps its biggest piece; others go to neighbours
        seeds_of[rid] = [None]
    land_cells = merge_orphans(frame, {k: cells[k] for k in land_ids}, seeds_of)
    sea_cells = merge_orphans(frame, voronoi_partition(frame, sea_area, sea), seeds_of)
    cells = {**land_cells, **sea_cells}

    # node the coverage so that neighbours share identical vertices, then
    # simplify it topologically
    ids = list(cells)
    geoms = node_coverage(ids, cells)
    if not shapely.coverage_is_valid(geoms):
        fail("coverage is not valid after noding")
    kind = {t["id"]: "land" for t in land}
    kind.update({sp["id"]: "sea" for sp in sea})
    amp = wiggle
    while amp > 0.5:
        wiggled = wiggle_borders(frame, ids, geoms, kind, amp)
        if wiggled is not None:
            geoms = wiggled
            break
        amp *= 0.75
    if not shapely.coverage_is_valid(geoms):
        fail("coverage is not valid after wiggling")
    for i, g in zip(ids, geoms, strict=True):
        if g.geom_type != "Polygon":
            fail(f"{i} is a {g.geom_type} before simplification")
    simp = shapely.coverage_simplify(geoms, simplify)
    polys = {}
    hole_ids = []
    for i, g in zip(ids, simp, strict=True):
        if g.geom_type != "Polygon":
            fail(f"{i} became {g.geom_type}")
        if len(g.interiors):
            hole_ids.append(i)
        pts = round_ring(list(g.exterior.coords))
        pg = Polygon(pts)
        if not pg.is_valid or pg.area < 30:
            fail(f"{i}: invalid or tiny polygon after rounding ({shapely.is_valid_reason(pg)}, area {pg.area})")
        polys[i] = (pts, pg)

    total = sum(pg.area for _, pg in polys.values())
    if abs(total - W * H) > 0.002 * W * H:
        fail(f"coverage area {total} != {W * H}")

    adj = {i: set() for i in ids}
    for a_i, a in enumerate(ids):
        for b in ids[a_i + 1:]:
            pa, pb = polys[a][1], polys[b][1]
            if not pa.buffer(0.01).intersects(pb):
                continue
            if shared(pa, pb) >= min_shared:
                adj[a].add(b)
                adj[b].add(a)
    for a, b in extra_adj:
        adj[a].add(b)
        adj[b].add(a)

    centers = {}
    spec = {t["id"]: t for t in land + sea}
    for i in ids:
        pg = polys[i][1]
        lab = spec[i].get("label")
        c = Point(frame.P(*lab)) if lab else polylabel(pg, tolerance=1.0)
        if not pg.contains(c):
            c = polylabel(pg, tolerance=1.0)
        elif keep_sea_labels and lab and kind[i] == "sea":   # a hand-placed sea label stays put
            centers[i] = (int(round(c.x)), int(round(c.y)))
            continue
        centers[i] = best_label_spot(pg, c, spec[i]["name"])
    return MapResult(ids, polys, adj, centers, kind, hole_ids)


def fmt_units(units):
    parts = []
    for owner, d in units.items():
        inner = ", ".join(f"{k}: {v}" for k, v in d.items())
        parts.append(f"{owner}: {{{inner}}}")
    return parts


def wrap(text, indent="  ", width=88):
    out, line = [], indent
    for w in text.split():
        if len(line) + len(w) + 1 > width:
            out.append(line.rstrip())
            line = indent
        line += w + " "
    out.append(line.rstrip())
    return out


# --------------------------------------------------------------------------
# Consistency checks shared by the build scripts; each returns a list of
# problems (printed as WARNING, exit status 1).
# --------------------------------------------------------------------------
def map_problems(m, spec, min_area=None):
    """Holes, one-way adjacencies, playable spaces without neighbours or (with
    `min_area`) too small to click."""
    problems = [f"{h} has a hole (an island sits wholly inside it)" for h in m.holes]
    for i in m.ids:
        for j in m.adj[i]:
            if i not in m.adj[j]:
                problems.append(f"asymmetric {i}-{j}")
        playable = not spec[i].get("impassable")
        if not m.adj[i] and playable:
            problems.append(f"{i} has no neighbours")
        if min_area is not None and playable and m.polys[i][1].area < min_area:
            problems.append(f"{i} is too small to click ({m.polys[i][1].area:.0f})")
    return problems


@dataclass(frozen=True)
class UnitClasses:
    """A ruleset's unit ids by element, for checking the starting forces."""
    land: frozenset
    air: frozenset
    sea: frozenset
    carrier_planes: frozenset      # the aircraft a carrier takes (two each)
    carrier: str = "carrier"


def forces_problems(spec, kind, players, units):
    """Capitals owned by their player; starting units known, in their element,
    on friendly land, aircraft at sea only with room on allied carriers (two
    each), no zone shared by enemies."""
    land_units, air_units, sea_units = units.land, units.air, units.sea
    carrier_planes, carrier = units.carrier_planes, units.carrier
    problems = []
    alliance = {p["id"]: p["alliance"] for p in players}
    for p in players:
        if spec[p["capital"]].get("owner") != p["id"]:
            problems.append(f"capital {p['capital']} not owned by {p['id']}")
    for sid, t in spec.items():
        for owner, units in (t.get("units") or {}).items():
            if owner not in alliance:
                problems.append(f"{sid}: unknown unit owner {owner}")
                continue
            if kind[sid] == "land" and alliance[owner] != alliance.get(t.get("owner")):
                problems.append(f"{sid}: {owner} units on enemy/neutral land")
            for u in units:
                if u not in land_units | air_units | sea_units:
                    problems.append(f"{sid}: unknown unit {u}")
                elif kind[sid] == "land" and u in sea_units:
                    problems.append(f"{sid}: ship on land")
                elif kind[sid] == "sea" and u in land_units:
                    problems.append(f"{sid}: land unit at sea")
        if kind[sid] == "sea":
            us = t.get("units") or {}
            for owner, units in us.items():
                if owner not in alliance:
                    continue
                planes = sum(v for u, v in units.items() if u in carrier_planes)
                room = 2 * sum(o.get(carrier, 0) for ow, o in us.items()
                               if alliance.get(ow) == alliance[owner])
                if any(u in air_units - carrier_planes for u in units) or planes > room:
                    problems.append(f"{sid}: aircraft without carrier room")
            if len({alliance.get(o) for o in us}) > 1:
                problems.append(f"{sid}: enemy units share the zone at start")
    return problems


def adjacency_problems(adj, must=(), mustnot=()):
    """Adjacencies the map must (not) have, as pairs of space ids."""
    problems = [f"expected adjacency {a}-{b} missing" for a, b in must if b not in adj[a]]
    problems += [f"unexpected adjacency {a}-{b}" for a, b in mustnot if b in adj[a]]
    return problems


def victory_problems(land, victory):
    if max(victory.values()) > sum(1 for t in land if t.get("vc")):
        return ["victory threshold above number of victory cities"]
    return []


def scenario_problems(m, land, sea, players, units, victory, must_adj=(), must_not_adj=(),
                      min_area=None):
    """All of the above for a built map and its space dicts."""
    spec = {t["id"]: t for t in land + sea}
    return (map_problems(m, spec, min_area) + forces_problems(spec, m.kind, players, units)
            + victory_problems(land, victory) + adjacency_problems(m.adj, must_adj, must_not_adj))


# --------------------------------------------------------------------------
# The scenario YAML (docs/scenario-format.md), written line by line so that
# polygons stay one line each.
# --------------------------------------------------------------------------
def scenario_lines(m, land, sea, players, *, script, scenario_id, title, ruleset, description,
                   turn_limit, victory, resources, size, background, turn_order=None, width=88):
    """The whole file as lines.  resources: player id -> starting resources;
    size: (W, H); turn_order: an optional comment line before the players."""
    W, H = size
    n_vcs = sum(1 for t in land if t.get("vc"))
    L = [f"# Generated by {script} -- edit the generator, not this file.",
         "format: warboard-scenario/1", f"id: {scenario_id}", f"title: {title}",
         f"ruleset: {ruleset}", "description: >"]
    L += wrap(description, width=width)
    L += [f"turn_limit: {turn_limit}", "map:", "  kind: zone", f"  size: [{W}, {H}]",
          f'  background: "{background}"']
    if turn_order:
        L.append(f"# turn order: {turn_order}")
    L.append("players:")
    for p in players:
        note = f"  # {p['color_note']}" if p.get("color_note") else ""
        L += [f"  - id: {p['id']}", f"    name: {p['name']}", f"    alliance: {p['alliance']}",
              f'    color: "{p["color"]}"{note}', f"    capital: {p['capital']}",
              f"    resources: {resources[p['id']]}"]
        if "doctrines" in p:
            L.append(f"    doctrines: [{', '.join(p['doctrines'])}]")
    thresholds = ", ".join(f"{side}: {n}" for side, n in victory.items())
    L += ["victory:", f"  victory_cities: {{{thresholds}}}   # of {n_vcs}",
          "  at_turn_limit: victory_cities", "spaces:"]
    order = [t["id"] for t in land] + [s["id"] for s in sea]
    for t in land + sea:
        L += space_lines(m, t, order)
    return L


def space_lines(m, t, order):
    """One space; land flags are written only where set (factory: true or major|minor)."""
    i = t["id"]
    L = ["", f"  - id: {i}", f"    name: {t['name']}", f"    kind: {m.kind[i]}"]
    if m.kind[i] == "land":
        L.append(f"    value: {t.get('value', 0)}")
        L.append(f"    owner: {t['owner'] if t.get('owner') else 'null'}")
        if t.get("factory"):
            L.append("    factory: " + ("true" if t["factory"] is True else t["factory"]))
        if t.get("naval_base"):
            L.append("    naval_base: true")
        if t.get("air_base"):  # airdrops start from an air base (seed 000 TRANSPORT AIRCRAFT)
            L.append("    air_base: true")
        if t.get("home"):
            L.append("    home: true")
        if t.get("vc"):
            L.append("    victory_city: true")
        if t.get("true_neutral"):  # seed 000 G46: its naval base serves neutral_ports_as_bases units
            L.append("    true_neutral: true")
    if t.get("impassable"):
        L.append("    impassable: true")
    if t.get("terrain"):
        L.append(f"    terrain: [{', '.join(t['terrain'])}]")
    cx, cy = m.centers[i]
    L.append(f"    center: [{cx}, {cy}]")
    L.append("    polygon: [" + ", ".join(f"[{x}, {y}]" for x, y in m.polys[i][0]) + "]")
    L.append("    adjacent: [" + ", ".join(sorted(m.adj[i], key=order.index)) + "]")
    if t.get("units"):
        L.append("    units:")
        L += [f"      {u}" for u in fmt_units(t["units"])]
    return L


def write_scenario(out, lines):
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(lines) + "\n")


def report(problems):
    """Print the problems as warnings; the exit status (1 if any)."""
    for p in problems:
        print("WARNING:", p)
    return 1 if problems else 0


def income(land, players):
    """Player id -> the value of the land it owns."""
    return {p["id"]: sum(t.get("value", 0) for t in land if t.get("owner") == p["id"])
            for p in players}
