"""Named, parameterised unit abilities.

A unit type is stats plus a list of abilities. Each ability name maps to one
small frozen dataclass in a topic module here; its fields are the ability's parameters,
checked at load time. Rules code asks a unit type for an ability by name
(`utype.ability("first_strike")`) and reads the parameters.
Adding a house rule that reuses an ability is a YAML edit; a new kind of
ability is one class here plus the hook where it applies.

base.py holds the Ability base, the registry and the parsing of an entry; hooks.py the
hook kinds the engine asks. Importing any module of this package imports every topic
module below, so the registry (base.REGISTRY) always holds every ability.
"""
from . import air, combat, movement, production, supply, values  # noqa: F401  (they register)
