"""`python -m game rules RULESET`: the human table shows the values a capital ship
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


def test_side_dependent_costs_keep_the_columns_aligned(capsys):
    # seed 001: costs differ by side ("allies:30/opfor:12"); the att column stays put
    assert main(["rules", "modern-naval"]) == 0
    header, *rows = capsys.readouterr().out.splitlines()[1:]
    end = header.index("hits") + 4
    for row in rows:   # id, cost, att, def, mov, hits end under 'hits', abilities after
        assert len(row[:end].split()) == 6 and row[end:end + 2] == "  ", row


def test_a_reader_that_stops_early_gets_no_traceback():
    # `python -m game rules interwar | head -1`: the reader is gone before the table is
    # written (closed at once, while the command still starts)
    import subprocess
    import sys
    p = subprocess.Popen([sys.executable, "-m", "game", "rules", "interwar"], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    assert p.stdout is not None and p.stderr is not None
    p.stdout.close()
    err = p.stderr.read().decode()
    assert p.wait() == 0 and "Traceback" not in err
