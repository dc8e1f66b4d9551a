"""TripleA map import (game/io/triplea.py): counts match the XML, bad folders give
clear errors, the scenario round-trips through lint, custom units get a ruleset."""
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from game.cli import lint_paths
from game.io.triplea import import_map
from game.io.triplea_files import TripleaError
from game.io.triplea_write import scenario_yaml, write
from game.rules.ruleset import load_scenario_file

ROOT = Path(__file__).resolve().parents[2]
V3 = next((p / "shared" / "data" / "triplea" / "world_war_ii_v3" for p in (ROOT.parent, ROOT.parent.parent)
           if (p / "shared").is_dir()), ROOT.parent / "shared" / "data" / "triplea" / "world_war_ii_v3")
V3_XML = V3 / "map" / "games" / "WW2v3-1941.xml"
needs_v3 = pytest.mark.skipif(not V3_XML.exists(), reason="../shared TripleA data not present")


def xml_counts(path: Path) -> dict[str, int]:
    """The numbers the import must reproduce, read with a different parser."""
    g = ET.parse(path).getroot()
    terr = g.findall("./map/territory")
    water = [t for t in terr if t.get("water") == "true"]
    units = [u for u in g.iter("unitPlacement") if u.get("unitType") != "factory"]
    return {"territories": len(terr), "sea": len(water), "land": len(terr) - len(water),
            "connections": len(g.findall("./map/connection")),
            "players": len(g.findall("./playerList/player")),
            "starting units": sum(int(u.get("quantity")) for u in units),
            "factories": sum(1 for u in g.iter("unitPlacement") if u.get("unitType") == "factory")}


@pytest.fixture(scope="module")
def v3(tmp_path_factory):
    if not V3_XML.exists():
        pytest.skip("../shared TripleA data not present")
    imp = import_map(V3, game="WW2v3-1941.xml", scenario_id="world_war_ii_v3_1941")
    out = tmp_path_factory.mktemp("v3") / "world_war_ii_v3_1941.yaml"
    write(imp, out)
    return imp, out


@needs_v3
def test_v3_counts_match_the_xml(v3):
    imp, out = v3
    want = xml_counts(V3_XML)
    for k, v in want.items():
        assert imp.report.counts[k] == v, k
    sc, _ = load_scenario_file(out)
    assert len(sc.spaces) == want["territories"] == 162
    assert sum(1 for s in sc.spaces.values() if s.is_sea) == want["sea"]
    assert len(sc.players) == want["players"]
    assert sum(len(s.adjacent) for s in sc.spaces.values()) == 2 * want["connections"]
    # every starting unit is on the board (cargo at sea goes ashore, never dropped)
    assert sum(n for _, _, _, n in sc.start_units) == want["starting units"]
    assert len(sc.start_factories) == want["factories"]


@needs_v3
def test_v3_details(v3):
    imp, out = v3
    sc, _ = load_scenario_file(out)
    assert [p.id for p in sc.players] == ["germans", "russians", "japanese", "british", "italians",
                                          "americans", "chinese"]
    assert {p.id: p.capital for p in sc.players}["germans"] == "germany"
    assert {p.id: p.power for p in sc.players}["russians"] == "russia"
    assert sc.player("germans").color == "#5a5a5a"          # map.properties color.Germans
    assert sc.spaces["afghanistan"].impassable
    assert sc.spaces["sea_zone_54"].is_sea
    assert sum(1 for s in sc.spaces.values() if s.victory_city) == 18
    assert sc.victory_cities == {"axis": 13, "allies": 13}   # Projection of Power
    assert len(sc.spaces["caroline_islands"].extra_polygons) == 41  # 42 outlines in polygons.txt
    assert sc.spaces["russia"].places                          # place.txt
    text = imp.report.text()
    for needle in ("17 national objectives", "technolog", "bidding",
                   "carrier: g40 values used", "start ashore", "interleaved"):
        assert needle in text, needle


