"""Hostile and careless files (issue #47): refused with file, line and reason; nothing
crashes, hangs, or reads a file the input names."""
import gzip
import json
import os

import pytest

from game.io import saves
from game.io.saves import SaveError, load_session, read_save, write_save
from game.rules import yamlloc
from game.rules.errors import LoadError
from game.rules.ruleset import Checker, load_ruleset, load_scenario, parse_scenario
from game.rules.session import Session
from game.rules.variant import ruleset_for
from game.rules.yamlloc import load_yaml, load_yaml_file

BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{n}: &{n} [{', '.join(['*' + p] * 9)}]\n" for p, n in zip("abcdefg", "bcdefgh", strict=True))


@pytest.mark.parametrize("text, line, words", [
    ("[" * 999 + "]" * 999, 1, "nested too deeply"),
    ("[" * 5000 + "]" * 5000, 1, "nesting depth"),
    ("a: " + "9" * 5000, 1, "cannot be read"),
    ("a: 1\nb: \x07\n", 2, "control characters"),
    (BOMB, 1, "aliases expand"),
    ("a: !!python/object/apply:os.system [echo pwned]\n", 1, "could not determine a constructor"),
])
def test_hostile_yaml_is_refused_with_line_and_reason(text, line, words):
    with pytest.raises(LoadError) as exc:
        load_yaml(text, "f.yaml")
    (d,) = exc.value.diagnostics
    assert d.path == "f.yaml" and d.line == line and words in d.message


def test_non_utf8_yaml_names_the_line_of_the_bad_byte(tmp_path):
    p = tmp_path / "x.yaml"
    p.write_bytes(b"a: 1\nb: '\xff'\n")
    with pytest.raises(LoadError) as exc:
        load_yaml_file(str(p))
    assert (exc.value.diagnostics[0].line, exc.value.diagnostics[0].col) == (2, 5)
    assert "not UTF-8" in exc.value.diagnostics[0].message


def test_a_fifo_device_or_oversized_file_is_never_read(tmp_path, monkeypatch):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    for p in (str(fifo), "/dev/zero", str(tmp_path)):
        with pytest.raises(LoadError, match="not a regular file"):
            load_yaml_file(p)
    big = tmp_path / "big.yaml"
    big.write_text("a: 1\n" * 100)
    monkeypatch.setattr(yamlloc, "MAX_YAML_BYTES", 100)
    with pytest.raises(LoadError, match="too large"):
        yamlloc.read_text(str(big), 100)


def test_ids_are_ids_never_paths():
    with pytest.raises(LoadError, match="not a ruleset id"):
        load_ruleset("../../etc/passwd")
    text = "id: ../../outside\nruleset: /etc/passwd\ntitle: x\nmap: {size: [10, 10]}\n"
    chk = Checker("s.yaml")
    parse_scenario(load_yaml(text, "s.yaml"), "s.yaml", chk)
    msgs = [d.message for d in chk.diags if d.severity == "error"]
    assert any("scenario.id: '../../outside' is not an id" in m for m in msgs)
    assert any("scenario.ruleset: '/etc/passwd' is not an id" in m for m in msgs)


def _save(tmp_path):
    sc = load_scenario("sarn_gulf_2031")
    s = Session(sc, ruleset_for(sc), 1)
    write_save(tmp_path / "g.json", s)
    return json.loads((tmp_path / "g.json").read_text())


def test_a_save_never_makes_warboard_read_a_file_it_names(tmp_path, monkeypatch):
    data = _save(tmp_path)
    secret = tmp_path / "secret.yaml"
    secret.write_text("id: secret\n")
    opened = []
    real_read = yamlloc.read_text
    monkeypatch.setattr(yamlloc, "read_text", lambda p, *a: opened.append(p) or real_read(p, *a))
    data["scenario_path"] = str(secret)                     # an old field: ignored
    data["variant"] = {"id": "v", "path": str(secret)}      # no embedded copy: refused
    (tmp_path / "f.json").write_text(json.dumps(data))
    with pytest.raises(SaveError, match="house rules it does not hold"):
        load_session(tmp_path / "f.json")
    assert str(secret) not in opened
    data.pop("variant")
    data["scenario"] = str(secret)                          # a path where an id belongs
    (tmp_path / "f.json").write_text(json.dumps(data))
    with pytest.raises(SaveError, match="its scenario id .* is not an id"):
        load_session(tmp_path / "f.json")
    assert str(secret) not in opened


def test_broken_save_containers_are_refused_in_one_line(tmp_path, monkeypatch):
    cases = {"deep.json": b"[" * 100000 + b"]" * 100000,
             "bad.json.gz": b"\x1f\x8b" + b"garbage" * 10,
             "bomb.json.gz": gzip.compress(b" " * 5_000_000)}
    monkeypatch.setattr(saves, "MAX_SAVE_BYTES", 1_000_000)
    for name, raw in cases.items():
        (tmp_path / name).write_bytes(raw)
        with pytest.raises(SaveError) as exc:
            read_save(tmp_path / name)
        assert "\n" not in str(exc.value) and name in str(exc.value)
    os.mkfifo(tmp_path / "pipe.json")
    with pytest.raises(SaveError, match="not a regular file"):
        read_save(tmp_path / "pipe.json")


