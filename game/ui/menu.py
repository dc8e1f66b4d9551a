"""The main menu (scenario picker with description) and the load dialog."""
from __future__ import annotations

import logging
import math
import os
import re
import time
from pathlib import Path

import pygame

from game.rules import options as game_options
from game.rules.errors import LoadError
from game.rules.model import Ruleset, Scenario
from game.rules.variant import ruleset_for

from . import palette, theme, widgets
from .options_dialog import GameOptionsDialog
from .scene import Scene

logger = logging.getLogger(__name__)


def list_scenarios(extra: str | None = None) -> list[tuple[str, Scenario | None, str]]:
    """(path, scenario or None, error) for every scenario file; `extra` first if not listed."""
    from game.rules.ruleset import load_scenario, load_scenario_file, scenario_files

    out: list[tuple[str, Scenario | None, str]] = []
    seen: set[str] = set()
    for p in scenario_files():   # shipped, then the user's imported ones
        try:
            sc, _ = load_scenario_file(p)
            out.append((str(p), sc, ""))
        except (LoadError, OSError, ValueError) as exc:
            first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            out.append((str(p), None, first))
        seen.add(os.path.realpath(p))
    if extra:
        try:
            sc = load_scenario(extra)
            if os.path.realpath(sc.path) not in seen:
                out.insert(0, (sc.path or extra, sc, ""))
        except (LoadError, OSError, ValueError):
            pass
    return out


_BACKDROP: dict[tuple[int, int], pygame.Surface] = {}


def backdrop(size: tuple[int, int]) -> pygame.Surface:
    """A faint hex pattern behind the menu (cached per window size)."""
    surf = _BACKDROP.get(size)
    if surf is None:
        surf = pygame.Surface(size)
        surf.fill(theme.BG)
        r = 26
        dx, dy = r * math.sqrt(3), r * 1.5
        for row in range(int(size[1] / dy) + 2):
            for col in range(int(size[0] / dx) + 2):
                cx = col * dx + (dx / 2 if row % 2 else 0)
                cy = row * dy
                pts = [(cx + r * math.cos(math.pi / 3 * i + math.pi / 6),
                        cy + r * math.sin(math.pi / 3 * i + math.pi / 6)) for i in range(6)]
                pygame.draw.polygon(surf, (31, 36, 44), pts, width=1)
        _BACKDROP.clear()
        _BACKDROP[size] = surf
    return surf


_PREVIEWS: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}


def map_preview(sc: Scenario, area: tuple[int, int]) -> pygame.Surface:
    """The scenario's map at its start, owners' colours, fitted into area (cached)."""
    key = (sc.path or sc.id, area)
    surf = _PREVIEWS.get(key)
    if surf is not None:
        return surf
    xs = [x for sp in sc.spaces.values() for x, _ in sp.polygon] or [1]
    ys = [y for sp in sc.spaces.values() for _, y in sp.polygon] or [1]
    ww, wh = max(max(xs), sc.size[0]), max(max(ys), sc.size[1])
    s = min(area[0] / ww, area[1] / wh)
    surf = pygame.Surface((max(1, int(ww * s)), max(1, int(wh * s))))
    surf.fill(theme.color(sc.background, theme.SEA))
    colors = palette.nation_colors(sc)
    for sp, poly in sorted(((s_, poly) for s_ in sc.spaces.values() for poly in s_.outlines),
                           key=lambda x: not x[0].is_sea):
        pts = [(x * s, y * s) for x, y in poly]
        if len(pts) < 3:
            continue
        if sp.is_sea:
            fill = theme.SEA
        elif sp.impassable:
            fill = theme.IMPASSABLE
        else:
            owner = sc.start_owners.get(sp.id)
            fill = theme.mix(colors[owner], theme.NEUTRAL, 0.22) if owner in colors else theme.NEUTRAL
        pygame.draw.polygon(surf, fill, pts)
        if not sp.is_sea:
            pygame.draw.polygon(surf, theme.BORDER, pts, width=1)
    for sp in sc.spaces.values():
        if sp.victory_city:
            theme.star(surf, (sp.center[0] * s, sp.center[1] * s), max(4, 7 * s ** 0.5), theme.ACCENT)
    _PREVIEWS.clear()
    _PREVIEWS[key] = surf
    return surf


