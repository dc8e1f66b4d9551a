"""The parsed-YAML cache (issue #45): a big map reads back from it exactly as parsed,
positions included; an edited or damaged entry never serves stale or broken data."""
import shutil
import sys
from pathlib import Path

import pytest

from game.rules import yamlcache
from game.rules.errors import LoadError
from game.rules.yamlloc import load_yaml

BIG = Path(__file__).parents[2] / "scenarios" / "world_war_ii_v3_1941.yaml"


def same(a, b):
    assert type(a) is type(b)
    if isinstance(a, dict):
        assert (a.pos, a.key_pos, a.path, list(a)) == (b.pos, b.key_pos, b.path, list(b))
        for k in a:
            same(a[k], b[k])
    elif isinstance(a, list):
        assert (a.pos, a.item_pos, a.path, len(a)) == (b.pos, b.item_pos, b.path, len(b))
        for x, y in zip(a, b, strict=True):
            same(x, y)
    else:
        assert a == b


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """The user's cache folder alone (the shipped entries left out)."""
    monkeypatch.setenv("WARBOARD_CACHE", str(tmp_path))
    monkeypatch.setattr(yamlcache, "shipped_folder", lambda: tmp_path / "no-shipped-entries")
    return tmp_path


@pytest.fixture
def unread(monkeypatch):
    """No scenario read yet in this process (ruleset.load_scenario_file keeps them)."""
    from game.rules import ruleset
    monkeypatch.setattr(ruleset, "_SCENARIO_FILES", {})
    monkeypatch.setattr(ruleset, "_SCENARIO_TEXTS", {})


def test_a_cached_tree_is_the_parsed_tree(cache, monkeypatch):
    text = BIG.read_text(encoding="utf-8")
    first = load_yaml(text, "m.yaml")
    assert len(list(cache.glob("*.json"))) == 1
    second = load_yaml(text, "m.yaml")
    same(first, second)
    monkeypatch.setenv("WARBOARD_CACHE", "off")
    same(load_yaml(text, "m.yaml"), second)


def test_an_edited_text_is_parsed_again_and_a_damaged_entry_ignored(cache):
    text = BIG.read_text(encoding="utf-8")
    load_yaml(text, "m.yaml")
    (entry,) = cache.glob("*.json")
    entry.write_text('{"format": "warboard-yaml-cache/1", "data": ["d", 1')
    assert load_yaml(text, "m.yaml")["id"] == "world_war_ii_v3_1941"
    edited = text.replace("id: \"world_war_ii_v3_1941\"", "id: edited", 1)
    assert load_yaml(edited, "m.yaml")["id"] == "edited"
    with pytest.raises(LoadError, match="duplicate key"):      # errors are never cached away
        load_yaml(text + "\nid: again\n", "m.yaml")


def test_small_texts_are_not_cached(cache):
    load_yaml("a: 1\n", "s.yaml")
    assert not list(cache.glob("*.json")) and yamlcache.MIN_BYTES > 5


def test_a_point_read_from_the_cache_is_reported_at_its_line(cache, tmp_path):
    # issue #45: the cache builds a big map's points without their positions (made when an
    # error asks); an error in one still names its line and column
    from game.rules.ruleset import _load_file, parse_scenario
    text = BIG.read_text(encoding="utf-8")
    at = text.index("polygon: [[") + len("polygon: [[")
    bad = text[:at] + "-" + text[at:]          # the first outline's first x below 0
    path = tmp_path / "bad.yaml"
    path.write_text(bad, encoding="utf-8")
    errors = []
    for _ in range(2):   # parsed, then read back from the cache
        with pytest.raises(LoadError) as exc:
            _load_file(path, parse_scenario)
        errors.append([(d.line, d.col, d.message) for d in exc.value.diagnostics])
    assert yamlcache._entry(bad).is_file()   # the second read was the cache's
    line = bad.count("\n", 0, at) + 1
    assert errors[0] == errors[1] and errors[0][0][0] == line and "outside the map" in errors[0][0][2]


