"""Small overlays: hotseat hand-off, the Esc menu, 'Computer plays…', the game-over
summary."""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.rules import grammar, victory

from . import palette, theme, widgets
from .scene import Scene

if TYPE_CHECKING:
    from .game_scene import GameScene


class HandoffScene(Scene):
    """'Pass to <player>': hides the board until the next player clicks."""
    opaque = False
    blocks_ai = True

    def __init__(self, app, game: GameScene, player: str):
        super().__init__(app)
        self.game = game
        self.player = player
        self.spots = widgets.Hotspots()

    def done(self) -> None:
        self.app.pop(self)

    def task(self) -> str:
        """The decision the player is handed the screen for, when it is not their own turn:
        'choose casualties, then pass back to Germany' (interceptors, rerolls, losses)."""
        state = self.game.state
        if self.player == state.player:
            return ""
        from .game_scene import actor_task
        what = actor_task(state, plural=True)   # the imperative: "choose which fighters intercept"
        return f"{what}, then pass back to {self.game.ctl.player_name(state.player)}"

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.done()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.done()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop(self)
            self.game.open_menu()

    def draw(self, surface: pygame.Surface) -> None:
        state = self.game.state
        surface.fill(theme.BG)
        sw, sh = surface.get_size()
        try:
            p = state.scenario.player(self.player)
            col, name = palette.nation_color(state.scenario, p.id), p.name
        except KeyError:
            col, name = theme.NEUTRAL, self.player
        band = pygame.Rect(0, sh // 2 - 130, sw, 260)
        pygame.draw.rect(surface, theme.mix(theme.BG, col, 0.35), band)
        pygame.draw.line(surface, col, band.topleft, band.topright, 4)
        pygame.draw.line(surface, col, band.bottomleft, band.bottomright, 4)
        theme.text(surface, "Pass to", (sw // 2, band.y + 30), 34, theme.TEXT_DIM, anchor="midtop")
        theme.text(surface, name, (sw // 2, band.y + 66), 80, theme.text_on(theme.mix(theme.BG, col, 0.35)),
                   anchor="midtop", bold=True)
        from game.rules.zone.phases import PHASE_NAMES
        sub = f"Round {state.round}  ·  {PHASE_NAMES.get(state.phase, state.phase)}"
        task = self.task()
        if task:
            sub += f"  ·  {task}"
        theme.text(surface, theme.elide(sub, sw - 40, 28), (sw // 2, band.y + 150), 28, theme.TEXT,
                   anchor="midtop")
        b = state.zone.battle
        if task and b is not None and b.awaiting == "casualties":   # how to skip these hand-offs
            theme.text(surface, "Esc, then Defenders: default losses: defenders are no longer asked for their losses",
                       (sw // 2, band.y + 186), 18, theme.TEXT_DIM, anchor="midtop")
        theme.text(surface, "Click or press Enter to continue", (sw // 2, band.bottom - 20), 22, theme.ACCENT,
                   anchor="midbottom")
        b = state.zone.battle
        if b is not None and b.rolls:  # what was just rolled, so nobody misses the attacker's dice
            from .zone.battle_window import draw_roll, side_name
            area = pygame.Rect(sw // 2 - 380, band.bottom + 24, 760, sh - band.bottom - 40)
            theme.text(surface, f"Battle in {state.scenario.spaces[b.space].name}, round {b.round}: dice so far",
                       (area.x, area.y), 22, theme.TEXT_DIM, bold=True)
            y = area.y + 30
            for roll in b.rolls:
                if y + 24 > area.bottom:
                    break
                y = draw_roll(surface, None, state, roll, side_name(state, self.game.ctl, b, roll.side),
                              pygame.Rect(area.x, y, area.w, area.bottom - y)) + 6


class ConfirmDialog(Scene):
    """'Are you sure?' over the map: the rules' warnings, a confirm and a Cancel button.
    Enter does not confirm (it is the key that rolls, confirms casualties and closes
    windows); a click or Y does. Esc, N and a right click cancel."""
    opaque = False
    blocks_ai = True

    def __init__(self, app, title: str, lines: list[str], confirm_label: str,
                 on_confirm: Callable[[], Any], cancel_label: str = "Cancel  (Esc)"):
        super().__init__(app)
        self.title = title
        self.lines = list(lines)
        self.confirm_label = confirm_label
        self.cancel_label = cancel_label
        self.on_confirm = on_confirm
        self.spots = widgets.Hotspots()
        self.hint = ""

    def confirm(self) -> None:
        self.app.pop(self)
        self.on_confirm()

    def cancel(self) -> None:
        self.app.pop(self)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_y:
                self.confirm()
            elif event.key in (pygame.K_ESCAPE, pygame.K_n):
                self.cancel()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.hint = "Enter does not confirm here: click the button or press Y."
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.cancel()
            return
        self.spots.click(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.spots.clear()
        theme.dim(surface, 150)
        sw, sh = surface.get_size()
        w = min(620, sw - 60)
        body: list[str] = []
        for line in self.lines:
            body.extend(theme.wrap(line, w - 60, 22))
            body.append("")
        body = body[:-1]
        h = 150 + 24 * len(body) + (26 if self.hint else 0)
        rect = pygame.Rect(0, 0, w, min(h, sh - 40))
        rect.center = (sw // 2, sh // 2)
        theme.panel(surface, rect, edge=theme.BAD, radius=10)
        theme.text(surface, theme.elide(self.title, w - 40, 32, bold=True), (rect.x + 24, rect.y + 16), 32, theme.ACCENT,
                   bold=True)
        y = rect.y + 62
        for line in body:
            if y + 24 > rect.bottom - 70:
                break
            theme.text(surface, line, (rect.x + 30, y), 22, theme.TEXT)
            y += 24
        if self.hint:
            theme.text(surface, theme.elide(self.hint, w - 60, 19), (rect.x + 30, y + 2), 19, theme.INFO)
        by = rect.bottom - 62
        widgets.button(surface, self.spots, pygame.Rect(rect.x + 24, by, 200, 44), self.cancel_label, self.cancel,
                       tooltip="Go back  (Esc / N)")
        widgets.button(surface, self.spots, pygame.Rect(rect.right - 244, by, 220, 44), self.confirm_label,
                       self.confirm, primary=True, tooltip="Go ahead  (click or Y; Enter does not confirm)")
        widgets.hover_tooltip(surface, self.spots)


class ChoiceDialog(Scene):
    """A question with a button per answer and Cancel (Esc, right click): the bombing
    raid's "raid which facility, or attack?" (g40)."""
    opaque = False
    blocks_ai = True

    def __init__(self, app, title: str, lines: list[str],
                 choices: list[tuple[str, Callable[[], Any]]]):
        super().__init__(app)
        self.title = title
        self.lines = list(lines)
        self.choices = list(choices)
        self.spots = widgets.Hotspots()

    def choose(self, i: int) -> None:
        self.app.pop(self)
        self.choices[i][1]()

    def cancel(self) -> None:
        self.app.pop(self)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.cancel()
            elif pygame.K_1 <= event.key <= pygame.K_9 and event.key - pygame.K_1 < len(self.choices):
                self.choose(event.key - pygame.K_1)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.cancel()
            return
        self.spots.click(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.spots.clear()
        theme.dim(surface, 150)
        sw, sh = surface.get_size()
        w = min(560, sw - 60)
        body = [line for text in self.lines for line in theme.wrap(text, w - 60, 22)]
        h = 90 + 24 * len(body) + 50 * (len(self.choices) + 1)
        rect = pygame.Rect(0, 0, w, min(h, sh - 40))
        rect.center = (sw // 2, sh // 2)
        theme.panel(surface, rect, radius=10)
        theme.text(surface, theme.elide(self.title, w - 40, 30, bold=True), (rect.x + 24, rect.y + 16), 30,
                   theme.ACCENT, bold=True)
        y = rect.y + 58
        for line in body:
            theme.text(surface, line, (rect.x + 30, y), 22, theme.TEXT)
            y += 24
        y += 8
        for i, (label, _fn) in enumerate(self.choices):
            widgets.button(surface, self.spots, pygame.Rect(rect.x + 24, y, w - 48, 40), f"{i + 1}. {label}",
                           partial(self.choose, i), primary=i == 0, tooltip=f"{label}  ({i + 1})")
            y += 48
        widgets.button(surface, self.spots, pygame.Rect(rect.x + 24, y, 200, 40), "Cancel  (Esc)", self.cancel)
        widgets.hover_tooltip(surface, self.spots)


class EscMenu(Scene):
    opaque = False
    blocks_ai = True

    def __init__(self, app, game: GameScene):
        super().__init__(app)
        self.game = game
        self.spots = widgets.Hotspots()

    def resume(self) -> None:
        self.app.pop(self)

    def save(self) -> None:
        self.game.save_game()
        self.app.pop(self)

    def load(self) -> None:
        from .menu import LoadDialog
        self.app.push(LoadDialog(self.app, ai_sides=self.game.ctl.ai_sides, ai_levels=self.game.ctl.ai_levels))

    def calculator(self) -> None:
        self.app.pop(self)
        self.game.open_calculator()

    def save_as_scenario(self) -> None:
        self.app.pop(self)
        self.game.edit.save_as_scenario()

    def computer_plays(self) -> None:
        self.app.push(ComputerPlaysDialog(self.app, self.game))

    def toggle_default_losses(self) -> None:
        """'Defenders use their default order of loss': a human defender is not asked
        (nor handed the screen) for its casualties; kept for the next games too."""
        ctl = self.game.ctl
        ctl.default_losses = not ctl.default_losses
        self.app.default_losses = ctl.default_losses
        ctl.say("Defenders now take their losses in the default order of loss, without being asked."
                if ctl.default_losses else "Defenders choose their own casualties again.")

    def quit_to_menu(self) -> None:
        if self.game.ctl.saved:  # nothing to lose: saved (Ctrl+S or autosave) since the last action
            self.quit_now()
            return
        self.app.push(ConfirmDialog(self.app, "Quit to the main menu?",
                                    ["The game was autosaved when the last phase ended; moves made in this "
                                     "phase are lost unless you save now (Ctrl+S)."],
                                    "Quit  (Y)", self.quit_now))

    def quit_now(self) -> None:
        self.app.main_menu(selected=self.game.state.scenario.path or self.game.state.scenario.id)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.resume()
            elif event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL:
                self.save()
            elif event.key == pygame.K_b and event.mod & pygame.KMOD_CTRL:
                self.calculator()
            return
        self.spots.click(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.spots.clear()
        theme.dim(surface, 160)
        sw, sh = surface.get_size()
        rect = pygame.Rect(0, 0, 380, 562)
        rect.center = (sw // 2, sh // 2)
        theme.panel(surface, rect, radius=10)
        theme.text(surface, "Game menu", (rect.centerx, rect.y + 18), 36, theme.ACCENT, anchor="midtop", bold=True)
        items = [("Resume  (Esc)", self.resume, True, "Back to the game"),
                 ("Save game  (Ctrl+S)", self.save, True, "Save to the saves folder"),
                 ("Load game…", self.load, True, "Open a saved game or an autosave"),
                 ("Battle calculator  (Ctrl+B)", self.calculator, True,
                  "Exact odds for any two armies of this ruleset"),
                 ("Save as scenario  (Ctrl+Shift+S)", self.save_as_scenario, True,
                  "This position as a new scenario (imported scenarios) for balance and arena"),
                 ("Computer plays…", self.computer_plays, True,
                  "Hand players to the computer (and its level) or take them back; the computer "
                  "plays on from this position"),
                 ("Defenders: " + ("default losses" if self.game.ctl.default_losses else "choose losses"),
                  self.toggle_default_losses, True,
                  "Defenders use their default order of loss (no hand-off for casualties), or choose "
                  "their own; a forced loss is never asked either way"),
                 ("Quit to main menu", self.quit_to_menu, False, "The game is autosaved at every phase end")]
        y = rect.y + 72
        for label, fn, primary, tip in items:
            widgets.button(surface, self.spots, pygame.Rect(rect.x + 30, y, rect.w - 60, 46), label, fn,
                           primary=primary and label.startswith("Resume"), tooltip=tip, size=24)
            y += 58
        widgets.hover_tooltip(surface, self.spots)


class ComputerPlaysDialog(Scene):
    """'Computer plays…' (Esc menu): each player, or each alliance when the game's setup
    chose by alliance, with Human / Computer and the computer's level. A click applies at
    once (GameController.set_side); the save keeps it (players_field), and the computer
    plays on from the current position when the window closes."""
    opaque = False
    blocks_ai = True
    ROW_H = 44

    def __init__(self, app, game: GameScene):
        super().__init__(app)
        self.game = game
        self.spots = widgets.Hotspots()
        from .setup_dialog import levels
        self.levels = levels()

    def close(self) -> None:
        """Back to the game (the Esc menu it was opened from closes too)."""
        self.app.pop(self)
        if isinstance(self.app.top, EscMenu):
            self.app.pop(self.app.top)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.close()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.close()
            return
        self.spots.click(event)

    def side_name(self, side: str) -> str:
        ctl = self.game.ctl
        if side in {p.id for p in ctl.state.scenario.players}:
            return ctl.player_name(side)
        return side.replace("_", " ").title()

    def side_color(self, side: str) -> tuple[int, int, int]:
        sc = self.game.state.scenario
        member = next((p.id for p in sc.players if p.id == side or p.alliance == side), None)
        return palette.nation_color(sc, member) if member else theme.NEUTRAL

    def draw(self, surface: pygame.Surface) -> None:
        self.spots.clear()
        theme.dim(surface, 160)
        ctl = self.game.ctl
        sides = ctl.sides()
        sw, sh = surface.get_size()
        w = min(760, sw - 40)
        rect = pygame.Rect(0, 0, w, min(sh - 40, 92 + self.ROW_H * len(sides) + 76))
        rect.center = (sw // 2, sh // 2)
        theme.panel(surface, rect, radius=10)
        theme.text(surface, "Computer plays…", (rect.x + 24, rect.y + 16), 32, theme.ACCENT, bold=True)
        per = "per player" if ctl.sides_by_player() else "per alliance, as the game was set up"
        theme.text(surface, theme.elide(f"Who plays each side ({per}); applied at once, kept in the save.",
                                        w - 48, 19), (rect.x + 24, rect.y + 58), 19, theme.TEXT_DIM)
        y = rect.y + 92
        for side in sides:
            if y + self.ROW_H > rect.bottom - 60:
                break
            self.draw_row(surface, side, pygame.Rect(rect.x + 24, y, w - 48, self.ROW_H - 8))
            y += self.ROW_H
        widgets.button(surface, self.spots, pygame.Rect(rect.right - 184, rect.bottom - 56, 160, 42),
                       "Done  (Esc)", self.close, primary=True, tooltip="Back to the game: the computer plays on")
        widgets.hover_tooltip(surface, self.spots)

    def draw_row(self, surface: pygame.Surface, side: str, r: pygame.Rect) -> None:
        ctl = self.game.ctl
        computer = ctl.side_is_ai(side)
        theme.swatch(surface, pygame.Rect(r.x, r.y + 9, 18, 18), self.side_color(side))
        theme.text(surface, theme.elide(self.side_name(side), 190, 22), (r.x + 28, r.y + 6), 22, theme.TEXT)
        x = r.x + 230
        widgets.button(surface, self.spots, pygame.Rect(x, r.y, 96, r.h), "Human",
                       partial(ctl.set_side, side, False), selected=not computer, size=19,
                       tooltip=f"{grammar.says(self.side_name(side), 'is')} played by a person at this screen")
        widgets.button(surface, self.spots, pygame.Rect(x + 102, r.y, 112, r.h), "Computer",
                       partial(ctl.set_side, side, True), selected=computer, size=19,
                       tooltip=f"The computer plays {self.side_name(side)} from this position")
        level = ctl.level_of(next(p.id for p in ctl.state.scenario.players
                                  if p.id == side or p.alliance == side))
        x += 230
        for lv in self.levels:
            widgets.button(surface, self.spots, pygame.Rect(x, r.y, 84, r.h), lv,
                           partial(ctl.set_side, side, True, lv), selected=computer and lv == level,
                           size=17, tooltip=f"The computer plays at level '{lv}'")
            x += 88


class GameOverScene(Scene):
    opaque = False
    blocks_ai = True

    def __init__(self, app, game: GameScene):
        super().__init__(app)
        self.game = game
        self.spots = widgets.Hotspots()

    def verdict(self) -> str:
        """In a game against the computer whose human players all play one alliance:
        'You won', 'You lost' or 'A draw' from their side; '' otherwise (hotseat, or
        the computer against itself)."""
        ctl, state = self.game.ctl, self.game.state
        humans = ctl.human_players()
        if not ctl.ai_sides or not humans:
            return ""
        teams = {state.alliance_of(h) for h in humans}
        if len(teams) != 1:
            return ""
        if state.winner in (None, "draw"):
            return "A draw"
        return "You won" if state.winner in teams else "You lost"

    @staticmethod
    def winner_title(winner: str) -> str:
        """'Allies win', 'Axis wins' (the verb agrees with the alliance's name)."""
        from game.rules.grammar import says
        return says(winner.replace("_", " ").title(), "wins")

    def held_label(self) -> str:
        """Hex maps have objectives (the map's word for them), zone maps victory cities."""
        return "Objectives held:" if getattr(self.game, "hexplay", None) is not None else "Victory cities held:"

    def to_menu(self) -> None:
        self.app.main_menu(selected=self.game.state.scenario.path or self.game.state.scenario.id)

    def view_map(self) -> None:
        self.game.gameover_dismissed = True
        self.app.pop(self)

    def save(self) -> None:
        self.game.save_game()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.to_menu()
            return
        ctrl = event.type == pygame.KEYDOWN and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        if ctrl and event.key == pygame.K_s:   # as on the map: save, or (Shift) save as scenario
            if event.mod & pygame.KMOD_SHIFT:
                self.game.edit.save_as_scenario()
            else:
                self.save()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h:   # the whole game's history
            self.view_map()
            self.game.open_history()
            return
        self.spots.click(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.spots.clear()
        theme.dim(surface, 170)
        state = self.game.state
        sw, sh = surface.get_size()
        rect = pygame.Rect(0, 0, 620, 440)
        rect.center = (sw // 2, sh // 2)
        theme.panel(surface, rect, radius=12)
        winner = state.winner
        if winner == "draw" or winner is None:
            title, col = "A draw", theme.TEXT
        else:
            members = [p for p in state.scenario.players if p.alliance == winner]
            col = palette.nation_color(state.scenario, members[0].id) if members else theme.ACCENT
            title = self.winner_title(winner)
        verdict = self.verdict()
        head = f"Game over — {verdict.lower()}" if verdict and verdict != "A draw" else "Game over"
        theme.text(surface, head, (rect.centerx, rect.y + 20), 30,
                   {"You won": theme.GOOD, "You lost": theme.BAD}.get(verdict, theme.TEXT_DIM), anchor="midtop")
        theme.text(surface, title, (rect.centerx, rect.y + 56), 64, theme.lighten(col, 0.25), anchor="midtop",
                   bold=True)
        if winner not in (None, "draw"):
            names = ", ".join(p.name for p in state.scenario.players if p.alliance == winner)
            theme.text(surface, theme.elide(names, rect.w - 40, 24), (rect.centerx, rect.y + 114), 24,
                       theme.TEXT, anchor="midtop")
        why = next((line for line in reversed(state.log(10)) if line.startswith("Game over")), "")
        if why:
            theme.text(surface, theme.elide(why, rect.w - 40, 21), (rect.centerx, rect.y + 146), 21,
                       theme.TEXT_DIM, anchor="midtop")
        y = rect.y + 186
        limit = state.scenario.turn_limit
        theme.text(surface, f"Rounds played: {state.round}" + (f" (limit {limit})" if limit else ""),
                   (rect.x + 40, y), 24, theme.TEXT)
        y += 34
        theme.text(surface, self.held_label(), (rect.x + 40, y), 24, theme.TEXT)
        y += 30
        counts = victory.victory_cities(state)
        total = sum(1 for sp in state.scenario.spaces.values() if sp.victory_city)
        for ally, n in counts.items():
            need = state.scenario.victory_cities.get(ally)
            members = [p for p in state.scenario.players if p.alliance == ally]
            c = palette.nation_color(state.scenario, members[0].id) if members else theme.NEUTRAL
            theme.swatch(surface, pygame.Rect(rect.x + 60, y + 3, 18, 18), c)
            theme.star(surface, (rect.x + 96, y + 12), 9, theme.ACCENT)
            theme.text(surface, f"{ally.replace('_', ' ').title()}: {n} of {total}"
                       + (f"  (needs {need} to win)" if need else ""), (rect.x + 112, y + 2), 23, theme.TEXT)
            y += 28
        by = rect.bottom - 62
        widgets.button(surface, self.spots, pygame.Rect(rect.x + 24, by, 170, 44), "View the map",
                       self.view_map, tooltip="Close this summary")
        widgets.button(surface, self.spots, pygame.Rect(rect.x + 206, by, 170, 44), "Save  (Ctrl+S)",
                       self.save, tooltip="Save the finished game to the saves folder")
        widgets.button(surface, self.spots, pygame.Rect(rect.right - 224, by, 200, 44), "Main menu  (Enter)",
                       self.to_menu, primary=True)
        widgets.hover_tooltip(surface, self.spots)
