"""Warboard: a desktop client for playing and playtesting board wargames."""
import os

# pygame prints a banner to stdout on import; commands with --json promise one JSON object
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
