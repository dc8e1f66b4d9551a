"""The battle strip: the battle as board wargamers lay it out on the table.

Columns 0..N of the die (N = the ruleset's die; column 0 holds the units that do not
fire), the attacker's units above the middle line, the defender's below, each unit in
the column of its current value (support, damage and round effects included, as the
rules core computes it with `battle.unit_value`). Units of one type, owner and state
share a stack with a count. Each column's header shows its hit chance ("4 · 33%").
Each side's latest roll lies next to the middle line, every die under the column of
the units that rolled it, hits highlighted.

The pure helpers (`strip_columns`, `stacks`, `die_column`, `pool_note`, ...) decide
nothing about the rules: they only ask `game.rules.zone.battle` and sort what it answers.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game.rules import grammar
from game.rules.abilities.hooks import barred_domains, only_domains
from game.rules.model import Battle, GameState, Pool, Roll, Unit
from game.rules.zone import battle as B

from .. import palette, theme
from ..counters import draw_counter

if TYPE_CHECKING:
    from .battle_window import BattleWindow

DOMAIN_WORDS = {"sea": "ships", "land": "land units", "air": "aircraft", "static": "fortifications",
                "airborne": "paratroopers that flew in"}


# --- pure helpers ------------------------------------------------------------------------
def role_of(side: str) -> str:
    return "attack" if side == "attacker" else "defense"


def other(side: str) -> str:
    return "defender" if side == "attacker" else "attacker"


def hit_chance(value: int, dice: int) -> float:
    """The chance that one die hits at this value (a hit is a roll of `value` or less)."""
    return max(0, min(value, dice)) / dice if dice > 0 else 0.0


def column_label(value: int, dice: int) -> str:
    """'4 · 33%'; column 0 is the units that do not fire."""
    if value <= 0:
        return "0 · no fire"
    return f"{value} · {round(100 * hit_chance(value, dice))}%"


def fires(state: GameState, b: Battle, u: Unit, side: str) -> bool:
    """Does the unit roll at all in this battle's fire steps (as the rules core says)?"""
    ut = state.utype(u)
    if ut.has("defenseless"):
        return False
    if side == "defender":
        return B.defends_against(state, u, B.alive(state, B.attackers(state, b)))
    # an attacker with nothing it may ever hit (seed 000 TORPEDO BOMBER "may only damage
    # naval targets" over a land battle) rolls in vain: shown in column 0, "no fire"
    enemy = B.alive(state, B.defenders(state, b))
    return not enemy or B.can_hurt(state, [u], enemy, "attack")


def side_values(state: GameState, b: Battle, side: str) -> list[tuple[Unit, int]]:
    """(unit, column) for every unit of the side still on the strip (units marked as
    casualties stay until they are removed: defenders fire back)."""
    units = sorted(B.side_units(state, b, side), key=lambda u: u.uid)
    role = role_of(side)
    bonus = B.support_bonus(state, B.alive(state, units), role)
    out = []
    for u in units:  # fire_value: the value this round (round values such as an airdrop's round 1)
        v = B.fire_value(state, b, u, role, bonus) if fires(state, b, u, side) else 0
        out.append((u, v))
    return out


def strip_columns(state: GameState, b: Battle, side: str) -> dict[int, list[Unit]]:
    """Column (0..dice) -> the side's units in it, by uid; every column is present."""
    cols: dict[int, list[Unit]] = {v: [] for v in range(state.ruleset.dice + 1)}
    for u, v in side_values(state, b, side):
        cols.setdefault(v, []).append(u)
    return cols


@dataclass
class Stack:
    """Units of one type, owner and damage state in one column."""
    type: str
    owner: str
    damage: int
    dead: bool
    units: list[Unit] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.units)


def stacks(state: GameState, units: list[Unit]) -> list[Stack]:
    """Group a column's units into stacks, in ruleset order (dead ones last)."""
    order = {t: i for i, t in enumerate(state.ruleset.units)}
    groups: dict[tuple[str, str, int, bool, bool], Stack] = {}
    for u in units:
        dead = u.damage >= state.utype(u).hits
        key = (u.type, u.owner, u.damage, dead, u.airborne)  # airborne units apart (their own tag)
        if key not in groups:
            groups[key] = Stack(u.type, u.owner, u.damage, dead)
        groups[key].units.append(u)
    return sorted(groups.values(), key=lambda s: (s.dead, order.get(s.type, 999), s.owner, s.damage))


def die_column(cols_of_type: dict[str, set[int]], utype: str, need: int, dice: int) -> int:
    """The column a die lies under: the column of the units of its type that rolled it
    (the one matching the value it needed; a special value such as an anti-tank gun's
    against armour lies under the gun's own column), or the value needed when no unit
    of that type is left on the strip. A unit in column 0 (it has no ordinary fire: an
    AAA) rolls at a value of its own: its die lies at that value."""
    cols = {c for c in cols_of_type.get(utype, set()) if c > 0}
    if need in cols:
        return need
    if cols:
        lower = [c for c in cols if c <= need]
        return max(lower) if lower else min(cols)
    return max(0, min(need, dice))


