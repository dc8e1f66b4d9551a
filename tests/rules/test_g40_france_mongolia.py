"""The fall and liberation of France and Mongolia on the shipped Global 1940 map, as
ww2global40_2nd_edition.xml encodes them (imported: capitals.liberation_units and the
politics events with hands_over / cancels; tests/io/test_triplea_g40.py checks the
import). Game notes: "French 12 PUs worth of free units in France the first time France
is Liberated (The engine will give you 4 infantry automatically ...)"; "If Japan attacks a
Russian territory next to Mongolia, all Mongolian territories and units are transferred
to Russia. This does not occur if Russia previously attacked Korea or any Japan-controlled
territory bordering Mongolia." """
import pytest

from game import api
from game.rules.actions import EndPhase, Move, apply
from game.rules.model import Unit

MONGOLIA = ("olgiy", "dzavhan", "tsagaan_olom", "central_mongolia", "buyant_uhaa", "ulaanbaatar")


@pytest.fixture
def g40():
    return api.new_game("world_war_ii_global_1940", seed=1).state


def _attack(st, owner, frm, to, count=1):
    """`owner` moves `count` land units of `frm` into `to`, emptied first (taken without a
    fight), and ends its combat phase."""
    for u in st.units_in(to):
        del st.units[u.uid]
    st.player_idx = [p.id for p in st.scenario.players].index(owner)
    st.phase_idx = st.ruleset.phases.index("combat_move")
    st.zone.origins = {}
    movers = [u.uid for u in st.units_in(frm) if u.owner == owner and u.type == "infantry"][:count]
    st = apply(st, Move(tuple(movers), (to,)))
    st = apply(st, EndPhase())
    return apply(st, EndPhase())


def _add(st, space, owner, n=1):
    for _ in range(n):
        st.units[st.next_uid] = Unit(st.next_uid, "infantry", owner, space)
        st.next_uid += 1


def test_france_falls_and_its_first_liberation_brings_four_infantry(g40):
    # triggerAttachment_Germans_Conquer_France, then triggerAttachment_French_1_Liberation_By_British
    st = _attack(g40, "germans", "western_germany", "france")
    assert st.owners["france"] == "germans"
    _add(st, "normandy_bordeaux", "british")
    st = _attack(st, "british", "normandy_bordeaux", "france")
    assert st.owners["france"] == "french"
    assert sorted(u.type for u in st.units_in("france") if u.owner == "french") == ["infantry"] * 4


def _at_war(st, a, b):
    st.relations = {**st.relations, "|".join(sorted((a, b))): "war"}


def test_japan_attacking_a_soviet_territory_next_to_mongolia_hands_it_to_the_soviets(g40):
    # triggerAttachment_Japanese_Conquer_Russians_Territory_By_Mongolia_1 and _2
    _at_war(g40, "japanese", "russians")
    st = _attack(g40, "japanese", "manchuria", "amur")
    assert all(st.owners[t] == "russians" for t in MONGOLIA)
    assert {u.owner for t in MONGOLIA for u in st.units_in(t)} == {"russians"}
    assert sum(1 for t in MONGOLIA for _ in st.units_in(t)) == 6


def test_not_after_the_soviets_attacked_japan_next_to_mongolia(g40):
    # triggerAttachment_Russians_Conquer_Japanese_Territory_By_Mongolia turns
    # conditionAttachment_Mongolia_May_Change_To_Russians_Control_Switch off
    _at_war(g40, "japanese", "russians")
    st = _attack(g40, "russians", "amur", "korea")
    _add(st, "manchuria", "japanese")
    st = _attack(st, "japanese", "manchuria", "amur")
    assert all(st.owners[t] == "mongolians" for t in MONGOLIA)
