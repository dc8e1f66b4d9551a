"""The pure rules core. Never imports pygame (a test enforces it)."""