# --- TripleA map folders ------------------------------------------------------------------
def test_triplea_xml_entities_are_refused(tmp_path):
    from game.io.triplea_files import TripleaError, parse_xml
    p = tmp_path / "g.xml"
    p.write_text('<?xml version="1.0"?>\n<!DOCTYPE game [<!ENTITY a "aaaaaaaaaa">\n'
                 '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>\n<game><info name="&b;"/></game>\n')
    with pytest.raises(TripleaError, match="g.xml:2: declares the entity 'a': entities are refused"):
        parse_xml(p)


def test_triplea_xml_too_many_elements_is_refused(tmp_path, monkeypatch):
    from game.io import triplea_files
    monkeypatch.setattr(triplea_files, "MAX_XML_ELEMENTS", 50)
    p = tmp_path / "g.xml"
    p.write_text("<game>\n" + "<connection t1='a' t2='b'/>\n" * 100 + "</game>\n")
    with pytest.raises(triplea_files.TripleaError, match="too many or too deeply nested"):
        triplea_files.parse_xml(p)


def test_polygons_beyond_the_limits_and_links_out_of_the_folder_are_refused(tmp_path, monkeypatch):
    from game.io import triplea_files
    monkeypatch.setattr(triplea_files, "MAX_POLYGON_POINTS", 100)
    p = tmp_path / "polygons.txt"
    p.write_text("Zig < " + " ".join(f"({i},{i % 2})" for i in range(500)) + " >\n")
    with pytest.raises(triplea_files.TripleaError, match=r"polygons.txt:1: Zig: too many polygon points"):
        triplea_files.read_polygons(p)
    (tmp_path / "m").mkdir()
    secret = tmp_path / "secret.txt"
    secret.write_text("the reader's secret\n")
    (tmp_path / "m" / "polygons.txt").symlink_to(secret)
    with pytest.raises(triplea_files.TripleaError) as exc:
        triplea_files.read_polygons(tmp_path / "m" / "polygons.txt")
    assert "outside the map folder" in str(exc.value) and "secret" not in str(exc.value).split(":")[-1]
    p.write_text("N" * 300 + " < (0,0) (1,0) (1,1) >\n")
    with pytest.raises(triplea_files.TripleaError, match="more than 200 characters"):
        triplea_files.read_polygons(p)


# --- values checked by meaning (issue #47, 3b) -------------------------------------------
def test_a_negative_cost_is_an_error_with_its_line(tmp_path):
    from game.rules.variant import load_variant_file
    p = tmp_path / "v.yaml"
    p.write_text("extends: g40\nunits:\n  armour: {cost: -5}\n")
    with pytest.raises(LoadError) as exc:
        load_variant_file(p)
    (d,) = [d for d in exc.value.diagnostics if d.severity == "error"]
    assert d.line == 3 and "cost: -5 is outside 0..10000" in d.message


def test_absurd_scenario_values_are_errors():
    text = ("id: s\nruleset: g40\ntitle: " + "T" * 300 + "\nmap: {size: [-10, 10]}\n"
            "players: [{id: a, alliance: x, color: '#ff0000'}]\n"
            "spaces:\n  - {id: l, kind: land, center: [5, 5], polygon: [[0,0],[9,0],[9,9]],"
            " owner: a, units: {a: {infantry: 18446744073709551617}}}\n")
    chk = Checker("s.yaml")
    parse_scenario(load_yaml(text, "s.yaml"), "s.yaml", chk)
    msgs = " | ".join(d.message for d in chk.diags if d.severity == "error")
    assert "scenario.title: 300 characters; at most 200" in msgs
    assert "map.size: [-10, 10] is outside the map" in msgs
    assert "infantry: 18446744073709551617 units; at most 10,000" in msgs


# --- temporary files and the user's own files (issue #47, 4) ------------------------------
def test_orphaned_temporary_files_go_and_autosave_rotation_keeps_the_users_files(tmp_path):
    import time
    old = time.time() - 3600
    orphan, fresh = tmp_path / ".warboard-abc123", tmp_path / ".warboard-def456"
    for p in (orphan, fresh):
        p.write_bytes(b"{")
    os.utime(orphan, (old, old))
    assert saves.remove_orphans(tmp_path) == [orphan] and fresh.exists()
    mine, notes = tmp_path / "my notes.json", tmp_path / "notes.json"
    mine.write_text("{}")
    notes.write_text('{"mine": true}')
    for p in (mine, notes):
        os.utime(p, (old, old))
    autos = []
    for i in range(12):
        p = tmp_path / f"europe_1941-20261204-0600{i:02d}-abcdef.json"
        p.write_text('{"format":"warboard-save","version":1}')
        os.utime(p, (old + i, old + i))
        autos.append(p)
    removed = saves.prune_autosaves(autos[-1], keep=10)
    assert mine.exists() and notes.exists() and sorted(removed) == autos[:2]


