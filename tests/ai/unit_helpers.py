"""A unit put straight into a test's state (scripted positions for the computer players)."""
from __future__ import annotations


def add_unit(st, utype, owner, space):
    from game.rules.model import Unit
    uid = st.next_uid
    st.units[uid] = Unit(uid, utype, owner, space)
    st.next_uid += 1
    return uid
