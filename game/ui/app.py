"""The window, the scene stack and the 60 fps loop.

`run()` is what `python -m game` calls: the main menu, or straight into a game
with `run(scenario, ai_sides)`, or a saved game with `run(load=PATH)`.
"""
from __future__ import annotations

import logging
import os
import random
import time
from pathlib import Path

import pygame

from .scene import Scene

logger = logging.getLogger(__name__)

DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (960, 600)
FPS = 60


def saves_dir() -> Path:
    import platformdirs
    return Path(platformdirs.user_data_dir("warboard", appauthor=False)) / "saves"


class App:
    def __init__(self, surface: pygame.Surface, windowed: bool = False, ai_level: str = "standard"):
        self.surface = surface
        self.windowed = windowed
        self.ai_level = ai_level
        self.stack: list[Scene] = []
        self.running = True
        self.notice: str | None = None  # shown by the main menu (e.g. a failed load)
        self.strict = False  # tests: let interface errors raise instead of showing them
        # a frame loop runs (loop(), the bench): slow work may spread over frames (counter
        # layouts at a new zoom level); tests draw single, complete frames
        self.interactive = False
        self.frame_start = 0.0       # time.perf_counter() when this frame began (update)
        self.enter_held = False      # Enter is down (any scene got the press)
        self.enter_repeat = False    # the Enter KEYDOWN being handled is a key repeat (no KEYUP since)
        self.enter_closed_at = -1e9  # time.monotonic() when an Enter press last closed a window
        self.default_losses = False  # table preference: defenders use their default order of loss
        self.swallow_text = False    # drop the TEXTINPUT of a KEYDOWN that changed the top window

    # --- stack --------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> Scene:
        self.stack.append(scene)
        return scene

    def pop(self, scene: Scene | None = None) -> None:
        if not self.stack:
            return
        if scene is None:
            self.stack.pop()
        elif scene in self.stack:
            self.stack.remove(scene)

    def reset(self, scene: Scene) -> Scene:
        self.stack = [scene]
        return scene

    def above(self, scene: Scene) -> list[Scene]:
        if scene not in self.stack:
            return []
        return self.stack[self.stack.index(scene) + 1:]

    def quit(self) -> None:
        self.running = False

    # --- games ---------------------------------------------------------------------
    def main_menu(self, notice: str | None = None, selected: str | None = None) -> Scene:
        from .menu import MainMenu
        self.notice = notice
        return self.reset(MainMenu(self, selected=selected))

    def new_game(self, scenario: str, ai_sides: tuple[str, ...] = (), seed: int | None = None,
                 ai_levels: dict[str, str] | None = None, variant: str | None = None,
                 without: tuple[str, ...] | frozenset[str] = (),
                 seats: dict[str, str] | None = None) -> Scene:
        """A new game; the computer plays ai_sides (player or alliance ids), each at its
        level in ai_levels (side -> random | greedy | standard) or at self.ai_level;
        `variant`: a house-rules variant file of the scenario's ruleset (None: as published);
        `without`: the game options switched off; `seats`: who sits at the screen for each
        human player (GameController.seat_of)."""
        from game.rules.ruleset import load_scenario
        from game.rules.session import Session
        from game.rules.variant import ruleset_for

        from .game_scene import GameScene
        sc = load_scenario(scenario)
        rs = ruleset_for(sc, variant, tuple(without))
        session = Session(sc, rs, random.randrange(1, 2**31) if seed is None else seed)
        return self.reset(GameScene(self, session, ai_sides, self.ai_level, ai_levels=ai_levels, seats=seats))

    def load_game(self, path: str, ai_sides: tuple[str, ...] = (), ai_levels: dict[str, str] | None = None,
                  prefer_saved: bool = True, at_once: bool = True) -> Scene:
        """Open a save; raises game.io.saves.SaveError with a message for the player.
        The computer sides and levels stored in the save (its "players" field) are
        used when present and `prefer_saved`; else ai_sides / ai_levels. The game keeps
        its id (its autosave file); an older save, or one that continues from its saved
        position (its own file is kept as it was), gets a new one. `at_once`: the game
        shows its recorded position at once and replays its actions after the first
        frame, before anything is played (saves.open_save; in the window loop a slice per
        frame while the map can be looked at, GameScene.check_loaded_save; a replay that
        differs opens the save anew, as without `at_once`)."""
        from game.io.saves import (
            SaveCheck,
            game_info_of,
            load_session,
            new_game_info,
            open_save,
            players_of,
        )

        from .game_scene import GameScene
        asked = (ai_sides, ai_levels, prefer_saved)
        finish: SaveCheck | None = None
        if at_once:
            session, data, finish = open_save(path)
        else:
            session, data = load_session(path)
        saved = players_of(data)
        seats = {pid: v.split(":", 1)[1] for pid, v in saved.items() if v.startswith("human:")}
        if saved and prefer_saved:
            ids = {p.id for p in session.scenario.players}
            comp = {pid: v.split(":", 1)[1] or self.ai_level for pid, v in saved.items()
                    if pid in ids and v.startswith("computer:")}
            ai_sides, ai_levels = tuple(pid for pid in (p.id for p in session.scenario.players) if pid in comp), comp
        game = game_info_of(data)
        if game is None or data.get("notice"):
            game = new_game_info(game["started"] if game else None)
        scene = GameScene(self, session, ai_sides, self.ai_level, ai_levels=ai_levels, game=game,
                          seats=seats or None)
        if data.get("notice"):
            scene.ctl.say(str(data["notice"]), "notice")
        if finish is not None:
            def replayed(until: float, check: SaveCheck = finish) -> bool | None:
                done = check.step(until)
                if done is not False:
                    return done
                self.load_game(path, *asked, at_once=False)
                return False
            scene.ctl.check_save(replayed)
        return self.reset(scene)

    # --- frame -----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED) and self.windowed:
            win = pygame.display.get_surface()
            if win is not None:
                self.surface = win
            return
        enter = event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if enter:
            self.enter_repeat = event.type == pygame.KEYDOWN and (self.enter_held or bool(getattr(event, "repeat", 0)))
            self.enter_held = event.type == pygame.KEYDOWN
        if event.type == pygame.TEXTINPUT and self.swallow_text:
            self.swallow_text = False   # the text of the key that opened this window (T, L)
            return
        if event.type == pygame.KEYDOWN:
            self.swallow_text = False
        top = self.top
        if top is not None:
            try:
                top.handle(event)
            except Exception as exc:  # noqa: BLE001 - a UI bug must not close the game
                logger.exception("interface error handling %s; the game goes on",
                                 pygame.event.event_name(event.type))
                self.report(exc)
            if event.type == pygame.KEYDOWN and self.top is not top:
                self.swallow_text = True   # a key that opened or closed a window types nothing
            if enter and event.type == pygame.KEYDOWN and top not in self.stack:
                import time
                self.enter_closed_at = time.monotonic()

    def update(self, dt: float) -> None:
        self.frame_start = time.perf_counter()   # frame budgets count from here (the map's tiles)
        for scene in list(self.stack):
            try:
                scene.update(dt)
            except Exception as exc:  # noqa: BLE001 - a UI bug must not close the game
                logger.exception("interface error updating %s; the game goes on",
                                 type(scene).__name__)
                self.report(exc)

    def draw(self) -> None:
        start = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                start = i
                break
        if not self.stack or not self.stack[start].paints_all:
            self.surface.fill((0, 0, 0))
        for scene in self.stack[start:]:
            scene.draw(self.surface)

    def report(self, exc: Exception) -> None:
        if self.strict:
            raise exc
        from .game_scene import GameScene
        for scene in reversed(self.stack):
            if isinstance(scene, GameScene):
                scene.ctl.say(f"Interface error: {type(exc).__name__}: {exc}", "error")
                return

    def loop(self) -> None:
        clock = pygame.time.Clock()
        self.interactive = True
        while self.running and self.stack:
            dt = clock.tick(FPS) / 1000.0
            for event in pygame.event.get():
                self.handle(event)
                if not self.running:
                    break
            self.update(min(dt, 0.1))
            self.draw()
            pygame.display.flip()


