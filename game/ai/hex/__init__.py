"""Computer players for hex maps: simple (greedy-level moves) and standard (plan search with
position evaluation, rollouts near the end, scenario openings)."""
