"""Error types shared by the rules core."""
from __future__ import annotations

from dataclasses import dataclass


class IllegalAction(Exception):
    """An action that the rules forbid; the message is meant for a player."""


@dataclass(frozen=True)
class Diagnostic:
    path: str
    line: int
    col: int
    severity: str  # "error" | "warning"
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}: {self.severity}: {self.message}"


class LoadError(Exception):
    """A ruleset or scenario that cannot be loaded; carries every diagnostic found."""

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = diagnostics
        super().__init__("\n".join(str(d) for d in diagnostics))