def open_window(size: tuple[int, int] = DEFAULT_SIZE) -> pygame.Surface:
    from . import counters, theme
    # display and fonts only: pygame.init() would open the audio device (ALSA noise at
    # start-up on machines without sound; Warboard plays no sound)
    pygame.display.init()
    pygame.font.init()
    theme.reset_fonts()
    counters._CACHE.clear()
    pygame.display.set_caption("Warboard")
    flags = pygame.RESIZABLE
    screen = pygame.display.set_mode(size, flags)
    pygame.key.set_repeat(300, 40)
    return screen


def run(scenario: str | None = None, ai_sides: tuple[str, ...] = (), load: str | None = None,
        ai_level: str = "standard", variant: str | None = None, without: tuple[str, ...] = ()) -> None:
    """Open the window: the main menu, a new game of `scenario` (the computer
    plays `ai_sides`: alliance or player ids; `variant`: house rules), or the saved
    game `load`; `without`: game options switched off."""
    from game.io.saves import autosave_dir, remove_orphans
    for folder in (autosave_dir(), saves_dir()):
        remove_orphans(folder)   # what an interrupted save left behind
    screen = open_window()
    app = App(screen, windowed=True, ai_level=ai_level)
    try:
        start(app, scenario, ai_sides, load, variant, without)
        app.loop()
    finally:
        pygame.quit()


