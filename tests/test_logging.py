"""Logging (game/log.py), --version, `play` with an unknown scenario, and the rule that no
broad `except` in game/ swallows an error without logging it."""
import ast
import logging
import logging.handlers
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import cli, log

ROOT = Path(__file__).parents[1]
GAME = ROOT / "game"
LOG_METHODS = {"debug", "info", "warning", "error", "exception", "critical", "log"}


def _broad(handler: ast.ExceptHandler) -> bool:
    if handler.type is None:
        return True
    types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(isinstance(t, ast.Name) and t.id in ("Exception", "BaseException") for t in types)


def _logs_or_raises(handler: ast.ExceptHandler) -> bool:
    for node in (n for stmt in handler.body for n in ast.walk(stmt)):
        if isinstance(node, ast.Raise):
            return True
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in LOG_METHODS and isinstance(node.func.value, ast.Name)
                and node.func.value.id in ("logger", "log")):
            return True
    return False


def silent_broad_excepts(root: Path = GAME) -> list[str]:
    out = []
    for f in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(f.read_text(), str(f))):
            if isinstance(node, ast.ExceptHandler) and _broad(node) and not _logs_or_raises(node):
                out.append(f"{f.relative_to(root)}:{node.lineno}")
    return out


def test_every_broad_except_in_game_logs_or_reraises():
    assert silent_broad_excepts() == [], \
        "a broad except that swallows the error silently: log it (logger.warning(..., exc_info=True))"


def test_the_check_finds_a_silent_broad_except(tmp_path):
    (tmp_path / "m.py").write_text(
        "import logging\nlogger = logging.getLogger(__name__)\n"
        "try:\n    pass\nexcept Exception:\n    x = 1\n"                      # silent
        "try:\n    pass\nexcept (ValueError, BaseException):\n    pass\n"      # silent
        "try:\n    pass\nexcept:\n    pass\n"                                  # silent
        "try:\n    pass\nexcept Exception:\n    logger.debug('x', exc_info=True)\n"
        "try:\n    pass\nexcept BaseException:\n    raise\n"
        "try:\n    pass\nexcept ValueError:\n    pass\n")
    assert silent_broad_excepts(tmp_path) == ["m.py:5", "m.py:9", "m.py:13"]


# --- the excepts log what they swallow -------------------------------------------------------
def test_a_failing_planner_is_logged_and_play_goes_on_greedy(mini, monkeypatch, caplog):
    from game.ai.player import active
    from game.ai.zone import greedy, standard
    state = mini([("a1", "red", "infantry", 2)], phase="purchase")

    def broken(state):
        raise RuntimeError("planner bug")
    monkeypatch.setattr(standard, "plan_purchase", broken)
    active().clear()
    with caplog.at_level(logging.WARNING, logger="game.ai.zone.standard"):
        action = standard.choose_standard(state)
    assert action == greedy.choose_greedy(state)
    rec = [r for r in caplog.records if r.name == "game.ai.zone.standard"]
    assert len(rec) == 1 and rec[0].levelno == logging.WARNING
    assert "planner failed" in rec[0].getMessage() and "playing greedy" in rec[0].getMessage()
    assert rec[0].exc_info is not None and "planner bug" in str(rec[0].exc_info[1])
    active().clear()


def test_odds_failures_are_logged_a_bug_louder_than_a_refusal(caplog):
    from game.odds.model import OddsError
    from game.ui.odds_view import guarded

    def refused():
        raise OddsError("cannot fight at sea")

    def bug():
        raise KeyError("infantry")
    with caplog.at_level(logging.DEBUG, logger="game.ui.odds_view"):
        assert guarded(refused).error == "cannot fight at sea"
        assert guarded(bug).error == "'infantry'"
    levels = [r.levelno for r in caplog.records if r.name == "game.ui.odds_view"]
    assert levels == [logging.DEBUG, logging.WARNING]


