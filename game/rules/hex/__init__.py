"""The hex rules family: Europa-style hex maps (europa, seed 003).

The grid (grid.py), loading the `hex:` blocks (load.py, model.py), movement with
terrain, ZOC and stacking (move.py), combat on the CRT (crt.py, combat.py, support.py),
supply, air drops, unit abilities, and the player-turn (phases.py).
`family.py` is the family's entry for the shared reducer.
"""
