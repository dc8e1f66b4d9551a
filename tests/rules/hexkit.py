"""A small hex game for rules tests: a 7x5 parallelogram of clear hexes (axial q 0..6,
r 0..4) under the europa ruleset. Red (axis) owns q <= 2, blue (allies) the rest;
green is blue's ally. Override terrain, features, hexsides, units, phase and dice."""
from __future__ import annotations

from dataclasses import replace

from game.rules.actions import new_game
from game.rules.hex.model import HexTurn
from game.rules.model import GameState
from game.rules.ruleset import Checker, load_ruleset, parse_scenario
from game.rules.yamlloc import load_yaml

PLAYERS = """players:
  - {id: red, name: Red, alliance: axis, color: "#aa3333", capital: null}
  - {id: blue, name: Blue, alliance: allies, color: "#3333aa", capital: null}
  - {id: green, name: Green, alliance: allies, color: "#33aa33", capital: null}
"""


def scenario_text(terrain=None, features=None, sides=(), supply=(), homes=None, extra="",
                  owners=None, victory=(), reinforcements="", turn_limit=3, victory_block=None):
    terrain = terrain or {}
    features = features or {}
    homes = homes or {}
    owners = owners or {}
    lines = ["format: warboard-scenario/1", "id: hex_test", "title: Hex test", "ruleset: europa",
             f"turn_limit: {turn_limit}", "map: {kind: hex, hex_size: 30}", PLAYERS.rstrip(),
             victory_block or "victory: {victory_cities: {axis: 9}, at_turn_limit: allies}", "hexes:"]
    for r in range(5):
        for q in range(7):
            t = terrain.get((q, r), "clear")
            parts = [f"at: [{q}, {r}]", f"terrain: {t}"]
            if (q, r) in features:
                parts.append("features: [" + ", ".join(features[(q, r)]) + "]")
            if t != "sea":
                parts.append(f"owner: {owners.get((q, r), 'red' if q <= 2 else 'blue')}")
            if (q, r) in supply:
                parts.append("supply: true")
            if (q, r) in victory:
                parts.append("victory: true")
            if (q, r) in homes:
                parts.append(f"home: {homes[(q, r)]}")
            lines.append("  - {" + ", ".join(parts) + "}")
    if sides:
        lines.append("hexsides:")
        for a, b, kind in sides:
            lines.append(f"  - {{between: [[{a[0]}, {a[1]}], [{b[0]}, {b[1]}]], kind: {kind}}}")
    if reinforcements:
        lines.append(reinforcements.rstrip())
    return "\n".join(lines) + "\n" + extra


def hexgame(units=(), phase="movement", player="red", dice=(), seed=1, **kw) -> GameState:
    """units: (q, r, owner, type[, count]) tuples."""
    text = scenario_text(**kw)
    chk = Checker("hex_test.yaml")
    sc = parse_scenario(load_yaml(text, "hex_test.yaml"), "hex_test.yaml", chk)
    chk.fail_if_errors()
    assert sc is not None
    start = []
    for u in units:
        q, r, owner, ut = u[:4]
        n = u[4] if len(u) > 4 else 1
        start.append((f"{q},{r}", owner, ut, n))
    sc = replace(sc, start_units=tuple(start))
    st = new_game(sc, load_ruleset("europa"), seed, scripted_dice=tuple(dice))
    st.player_idx = [p.id for p in sc.players].index(player)
    st.phase_idx = st.ruleset.phases.index(phase)
    st.hexturn = HexTurn()
    for uid, u in st.units.items():   # the opening supply check found no sources: undo it
        st.units[uid] = replace(u, oos=0)
    return st


def uid_of(state: GameState, hid: str, utype: str, owner: str | None = None) -> int:
    for u in sorted(state.units.values(), key=lambda x: x.uid):
        if u.space == hid and u.type == utype and (owner is None or u.owner == owner):
            return u.uid
    raise KeyError((hid, utype))


def settle(state: GameState) -> GameState:
    """Answer every choice a combat result waits for (losses, retreats) with the rules'
    proposal, as the computer players do."""
    from game.rules.actions import apply, hex_decision
    for _ in range(50):
        d = hex_decision(state)
        if d is None:
            return state
        state = apply(state, d)
    raise AssertionError("a combat result keeps waiting")


def attacked(state: GameState, action) -> GameState:
    """Apply an Attack and settle its result with the default choices."""
    from game.rules.actions import apply
    return settle(apply(state, action))
