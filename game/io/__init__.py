"""Saves, autosave and replay: versioned JSON action logs, written atomically."""
