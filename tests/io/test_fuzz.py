"""A brief fuzz run in CI (issue #47): mutated scenarios, rulesets, variants, saves and
TripleA map files are refused cleanly or loaded, never crash and never hang. The long run
is `python -m game fuzz --minutes N`."""
import json
import shutil

import pytest

from game.fuzz import TRIPLEA_MAP, fuzz, mutate


def test_a_short_fuzz_run_has_no_crash_and_no_hang():
    tally = fuzz(cases=90, seed=4711)
    report = tally.to_json()
    assert report["crashes"] == report["hangs"] == report["unnamed"] == 0, json.dumps(report["failures"][:3])
    assert report["refused"] > 0 and set(report["by_kind"]) == {"yaml", "save", "triplea"}


def test_the_mutator_is_seeded():
    import random
    data = b"id: x\nunits:\n  inf: {cost: 3}\n"
    assert mutate(data, random.Random(5)) == mutate(data, random.Random(5))


def test_the_triplea_kind_takes_the_map_folder_it_is_given(tmp_path, caplog):
    # an installed Warboard has no ../shared beside it: `fuzz --triplea-map DIR`
    if not (TRIPLEA_MAP / "map").is_dir():
        pytest.skip("no TripleA data beside the checkout")
    copy = tmp_path / "v3"
    shutil.copytree(TRIPLEA_MAP / "map", copy / "map", ignore=shutil.ignore_patterns("*.png", "*.jpg"))
    assert set(fuzz(cases=2, seed=3, kinds=("triplea",), triplea_map=copy).to_json()["by_kind"]) == {"triplea"}
    with caplog.at_level("WARNING"):
        left = fuzz(cases=2, seed=3, kinds=("yaml", "triplea"), triplea_map=tmp_path / "absent")
    assert set(left.to_json()["by_kind"]) == {"yaml"} and "triplea kind is left out" in caplog.text


def test_a_scenario_narrows_the_yaml_mutants_to_its_files():
    # `fuzz --scenario world_war_ii_global_1940`: its file, its ruleset and that ruleset's variants
    from game.fuzz import _yaml_seeds
    names = {p.name for p, _ in _yaml_seeds("world_war_ii_global_1940")}
    assert names == {"world_war_ii_global_1940.yaml", "g40_world_war_ii_global_1940.yaml", "g40_seed_002.yaml"}


def test_the_triplea_kind_imports_a_map_with_another_game(tmp_path):
    # the Global 1940 map has no WW2v3-1941.xml: the fuzzer read it and crashed itself
    from game.fuzz import triplea_game
    games = tmp_path / "g" / "map" / "games"
    games.mkdir(parents=True)
    for name in ("b.xml", "a.xml"):
        (games / name).write_text("<game/>")
    assert triplea_game(tmp_path / "g") == "a.xml"
    (games / "WW2v3-1941.xml").write_text("<game/>")
    assert triplea_game(tmp_path / "g") == "WW2v3-1941.xml"
