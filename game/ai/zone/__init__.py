"""Computer players for zone maps: greedy (one ply) and standard (phase plans on exact odds)."""
