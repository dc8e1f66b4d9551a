"""Balance studies: AI-vs-AI games for a ruleset and its house-rules variants
(`python -m game balance`), the statistics, the report, and the sentences that
explain a difference to a player."""
