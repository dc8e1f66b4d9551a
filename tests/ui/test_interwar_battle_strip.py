"""QA (mediterranean_1940): the battle strip of interwar battles."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from game.rules import actions as A
from game.rules.ruleset import load_ruleset, load_scenario_file
from game.rules.session import Session
from game.ui.zone import strip

FIX = Path(__file__).resolve().parents[1] / "fixtures"


def _battle(attack, defend, space="m"):
    sc, _ = load_scenario_file(FIX / "mini_interwar.yaml")
    units = tuple((space, "red", t, n) for t, n in attack) + tuple((space, "blue", t, n) for t, n in defend)
    session = Session(replace(sc, start_units=units), load_ruleset("interwar"), 1)
    st = session.state
    for uid, u in list(st.units.items()):
        if u.owner == "red":
            st.units[uid] = replace(u, in_combat=True)
    st.phase_idx = st.ruleset.phases.index("conduct_combat")
    st.zone.battles = (space,)
    st.zone.origins = {space: ("a2",)}
    session.do(A.SelectBattle(space))
    return session.state


def test_torpedo_bombers_over_land_sit_in_the_no_fire_column():
    # seed 000: TORPEDO BOMBER "Attack: 6*" - "* This unit may only damage naval targets."
    # QA: over Tobruk the strip showed them at 6 and 7 and counted them in hits/roll
    st = _battle([("torpedo_bomber", 2), ("infantry", 1)], [("infantry", 2)])
    vals = {u.type: v for u, v in strip.side_values(st, st.zone.battle, "attacker")}
    assert vals["torpedo_bomber"] == 0 and vals["infantry"] == 2
    assert abs(strip.expected_hits(st, st.zone.battle, "attacker") - 2 / 12) < 1e-9
    st = _battle([("torpedo_bomber", 1)], [("destroyer", 1)], space="s2")
    assert [v for _u, v in strip.side_values(st, st.zone.battle, "attacker")] == [6]


def test_fire_step_names_fit_the_gutter_whole():
    # QA (amphibious assault with bombarding ships): the lane said "shore bombardme..."
    import pygame

    from game.rules.zone import battle as B
    from game.ui import theme
    pygame.font.init()
    for name in (st.title for st in B.steps.STEPS):
        if len(name) <= 20:
            assert theme.text_width(name, strip.step_label_size(name)) <= strip.GUTTER - 14, name


def test_the_side_panel_title_says_game_over():
    # QA (mediterranean_1940 played to the turn limit): the panel still read "Purchase"
    # under the game-over window
    from game.ui.panel import header_title
    st = _battle([("infantry", 1)], [("infantry", 1)])
    assert header_title(st) == "Conduct combat"
    st.over = True
    assert header_title(st) == "Game over"
