"""The odds kernels, plain Python and numba-compiled, give the same numbers.

Issue #45: the first exact odds after a fresh install come from the plain kernels while
numba compiles in a child process (docs/architecture.md, "The odds kernel"); a player
must not see the answer change when the compiled ones take over.
"""
import pytest

from game.odds import battle_odds, kernel

BATTLES = [
    # g40, the type tables (kernel.solve): the small naval battle of issue #45, battle B
    ("g40", [("destroyer", 3), ("cruiser", 2), ("battleship", 2)],
     [("destroyer", 4), ("cruiser", 2), ("battleship", 1)], "sea", {}),
    ("g40", [("infantry", 20), ("artillery", 10), ("armour", 10), ("fighter", 5)],
     [("infantry", 30), ("armour", 5), ("fighter", 3)], "land", {}),
    ("g40", [("infantry", 3), ("artillery", 1)], [("infantry", 2), ("aaa", 1)], "land", {"rounds": 2}),
    # g40, submarines and aircraft: the per-unit tables (kernel.solve_g)
    ("g40", [("submarine", 2), ("fighter", 2), ("tactical_bomber", 1)],
     [("submarine", 1), ("destroyer", 1), ("fighter", 1), ("carrier", 1)], "sea", {}),
    ("g40", [("infantry", 1), ("armour", 1)], [("infantry", 1), ("artillery", 1)], "land",
     {"bombard": [("battleship", 1), ("cruiser", 1)]}),
    # seed 001 and seed 000: linked special values, damage, fortifications, bombardment
    ("modern-naval", [("infantry", 2)], [("infantry", 2)], "land",
     {"bombard": [("cruiser", 1), ("destroyer", 1)]}),
    ("interwar", [("torpedo_bomber", 2), ("fighter", 1)], [("destroyer", 2), ("cruiser", 1)], "sea", {}),
    ("interwar", [("infantry", 4), ("artillery", 2)],
     [("fortification", 1), ("infantry", 2), ("colonial_infantry", 1)], "land", {}),
    ("interwar", [("submarine", 2), ("destroyer", 1)], [("battleship", 1), ("carrier", 1)], "sea",
     {"defender_damage": [1]}),
]
FIELDS = ("attacker_wins", "defender_wins", "draw", "expected_rounds", "attacker_cost_lost",
          "defender_cost_lost")


def _with(monkeypatch, entries, battle):
    ruleset, att, dfn, terrain, kw = battle
    monkeypatch.setattr(kernel, "kernels", lambda work=0: entries)
    return battle_odds(ruleset, att, dfn, terrain, **kw)


@pytest.mark.parametrize("battle", BATTLES, ids=lambda b: f"{b[0]}-{b[1][0][0]}-{b[2][0][0]}")
def test_plain_and_compiled_kernels_agree(monkeypatch, battle):
    compiled = kernel.KERNELS.load()
    if compiled is None:
        pytest.skip(f"numba unavailable: {kernel.KERNELS.failed}")
    plain = _with(monkeypatch, kernel.PLAIN, battle)
    fast = _with(monkeypatch, compiled, battle)
    assert plain.method == fast.method == "exact", (plain.note, fast.note)
    for f in FIELDS:
        assert getattr(plain, f) == pytest.approx(getattr(fast, f), abs=1e-12, rel=0), f
    for a, b in ((plain.attacker_survivor_distribution, fast.attacker_survivor_distribution),
                 (plain.defender_survivor_distribution, fast.defender_survivor_distribution)):
        assert a == pytest.approx(b, abs=1e-12, rel=0)


def test_the_plain_kernels_answer_while_the_compiled_ones_are_prepared(monkeypatch):
    # a fresh install (nothing compiled yet): the first odds come from the plain kernels at
    # once; the compiled ones are prepared in the background, not on the asking thread
    fresh = kernel._Kernels()
    started = []
    monkeypatch.setattr(fresh, "prepare", lambda: started.append(True))
    monkeypatch.setattr(fresh, "mode", lambda: "auto")
    monkeypatch.setattr(kernel, "KERNELS", fresh)
    assert kernel.kernels(kernel.PURE_WORK) is kernel.PLAIN and started
    r = battle_odds("g40", [("infantry", 3), ("armour", 1)], [("infantry", 3)])
    assert r.method == "exact" and fresh.compiled is None
    # a one-shot process (the odds command) loads the compiled kernels for a big battle only
    fresh.background = False
    loads = []
    monkeypatch.setattr(fresh, "load", lambda: loads.append(True))
    assert kernel.kernels(kernel.PURE_WORK) is kernel.PLAIN and not loads
    kernel.kernels(kernel.PURE_WORK + 1)
    assert loads


def test_the_odds_command_imports_neither_numba_nor_the_battle_code():
    # issue #45: `python -m game odds -` as a process was 1.3-2.0 s, mostly imports (numba,
    # the rules core's battle code for the simulation method); a small battle needs neither
    import os
    import subprocess
    import sys
    code = ("import io, sys\n"
            "sys.stdin = io.StringIO('{\"ruleset\": \"g40\", \"attacker\": [[\"infantry\", 2]], "
            "\"defender\": [[\"infantry\", 1]]}')\n"
            "from game.cli import main\n"
            "rc = main(['odds', '-'])\n"
            "print(rc, sorted(m for m in ('numba', 'game.odds.sim', 'game.rules.actions', 'pygame')"
            " if m in sys.modules))\n")
    env = dict(os.environ, WARBOARD_ODDS_KERNEL="auto")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "0 []"
