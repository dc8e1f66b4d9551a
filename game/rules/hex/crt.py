"""Hex combat arithmetic: strengths, the odds column, column shifts with their
reasons, and the probability of each CRT result. Pure functions; the UI shows
`preview(...)` before an attack and hexcombat.py resolves it with the same numbers.

Seed 003 speaks of "main combat die modifiers" and AEC effects; this game applies
each as one CRT column shift (docs/interpretations.md#europa-seed-003), so every
modifier shows as a shift with its reason.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..memo import derived
from ..model import GameState, Unit, UnitMap, UnitType
from . import move as hexmove
from . import support as hexsupport
from .load import odds_value
from .model import Crt, Shift


@dataclass(frozen=True)
class CombatPreview:
    target: str
    attack: float
    defense: float
    odds: str                          # the odds ratio's column before shifts ("2:1")
    base_column: int
    shifts: tuple[Shift, ...]
    column: int                        # final column index into crt.columns
    column_label: str
    probabilities: dict[str, float]    # result code -> probability
    results: dict[str, str]            # result code -> name
    notes: tuple[str, ...] = ()        # strength changes (halved, doubled) with reasons
    used: tuple[int, ...] = ()         # attacking uids whose special ability was used (11.O)
    engineers: tuple[int, ...] = ()    # engineers that reduced a modifier (lost first, 15.J.2.c)
    defender_used: tuple[int, ...] = ()  # defending uids whose special ability was used (11.O)
    legal: str = ""                    # "" or why the attack is not allowed
    attackers: tuple[int, ...] = field(default=())
    defenders: tuple[int, ...] = field(default=())


def odds_column(crt: Crt, attack: float, defense: float) -> tuple[str, int]:
    """The highest column whose odds the ratio reaches (rounded in the defender's
    favour); below the first column: the first; no defense strength: the last."""
    if defense <= 0:
        return crt.columns[-1], len(crt.columns) - 1
    ratio = attack / defense
    idx = 0
    for i, col in enumerate(crt.columns):
        if ratio + 1e-9 >= odds_value(col):
            idx = i
    if attack >= defense:
        label = f"{int(ratio + 1e-9)}:1" if ratio < 1.5 or ratio >= 2 else "3:2"
    else:
        label = f"1:{-int(-defense // attack) if attack > 0 else 99}"
    return label, idx


def probabilities(crt: Crt, column: int) -> dict[str, float]:
    """Result code -> chance in that column (a new dict; the answers are kept on the table)."""
    return dict(derived(crt, ("probabilities", column), lambda: _column_odds(crt, column)))


def _column_odds(crt: Crt, column: int) -> dict[str, float]:
    counts: dict[str, int] = {}
    for roll in crt.rolls:
        code = crt.table[roll][column]
        counts[code] = counts.get(code, 0) + 1
    return {k: c / len(crt.table) for k, c in counts.items()}


# --- strengths ------------------------------------------------------------------------


def _city_or_fort(state: GameState, hid: str) -> tuple[bool, bool]:
    """(city or fortification, major city or fortress) for the hex."""
    ts = hexmove.terrains(state, hid)
    return any(t.city or t.fortification for t in ts), any(t.major for t in ts)


def _is_fortress(state: GameState, hid: str) -> bool:
    return any(t.fortification and t.major for t in hexmove.terrains(state, hid))


def _across_halving_side(state: GameState, u: Unit, target: str) -> bool:
    """Whether u attacks `target` across a hexside that halves attackers (a minor river,
    as u treats it: 15.E.4)."""
    sides = hexmove.rules(state).hexsides
    return any(sides[k].halves_attack for k in hexmove.side_features(state, u.space, target, state.utype(u))
               if k in sides)


def _halved_at_fortress(ut: UnitType) -> bool:
    """15.C.1.b: "A heavy AA unit does not have its attack strength halved when attacking a
    fortress (unlike all other non-siege artillery)": artillery other than siege artillery,
    and combat AA other than heavy AA, attack a fortress at half strength."""
    art = ut.ability("artillery")
    if art is not None:
        return not art.siege
    aa = ut.ability("aa")
    return aa is not None and not aa.position and aa.kind != "heavy"


def attack_re(state: GameState, u: Unit, target: str) -> float:
    """u's REs in an attack on `target` (for the 1/7 shares, 15.E, 15.M.7.a, and artillery
    support, 15.F): siege artillery doubled against a fortress or major city (15.F.5);
    halved attacking across a minor river (15.J.2.b.vi)."""
    ut = state.utype(u)
    re = hexmove.re_of(ut)
    art = ut.ability("artillery")
    if art is not None and art.siege and _city_or_fort(state, target)[1]:
        re *= 2
    if _across_halving_side(state, u, target):
        re /= 2
    return re


def attack_strength(state: GameState, u: Unit, target: str, notes: list[str] | None = None,
                    dismount: bool = True, group: list[Unit] | None = None) -> float:
    """u's attack strength against `target`; with `group` (all the units of the attack) an
    unsupported unit is halved (9.A, hexsupport)."""
    ut = state.utype(u)
    s = float(ut.value("attack", u.damage))   # a cadre (damage 1) uses its reduced side
    name = ut.name
    city_fort, major = _city_or_fort(state, target)
    if ut.has("assault_engineer") and city_fort:
        s *= 2
        _note(notes, f"{name} doubled against a city/fortification (15.J.1)")
    art = ut.ability("artillery")
    if art is not None and art.siege:
        if major:
            s *= 2
            _note(notes, f"{name} doubled against a fortress/major city (15.F.5)")
        elif not city_fort:
            s /= 2
            _note(notes, f"{name} halved: siege artillery outside cities and forts (15.F.5)")
    if _is_fortress(state, target) and _halved_at_fortress(ut):
        s /= 2
        _note(notes, f"{name} halved: artillery other than siege artillery against a fortress (15.C.1.b)")
    if _across_halving_side(state, u, target):
        s /= 2
        _note(notes, f"{name} halved attacking across a river (15.J.2.b.vi)")
    halves = any(t.halves_cm for t in hexmove.terrains(state, target))
    if halves and hexmove.is_cm(state, ut) and not (dismount and ut.has("motorized_infantry")):
        s /= 2
        _note(notes, f"{name} (c/m) halved attacking into {hexmove.terrains(state, target)[0].name.lower()}")
    if u.oos > 0:
        s /= 2
        _note(notes, f"{name} halved: out of supply")
    if group is not None and not hexsupport.attack_supported(state, u, group, target):
        s /= 2
        _note(notes, f"{name} halved: unsupported (9.A: no artillery, HQ or support division with it)")
    return s


def defense_strength(state: GameState, u: Unit, notes: list[str] | None = None) -> float:
    return _defense(state, u, notes)[0]


def _defense(state: GameState, u: Unit, notes: list[str] | None = None) -> tuple[float, bool]:
    """u's defense strength, and whether a special ability of u doubled it (11.O: an RL
    unit that used its ability is a required loss)."""
    ut = state.utype(u)
    s = float(ut.value("defense", u.damage))
    aa = ut.ability("aa")
    if aa is not None and aa.position:
        return 0.0, False   # 15.C.2.a
    used = False
    for ab in ut.abilities_named("defense_doubled_in"):
        if hexmove.has_terrain(state, u.space, ab.terrain):
            s *= 2
            used = True
            _note(notes, f"{ut.name} doubled in {'/'.join(ab.terrain)} (15.K/15.M.5)")
    if ut.has("assault_engineer") and _city_or_fort(state, u.space)[0]:
        s *= 2
        used = True
        _note(notes, f"{ut.name} doubled defending a city/fortification (15.J.1)")
    if u.oos >= hexmove.rules(state).oos_defense_after:
        s /= 2
        _note(notes, f"{ut.name} halved: out of supply for {u.oos} turns")
    return s, used


def _note(notes: list[str] | None, text: str) -> None:
    if notes is not None and text not in notes:
        notes.append(text)


def _armour_share(state: GameState, units: list[Unit], role: str, target: str) -> float:
    """REs of armour (AEC) among units, as a share of all their REs; attacking, without
    the AEC-neutral ones (15.H: cavalry is half neutral for AECA)."""
    def re(u: Unit) -> float:
        return attack_re(state, u, target) if role == "attack" else hexmove.re_of(state.utype(u))
    total = 0.0
    for u in units:
        neutral = state.utype(u).ability("aec_neutral") if role == "attack" else None
        total += re(u) * (1.0 - (float(neutral.share) if neutral is not None else 0.0))
    total = total or 1.0
    arm = 0.0
    for u in units:
        ut = state.utype(u)
        ab = ut.ability("aec")
        if ab is None or ut.is_a("hq"):
            continue
        if role == "attack" and ut.has("motorized_infantry") and \
                any(t.halves_cm for t in hexmove.terrains(state, target)):
            continue   # 15.X.5: dismounted, no longer armour
        arm += re(u) * float(ab.share)
    return arm / total


def _has(state: GameState, units: list[Unit], ability: str) -> bool:
    return any(state.utype(u).has(ability) for u in units)


# --- the preview ------------------------------------------------------------------------


def preview(state: GameState, target: str, uids: tuple[int, ...] | list[int]) -> CombatPreview:
    """Odds, shifts with reasons and result probabilities of `uids` attacking `target`.
    Kept in the units' memo for this phase, player, round and combat-phase record (the
    AI asks the same attack again and again while it weighs a position)."""
    units = state.units
    if type(units) is not UnitMap:
        return _preview(state, target, uids)
    memo = units.memo()
    key = ("preview", target, tuple(uids), state.phase_idx, state.player_idx, state.round)
    got = memo.get(key)
    if got is not None and got[0] is state.hexturn:
        return got[1]   # type: ignore[no-any-return]
    pv = _preview(state, target, uids)
    memo[key] = (state.hexturn, pv)
    return pv


def _preview(state: GameState, target: str, uids: tuple[int, ...] | list[int]) -> CombatPreview:
    from . import combat as hexcombat
    hr = hexmove.rules(state)
    crt = hr.crt
    attackers = [state.units[i] for i in uids if i in state.units]
    player = attackers[0].owner if attackers else state.player
    defenders = hexmove.enemies_at(state, target, player)
    legal = hexcombat.attack_block(state, target, attackers)
    notes: list[str] = []
    att = sum(attack_strength(state, u, target, notes, group=attackers) for u in attackers)
    dfn = 0.0
    defender_used: list[int] = []
    for u in defenders:
        d, doubled = _defense(state, u, notes)
        dfn += d
        if doubled:
            defender_used.append(u.uid)
    odds, base = odds_column(crt, att, dfn)
    shifts: list[Shift] = []
    used: list[int] = []
    engineers: list[int] = []
    ts = hexmove.terrains(state, target)
    # terrain of the defender's hex; engineers reduce city/fortification shifts (15.J.2.b)
    eng_units: list[tuple[Unit, int]] = []
    for u in attackers:
        ut = state.utype(u)
        ce = ut.ability("combat_engineer")
        if ut.has("assault_engineer"):
            eng_units.append((u, 2))                       # 15.J.1 b: counts as two
        elif ce is not None and (not ce.only_against or hexmove.has_terrain(state, target, ce.only_against)):
            eng_units.append((u, ce.count))
    # 15.J.2.c: one engineer per modifier reduced is a required loss; siege artillery "need
    # not take required losses" (15.F.5): engineers without the RL marking count first
    eng_units.sort(key=lambda e: state.utype(e[0]).has("required_losses"))
    eng_left = sum(n for _, n in eng_units)
    for t in ts:
        if not t.shift:
            continue
        sh = t.shift
        if (t.fortification or t.city) and sh < 0 and eng_left > 0:
            floor = -1 if t.major or t.fortification else 0   # 15.J.2.b.v: any kind of fort
            cut = min(eng_left, floor - sh if floor > sh else 0)
            if cut > 0:
                shifts.append(Shift(sh, f"{t.name} in the defender's hex"))
                shifts.append(Shift(cut, f"{cut} combat engineer(s) against the {t.name.lower()} (15.J.2)"))
                eng_left -= cut
                k = cut
                for u, n in eng_units:
                    if k <= 0:
                        break
                    if state.utype(u).has("required_losses"):
                        engineers.append(u.uid)
                    used.append(u.uid)
                    k -= n
                continue
        shifts.append(Shift(sh, f"{t.name} in the defender's hex"))
    # hexsides: applies when every attacker attacks across one (the attacker picks the easiest)
    side_shift = None
    for u in attackers:
        worst = 0
        for s in hexmove.side_features(state, u.space, target, state.utype(u)):
            sd = hr.hexsides.get(s)
            if sd is not None and sd.shift < worst:
                worst = sd.shift
        side_shift = worst if side_shift is None else max(side_shift, worst)
    if side_shift:
        kinds = sorted({s for u in attackers for s in hexmove.side_features(state, u.space, target)})
        names = ", ".join(hr.hexsides[k].name.lower() for k in kinds if k in hr.hexsides)
        shifts.append(Shift(side_shift, f"every attacker attacks across a {names} hexside"))
    # armour effects (15.E, 15.D): attacker AEC unless the defender has ATEC; defender AEC
    aec_terrain = all(t.aec for t in ts)
    if aec_terrain and attackers:
        share = _armour_share(state, attackers, "attack", target)
        if share >= 1 / 7 - 1e-9:
            if _has(state, defenders, "atec"):
                shifts.append(Shift(0, "attacker's armour (AEC) cancelled by the defender's "
                                       "anti-tank capability (ATEC, 15.D)"))
                defender_used.extend(u.uid for u in defenders if state.utype(u).has("atec"))
            else:
                shifts.append(Shift(hr.aec_shift, "attacking armour (AEC, 15.E)"))
                used.extend(u.uid for u in attackers if state.utype(u).has("aec"))
        if defenders and _armour_share(state, defenders, "defense", target) >= 1 / 7 - 1e-9 \
                and not _has(state, attackers, "atec") and not _has(state, attackers, "aec"):
            shifts.append(Shift(-hr.aec_shift, "defending armour against attackers without AEC/ATEC (15.E)"))
            defender_used.extend(u.uid for u in defenders
                                 if state.utype(u).has("aec") and not state.utype(u).is_a("hq"))
    # special unit combat abilities (15.M.7.a mountain, 15.M.4 light, 15.H cavalry, 15.X.8 woods)
    total_re = sum(attack_re(state, u, target) for u in attackers) or 1.0
    bonuses: dict[str, tuple[int, list[int]]] = {}
    for u in attackers:
        for ab in state.utype(u).abilities_named("terrain_attack_bonus"):
            if hexmove.has_terrain(state, target, ab.terrain):
                key = ab.reason or ab.name
                sh, who = bonuses.get(key, (ab.shift, []))
                who.append(u.uid)
                bonuses[key] = (max(sh, ab.shift), who)
    for reason, (sh, who) in sorted(bonuses.items()):
        re_with = sum(attack_re(state, state.units[i], target) for i in who)
        share = min(ab.share for i in who for ab in state.utype(state.units[i]).abilities_named(
            "terrain_attack_bonus"))
        if re_with * share >= total_re - 1e-9:
            shifts.append(Shift(sh, reason))
            used.extend(who)
    # artillery in a planned attack (15.F, 11.K): every attacker unmoved this turn
    planned = bool(attackers) and all(u.moved == 0 for u in attackers)
    art_re = 0.0
    for u in attackers:
        ut = state.utype(u)
        ab = ut.ability("artillery")
        if ab is None:
            continue
        if ab.siege and attack_strength(state, u, target) < ut.value("attack", u.damage):
            continue   # 15.F.5: supports only when not halved
        art_re += attack_re(state, u, target) * ab.re_factor
    if art_re > 0:
        if planned:
            n = int(art_re + 1e-9)     # +1 per RE, no cap (15.F)
            if n > 0:
                shifts.append(Shift(n, f"artillery support in a planned attack: {art_re:g} RE (15.F)"))
        else:
            notes.append("No artillery shift: a planned attack needs every attacker unmoved this turn (15.F, 11.K).")
    # 15.H: cavalry attacking a supported unit (9.A) has used a special ability (RL)
    if any(hexsupport.defense_supported(state, d) for d in defenders):
        used.extend(u.uid for u in attackers if state.utype(u).has("rl_vs_supported"))
    air = air_support(state, player, defenders)
    if air is not None:
        shifts.append(air)
    total = sum(s.columns for s in shifts)
    col = max(0, min(len(crt.columns) - 1, base + total))
    return CombatPreview(
        target=target, attack=round(att, 3), defense=round(dfn, 3), odds=odds, base_column=base,
        shifts=tuple(shifts), column=col, column_label=crt.columns[col],
        probabilities=probabilities(crt, col),
        results={k: r.name for k, r in crt.results.items()}, notes=tuple(notes),
        used=tuple(dict.fromkeys(used)), engineers=tuple(engineers),
        defender_used=tuple(dict.fromkeys(defender_used)), legal=legal,
        attackers=tuple(u.uid for u in attackers), defenders=tuple(u.uid for u in defenders))


def stops_air_doubling(state: GameState, defenders: list[Unit]) -> bool:
    """15.C.1: "If at least 1 point of combat AA ... is attacking or defending per hex, enemy
    air units do not double their TBF"; 15.C.2.g: two points of position AA are needed."""
    combat = position = 0
    for u in defenders:
        aa = state.utype(u).ability("aa")
        if aa is None:
            continue
        if aa.position:
            position += aa.strength
        else:
            combat += aa.strength
    return combat >= 1 or position >= 2


def air_support(state: GameState, player: str, defenders: list[Unit], round_: int | None = None) -> Shift | None:
    """The scenario's ground support for `player`'s attacks (`air_support`: air units not on
    the map, as a column shift for doubled support); against a hex with AA that stops the
    doubling (15.C.1) half of it, rounded down (docs/interpretations.md#europa-seed-003)."""
    hm = state.scenario.hexmap
    sup = hm.air_support.get(player) if hm is not None else None
    round_ = state.round if round_ is None else round_
    if sup is None or not sup[0] or (sup[1] and round_ > sup[1]):
        return None
    if stops_air_doubling(state, defenders):
        return Shift(int(sup[0] / 2), f"{sup[2]}, not doubled: AA in the defending hex (15.C.1)")
    return Shift(sup[0], sup[2])


def unit_label(ut: UnitType) -> str:
    return f"{ut.attack}-{ut.defense}-{ut.move} {ut.name}"