@needs_v3
def test_v3_round_trips_through_lint(v3):
    _, out = v3
    diags = lint_paths([str(out)])
    assert not [d for d in diags if d.severity == "error"], diags


@needs_v3
def test_committed_scenario_is_the_current_import(v3):
    imp, _ = v3
    committed = ROOT / "scenarios" / "world_war_ii_v3_1941.yaml"
    assert committed.read_text(encoding="utf-8") == scenario_yaml(imp.scenario, imp.report), \
        "re-run: python -m game import-triplea ../shared/data/triplea/world_war_ii_v3 --game WW2v3-1941.xml " \
        "--out scenarios/world_war_ii_v3_1941.yaml"


# --- broken folders --------------------------------------------------------------------------
def tiny_map(tmp_path: Path, xml: str | None = None, wrap: bool = False) -> Path:
    """A three-territory map folder with a custom unit type."""
    d = tmp_path / "tiny"
    (d / "games").mkdir(parents=True)
    (d / "polygons.txt").write_text(
        "Alpha  <  (0,0) (100,0) (100,100) (0,100) >\n"
        "Beta  <  (100,0) (200,0) (200,100) (100,100) >\n"
        "Sea 1  <  (0,100) (200,100) (200,200) (0,200) >  <  (300,300) (310,300) (310,310) >\n")
    (d / "centers.txt").write_text("Alpha  (50,50)\nBeta  (150,50)\nSea 1  (100,150)\n")
    (d / "place.txt").write_text("Alpha  (26,26)  (60,26)\nSea 1  (76,126)\n")
    (d / "map.properties").write_text("color.Reds=aa0000\ncolor.Blues=0000aa\nmap.width=320\n"
                                      "map.height=320\n" + ("map.scrollWrapX=true\n" if wrap else ""))
    (d / "games" / "tiny.xml").write_text(xml or TINY_XML)
    return d


TINY_XML = """<?xml version="1.0"?>
<game>
  <info name="Tiny War" version="1"/>
  <map>
    <territory name="Alpha"/>
    <territory name="Beta"/>
    <territory name="Sea 1" water="true"/>
    <connection t1="Alpha" t2="Beta"/>
    <connection t1="Alpha" t2="Sea 1"/>
    <connection t1="Beta" t2="Sea 1"/>
  </map>
  <playerList>
    <player name="Reds"/>
    <player name="Blues"/>
    <alliance player="Reds" alliance="East"/>
    <alliance player="Blues" alliance="West"/>
  </playerList>
  <unitList><unit name="infantry"/><unit name="war_elephant"/><unit name="factory"/></unitList>
  <gamePlay>
    <delegate name="move" javaClass="games.strategy.triplea.delegate.MoveDelegate"/>
    <sequence>
      <step name="redMove" delegate="move" player="Reds"/>
      <step name="blueMove" delegate="move" player="Blues"/>
    </sequence>
  </gamePlay>
  <production>
    <productionRule name="buyElephant"><cost resource="PUs" quantity="7"/>
      <result resourceOrUnit="war_elephant" quantity="1"/></productionRule>
  </production>
  <attachmentList>
    <attachment name="unitAttachment" attachTo="war_elephant" type="unitType">
      <option name="movement" value="1"/><option name="attack" value="4"/>
      <option name="defense" value="3"/><option name="canBlitz" value="true"/>
      <option name="trumpets" value="3"/>
    </attachment>
    <attachment name="territoryAttachment" attachTo="Alpha" type="territory">
      <option name="production" value="3"/><option name="capital" value="Reds"/>
      <option name="victoryCity" value="1"/>
    </attachment>
    <attachment name="territoryAttachment" attachTo="Beta" type="territory">
      <option name="production" value="2"/><option name="capital" value="Blues"/>
      <option name="victoryCity" value="1"/>
    </attachment>
  </attachmentList>
  <initialize>
    <ownerInitialize>
      <territoryOwner territory="Alpha" owner="Reds"/>
      <territoryOwner territory="Beta" owner="Blues"/>
    </ownerInitialize>
    <unitInitialize>
      <unitPlacement unitType="war_elephant" territory="Alpha" quantity="2" owner="Reds"/>
      <unitPlacement unitType="factory" territory="Alpha" quantity="1" owner="Reds"/>
      <unitPlacement unitType="infantry" territory="Beta" quantity="3" owner="Blues"/>
      <unitPlacement unitType="factory" territory="Beta" quantity="1" owner="Blues"/>
    </unitInitialize>
  </initialize>
</game>
"""


