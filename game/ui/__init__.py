"""pygame-ce user interface: scenes, map view, panels, battle window, dialogs.

The UI never decides a rule: it asks `game.rules` what is legal and sends actions.
"""