def test_a_point_out_of_range_is_refused(tmp_path):
    # found by `python -m game fuzz --seed 2`: a centre of 5,000 digits became infinity
    from game.io import triplea_files
    p = tmp_path / "centers.txt"
    p.write_text("Alaska (" + "9" * 5000 + ",10)\n")
    with pytest.raises(triplea_files.TripleaError, match="centers.txt:1: Alaska: a point lies outside"):
        triplea_files.read_points(p)


def test_a_huge_xml_attribute_is_refused(tmp_path):
    from game.io import triplea_files
    p = tmp_path / "g.xml"
    p.write_text("<game>\n<territory name='" + "N" * 20000 + "'/>\n</game>\n")
    with pytest.raises(triplea_files.TripleaError, match="g.xml:2: <territory> has a value of more than"):
        triplea_files.parse_xml(p)


def test_one_bad_file_in_a_scenario_folder_is_reported_and_skipped(tmp_path, monkeypatch, capsys):
    # issue #47 3b: "one bad file in a scenario folder is reported and skipped, never stops
    # the app" (a non-UTF-8 file in scenarios/, a bad file in the user's imported folder)
    import shutil

    from game import cli
    from game.rules import ruleset as rsmod
    from game.ui import menu
    shipped = tmp_path / "scenarios"
    shipped.mkdir()
    shutil.copy(rsmod.SCENARIO_DIR / "hex_tutorial.yaml", shipped / "hex_tutorial.yaml")
    (shipped / "broken.yaml").write_bytes(b"id: broken\ntitle: \xff\xfe\n")
    imported = tmp_path / "imported"
    imported.mkdir()
    (imported / "deep.yaml").write_text("[" * 5000 + "]" * 5000)
    monkeypatch.setattr(rsmod, "SCENARIO_DIR", shipped)
    monkeypatch.setattr(rsmod, "imported_dir", lambda: imported)
    assert cli.cmd_scenarios(None) == 0
    out, err = capsys.readouterr()
    assert out.startswith("hex_tutorial\t") and "broken.yaml: cannot load" in err
    listed = {os.path.basename(p): (sc is not None, why) for p, sc, why in menu.list_scenarios()}
    assert listed["hex_tutorial.yaml"] == (True, "")
    assert not listed["broken.yaml"][0] and "UTF-8" in listed["broken.yaml"][1]
    assert not listed["deep.yaml"][0] and "nesting" in listed["deep.yaml"][1]
    assert load_scenario("hex_tutorial").id == "hex_tutorial"   # the bad files hide no other


@pytest.mark.parametrize("text, words", [
    ("a:\n  ? [x, y]\n  : 1\n", "a mapping key must be a name or a number, not a list"),
    ("a: {[x]: 1}\n", "not a list"),
    ("a: {{b: 1}: 2}\n", "not a mapping"),
])
def test_a_list_or_mapping_as_a_key_is_refused_with_its_line(text, words):
    # fuzz seed 5 (issue #47): an unhashable key crashed the loader with a TypeError
    with pytest.raises(LoadError, match=words):
        load_yaml(text, "k.yaml")


def test_a_seed_note_doc_that_is_no_docs_page_is_an_error(tmp_path):
    # fuzz seed 5: a 3,000-character `doc:` made the reference check raise "File name too
    # long"; a seed note's doc is a page of docs/, checked before the file system is asked
    from game.rules.ruleset import RULESET_DIR, load_ruleset_file
    text = (RULESET_DIR / "europa.yaml").read_text()
    bad = text.replace('doc: "docs/interpretations.md#', 'doc: "' + "{" * 3000 + '.md#', 1)
    assert bad != text
    p = tmp_path / "europa.yaml"
    p.write_text(bad)
    with pytest.raises(LoadError, match=r"\.doc: a page of docs/"):
        load_ruleset_file(str(p))


V3_MAP = os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "data", "triplea",
                      "world_war_ii_v3", "map")


@pytest.mark.skipif(not os.path.isdir(V3_MAP), reason="the TripleA maps beside the repository are not present")
def test_a_triplea_player_with_turns_but_undeclared_is_refused(tmp_path):
    # fuzz seed 5: a step naming a player the game does not declare crashed with KeyError
    import shutil

    from game.io.triplea import import_map
    from game.io.triplea_files import TripleaError
    d = tmp_path / "map"
    shutil.copytree(V3_MAP, d, ignore=shutil.ignore_patterns("baseTiles"))
    xml = d / "games" / "WW2v3-1941.xml"
    xml.write_text(xml.read_text().replace('delegate="purchaseNoPU" player="Chinese"',
                                           'delegate="purchaseNoPU" player="Chinesq"'))
    with pytest.raises(TripleaError, match="player 'Chinesq' has turns in the sequence but is not declared"):
        import_map(d, game="WW2v3-1941.xml", scenario_id="x")
