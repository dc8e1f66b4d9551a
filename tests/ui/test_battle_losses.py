"""A finished battle window says what each side lost: the defenders were removed from the
board with the battle, so a side wiped out read "Defender: …, 0 units" with nothing under
it (found playing solo as a new user)."""
from __future__ import annotations

from test_battle_end_dice import _play


def _nothing_lost_yet(win):
    assert win.lost("defender") == []          # nothing is "lost" while the battle is fought


def test_a_wiped_out_side_lists_its_losses():
    for seed in range(1, 20):
        st, win = _play(seed, before=_nothing_lost_yet)
        if st.zone.last_battle is not None and st.zone.last_battle.outcome == "attacker":
            break
    else:
        raise AssertionError("no battle the attacker won")
    assert win.finished
    assert [u.type for u in win.lost("defender")] == ["infantry", "infantry"]
    assert win.lost_names("defender") == "Infantry ×2"
    # the attacker's losses are the units gone from the board, survivors are not listed
    for u in win.lost("attacker"):
        assert u.uid not in st.units
    # both views draw the finished battle with its losses
    for view in ("strip", "list"):
        win.view = view
        win.app.draw()