def test_custom_unit_gets_a_derived_ruleset_beside_the_scenario(tmp_path):
    d = tiny_map(tmp_path, wrap=True)
    imp = import_map(d)
    files = write(imp, tmp_path / "out" / "tiny_war.yaml")
    assert files[1] == tmp_path / "out" / "rulesets" / "g40_tiny_war.yaml"
    sc, _ = load_scenario_file(files[0])          # finds rulesets/ beside it
    assert sc.ruleset_id == "g40_tiny_war" and sc.wrap_x
    from game.rules.ruleset import load_ruleset
    ele = load_ruleset("g40_tiny_war").units["war_elephant"]
    assert (ele.attack, ele.defense, ele.move, ele.cost) == (4, 3, 1, 7)
    assert ele.has("blitz") and "trumpets=3" in ele.description
    assert "infantry" in load_ruleset("g40_tiny_war").units   # the g40 units stay
    text = imp.report.text()
    assert "custom unit 'war_elephant'" in text and "trumpets" in text and "wraps" in text
    assert len(sc.spaces["sea_1"].extra_polygons) == 1
    assert not [d for d in lint_paths([str(files[0])]) if d.severity == "error"]


def test_an_import_leaves_its_files_parsed_in_the_cache(tmp_path, monkeypatch):
    # issue #45: the menu's first listing of a freshly imported map reads the parsed-YAML
    # cache, not PyYAML (import-triplea and the import dialog both write through write())
    from game.rules import yamlcache, yamlloc
    monkeypatch.setenv("WARBOARD_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(yamlcache, "MIN_BYTES", 0)   # the tiny map is far below it
    files = write(import_map(tiny_map(tmp_path, wrap=True)), tmp_path / "out" / "tiny_war.yaml")
    parsed = []
    real = yamlloc._Loader
    monkeypatch.setattr(yamlloc, "_Loader", lambda text: parsed.append(1) or real(text))
    for f in files:
        assert (tmp_path / "cache" / yamlcache.entry_name(f.read_text(encoding="utf-8"))).is_file()
        yamlloc.load_yaml_file(str(f))
    assert len(files) == 2 and not parsed


def test_truncated_xml_names_file_and_line(tmp_path):
    d = tiny_map(tmp_path, xml=TINY_XML[: TINY_XML.index("<attachmentList>") + 40])
    with pytest.raises(TripleaError) as exc:
        import_map(d)
    assert "tiny.xml:" in str(exc.value) and "not well-formed XML" in str(exc.value)


def test_missing_polygon_is_a_clear_error(tmp_path):
    d = tiny_map(tmp_path)
    text = (d / "polygons.txt").read_text().splitlines()
    (d / "polygons.txt").write_text("\n".join(line for line in text if not line.startswith("Beta")))
    with pytest.raises(TripleaError, match="have no polygon: Beta"):
        import_map(d)


def test_unknown_territory_in_a_connection_names_the_line(tmp_path):
    d = tiny_map(tmp_path, xml=TINY_XML.replace('t2="Beta"/>', 't2="Gamma"/>', 1))
    with pytest.raises(TripleaError, match=r"tiny\.xml:8: connection names unknown territory 'Gamma'"):
        import_map(d)


def test_not_a_map_folder(tmp_path):
    with pytest.raises(TripleaError, match="not a TripleA map folder"):
        import_map(tmp_path)
    with pytest.raises(TripleaError, match="no game XML"):
        (tmp_path / "polygons.txt").write_text("Alpha  <  (0,0) (1,0) (1,1) >\n")
        import_map(tmp_path)
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "g.xml").write_text(TINY_XML)
    (tmp_path / "polygons.txt").write_text("Alpha  <  (0,0) (1,0) >\n")
    with pytest.raises(TripleaError, match=r"polygons\.txt:1: Alpha: a polygon has fewer than 3 points"):
        import_map(tmp_path)