class MainMenu(Scene):
    def __init__(self, app, selected: str | None = None):
        super().__init__(app)
        self.spots = widgets.Hotspots()
        self.entries = list_scenarios(selected)
        self.index = 0
        if selected:
            for i, (path, sc, _) in enumerate(self.entries):
                if sc is not None and (sc.id == selected or os.path.realpath(path) == os.path.realpath(selected)):
                    self.index = i
                    break
        else:
            for i, (_, sc, _) in enumerate(self.entries):
                if sc is not None:
                    self.index = i
                    break
        self.scroll = 0
        self.rules_pick: dict[str, int] = {}  # scenario path -> index into rule_options
        self._rule_options: dict[str, list[tuple[str | None, str, str]]] = {}
        self.without: dict[str, frozenset[str]] = {}   # ruleset id -> game options switched off

    # --- house rules (variants) -----------------------------------------------------
    def rule_options(self, sc: Scenario) -> list[tuple[str | None, str, str]]:
        """(variant file or None, title, what it changes): the published rules, then the
        house-rules variants of the scenario's ruleset in scenarios/variants/."""
        got = self._rule_options.get(sc.ruleset_id)
        if got is None:
            got = [(None, "published rules", "")]
            try:
                from game.balance.explain import unit_changes
                from game.rules.variant import base_ruleset_of, load_variant, variants_for
                for path, title in variants_for(sc.ruleset_id):
                    rs = load_variant(path)
                    got.append((str(path), title, "; ".join(unit_changes(base_ruleset_of(rs), rs))))
            except (LoadError, OSError):
                pass
            self._rule_options[sc.ruleset_id] = got
        return got

    def chosen_rules(self) -> tuple[str | None, str, str]:
        cur = self.current()
        if cur is None or cur[1] is None:
            return (None, "published rules", "")
        options = self.rule_options(cur[1])
        return options[self.rules_pick.get(cur[0], 0) % len(options)]

    def cycle_rules(self) -> None:
        cur = self.current()
        if cur is not None and cur[1] is not None:
            n = len(self.rule_options(cur[1]))
            self.rules_pick[cur[0]] = (self.rules_pick.get(cur[0], 0) + 1) % n

    # --- game options (supplied rules) ---------------------------------------------
    def chosen_ruleset(self) -> Ruleset | None:
        """The rules of the chosen scenario and house rules (None when they do not load)."""
        cur = self.current()
        if cur is None or cur[1] is None:
            return None
        try:   # the options that change nothing in this scenario are not offered
            return game_options.for_scenario(ruleset_for(cur[1], self.chosen_rules()[0]), cur[1])
        except (LoadError, OSError):
            return None

    def chosen_without(self) -> frozenset[str]:
        rs = self.chosen_ruleset()
        return self.without.get(rs.id, frozenset()) if rs is not None else frozenset()

    def open_options(self) -> None:
        rs = self.chosen_ruleset()
        if rs is None or not rs.options:
            return

        def keep(off: frozenset[str], rid: str = rs.id) -> None:
            self.without[rid] = off

        self.app.push(GameOptionsDialog(self.app, rs, self.chosen_without(), keep))

    def options_label(self, rs: Ruleset) -> str:
        off = self.without.get(rs.id, frozenset()) | rs.options_off
        on = len(rs.options) - len(off)
        return "all on" if on == len(rs.options) else f"{on} of {len(rs.options)} on"

    def draw_options_choice(self, surface: pygame.Surface, x: int, y: int, w: int, rs: Ruleset) -> int:
        """'Game options: [all on]' (click or O opens the list); returns the next y."""
        r = theme.text(surface, "Game options:", (x, y + 8), 20, theme.TEXT_DIM)
        bw = min(200, w - (r.right - x) - 12)
        off = self.without.get(rs.id, frozenset()) | rs.options_off
        names = [o.name for o in rs.options if o.id in off]
        tip = "The supplied rules (Rule of Three, supply, ...): switch them on or off  (O)"
        widgets.button(surface, self.spots, pygame.Rect(r.right + 10, y, bw, 34), self.options_label(rs),
                       self.open_options, size=19, selected=bool(names), tooltip=tip)
        room = w - (r.right - x) - bw - 30
        if names and room > 60:
            theme.text(surface, theme.elide("without " + ", ".join(names), room, 17),
                       (r.right + bw + 22, y + 9), 17, theme.INFO)
        return y + 44

    def current(self) -> tuple[str, Scenario | None, str] | None:
        if 0 <= self.index < len(self.entries):
            return self.entries[self.index]
        return None

    def start(self, vs_computer: bool) -> None:
        """A hotseat game at once; vs computer opens the setup dialog (who plays what)."""
        cur = self.current()
        if cur is None or cur[1] is None:
            self.app.notice = "Choose a scenario that loads without errors."
            return
        variant, title, _ = self.chosen_rules()
        without = self.chosen_without()
        if vs_computer:
            from .setup_dialog import NewGameSetup
            self.app.push(NewGameSetup(self.app, cur[0], cur[1], self.app.ai_level, variant=variant,
                                       rules_title=title if variant else "", without=without))
            return
        try:
            self.app.new_game(cur[0], (), variant=variant, without=without)
        except (LoadError, OSError) as exc:
            self.app.notice = f"Cannot start: {exc}"

    def load(self) -> None:
        self.app.push(LoadDialog(self.app))

    def open_calculator(self) -> None:
        """The battle calculator for the chosen scenario's rules (house rules and game
        options included), without starting a game (zone rulesets)."""
        from .calculator import CalculatorScene
        rs = self.chosen_ruleset()
        if rs is None or rs.hex is not None:
            self.app.notice = "The battle calculator is for zone maps: a hex attack shows its odds on the map."
            return
        from game.rules.options import with_options
        self.app.push(CalculatorScene(self.app, with_options(rs, self.chosen_without())))

    def open_triplea(self) -> None:
        from .triplea_dialog import TripleaImportDialog
        self.app.push(TripleaImportDialog(self.app))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_DOWN, pygame.K_s):
                self.index = min(len(self.entries) - 1, self.index + 1)
            elif event.key in (pygame.K_UP, pygame.K_w):
                self.index = max(0, self.index - 1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start(False)
            elif event.key == pygame.K_l:
                self.load()
            elif event.key == pygame.K_h:
                self.cycle_rules()
            elif event.key == pygame.K_o:
                self.open_options()
            elif event.key == pygame.K_t:
                self.open_triplea()
            elif event.key == pygame.K_c or (event.key == pygame.K_b and event.mod & pygame.KMOD_CTRL):
                self.open_calculator()
            elif event.key in (pygame.K_ESCAPE, pygame.K_q):
                self.app.quit()
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y)
            return
        self.spots.click(event)

    def draw_sides(self, surface: pygame.Surface, sc, box: pygame.Rect) -> int:
        """'Axis: ■ Germans ■ Japanese …' a line per alliance, wrapping its players onto
        more lines inside the panel; the countries that take no turns (G40's neutrals,
        politics `neutrals`) share one line. Returns the y below."""
        neutrals = set(sc.politics.neutrals) if sc.politics else set()
        rows: list[tuple[str, list]] = []
        idle: list = []
        for ally in sc.alliances:
            members = [p for p in sc.players if p.alliance == ally]
            if members and all(p.id in neutrals for p in members):
                idle.extend(members)
            else:
                rows.append((ally.replace("_", " ").title() + ":", members))
        if idle:
            rows.append(("Neutral:", idle))
        x, y = box.x, box.y
        for label, members in rows:
            theme.text(surface, label, (x, y), 21, theme.TEXT)
            xx = x + 110
            for p in members:
                w = 22 + theme.text_width(p.name, 21)
                if xx > x + 110 and xx + w > box.right:   # the rest on the next line
                    xx, y = x + 110, y + 24
                theme.swatch(surface, pygame.Rect(xx, y + 2, 16, 16), palette.nation_color(sc, p.id))
                r = theme.text(surface, theme.elide(p.name, box.right - xx - 22, 21), (xx + 22, y), 21, theme.TEXT)
                xx = r.right + 16
            y += 26
        if idle:
            theme.text(surface, "Neutral countries take no turns; the computer defends them.",
                       (x, y), 17, theme.TEXT_DIM)
            y += 22
        return y

    def draw_rules_choice(self, surface: pygame.Surface, x: int, y: int, w: int) -> int:
        """'House rules: [published rules]' (click or H cycles the variants); returns the next y."""
        _, title, changes = self.chosen_rules()
        r = theme.text(surface, "House rules:", (x, y + 8), 20, theme.TEXT_DIM)
        bw = min(320, w - (r.right - x) - 12)
        tip = "Play with a house-rules variant (scenarios/variants/)  (H)"
        if changes:
            tip = f"{title}: {changes}\n{tip}"
        widgets.button(surface, self.spots, pygame.Rect(r.right + 10, y, bw, 34), theme.elide(title, bw - 16, 19),
                       self.cycle_rules, size=19, selected=title != "published rules", tooltip=tip)
        room = w - (r.right - x) - bw - 30
        if changes and room > 60:
            theme.text(surface, theme.elide(changes, room, 17), (r.right + bw + 22, y + 9), 17, theme.INFO)
        return y + 44

    def draw(self, surface: pygame.Surface) -> None:
        self.spots.clear()
        sw, sh = surface.get_size()
        surface.blit(backdrop((sw, sh)), (0, 0))
        theme.text(surface, "WARBOARD", (60, 40), 84, theme.ACCENT, bold=True, shadow=(0, 0, 0))
        theme.text(surface, "board wargames, hotseat or against the computer", (64, 108), 26, theme.TEXT_DIM)
        list_rect = pygame.Rect(60, 160, min(420, sw // 3), sh - 160 - 60)
        theme.panel(surface, list_rect, radius=10)
        theme.text(surface, "Scenarios", (list_rect.x + 16, list_rect.y + 12), 26, theme.TEXT, bold=True)
        y = list_rect.y + 46
        row_h = 54
        if not self.entries:
            for line in theme.wrap("No scenarios found in the scenarios/ folder.", list_rect.w - 32, 20):
                theme.text(surface, line, (list_rect.x + 16, y), 20, theme.TEXT_DIM)
                y += 22
        widgets.button(surface, self.spots, pygame.Rect(list_rect.x + 10, list_rect.bottom - 50, list_rect.w - 20, 40),
                       "Open TripleA map folder…", self.open_triplea, size=19,
                       tooltip="Import a TripleA map (game XML, polygons, placements) as a scenario  (T)")
        visible = max(1, (list_rect.bottom - 56 - y - 10) // row_h)
        self.scroll = min(self.scroll, max(0, len(self.entries) - visible))
        for i, (path, sc, err) in enumerate(self.entries[self.scroll:self.scroll + visible], start=self.scroll):
            row = pygame.Rect(list_rect.x + 10, y, list_rect.w - 20, row_h - 6)
            sel = i == self.index
            pygame.draw.rect(surface, theme.mix(theme.PANEL_2, theme.ACCENT, 0.3) if sel else theme.PANEL_2, row,
                             border_radius=6)
            if sel:
                pygame.draw.rect(surface, theme.ACCENT, row, width=1, border_radius=6)
            title = sc.title if sc else Path(path).name
            theme.text(surface, theme.elide(title, row.w - 20, 23, bold=True), (row.x + 10, row.y + 5), 23,
                       theme.TEXT if sc else theme.BAD, bold=True)
            sub = (f"{sc.id} · {sc.ruleset_id} · {len(sc.players)} players" if sc else "cannot be loaded")
            theme.text(surface, theme.elide(sub, row.w - 20, 18), (row.x + 10, row.y + 27), 18, theme.TEXT_DIM)

            def pick(k: int = i) -> None:
                self.index = k

            self.spots.add(row, pick, tooltip=err if err else "")
            y += row_h
        # description
        desc = pygame.Rect(list_rect.right + 24, 160, sw - list_rect.right - 24 - 60, sh - 160 - 60 - 70)
        theme.panel(surface, desc, radius=10)
        cur = self.current()
        x, y = desc.x + 20, desc.y + 16
        if cur is not None and cur[1] is not None:
            sc = cur[1]
            theme.text(surface, theme.elide(sc.title, desc.w - 40, 36, bold=True), (x, y), 36, theme.ACCENT, bold=True)
            y += 42
            theme.text(surface, theme.elide(f"Ruleset {sc.ruleset_id}  ·  {f'{sc.turn_limit} rounds' if sc.turn_limit else 'no round limit'}  ·  "
                                            f"{len(sc.spaces)} spaces", desc.w - 40 - 240, 20),
                       (x, y), 20, theme.TEXT_DIM)
            rs_calc = self.chosen_ruleset()
            widgets.button(surface, self.spots, pygame.Rect(desc.right - 250, y - 6, 230, 32), "Battle calculator  (C)",
                           self.open_calculator, size=18, enabled=rs_calc is not None and rs_calc.hex is None,
                           tooltip="Exact odds for any two armies of this scenario's rules"
                           if rs_calc is not None and rs_calc.hex is None
                           else "Hex maps show each attack's odds column on the map")
            y += 30
            if len(self.rule_options(sc)) > 1:
                y = self.draw_rules_choice(surface, x, y, desc.w - 40)
            rs = self.chosen_ruleset()
            if rs is not None and rs.options:
                y = self.draw_options_choice(surface, x, y, desc.w - 40, rs)
            for line in theme.wrap(sc.description or "No description.", desc.w - 40, 23)[:12]:
                theme.text(surface, line, (x, y), 23, theme.TEXT)
                y += 25
            y += 12
            theme.text(surface, "Sides", (x, y), 22, theme.TEXT_DIM, bold=True)
            y += 26
            y = self.draw_sides(surface, sc, pygame.Rect(x, y, desc.w - 40, desc.bottom - y))
            if len(sc.turn_alliances) > 1:
                y += 6
                theme.text(surface, "Against the computer: choose who plays each side and the computer's level.",
                           (x, y), 19, theme.TEXT_DIM)
                y += 24
            area = pygame.Rect(x, y + 8, desc.w - 40, desc.bottom - y - 24)
            if area.w > 80 and area.h > 60:
                img = map_preview(sc, area.size)
                r = img.get_rect(midtop=area.midtop)
                surface.blit(img, r)
                pygame.draw.rect(surface, theme.PANEL_EDGE, r.inflate(2, 2), width=1)
        elif cur is not None:
            theme.text(surface, "This scenario cannot be loaded:", (x, y), 24, theme.BAD)
            y += 30
            for line in theme.wrap(cur[2], desc.w - 40, 19)[:10]:
                theme.text(surface, line, (x, y), 19, theme.TEXT)
                y += 21
        # buttons
        ok = cur is not None and cur[1] is not None
        by = desc.bottom + 16
        total = desc.w - 30
        pw = int(total * 0.3)            # the two 'New game' buttons get the long labels
        ow = (total - 2 * pw) // 2
        fs = 22 if theme.text_width("New game vs computer", 22) <= pw - 12 else 19
        roomy = theme.text_width("New game vs computer", fs) <= pw - 12
        hot_label, ai_label = ("New hotseat game", "New game vs computer") if roomy else ("Hotseat game", "Vs computer")
        load_label = "Load game…" if theme.text_width("Load game…", fs) <= ow - 12 else "Load…"
        widgets.button(surface, self.spots, pygame.Rect(desc.x, by, pw, 48), hot_label,
                       lambda: self.start(False), enabled=ok, primary=True, size=fs,
                       tooltip="All sides played at this computer  (Enter)")
        widgets.button(surface, self.spots, pygame.Rect(desc.x + pw + 10, by, pw, 48), ai_label,
                       lambda: self.start(True), enabled=ok, primary=True, size=fs,
                       tooltip="Choose the computer's sides and level")
        widgets.button(surface, self.spots, pygame.Rect(desc.x + 2 * (pw + 10), by, ow, 48), load_label,
                       self.load, tooltip="A save or an autosave  (L)", size=fs)
        widgets.button(surface, self.spots, pygame.Rect(desc.x + 2 * (pw + 10) + ow + 10, by, ow, 48), "Quit",
                       self.app.quit, tooltip="Close Warboard  (Esc)", size=fs)
        if self.app.notice:
            lines = theme.wrap(self.app.notice, sw - 140, 21)
            for i, line in enumerate(lines[:3]):
                theme.text(surface, line, (60, sh - 52 + i * 21 - 21 * (len(lines[:3]) - 1)), 21, theme.BAD)
        widgets.hover_tooltip(surface, self.spots)


_SAVE_INFO: dict[tuple[str, float], str] = {}


def _saved_title(data: dict) -> str:
    """The scenario's title the save records, else from the YAML it embeds (its top-level
    `title:` line, read without parsing the map), else the scenario id made readable."""
    if isinstance(data.get("title"), str) and data["title"]:
        return str(data["title"])
    text = (data.get("embedded") or {}).get("scenario_yaml")
    text = text if isinstance(text, str) else ""   # packed (read_save whole=False): no title
    m = re.search(r"^title:[ \t]*(.+?)[ \t]*$", text, re.M)
    if m:
        return m.group(1).strip("\"'")
    return str(data["scenario"]).replace("_", " ").title()


def save_info(path: Path) -> str:
    """'Mediterranean 1940 · Round 3 · Italy · Combat move' from a save's scenario and
    snapshot ('' if it cannot be read); autosaves add when their game started."""
    try:
        key = (str(path), path.stat().st_mtime)
    except OSError:
        return ""
    if key in _SAVE_INFO:
        return _SAVE_INFO[key]
    info = ""
    try:
        from game.io.saves import read_save
        from game.rules.zone.phases import PHASE_NAMES
        data = read_save(path, whole=False)   # the summary needs none of its embedded texts
        snap = data.get("snapshot") or {}
        parts = [_saved_title(data)]
        if snap.get("round") is not None:
            parts.append(f"Round {snap['round']}")
        if snap.get("player"):
            parts.append(str(snap["player"]).replace("_", " ").title())
        if snap.get("phase"):
            parts.append(PHASE_NAMES.get(snap["phase"], str(snap["phase"])))
        if snap.get("over"):
            parts.append("game over")
        game = data.get("game")
        if isinstance(game, dict) and game.get("started"):
            parts.append(f"started {game['started']}")
        info = "  ·  ".join(parts)
    except Exception:  # noqa: BLE001 - an unreadable save just shows no details
        logger.debug("save %s: no details to show", path, exc_info=True)
        info = ""
    _SAVE_INFO[key] = info
    return info


def save_files() -> list[tuple[Path, str]]:
    """(path, where) of saves and autosaves, newest first."""
    from game.io.saves import autosave_dir

    from .app import saves_dir
    out: list[tuple[Path, str]] = []
    for folder, tag in ((saves_dir(), "save"), (autosave_dir(), "autosave")):
        try:
            for p in folder.iterdir():
                if p.is_file() and (p.name.endswith(".json") or p.name.endswith(".json.gz")) \
                        and not p.name.startswith("."):
                    out.append((p, tag))
        except OSError:
            continue

    def mtime(item: tuple[Path, str]) -> float:
        try:
            return item[0].stat().st_mtime
        except OSError:
            return 0.0

    out.sort(key=mtime, reverse=True)
    return out


class LoadDialog(Scene):
    opaque = False
    blocks_ai = True

    def __init__(self, app, ai_sides: tuple[str, ...] = (), ai_levels: dict[str, str] | None = None):
        super().__init__(app)
        self.ai_sides = ai_sides
        self.ai_levels = dict(ai_levels or {})
        self.spots = widgets.Hotspots()
        self.files = save_files()
        self.index = 0 if self.files else -1
        self.path_text = ""
        self.error = ""
        self.scroll = 0

    def target(self) -> str | None:
        if self.path_text.strip():
            return os.path.expanduser(self.path_text.strip())
        if 0 <= self.index < len(self.files):
            return str(self.files[self.index][0])
        return None

    def load(self) -> None:
        from game.io.saves import SaveError
        path = self.target()
        if path is None:
            self.error = "Choose a save from the list or type a file path."
            return
        try:
            self.app.load_game(path, self.ai_sides, self.ai_levels)
        except SaveError as exc:
            self.error = str(exc)

    def cancel(self) -> None:
        self.app.pop(self)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.TEXTINPUT:
            self.path_text += event.text
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.cancel()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.load()
            elif event.key == pygame.K_BACKSPACE:
                self.path_text = self.path_text[:-1]
            elif event.key == pygame.K_DOWN and self.files:
                self.index = min(len(self.files) - 1, self.index + 1)
            elif event.key == pygame.K_UP and self.files:
                self.index = max(0, self.index - 1)
            elif event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL:
                self.path_text += widgets.clipboard_text()
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y)
            return
        self.spots.click(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.spots.clear()
        rect = widgets.titled_dialog(surface, 820, 600, "Load game")
        lst = pygame.Rect(rect.x + 20, rect.y + 64, rect.w - 40, rect.h - 64 - 170)
        pygame.draw.rect(surface, (28, 32, 38), lst, border_radius=6)
        y = lst.y + 6
        row_h = 40
        if not self.files:
            theme.text(surface, "No saves yet. Games are autosaved at every phase end.", (lst.x + 12, y + 6), 21,
                       theme.TEXT_DIM)
        visible = max(1, (lst.h - 12) // row_h)
        self.scroll = min(self.scroll, max(0, len(self.files) - visible))
        for i, (p, tag) in enumerate(self.files[self.scroll:self.scroll + visible], start=self.scroll):
            row = pygame.Rect(lst.x + 6, y, lst.w - 12, row_h - 4)
            sel = i == self.index and not self.path_text
            pygame.draw.rect(surface, theme.mix(theme.PANEL_2, theme.ACCENT, 0.3) if sel else theme.PANEL_2, row,
                             border_radius=5)
            info = save_info(p)
            theme.text(surface, theme.elide(p.name, row.w - 260, 20), (row.x + 10, row.y + 1), 20, theme.TEXT)
            if info:
                theme.text(surface, theme.elide(info, row.w - 260, 16), (row.x + 10, row.y + 20), 16, theme.INFO)
            try:
                when = time.strftime("%Y-%m-%d %H:%M", time.localtime(p.stat().st_mtime))
            except OSError:
                when = "?"
            theme.text(surface, f"{tag}  ·  {when}", (row.right - 10, row.centery), 19, theme.TEXT_DIM,
                       anchor="midright")

            def pick(k: int = i) -> None:
                if self.index == k and not self.path_text:
                    self.load()
                self.index = k
                self.path_text = ""

            self.spots.add(row, pick, tooltip=f"{p}\n(click again to open)")
            y += row_h
        y = lst.bottom + 14
        theme.text(surface, "Or type a file path:", (rect.x + 20, y), 21, theme.TEXT_DIM)
        field = pygame.Rect(rect.x + 20, y + 24, rect.w - 40, 38)
        pygame.draw.rect(surface, (20, 22, 26), field, border_radius=5)
        pygame.draw.rect(surface, theme.ACCENT if self.path_text else theme.PANEL_EDGE, field, width=1, border_radius=5)
        shown = self.path_text
        while shown and theme.text_width(shown, 22) > field.w - 24:
            shown = shown[1:]
        r = theme.text(surface, shown, (field.x + 10, field.centery), 22, theme.TEXT, anchor="midleft")
        if int(time.monotonic() * 2) % 2 == 0:
            pygame.draw.line(surface, theme.TEXT, (r.right + 2, field.y + 8), (r.right + 2, field.bottom - 8), 2)
        if self.error:
            for i, line in enumerate(theme.wrap(self.error, rect.w - 40, 19)[:2]):
                theme.text(surface, line, (rect.x + 20, field.bottom + 6 + i * 19), 19, theme.BAD)
        by = rect.bottom - 58
        widgets.button(surface, self.spots, pygame.Rect(rect.right - 340, by, 150, 42), "Cancel", self.cancel,
                       tooltip="Esc")
        widgets.button(surface, self.spots, pygame.Rect(rect.right - 180, by, 160, 42), "Load", self.load,
                       primary=True, enabled=self.target() is not None, tooltip="Enter")
        widgets.hover_tooltip(surface, self.spots)