def test_a_scenario_file_is_parsed_once_a_process(tmp_path, monkeypatch, unread):
    # the menu parses every scenario; starting one, or opening a save of it, read it again
    # (an imported Global 1940 map: a second each time, issue #45)
    from game.rules import ruleset
    path = tmp_path / "m.yaml"
    path.write_text(BIG.read_text(encoding="utf-8"), encoding="utf-8")
    parsed = []
    real = ruleset.parse_scenario
    monkeypatch.setattr(ruleset, "parse_scenario", lambda *a, **k: parsed.append(1) or real(*a, **k))
    first, _ = ruleset.load_scenario_file(path)
    assert ruleset.load_scenario_file(path)[0] is first and len(parsed) == 1
    path.write_text(path.read_text(encoding="utf-8").replace("resources: ", "resources: 1", 1), encoding="utf-8")
    assert ruleset.load_scenario_file(path)[0] is not first and len(parsed) == 2   # edited: read again


def test_every_shipped_scenario_and_ruleset_reads_back_from_the_cache(cache, monkeypatch):
    # issue #45: the main menu reads every shipped scenario and ruleset; those under 32 KB
    # (Crete, Sarn Gulf, the rulesets) were parsed by PyYAML at every start
    from game.rules import yamlloc
    from game.rules.ruleset import RULESET_DIR, SCENARIO_DIR
    files = sorted(SCENARIO_DIR.glob("*.yaml")) + sorted(RULESET_DIR.glob("*.yaml"))
    for p in files:
        load_yaml(p.read_text(encoding="utf-8"), str(p))
    parsed = []
    real = yamlloc._Loader
    monkeypatch.setattr(yamlloc, "_Loader", lambda text: parsed.append(1) or real(text))
    for p in files:
        load_yaml(p.read_text(encoding="utf-8"), str(p))
    assert not parsed and len(files) >= 8


# --- the shipped entries (tools/gen_parsed_cache.py) -----------------------------------
ROOT = Path(__file__).parents[2]


def _shipped_files():
    from game.rules.ruleset import RULESET_DIR, SCENARIO_DIR
    return sorted(SCENARIO_DIR.glob("*.yaml")) + sorted(RULESET_DIR.glob("*.yaml"))


def test_the_shipped_entries_are_fresh():
    # issue #45: the parsed form shipped with every big scenario and ruleset is the parse
    # of its current text, and nothing else is shipped
    sys.path.insert(0, str(ROOT / "tools"))
    import gen_parsed_cache
    want = gen_parsed_cache.render()
    have = {p.name: p.read_text(encoding="utf-8") for p in yamlcache.shipped_folder().glob("*.json")}
    assert sorted(have) == sorted(want) and have == want, \
        "scenarios/parsed is stale: run python tools/gen_parsed_cache.py"


def test_a_fresh_install_parses_no_shipped_file(tmp_path, monkeypatch):
    # issue #45, "a fresh install's first launch": with an empty user cache the menu's
    # scenarios and rulesets read back from the shipped entries (no PyYAML), exactly as
    # parsed, and the user's folder stays empty
    from game.rules import yamlloc
    monkeypatch.setenv("WARBOARD_CACHE", str(tmp_path))
    parsed = []
    real = yamlloc._Loader
    monkeypatch.setattr(yamlloc, "_Loader", lambda text: parsed.append(1) or real(text))
    files = _shipped_files()
    trees = [load_yaml(p.read_text(encoding="utf-8"), str(p)) for p in files]
    assert not parsed and len(files) >= 8 and not list(tmp_path.iterdir())
    monkeypatch.setenv("WARBOARD_CACHE", "off")   # off: the shipped entries too
    same(load_yaml(BIG.read_text(encoding="utf-8"), str(BIG)), trees[[str(p) for p in files].index(str(BIG))])
    assert len(parsed) == 1


def test_a_damaged_shipped_entry_is_ignored(tmp_path, monkeypatch):
    text = BIG.read_text(encoding="utf-8")
    shipped = tmp_path / "parsed"
    shipped.mkdir()
    shutil.copy(yamlcache.shipped_folder() / yamlcache.entry_name(text), shipped)
    (shipped / yamlcache.entry_name(text)).write_text('{"format": "warboard-yaml-cache/1", "data": ["l", 1')
    monkeypatch.setattr(yamlcache, "shipped_folder", lambda: shipped)
    monkeypatch.setenv("WARBOARD_CACHE", str(tmp_path / "user"))
    assert load_yaml(text, "m.yaml")["id"] == "world_war_ii_v3_1941"
    assert (tmp_path / "user" / yamlcache.entry_name(text)).is_file()   # parsed, then kept