def start(app: App, scenario: str | None = None, ai_sides: tuple[str, ...] = (), load: str | None = None,
          variant: str | None = None, without: tuple[str, ...] = ()) -> Scene:
    """The first scene of `run`: the saved game `load`; if it cannot be opened, the menu
    with the reason and, when a scenario was named too, that scenario's new-game setup."""
    from game.rules.errors import LoadError
    if load:
        from game.io.saves import SaveError
        try:
            return app.load_game(load, tuple(ai_sides), prefer_saved=not ai_sides)
        except SaveError as exc:
            if not scenario:
                return app.main_menu(notice=str(exc))
            return new_game_setup(app, scenario, tuple(ai_sides), variant, str(exc), without)
    if scenario:
        try:
            return app.new_game(scenario, tuple(ai_sides), variant=variant, without=without)
        except (LoadError, OSError) as exc:
            return app.main_menu(notice=f"Cannot open scenario {scenario}: {exc}")
    return app.main_menu()


def new_game_setup(app: App, scenario: str, ai_sides: tuple[str, ...], variant: str | None,
                   why: str, without: tuple[str, ...] = ()) -> Scene:
    """The menu, and over it the new-game setup of `scenario` saying `why` (a save that
    could not be opened); the menu alone, saying why not, if the scenario cannot load."""
    from game.rules.errors import LoadError
    from game.rules.ruleset import load_scenario
    try:
        sc = load_scenario(scenario)
        if variant or without:
            from game.rules.variant import ruleset_for
            ruleset_for(sc, variant, without)
    except (LoadError, OSError, ValueError) as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        return app.main_menu(notice=f"{why} A new game of {scenario} cannot start either: {first}")
    from .setup_dialog import NewGameSetup
    app.main_menu(notice=why, selected=sc.path or sc.id)
    setup = NewGameSetup(app, sc.path or scenario, sc, app.ai_level, variant=variant,
                         rules_title=Path(variant).stem.replace("_", " ") if variant else "",
                         notice=f"{why} Start a new game of {sc.title} instead?",
                         without=frozenset(without))
    # `--ai SIDE`: those sides are the computer's; without --ai the game asked for was a
    # hotseat game, and the new one offered instead is one too (every side human)
    players = {p.id for p in sc.players}
    setup.per_player = any(s in players for s in ai_sides)
    for side in setup.computer:
        setup.computer[side] = side in ai_sides or (side in players and sc.player(side).alliance in ai_sides)
    return app.push(setup)


if __name__ == "__main__":  # pragma: no cover
    run(os.environ.get("WARBOARD_SCENARIO"))
