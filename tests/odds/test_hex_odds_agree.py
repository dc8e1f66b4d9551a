"""The hex odds agree with the attack the game resolves (seed 003, europa): the preview the
player sees before an attack (crt.preview), the odds tool (`python -m game odds`, hexodds)
given the preview's strengths and shifts, and the combat the Attack action records."""
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "rules"))

from hexkit import hexgame  # noqa: E402

from game.odds.hexodds import hex_odds  # noqa: E402
from game.rules.actions import Attack, apply  # noqa: E402
from game.rules.hex import crt  # noqa: E402

AIR = 'air_support:\n  red: {shift: 2, until_turn: 0, reason: "Air support"}\n'

POSITIONS = {
    # 15.J.2.b.vi: attackers across a minor river halved in strength and REs
    "minor river": dict(units=[(2, 2, "red", "mountain_infantry"), (2, 3, "red", "infantry_division", 2),
                               (3, 2, "blue", "infantry_brigade")],
                        terrain={(3, 2): "rough"}, sides=[((2, 2), (3, 2), "river")]),
    # 15.F.5 siege artillery doubled (strength and RE) against a fortress, 15.C.1.b field
    # artillery halved there, 15.F support without a cap, 15.J.2.b.v engineers
    "fortress": dict(units=[(2, 2, "red", "siege_artillery"), (2, 2, "red", "field_artillery", 2),
                            (2, 3, "red", "combat_engineer", 2), (2, 3, "red", "infantry_division"),
                            (3, 2, "blue", "fortress_unit"), (3, 2, "blue", "machine_gun")],
                     features={(3, 2): ["fortress"]}),
    # 15.C.1: AA in the defending hex halves the scenario's air support
    "air support and AA": dict(units=[(2, 2, "red", "infantry_division", 2), (3, 2, "blue", "infantry_brigade"),
                                      (3, 2, "blue", "heavy_aa")], extra=AIR),
    # 15.R political police with a division (cadre) in the defending hex
    "political police": dict(units=[(2, 2, "red", "infantry_division", 3), (3, 2, "blue", "infantry_division"),
                                    (3, 2, "blue", "political_police")]),
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_preview_odds_tool_and_resolution_agree(name):
    kw = dict(POSITIONS[name])
    units = kw.pop("units")
    s = hexgame(units, phase="combat", dice=(3,), **kw)
    uids = tuple(sorted(u.uid for u in s.units.values() if u.owner == "red"))
    pv = crt.preview(s, "3,2", uids)
    assert not pv.legal
    tool = hex_odds({"ruleset": "europa", "attack": pv.attack, "defense": pv.defense,
                     "shifts": [[x.columns, x.reason] for x in pv.shifts]})
    assert (tool["odds"], tool["column"]) == (pv.odds, pv.column_label)
    assert tool["probabilities"] == pytest.approx(pv.probabilities)
    rec = apply(s, Attack("3,2", uids)).hexturn.last
    assert (rec.attack, rec.defense, rec.odds, rec.column, rec.shifts) == \
        (pv.attack, pv.defense, pv.odds, pv.column_label, pv.shifts)
    assert rec.result == s.ruleset.hex.crt.table[3][pv.column]