def test_a_scenario_is_read_without_the_cyclic_collector(tmp_path, monkeypatch, unread):
    # issue #45: the collector rescanned a big map's growing tree every few hundred new
    # objects (half the main menu's reading time); it is paused while a file is read and
    # back on after, also when the file has errors
    import gc

    from game.rules import ruleset
    seen = []
    real = ruleset.parse_scenario
    monkeypatch.setattr(ruleset, "parse_scenario", lambda *a: seen.append(gc.isenabled()) or real(*a))
    path = tmp_path / "m.yaml"
    path.write_text(BIG.read_text(encoding="utf-8"), encoding="utf-8")
    assert gc.isenabled()
    ruleset.load_scenario_file(path)
    path.write_text("id: x\nplayers: 3\n", encoding="utf-8")
    with pytest.raises(LoadError):
        ruleset.load_scenario_file(path)
    assert seen == [False, False] and gc.isenabled()


def test_the_same_scenario_text_in_two_folders_is_parsed_once(tmp_path, monkeypatch, unread):
    # issue #45: a player who imported the Global 1940 map has the shipped map's text in
    # the user folder too; the menu lists both and read each
    from game.rules import ruleset
    parsed = []
    real = ruleset.parse_scenario
    monkeypatch.setattr(ruleset, "parse_scenario", lambda *a, **k: parsed.append(1) or real(*a, **k))
    text = BIG.read_text(encoding="utf-8")
    a, b = tmp_path / "a" / "m.yaml", tmp_path / "b" / "m.yaml"
    for p in (a, b):
        p.parent.mkdir()
        p.write_text(text, encoding="utf-8")
    sa, da = ruleset.load_scenario_file(a)
    sb, db = ruleset.load_scenario_file(b)
    assert len(parsed) == 1 and (sa.path, sb.path) == (str(a), str(b))
    assert sb.spaces == sa.spaces and [d.path for d in db] == [str(b)] * len(da)
    # a scenario whose ruleset may come from its own folder (rulesets/ beside it) is not shared
    custom = text.replace('ruleset: "g40"', 'ruleset: "g40_custom_elsewhere"', 1)
    assert custom != text
    for p in (a, b):
        p.write_text(custom, encoding="utf-8")
        (p.parent / "rulesets").mkdir()
        (p.parent / "rulesets" / "g40_custom_elsewhere.yaml").write_text(
            (ruleset.RULESET_DIR / "g40.yaml").read_text(encoding="utf-8").replace("id: g40", "id: g40_custom_elsewhere", 1),
            encoding="utf-8")
    ruleset.load_scenario_file(a)
    ruleset.load_scenario_file(b)
    assert len(parsed) == 3


def _cached_entry(cache, text):
    load_yaml(text, "m.yaml")                           # parsed, and its entry written
    (entry,) = cache.glob("*.json")
    return entry


def test_an_entry_edited_by_hand_is_not_trusted(cache):
    # the entry's tree is checked against its header's SHA-256: an edit that keeps it
    # valid JSON (here the map's id) served the edited tree instead of the file's
    text = BIG.read_text(encoding="utf-8")
    entry = _cached_entry(cache, text)
    raw = entry.read_text(encoding="utf-8")
    assert raw.count('"world_war_ii_v3_1941"') == 1
    entry.write_text(raw.replace('"world_war_ii_v3_1941"', '"tampered"'), encoding="utf-8")
    assert load_yaml(text, "m.yaml")["id"] == "world_war_ii_v3_1941"


def test_another_texts_entry_under_this_texts_name_is_not_trusted(cache):
    # a stale entry (another text's parse) copied or renamed onto this text's key
    text = BIG.read_text(encoding="utf-8")
    other = text.replace('id: "world_war_ii_v3_1941"', 'id: "other"', 1)
    assert other != text
    stale = _cached_entry(cache, other)
    stale.rename(cache / yamlcache.entry_name(text))
    assert load_yaml(text, "m.yaml")["id"] == "world_war_ii_v3_1941"


@pytest.mark.parametrize("cut", [0.0, 0.3, 0.999])
def test_a_truncated_entry_is_not_trusted(cache, cut):
    text = BIG.read_text(encoding="utf-8")
    entry = _cached_entry(cache, text)
    raw = entry.read_bytes()
    entry.write_bytes(raw[:int(len(raw) * cut)])
    assert load_yaml(text, "m.yaml")["id"] == "world_war_ii_v3_1941"
    assert entry.read_bytes() == raw        # parsed again, and the entry written anew
