import os
import tempfile
from dataclasses import replace
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# the parsed-YAML cache of this test run, never the user's (game/rules/yamlcache.py)
os.environ.setdefault("WARBOARD_CACHE", tempfile.mkdtemp(prefix="warboard-test-cache-"))
# the user data folder (autosaves, imported scenarios) of this test run, never the user's
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp(prefix="warboard-test-data-")
# the log folder (platformdirs.user_log_dir: $XDG_STATE_HOME/warboard/log on Linux) likewise
os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="warboard-test-state-")

from game.rules.actions import new_game  # noqa: E402
from game.rules.ruleset import load_ruleset, load_scenario_file  # noqa: E402

FIXTURES = Path(__file__).parent / "fixtures"


def mini_state(units=(), seed=1, dice=(), phase="combat_move", player="red", **kw):
    """A game on the mini map with exactly these units: (space, owner, type, count)."""
    sc, _ = load_scenario_file(FIXTURES / "mini.yaml")
    sc = replace(sc, start_units=tuple(units), **kw)
    state = new_game(sc, load_ruleset("g40"), seed, scripted_dice=tuple(dice))
    state.phase_idx = state.ruleset.phases.index(phase)
    state.player_idx = [p.id for p in sc.players].index(player)
    return state


@pytest.fixture
def mini():
    return mini_state


@pytest.fixture(autouse=True)
def _no_logging_left_over():
    """`game.cli.main` configures logging (game/log.py); the next test starts without it."""
    yield
    from game import log
    log.reset()


@pytest.fixture
def ai_knobs():
    """`ai_knobs(rounds=0, ...)`: the computer players decide under a config with these
    knobs changed (game/ai/config.py) until the test ends; calls add up."""
    from contextlib import ExitStack

    from game.ai import config
    with ExitStack() as stack:
        def change(**knobs):
            return stack.enter_context(config.using(config.current().replace(**knobs)))
        yield change
