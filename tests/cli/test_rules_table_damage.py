"""`python -m game rules interwar`: the human table shows the values a capital ship
fires at once damaged, so a reader can check them against seed 000."""
from game.cli import main


def rows(capsys, ruleset):
    assert main(["rules", ruleset]) == 0
    return {line.split()[0]: line.split() for line in capsys.readouterr().out.splitlines()[2:]}


def test_capital_ships_show_each_damage_state(capsys):
    t = rows(capsys, "interwar")
    # seed 000: BATTLESHIP "Attack: 8 (4, if damaged) Defense: 7 (3, if damaged)"
    assert t["battleship"][2:4] == ["8/4", "7/3"]
    # JUGGERNAUT "Attack: 11 (7, if damaged once; 5, if damaged twice) Defense: 8 (5, ...; 4, ...)"
    assert t["juggernaut"][2:4] == ["11/7/5", "8/5/4"]
    assert t["dreadnaught"][2:4] == ["6/3", "5/2"]
    # COASTAL BATTLESHIP "Not a Capital Ship ... only 1 hit": its printed damaged values
    # are never reached (G55), so none are shown
    assert t["coastal_battleship"][2:4] == ["5", "4"]
    assert t["infantry"][2:4] == ["2", "3"]


def test_rulesets_without_damage_states_have_no_legend(capsys):
    assert main(["rules", "g40"]) == 0
    assert "after one hit" not in capsys.readouterr().out
