"""Warboard: a desktop client for playing and playtesting board wargames."""