def last_roll(b: Battle, side: str) -> Roll | None:
    for roll in reversed(b.rolls):
        if roll.side == side and roll.dice:
            return roll
    return None


def dice_by_column(state: GameState, b: Battle, side: str) -> dict[int, list[tuple[str, int, int]]]:
    """The side's latest roll laid out: column -> [(unit type, need, face)], faces ascending."""
    return {v: [d[:3] for d in ds] for v, ds in indexed_dice_by_column(state, b, side).items()}


def indexed_dice_by_column(state: GameState, b: Battle, side: str) -> dict[int, list[tuple[str, int, int, int]]]:
    """dice_by_column with each die's index in the roll: [(unit type, need, face, index)]."""
    roll = last_roll(b, side)
    if roll is None:
        return {}
    cols_of_type: dict[str, set[int]] = {}
    # steps whose dice roll at values of their own (anti-aircraft fire, bombardment, the
    # interception of an airdrop: AAA 2, fighter 5 in seed 000) are not the units' columns
    if B.steps.fire_step(roll.step).unit_specials:
        for u, v in side_values(state, b, side):
            cols_of_type.setdefault(u.type, set()).add(v)
    out: dict[int, list[tuple[str, int, int, int]]] = {}
    for i, (utype, need, face) in enumerate(roll.dice):
        out.setdefault(die_column(cols_of_type, utype, need, state.ruleset.dice), []).append((utype, need, face, i))
    for laid in out.values():
        laid.sort(key=lambda d: (d[2] > d[1], d[2], d[3]))
    return out


def expected_hits(state: GameState, b: Battle, side: str) -> float:
    """Hits a side scores on average per fire step at its ordinary values (no specials)."""
    dice = state.ruleset.dice
    return sum(hit_chance(v, dice) * B.n_dice(state, u) for u, v in side_values(state, b, side)
               if u.damage < state.utype(u).hits or side == "defender")


def _names(state: GameState, types: list[str]) -> str:
    names = [state.ruleset.units[t].name for t in dict.fromkeys(types) if t in state.ruleset.units]
    if not names:
        return ""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _domains(doms: tuple[str, ...]) -> str:
    words = [DOMAIN_WORDS.get(d, d) for d in doms if d != "-"]
    return " and ".join(words) if words else "no unit here"


def pool_note(state: GameState, b: Battle, pool: Pool, name_of: Callable[[str], str]) -> str:
    """The restriction of a casualty pool in players' words, '' when it has none:
    'Torpedo Bomber hits: Britain picks among ships'. name_of(side) -> 'Britain'."""
    if not (pool.only_domains or pool.only_types or pool.exclude_domains or pool.chooser or pool.from_air):
        return ""
    firing = other(pool.side)
    roll = last_roll(b, firing)
    step = roll.step if roll is not None else ""
    if roll is not None:  # the types that just rolled
        ftypes = list(dict.fromkeys(t for t, _need, _face in roll.dice))
    else:
        ftypes = list(dict.fromkeys(u.type for u in sorted(B.side_units(state, b, firing), key=lambda u: u.uid)))
    rs = state.ruleset
    src: list[str] = []
    if pool.chooser:
        for t in ftypes:
            ch = rs.units[t].ability("chooses_casualty")
            if ch is not None and (not pool.only_domains or set(pool.only_domains) & set(ch.domains)):
                src.append(t)
    elif pool.only_types:
        for t in ftypes:
            for ab in rs.units[t].abilities_named("value_against"):
                if ab.targets and set(rs.expand_all(ab.targets)) & set(pool.only_types):
                    src.append(t)
    elif pool.exclude_domains:
        for t in ftypes:
            if set(barred_domains(rs.units[t])) & set(pool.exclude_domains):
                src.append(t)
    elif pool.only_domains:
        for t in ftypes:
            ut = rs.units[t]
            if step == "aa":
                if ut.has("anti_aircraft"):
                    src.append(t)
                continue
            doms = set(pool.only_domains)
            if doms & set(only_domains(ut, "defense") or ()):
                src.append(t)
            elif any(doms & set(ab.domains) for ab in ut.abilities_named("value_against")):
                src.append(t)
    elif pool.from_air:
        src = [t for t in ftypes if rs.units[t].domain == "air"]
    what = _names(state, src)
    if step == "aa" and not what:
        what = "Anti-aircraft"
    if step == "intercept":
        what = "Interception"
    head = f"{what} hits" if what else "These hits"
    picker = name_of(firing) if pool.chooser else name_of(pool.side)
    parts = []
    if pool.only_types:
        parts.append(_names(state, list(pool.only_types)) or "the named units")
    if pool.only_domains:
        parts.append(_domains(pool.only_domains))
    among = " ".join(parts)
    excluded = tuple(d for d in pool.exclude_domains if not pool.only_domains or d in pool.only_domains)
    if excluded or pool.from_air:
        excl = [_domains(excluded)] if excluded else []
        if pool.from_air:
            evaders = [t for t in dict.fromkeys(u.type for u in B.side_units(state, b, pool.side))
                       if rs.units[t].has("evades_air")]
            if evaders:
                excl.append(_names(state, evaders))
        but = " and ".join(excl)
        among = f"{among} but {but}" if among else f"all but {but}"
    picks = grammar.verb("picks", grammar.name_plural(state.scenario, picker))   # 'Germans pick'
    return f"{head}: {picker} {picks} among {among or 'all units'}"