# --- the command line --------------------------------------------------------------------------
def _run(*args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, env={**os.environ, **env})


def test_version(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.strip() == f"warboard {cli.version()}"
    assert cli.version() != "unknown"


def test_version_from_pyproject_when_not_installed(monkeypatch):
    import tomllib
    from importlib import metadata

    def missing(name):
        raise metadata.PackageNotFoundError(name)
    monkeypatch.setattr(metadata, "version", missing)
    want = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert cli.version() == want


def test_play_an_unknown_scenario_exits_2_before_any_window():
    code = ("import sys\nfrom game.cli import main\nrc = main(['play', 'NO_SUCH_SCENARIO'])\n"
            "assert 'pygame' not in sys.modules, 'pygame was imported'\nsys.exit(rc)\n")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                       timeout=120, env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    assert r.returncode == 2, r.stderr
    assert "error: no scenario 'NO_SUCH_SCENARIO'" in r.stderr
    assert r.stdout == ""


def test_play_a_known_scenario_still_opens_the_window(monkeypatch):
    from game.ui import app
    calls = []
    monkeypatch.setattr(app, "run", lambda **kw: calls.append(kw))
    assert cli.main(["play", "europe_1941", "--ai", "axis"]) == 0
    assert calls and calls[0]["scenario"] == "europe_1941" and calls[0]["ai_sides"] == ("axis",)
    # with --load the scenario only matters if the save cannot be opened: the menu says why
    calls.clear()
    assert cli.main(["play", "NO_SUCH_SCENARIO", "--load", "x.json"]) == 0
    assert calls[0]["load"] == "x.json"


def test_log_level_debug_reaches_stderr_and_the_log_file(tmp_path):
    r = _run("--log-level", "debug", "rules", "g40", XDG_STATE_HOME=str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert "DEBUG game.cli: options:" in r.stderr
    assert "INFO game.cli: warboard" in r.stderr
    text = (tmp_path / "warboard" / "log" / log.LOG_FILE).read_text()
    assert "DEBUG game.cli: options:" in text
    # after the command too; the default level keeps stderr quiet, the file still gets info
    r = _run("rules", "g40", "--log-level", "DEBUG", XDG_STATE_HOME=str(tmp_path))
    assert "DEBUG game.cli" in r.stderr
    r = _run("rules", "g40", XDG_STATE_HOME=str(tmp_path))
    assert r.returncode == 0 and "game.cli" not in r.stderr
    lines = (tmp_path / "warboard" / "log" / log.LOG_FILE).read_text().splitlines()
    assert lines[-1].endswith("rules g40 (log file %s)" % (tmp_path / "warboard" / "log" / log.LOG_FILE))


def test_an_unknown_log_level_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["--log-level", "loud", "scenarios"])
    assert exc.value.code == 2
    assert "'loud' is not one of debug, info, warning, error" in capsys.readouterr().err


def test_no_log_folder_means_stderr_only(tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setattr(log, "log_dir", lambda: blocker / "log")   # under a file: no folder
    assert log.setup("warning") is None
    err = capsys.readouterr().err
    assert "no log file" in err and "stderr only" in err
    logging.getLogger("game.test").warning("still heard")
    assert "WARNING game.test: still heard" in capsys.readouterr().err


def test_the_log_file_rotates_in_the_user_log_folder():
    path = log.setup("warning")
    assert path is not None and path.parent == log.log_dir()
    assert str(path).startswith(os.environ["XDG_STATE_HOME"])   # tests never use the real one
    handlers = [h for h in logging.getLogger("game").handlers
                if isinstance(h, logging.handlers.RotatingFileHandler)]
    assert len(handlers) == 1
    assert handlers[0].maxBytes == log.MAX_BYTES and handlers[0].backupCount == log.BACKUPS
    log.setup("info")   # again: the handlers are replaced, not added
    assert len(logging.getLogger("game").handlers) == 2
