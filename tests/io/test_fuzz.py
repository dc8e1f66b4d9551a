"""A brief fuzz run in CI (issue #47): mutated scenarios, rulesets, variants, saves and
TripleA map files are refused cleanly or loaded, never crash and never hang. The long run
is `python -m game fuzz --minutes N`."""
import json

from game.fuzz import fuzz, mutate


def test_a_short_fuzz_run_has_no_crash_and_no_hang():
    tally = fuzz(cases=90, seed=4711)
    report = tally.to_json()
    assert report["crashes"] == report["hangs"] == report["unnamed"] == 0, json.dumps(report["failures"][:3])
    assert report["refused"] > 0 and set(report["by_kind"]) == {"yaml", "save", "triplea"}


def test_the_mutator_is_seeded():
    import random
    data = b"id: x\nunits:\n  inf: {cost: 3}\n"
    assert mutate(data, random.Random(5)) == mutate(data, random.Random(5))