def test_cli_reports_errors_without_a_traceback(tmp_path):
    p = subprocess.run([sys.executable, "-m", "game", "import-triplea", str(tmp_path),
                        "--out", str(tmp_path / "x.yaml")], capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 2
    assert p.stderr.startswith("error: ") and "Traceback" not in p.stderr


def test_cli_writes_scenario_and_report(tmp_path):
    d = tiny_map(tmp_path)
    out = tmp_path / "tiny.yaml"
    p = subprocess.run([sys.executable, "-m", "game", "import-triplea", str(d), "--out", str(out)],
                       capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 0, p.stderr
    assert "Approximated" in p.stdout and "Not imported" in p.stdout and out.exists()


def test_folder_copy_without_tiles_imports(tmp_path):
    """The committed scenario never needs the data folder: images are not used."""
    if not V3_XML.exists():
        pytest.skip("../shared TripleA data not present")
    d = tmp_path / "v3"
    shutil.copytree(V3 / "map", d, ignore=shutil.ignore_patterns("baseTiles"))
    imp = import_map(d, game="WW2v3-1941.xml")
    assert imp.report.counts["territories"] == 162
    assert "baseTiles" not in imp.report.text()


def test_imported_v3_plays_deterministically():
    """The committed v3 scenario is playable by the computer on every side (one round;
    `python -m game selfplay world_war_ii_v3_1941 --seed 1` plays all ten)."""
    from game.selfplay import play_out
    a, s = play_out("world_war_ii_v3_1941", 1, turns=1)
    b, _ = play_out("world_war_ii_v3_1941", 1, turns=1)
    assert a == b and a["turns"] == 1
    assert s.state.round == 2 and len(s.actions) > 100


@needs_v3
def test_v3_canals_are_held_by_their_territories(v3):
    # TripleA WW2v3-1941.xml canalAttachment: Suez (Egypt, Trans-Jordan) and Panama
    imp, _ = v3
    canals = {c["name"]: c for c in imp.scenario["canals"]}
    assert canals["Suez Canal"]["controlled_by"] == ["egypt", "trans_jordan"]
    assert sorted(canals["Suez Canal"]["between"]) == ["sea_zone_15", "sea_zone_34"]
    assert canals["Panama Canal"]["controlled_by"] == ["panama"]
    # no canProduceXUnits on v3's factory: complexes place their territory's value
    assert imp.scenario["factory_production"] == "value"
    assert not any("canalAttachment" in line for line in imp.report.not_imported)


G40 = V3.parent / "world_war_ii_global"


@pytest.mark.skipif(not (G40 / "map" / "games" / "ww2global40_2nd_edition.xml").exists(),
                    reason="../shared TripleA data not present")
def test_g40_straits_import_with_their_open_units():
    # ww2global40_2nd_edition.xml canalAttachmentGibraltar: excludedUnits submarine:...
    imp = import_map(G40, game="ww2global40_2nd_edition.xml")
    canals = {c["name"]: c for c in imp.scenario["canals"]}
    assert set(canals) == {"Suez Canal", "Danish Straits", "Strait of Gibraltar", "Panama Canal",
                           "Turkish Straits"}
    assert canals["Strait of Gibraltar"]["open_to"] == ["submarine"]
    assert canals["Turkish Straits"]["controlled_by"] == ["turkey"]
    assert "open_to" not in canals["Suez Canal"]
    assert "factory_production" not in imp.scenario   # factory_major canProduceXUnits 10
