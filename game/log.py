"""Logging for the command line and the window: configured once, by the entry point.

`setup(level)` sends the records of the `game` loggers to stderr from `level` on
(`--log-level`, default warning) and to a rotating file in the user log folder
(`log_dir()`: on Linux $XDG_STATE_HOME/warboard/log) from info on, or from `level`
when that is lower. When the folder cannot be made or the file opened, stderr alone.
Library modules only do `logger = logging.getLogger(__name__)`; they never add handlers.
"""
from __future__ import annotations

import logging
import logging.handlers
import sys
from pathlib import Path

LEVELS = ("debug", "info", "warning", "error")
LOG_FILE = "warboard.log"
MAX_BYTES = 1_000_000   # a few files of bounded size: warboard.log, .1, .2, .3
BACKUPS = 3
FILE_FORMAT = "%(asctime)s %(process)d %(threadName)s %(levelname)s %(name)s: %(message)s"
STDERR_FORMAT = "%(levelname)s %(name)s: %(message)s"

log = logging.getLogger(__name__)
_handlers: list[logging.Handler] = []   # what setup() installed, replaced by the next call


class _Stderr(logging.StreamHandler):  # type: ignore[type-arg]
    """A handler writing to whatever sys.stderr is when a record comes (not the stream
    of the moment it was made: tests and redirections swap sys.stderr)."""

    def __init__(self) -> None:
        logging.Handler.__init__(self)

    @property
    def stream(self):  # type: ignore[override]
        return sys.stderr

    @stream.setter
    def stream(self, value) -> None:  # StreamHandler.setStream assigns it
        pass


def log_dir() -> Path:
    import platformdirs
    return Path(platformdirs.user_log_dir("warboard", appauthor=False))


def setup(level: str = "warning", file: bool = True) -> Path | None:
    """Configure the `game` loggers (again: the handlers of an earlier call are replaced).
    Returns the log file, or None when there is none (`file` False, or it cannot be opened)."""
    lvl = getattr(logging, level.upper())
    reset()
    root = logging.getLogger("game")
    err = _Stderr()
    err.setLevel(lvl)
    err.setFormatter(logging.Formatter(STDERR_FORMAT))
    _handlers.append(err)
    path: Path | None = None
    why_not = ""
    file_lvl = min(lvl, logging.INFO)
    if file:
        try:
            folder = log_dir()
            folder.mkdir(parents=True, exist_ok=True)
            fh = logging.handlers.RotatingFileHandler(folder / LOG_FILE, maxBytes=MAX_BYTES,
                                                      backupCount=BACKUPS, encoding="utf-8")
        except (OSError, ValueError) as exc:   # read-only home, odd platform: stderr alone
            why_not = str(exc) or type(exc).__name__
        else:
            fh.setLevel(file_lvl)
            fh.setFormatter(logging.Formatter(FILE_FORMAT))
            _handlers.append(fh)
            path = folder / LOG_FILE
    for h in _handlers:
        root.addHandler(h)
    root.setLevel(min(lvl, file_lvl) if path is not None else lvl)
    if why_not:
        log.warning("no log file (%s); logging to stderr only", why_not)
    return path


def reset() -> None:
    """Undo setup(): no handlers of ours, the `game` level back to NOTSET (tests)."""
    root = logging.getLogger("game")
    for h in _handlers:
        root.removeHandler(h)
        h.close()
    _handlers.clear()
    root.setLevel(logging.NOTSET)
