"""The zone rules family: territories and sea zones (interwar, modern-naval, g40).

Movement, transports and carriers (movement.py), the battle and its steps (battle/),
purchase, placement, income and victory (production.py), the turn sequence
(phases.py), and the seeds' special systems (airdrop, coastal artillery,
helicopter lift, home guard, supply, carriers placed as landing spaces).
`family.py` is the family's entry for the shared reducer.
"""