# --- drawing -------------------------------------------------------------------------------
GUTTER = 118
STRIP_BG = (30, 34, 41)
COL_A = (36, 41, 50)
COL_B = (33, 37, 45)
ZERO_COL = (28, 30, 35)
AIRBORNE_TAG = (126, 78, 196)   # the airdrop's violet, darker
REROLL_PICK = (120, 176, 232)   # a die chosen for a reconnaissance reroll (reroll_view.PICK)


def draw_strip_die(surface: pygame.Surface, rect: pygame.Rect, face: int, hit: bool, dice: int) -> None:
    from .battle_window import draw_die
    if dice <= 6 and rect.w >= 14:
        draw_die(surface, rect, face, hit)
        return
    fill = (250, 226, 120) if hit else (206, 206, 200)
    pygame.draw.rect(surface, (0, 0, 0), rect.move(1, 1), border_radius=max(2, rect.w // 5))
    pygame.draw.rect(surface, fill, rect, border_radius=max(2, rect.w // 5))
    pygame.draw.rect(surface, theme.GOOD if hit else (120, 120, 116), rect, width=2 if hit else 1,
                     border_radius=max(2, rect.w // 5))
    size = max(11, int(rect.h * (0.82 if face < 10 else 0.74)))   # two digits a little smaller
    theme.text(surface, str(face), rect.center, size, (30, 30, 30), anchor="center", bold=True)


@dataclass
class Layout:
    """Where the strip's parts go in a box (computed from the box and the battle)."""
    box: pygame.Rect
    cols: list[pygame.Rect]          # x extent of each column (value 0..dice), full height
    header: pygame.Rect
    rows: dict[str, pygame.Rect]     # side -> the units row
    lanes: dict[str, pygame.Rect]    # side -> the dice lane next to the middle line
    icon: int
    badge: bool                      # stack counts on the counters (else beside them)
    die: int
    die_rows: int


def count_size(icon: int) -> int:
    return max(12, min(18, icon // 2 + 2))


def cell_width(icon: int, badge: bool) -> int:
    """A stack's width on the strip: the counter (and the pile peeking out behind it),
    and its count ('×12') unless the count is a badge on the counter."""
    if badge:
        return icon + 9
    return icon + 6 + theme.text_width("×99", count_size(icon), bold=True)


def per_line(col_w: int, icon: int, badge: bool) -> int:
    return max(1, (col_w - 6) // cell_width(icon, badge))


def column_widths(state: GameState, avail: int, used: set[int], compress: bool) -> list[int]:
    """Widths of columns 0..dice: equal, as on a physical strip (column 0 narrow when
    empty), or with `compress` the empty columns narrow so the columns with units get
    the room. The sure-hit column (value = dice) is drawn only when a unit or die is in
    it: no printed value reaches it (a d12 strip reads 1 to 11, seed 000's top value)."""
    dice = state.ruleset.dice
    n = dice + 1 if dice in used else dice
    equal = avail // n
    narrow = min(equal, 44)
    widths = [equal] * n
    if compress and used and len(used) < n:
        wide = (avail - narrow * (n - len(used))) // len(used)
        widths = [wide if v in used else narrow for v in range(n)]
    elif 0 not in used:
        widths[0] = narrow
        rest = (avail - narrow) // (n - 1)
        widths[1:] = [rest] * (n - 1)
    return widths + [0] * (dice + 1 - n)


def layout(state: GameState, b: Battle, box: pygame.Rect,
           columns: dict[str, dict[int, list[Unit]]]) -> Layout:
    lane_dice = {s: dice_by_column(state, b, s) for s in ("attacker", "defender")}
    used = {v for side in columns.values() for v, us in side.items() if us}
    used |= {v for d in lane_dice.values() for v in d}
    avail = box.w - GUTTER - 4
    # equal columns if the counters stay big enough there
    widths = column_widths(state, avail, used, compress=False)
    rows, lanes, header_h, die, die_rows = _rows(state, box, widths, lane_dice)
    usable = min(r.h for r in rows.values()) - 20
    need_by_col: dict[int, int] = {}
    for side_cols in columns.values():
        for v, us in side_cols.items():
            if us:
                need_by_col[v] = max(need_by_col.get(v, 0), len(stacks(state, us)))
    icon, badge = _fit_icon(widths, usable, need_by_col)
    if icon < 30:  # too crowded for equal columns: narrow the empty ones
        widths = column_widths(state, avail, used, compress=True)
        rows, lanes, header_h, die, die_rows = _rows(state, box, widths, lane_dice)
        usable = min(r.h for r in rows.values()) - 20
        icon, badge = _fit_icon(widths, usable, need_by_col)
    cols, x = [], box.x + GUTTER
    for w in widths:
        cols.append(pygame.Rect(x, box.y, w, box.h))
        x += w
    header = pygame.Rect(box.x + GUTTER, box.y, x - box.x - GUTTER, header_h)
    return Layout(box, cols, header, rows, lanes, icon, badge, die, die_rows)


def _fit_icon(widths: list[int], usable: int, need_by_col: dict[int, int]) -> tuple[int, bool]:
    """The biggest counters that let every column show all its stacks; (size, counts as badges)."""
    for size in (38, 34, 30, 27, 24, 21, 18, 16, 14):
        lines = max(0, usable // (size + 6))
        ok = {bd: all(per_line(widths[v], size, bd) * lines >= n for v, n in need_by_col.items())
              for bd in (False, True)}
        if ok[False] or ok[True]:
            return size, not ok[False]
    return 14, True


def _rows(state: GameState, box: pygame.Rect, widths: list[int],
          lane_dice: dict[str, dict[int, list[tuple[str, int, int]]]]
          ) -> tuple[dict[str, pygame.Rect], dict[str, pygame.Rect], int, int, int]:
    """(unit rows, dice lanes, header height, die size, die rows) for these column widths."""
    header_h = 30
    # dice lanes: as many rows as the fullest column needs (at most 2; smaller dice first)
    die, die_rows = 20, 1
    tall = box.h >= 420
    sizes: tuple[tuple[int, int], ...] = ((20, 2), (16, 3 if tall else 2), (13, 3 if tall else 2))
    if state.ruleset.dice > 6:
        # numbered dice (d12: faces 1..12) need room for two digits: a row more before a
        # size less, and never under 16 pixels while a third row would do
        sizes = ((22, 2), (20, 3 if tall else 2), (18, 3 if tall else 2), (16, 3), (13, 3))
    for size, most in sizes:
        need = 1
        for d in lane_dice.values():
            for v, ds in d.items():
                pl = max(1, (widths[v] - 6) // (size + 3))
                need = max(need, -(-len(ds) // pl))
        die, die_rows = size, min(most, need)
        if need <= most:
            break
    lane_h = max(36, die_rows * (die + 3) + 7)
    mid = 6
    rows_h = box.h - header_h - 2 * lane_h - mid
    row_h = max(20, rows_h // 2)
    top = box.y + header_h
    rows = {"attacker": pygame.Rect(box.x, top, box.w, row_h)}
    lanes = {"attacker": pygame.Rect(box.x, rows["attacker"].bottom, box.w, lane_h)}
    lanes["defender"] = pygame.Rect(box.x, lanes["attacker"].bottom + mid, box.w, lane_h)
    rows["defender"] = pygame.Rect(box.x, lanes["defender"].bottom, box.w, box.bottom - lanes["defender"].bottom)
    return rows, lanes, header_h, die, die_rows


def draw(win: BattleWindow, surface: pygame.Surface, box: pygame.Rect, b: Battle) -> None:
    """Draw the strip for the window's battle into box; registers hotspots on win.spots."""
    state = win.state
    dice = state.ruleset.dice
    columns = {s: strip_columns(state, b, s) for s in ("attacker", "defender")}
    lay = layout(state, b, box, columns)
    pygame.draw.rect(surface, STRIP_BG, box, border_radius=8)
    # column backgrounds and headers
    for v, c in enumerate(lay.cols):
        if not c.w:  # the sure-hit column, empty (column_widths)
            continue
        body = pygame.Rect(c.x + 1, lay.header.bottom, c.w - 2, box.bottom - lay.header.bottom - 4)
        fill = ZERO_COL if v == 0 else (COL_A if v % 2 else COL_B)
        pygame.draw.rect(surface, fill, body, border_radius=4)
        chance = hit_chance(v, dice)
        head = pygame.Rect(c.x + 1, lay.header.y + 2, c.w - 2, lay.header.h - 4)
        pygame.draw.rect(surface, theme.mix((44, 50, 60), theme.ACCENT, 0.12 + 0.5 * chance) if v else (40, 42, 48),
                         head, border_radius=4)
        num = str(v)
        pct = f"{round(100 * chance)}%" if v else "no fire"
        ink = theme.text_on(theme.mix((44, 50, 60), theme.ACCENT, 0.12 + 0.5 * chance)) if v else theme.TEXT_DIM
        big, small = 20, 14
        wn, wp = theme.text_width(num, big, True), theme.text_width(pct, small)
        if wn + 5 + wp <= head.w - 6:  # '4 33%' on one line
            x0 = head.centerx - (wn + 5 + wp) // 2
            theme.text(surface, num, (x0, head.centery), big, ink, anchor="midleft", bold=True)
            theme.text(surface, pct, (x0 + wn + 5, head.centery + 1), small, ink, anchor="midleft")
        else:  # a narrow column: the number above, the chance below
            small = 11
            while small > 8 and theme.text_width(pct, small) > head.w - 2:
                small -= 1
            theme.text(surface, num, (head.centerx, head.y + 1), 15, ink, anchor="midtop", bold=True)
            if theme.text_width(pct, small) <= head.w - 2:
                theme.text(surface, pct, (head.centerx, head.bottom), small, ink, anchor="midbottom")
        tip = (f"Column {v}: a die hits on {v} or less, {round(100 * chance)}% per die" if v
               else "Column 0: units that do not fire (value 0, or no target they may fire at)")
        win.spots.add(head, None, tooltip=tip)
    # the middle line
    mid_y = (lay.lanes["attacker"].bottom + lay.lanes["defender"].y) // 2
    pygame.draw.line(surface, theme.PANEL_EDGE, (box.x + 8, mid_y), (box.right - 8, mid_y), 2)
    choosing_side, eligible, needed = None, set(), 0
    live = state.zone.battle
    if live is not None and live.awaiting == "casualties" and live.pools:
        pool = live.pools[0]
        choosing_side = pool.side
        eligible = {u.uid for u in B.eligible(state, pool, B.side_units(state, live, pool.side),
                                              B.firing_types_of(state, live, pool))}
        needed = win.needed()
    for side in ("attacker", "defender"):
        _draw_gutter(win, surface, lay, b, side)
        _draw_row(win, surface, lay, side, columns[side], choosing_side == side, eligible, needed)
        _draw_lane(win, surface, lay, b, side)


def step_label_size(step: str) -> int:
    """The font size at which a fire step's name ("shore bombardment", "anti-aircraft
    fire") fits the gutter whole, from 15 down to 12 (then it is elided)."""
    size = 15
    while size > 12 and theme.text_width(step, size) > GUTTER - 14:
        size -= 1
    return size


def _draw_gutter(win: BattleWindow, surface: pygame.Surface, lay: Layout, b: Battle, side: str) -> None:
    state = win.state
    row = lay.rows[side]
    x = lay.box.x + 10
    units = B.side_units(state, b, side)
    if side == "attacker":
        owners = [b.attacker]
    else:
        owners = sorted({u.owner for u in units}) or list(b.defenders)
    tall = row.h >= 96
    block = 74 if tall else 40
    # the defender's "+N intercepted" line takes room: the block starts higher so that
    # its last line stays inside the strip
    extra = 16 if tall and side == "defender" and b.interceptors else 0
    y = row.y + 6 if side == "attacker" else max(row.y + 2, row.bottom - block - extra - 4)
    sx = x
    for o in owners[:3]:
        theme.swatch(surface, pygame.Rect(sx, y + 2, 14, 14), palette.nation_color(state.scenario, o))
        sx += 17
    theme.text(surface, "Attacker" if side == "attacker" else "Defender", (sx + 3, y), 18, theme.TEXT, bold=True)
    names = ", ".join(win.game.ctl.player_name(o) for o in owners) or "—"
    theme.text(surface, theme.elide(names, GUTTER - 14, 17), (x, y + 20), 17, theme.TEXT)
    ships = [state.units[uid] for uid in b.bombard if uid in state.units] if side == "attacker" else []
    if ships:  # the ships bombarding the shore sit in the sea zone, not on the strip
        kinds: dict[str, int] = {}
        for u in ships:
            kinds[state.utype(u).name] = kinds.get(state.utype(u).name, 0) + 1
        by = min(y + (74 if tall else 38), row.bottom - 16)
        r = theme.text(surface, theme.elide(f"+{len(ships)} bombarding", GUTTER - 14, 15), (x, by), 15, theme.INFO)
        win.spots.add(r, None, tooltip="Bombarding the shore from the sea zone (round 1 only; they take no hits):\n"
                      + "\n".join(f"{n} {name}" for name, n in kinds.items()))
    if side == "defender" and b.interceptors:   # fighters that intercepted sit out the battle (G42)
        fl = [state.units[uid] for uid in b.interceptors if uid in state.units]
        if fl:
            by = y + 38 if tall else y - 16
            r = theme.text(surface, theme.elide(f"+{len(fl)} intercepted", GUTTER - 14, 15), (x, max(row.y, by)), 15,
                           theme.INFO)
            win.spots.add(r, None, tooltip="Intercepted the airdrop (one die each) and take no part in the "
                          "battle:\n" + "\n".join(state.utype(u).name for u in fl))
            if tall:
                y += 16
    if not tall:
        return
    alive = B.alive(state, units)
    lost = win.lost(side)
    count = f"{len(alive)} unit{'s' if len(alive) != 1 else ''}" + (f", {len(lost)} lost" if lost else "")
    r = theme.text(surface, theme.elide(count, GUTTER - 14, 16), (x, y + 39), 16,
                   theme.BAD if lost and not alive else theme.TEXT_DIM)
    if lost:
        win.spots.add(r, None, tooltip="Lost in this battle:\n" + win.lost_names(side))
    exp = expected_hits(state, b, side)
    r = pygame.Rect(x, y + 55, GUTTER - 14, 16)
    theme.text(surface, f"~{exp:.1f} hits/roll", r.topleft, 15, theme.TEXT_DIM)
    win.spots.add(r, None, tooltip=f"{exp:.2f} hits on average per roll at these values\n"
                  "(special values such as anti-tank fire not counted)")


def _draw_lane(win: BattleWindow, surface: pygame.Surface, lay: Layout, b: Battle, side: str) -> None:
    state = win.state
    dice = state.ruleset.dice
    lane = lay.lanes[side]
    roll = last_roll(b, side)
    label_r = pygame.Rect(lane.x + 10, lane.y, GUTTER - 14, lane.h)
    if roll is None:
        theme.text(surface, "no dice yet", (label_r.x, label_r.centery), 15, theme.TEXT_DIM, anchor="midleft")
        return
    step = B.step_title(roll.step)
    n = roll.hits - roll.void
    hits = f"{n} hit{'s' if n != 1 else ''}"
    col = theme.GOOD if n else theme.TEXT_DIM
    if lane.h >= 34:
        size = step_label_size(step)
        theme.text(surface, theme.elide(step, GUTTER - 14, size), (label_r.x, label_r.centery - 1), size,
                   theme.TEXT_DIM, anchor="bottomleft")
        theme.text(surface, hits, (label_r.x, label_r.centery), 16, col, anchor="topleft", bold=True)
        if roll.void and lane.h >= 54:
            theme.text(surface, theme.elide(f"+{roll.void} no target", GUTTER - 14, 14),
                       (label_r.x, label_r.centery + 19), 14, theme.TEXT_DIM, anchor="topleft")
    else:
        theme.text(surface, theme.elide(f"{step}: {hits}", GUTTER - 14, 15), (label_r.x, label_r.centery), 15, col,
                   anchor="midleft")
    live = state.zone.battle
    if roll.void:
        win.spots.add(label_r, None, tooltip=f"{B.hits_text(roll.hits, roll.void)}: no enemy unit here can "
                                             "take those hits (a torpedo bomber hits only ships, a submarine "
                                             "no aircraft...), so they are lost")
    if live is not None and live.awaiting == "continue":
        win.spots.add(label_r, None, tooltip=f"Dice of round {b.round - 1}; the next roll starts a new round")
    laid = indexed_dice_by_column(state, b, side)
    die = lay.die
    # a reconnaissance reroll being chosen: this side's dice are clickable here too
    rerolling = live is not None and live.awaiting == "reroll" and live is b and roll is live.rolls[-1]
    elig = set(B.reroll_eligible(state, live)) if rerolling else set()
    mine = rerolling and win.my_move()
    for v, ds in laid.items():
        c = lay.cols[v]
        per_line = max(1, (c.w - 6) // (die + 3))
        room = per_line * lay.die_rows
        shown = ds if len(ds) <= room else ds[:room - 1]
        x0 = c.x + 4
        # the lane next to the middle line: the attacker's dice hang below its units,
        # the defender's sit above its units
        for k, (utype, need, face, idx) in enumerate(shown):
            r_, c_ = divmod(k, per_line)
            y = lane.y + 4 + r_ * (die + 3)
            rect = pygame.Rect(x0 + c_ * (die + 3), y, die, die)
            hit = face <= need
            draw_strip_die(surface, rect, face, hit, dice)
            ut = state.ruleset.units.get(utype)
            tip = f"{ut.name if ut else utype}\nneeds {need} or less; rolled {face}" + ("  — hit" if hit else "")
            act = None
            if idx in elig:
                chosen = idx in win.reroll.pick
                if chosen:
                    pygame.draw.rect(surface, REROLL_PICK, rect.inflate(4, 4), width=2, border_radius=4)
                tip += "\nchosen for a reroll (click to keep it)" if chosen else "\nclick: reroll this die"
                act = (lambda j=idx: win.toggle_reroll(j)) if mine else None
            win.spots.add(rect, act, tooltip=tip)
        if len(ds) > len(shown):
            k = len(shown)
            r_, c_ = divmod(k, per_line)
            rect = pygame.Rect(x0 + c_ * (die + 3), lane.y + 4 + r_ * (die + 3), die + 10, die)
            rest = ds[len(shown):]
            nh = sum(1 for _t, need, face, _i in rest if face <= need)
            theme.text(surface, f"+{len(rest)}", rect.midleft, max(12, die - 3), theme.GOOD if nh else theme.TEXT_DIM,
                       anchor="midleft", bold=True)
            tot = sum(1 for _t, need, face, _i in ds if face <= need)
            win.spots.add(rect, None, tooltip=f"{len(ds)} dice in column {v}: {tot} hit{'s' if tot != 1 else ''}\n"
                          + " ".join(str(f) for _t, _n, f, _i in ds))


def _draw_row(win: BattleWindow, surface: pygame.Surface, lay: Layout, side: str, cols: dict[int, list[Unit]],
              choosing: bool, eligible: set[int], needed: int) -> None:
    state = win.state
    row = lay.rows[side]
    icon = lay.icon
    role = role_of(side)
    b = state.zone.battle or win.last
    enemy = B.alive(state, B.side_units(state, b, other(side))) if b is not None else []
    for v, units in cols.items():
        if not units or v >= len(lay.cols):
            continue
        c = lay.cols[v]
        sts = stacks(state, units)
        cell_w = cell_width(icon, lay.badge)
        pl = per_line(c.w, icon, lay.badge)
        lines = max(1, (row.h - 20) // (icon + 6))
        room = pl * lines
        shown = sts if len(sts) <= room else sts[:room - 1]
        # attackers fill from the middle line up, defenders from the middle line down
        for k, st in enumerate(shown):
            ln, cc = divmod(k, pl)
            x = c.x + 4 + cc * cell_w
            y = row.bottom - 4 - (ln + 1) * (icon + 6) + 2 if side == "attacker" else row.y + 6 + ln * (icon + 6)
            _draw_stack(win, surface, (x, y), icon, lay.badge, st, v, side, role, choosing, eligible, needed, enemy, b)
        if len(sts) > len(shown):
            k = len(shown)
            ln, cc = divmod(k, pl)
            x = c.x + 4 + cc * cell_w
            y = row.bottom - 4 - (ln + 1) * (icon + 6) + 2 if side == "attacker" else row.y + 6 + ln * (icon + 6)
            rest = sts[len(shown):]
            n = sum(s.count for s in rest)
            r = theme.text(surface, f"+{n}", (x + 2, y + icon // 2), 15, theme.TEXT_DIM, anchor="midleft", bold=True)
            win.spots.add(r.inflate(6, 6), None, tooltip="\n".join(
                f"{state.ruleset.units[s.type].name} ×{s.count}" for s in rest))
        total = len(units)
        if len(sts) > 1:  # the column's total, just beyond its pile
            lines_used = (min(len(sts), room) + pl - 1) // pl
            if side == "attacker":
                ty = row.bottom - 4 - lines_used * (icon + 6) - 15
            else:
                ty = row.y + 6 + lines_used * (icon + 6) + 3
            if row.y <= ty <= row.bottom - 12:
                # "9 units" where it fits, else "Σ 9"; the tooltip says what it counts either way
                text = f"{total} units"
                if theme.text_width(text, 14) > c.w - 6:
                    text = f"Σ {total}"
                r = theme.text(surface, text, (c.centerx, ty), 14, theme.TEXT_DIM, anchor="midtop")
                chance = round(100 * hit_chance(v, state.ruleset.dice))
                win.spots.add(r.inflate(6, 4), None, tooltip=f"{total} units in column {v}: each die hits on "
                              f"{v} or less ({chance}%)" if v else f"{total} units in column 0: they do not fire")


def _draw_stack(win: BattleWindow, surface: pygame.Surface, pos: tuple[int, int], icon: int, badge: bool,
                st: Stack, value: int,
                side: str, role: str, choosing: bool, eligible: set[int], needed: int, enemy: list[Unit],
                b: Battle | None) -> None:
    state = win.state
    ut = state.ruleset.units[st.type]
    col = palette.nation_color(state.scenario, st.owner)
    x, y = pos
    if st.count > 1:  # a physical stack: the counters below peek out
        for k in (2, 1) if st.count > 2 else (1,):
            pygame.draw.rect(surface, theme.darken(col, 0.45), pygame.Rect(x + 2 * k, y - 2 * k, icon, icon),
                             border_radius=max(2, icon // 7))
            pygame.draw.rect(surface, theme.darken(col, 0.7), pygame.Rect(x + 2 * k, y - 2 * k, icon, icon), width=1,
                             border_radius=max(2, icon // 7))
    rect = draw_counter(surface, (x, y), ut, ut.domain, col, icon, count=st.count if badge else 1,
                        damaged=0 if st.dead else st.damage, anchor="topleft")
    cs = count_size(icon)
    if st.count > 1 and not badge:
        theme.text(surface, f"×{st.count}", (rect.right + 5, rect.centery), cs, theme.TEXT, anchor="midleft",
                   bold=True)
    if st.dead:
        veil = pygame.Surface(rect.size, pygame.SRCALPHA)
        veil.fill((10, 10, 10, 150))
        surface.blit(veil, rect.topleft)
        pygame.draw.line(surface, theme.BAD, rect.topleft, rect.bottomright, 3)
    # round effects: first strike (FS) and special values (gold corner mark)
    fs = b is not None and B.first_strike_active(state, st.units[0], enemy, role, b.round)
    specials = [(ab.attack if role == "attack" else ab.defense, ab) for ab in ut.abilities_named("value_against")]
    specials = [(sv, ab) for sv, ab in specials if sv and sv > value]
    if fs and icon >= 20:
        tag = pygame.Rect(rect.x - 2, rect.bottom - 11, 17, 11)
        pygame.draw.rect(surface, (40, 90, 150), tag, border_radius=3)
        theme.text(surface, "FS", tag.center, 11, (240, 240, 240), anchor="center", bold=True)
    if specials and icon >= 20:
        sv = max(s for s, _ in specials)
        tag = pygame.Rect(rect.right - 12, rect.bottom - 11, 14, 12)
        pygame.draw.rect(surface, (150, 112, 40), tag, border_radius=3)
        theme.text(surface, str(sv), tag.center, 11, (250, 250, 250), anchor="center", bold=True)
    my_uids = [u.uid for u in st.units]
    marked = sum(win.choice.count(uid) for uid in my_uids) if choosing else 0
    elig = choosing and any(uid in eligible for uid in my_uids)
    if marked:
        pygame.draw.rect(surface, theme.BAD, rect.inflate(5, 5), width=3, border_radius=5)
        pygame.draw.line(surface, theme.BAD, (rect.x + 4, rect.y + 4), (rect.right - 4, rect.bottom - 4), 3)
        pygame.draw.line(surface, theme.BAD, (rect.x + 4, rect.bottom - 4), (rect.right - 4, rect.y + 4), 3)
        pill = pygame.Rect(0, 0, max(18, theme.text_width(f"-{marked}", 13, True) + 8), 15)
        pill.midtop = (rect.centerx, rect.bottom - 5)
        pygame.draw.rect(surface, theme.BAD, pill, border_radius=4)
        theme.text(surface, f"-{marked}", pill.center, 13, (255, 255, 255), anchor="center", bold=True)
    elif choosing and elig and win.my_move():
        pygame.draw.rect(surface, theme.lighten(theme.BAD, 0.4), rect.inflate(4, 4), width=1, border_radius=5)
    elif choosing and not elig and not st.dead:
        veil = pygame.Surface(rect.size, pygame.SRCALPHA)
        veil.fill((20, 22, 26, 110))
        surface.blit(veil, rect.topleft)
    aboard = [c for c in state.units.values() if c.carried_by in set(my_uids)] if b is not None else []
    if aboard and icon >= 20:  # air transports carrying their cargo in: '+1' in the airdrop's violet
        tag = pygame.Rect(rect.x - 3, rect.y - 9, 24, 12)
        pygame.draw.rect(surface, AIRBORNE_TAG, tag, border_radius=3)
        theme.text(surface, f"+{len(aboard)}", tag.center, 10, (250, 250, 250), anchor="center", bold=True)
    if st.units[0].airborne and icon >= 20:  # dropped from the air: a tag above the counter
        tag = pygame.Rect(rect.x - 3, rect.y - 9, 21, 12)
        pygame.draw.rect(surface, AIRBORNE_TAG, tag, border_radius=3)
        pygame.draw.rect(surface, (230, 210, 255), tag, width=1, border_radius=3)
        theme.text(surface, "AB", tag.center, 10, (250, 250, 250), anchor="center", bold=True)
    # tooltip
    owner = win.game.ctl.player_name(st.owner)
    lines = [f"{ut.name} ×{st.count} ({owner})"]
    dice = state.ruleset.dice
    if value:
        lines.append(f"{role} {value}: hits on {value} or less of {dice} ({round(100 * hit_chance(value, dice))}%)")
    else:
        lines.append(f"{role} {ut.value(role, min(st.damage, ut.hits - 1))}: does not fire here")
    printed = ut.value(role, min(st.damage, ut.hits - 1))
    rv = B.replaced_value(state, b, st.units[0], role) if b is not None else None
    if value and rv is not None:
        lines.append(f"{value} in round {b.round} (printed {printed}): "  # type: ignore[union-attr]
                     + ("airborne attack" if st.units[0].airborne else "round value"))
    elif value and value != printed:
        lines.append(f"printed {printed}, {'+' if value > printed else ''}{value - printed} now (support / terrain)")
    if st.units[0].airborne:
        lines.append("airborne: dropped from the air (anti-aircraft fired at it); cannot retreat")
    if aboard:
        kinds: dict[str, int] = {}
        for c in aboard:
            kinds[state.utype(c).name] = kinds.get(state.utype(c).name, 0) + 1
        lines.append("carrying " + ", ".join(f"{n} {k}" for k, n in kinds.items())
                     + ": lost with the transport; dropped if it survives the interception")
    for sv, ab in specials:
        against = ", ".join(list(ab.targets) + [DOMAIN_WORDS.get(d, d) for d in ab.domains])
        lines.append(f"{sv} against {against}")
    if fs:
        lines.append("fires first (first strike) this round")
    if st.damage and not st.dead and ut.value(role, 0) != printed:
        lines.append(f"damaged ({st.damage} hit{'s' * (st.damage > 1)}): {role} {printed}, "
                     f"{ut.value(role, 0)} undamaged")
    if ut.hits > 1:
        lines.append(f"{ut.hits - st.damage} hit(s) left each" if not st.dead else "sunk")
    if st.dead:
        lines.append("destroyed (fires back this round)")
    if choosing and win.my_move():
        lines.append("click: mark one more as a casualty; right click: unmark one" if elig
                     else "cannot take these hits")
    act = (lambda s=st: win.click_stack(s.units)) if choosing else None
    right = (lambda s=st: win.unmark_stack(s.units)) if choosing else None
    hot = rect.union(pygame.Rect(rect.right, rect.y, theme.text_width(f"×{st.count}", cs, True) + 6, rect.h)) \
        if st.count > 1 and not badge else rect
    win.spots.add(hot, act, tooltip="\n".join(lines), right=right)
