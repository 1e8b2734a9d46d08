"""Export the names and rule texts of every game's components for the web app.

The web app (clients/web) shows cards with their names and rule text; those
live in the engines' data tables (engine/games/*/data.py), which stay the one
place to change them. This script writes them as JSON, keyed by the number
of the matching boardbot.v1 enum value (what a view carries), to
clients/web/src/data/games.json. tests/test_web_app.py checks that the
committed file is what this script writes now.

    python scripts/export_web_data.py [--check]
"""

from __future__ import annotations

import json
import pathlib
import sys

from boardbot.engine.games.czech_pub import data as czech_pub
from boardbot.engine.games.dulore_jutunk import data as dulore
from boardbot.engine.games.froccs import data as froccs
from boardbot.engine.games.fritanga import data as fritanga
from boardbot.engine.games.frogriders import data as frogriders
from boardbot.v1 import czech_pub_pb2, dulore_jutunk_pb2, froccs_pb2, fritanga_pb2, frogriders_pb2

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "clients" / "web" / "src" / "data" / "games.json"


def enum_number(enum, prefix: str, engine_id: str) -> int:
    """The enum value for an engine id; fails loudly if the proto and the engine disagree."""
    return enum.Value(f"{prefix}_{engine_id.upper()}")


def split_gloss(title: str) -> tuple[str, str]:
    """"Pivo (large beer)" -> ("Pivo", "large beer")."""
    if title.endswith(")") and " (" in title:
        name, gloss = title[:-1].split(" (", 1)
        return name, gloss
    return title, ""


def czech_pub_data() -> dict:
    cards = {}
    for card, engine_id in enumerate(czech_pub.CARD_ID):
        name, gloss = split_gloss(czech_pub.CARD_NAME[card])
        kind = ("order" if czech_pub.IS_ORDER[card] else "x" if card in czech_pub.X_CARDS and
                not czech_pub.OWN_TURN[card] else "last" if card == czech_pub.POSLEDNI else "pub")
        cards[enum_number(czech_pub_pb2.CzechPubCard, "CZECH_PUB_CARD", engine_id)] = {
            "name": name, "gloss": gloss, "kind": kind, "text": czech_pub.CARD_TEXT[card],
            "shot": czech_pub.IS_SHOT[card], "beer": czech_pub.IS_BEER[card]}
    shots = {enum_number(czech_pub_pb2.CzechPubShot, "CZECH_PUB_SHOT", engine_id): czech_pub.SHOT_NAME[k]
             for k, engine_id in enumerate(czech_pub.SHOT_ID)}
    return {"cards": cards, "shots": shots, "track": czech_pub.TRACK, "titlePoints": czech_pub.TITLE_POINTS}


def froccs_data() -> dict:
    cards = {}
    for card, engine_id in enumerate(froccs.CARD_NAMES):
        if card in froccs.WINES:
            kind, text = "wine", "1 dl of wine: pour it into a glass"
        elif card == froccs.SODA:
            kind, text = "soda", "1 dl of soda: pour it into a glass"
        elif card == froccs.TIFY:
            kind, text = "defence", "cancel a mischief card played on you"
        else:
            kind, text = "mischief", froccs.MISCHIEF_TEXT[card]
        cards[enum_number(froccs_pb2.FroccsCard, "FROCCS_CARD", engine_id)] = {
            "name": froccs.CARD_TITLES[card], "kind": kind, "text": text}
    heroes = {enum_number(froccs_pb2.FroccsHero, "FROCCS_HERO", engine_id): {
        "name": title, "text": froccs.HERO_TEXT[hero], "advanced": hero in froccs.ADVANCED_HEROES}
        for hero, (engine_id, title) in enumerate(froccs.HEROES)}
    menu = [{"size": size, "wine": wine, "name": froccs.MIX_NAMES[(size, wine)],
             "prices": list(froccs.PRICES[(size, wine)])} for size, wine in froccs.MIXES]
    return {"cards": cards, "heroes": heroes, "menu": menu,
            "wines": [enum_number(froccs_pb2.FroccsCard, "FROCCS_CARD", froccs.CARD_NAMES[w]) for w in froccs.WINES]}


def frogriders_data() -> dict:
    privileges = {}
    for kind, (engine_id, group, trophies, _copies) in enumerate(frogriders.PRIVILEGE_KINDS):
        privileges[enum_number(frogriders_pb2.FrogridersPrivilege, "FROGRIDERS_PRIVILEGE", engine_id)] = {
            "text": frogriders.PRIVILEGE_TEXT[engine_id], "group": group, "trophies": trophies}
    return {"privileges": privileges,
            "setCards": [frogriders.set_text(card) for card in frogriders.PRIVATE_SET_CARDS]}


def fritanga_data() -> dict:
    cards = {enum_number(fritanga_pb2.FritangaCard, "FRITANGA_CARD", key): {
        "name": fritanga.CARD_NAME[kind], "text": fritanga.CARD_TEXT.get(key, ""), "hand": fritanga.IS_HAND[kind]}
        for kind, key in enumerate(fritanga.CARD_KEY)}
    # "byFoods": the text with the numbers of a table with that many foods (every chef-mode table)
    lo, hi = fritanga.PLAYER_RANGE[fritanga.CHEF]
    skills = {enum_number(fritanga_pb2.FritangaSkill, "FRITANGA_SKILL", key): {
        "name": name, "text": text,
        "byFoods": {foods: fritanga.skill_text(index, foods) for foods in range(lo - 1, hi)}}
        for index, (key, name, _golden, text) in enumerate(fritanga.CHEF_SKILLS)}
    return {"cards": cards, "skills": skills}


def dulore_data() -> dict:
    bonuses = {enum_number(dulore_jutunk_pb2.DuloreJutunkBonus, "DULORE_JUTUNK_BONUS", name): text
               for name, text in zip(dulore.MARKER_BONUS_NAME, dulore.MARKER_BONUS_TEXT)}
    abilities = {enum_number(dulore_jutunk_pb2.DuloreJutunkAbility, "DULORE_JUTUNK_ABILITY", name): text
                 for name, text in zip(dulore.SPECIAL_NAME, dulore.SPECIAL_TEXT)}
    cellar = {}
    for colour, start, length in zip(dulore.WINE_NAME, dulore.TRACK_START, dulore.TRACK_LEN):
        cellar[colour] = [dulore.BONUS_TEXT[dulore.CELLAR_BONUS[space]] for space in range(start, start + length)]
    return {"bonuses": bonuses, "abilities": abilities, "cellarBonus": cellar,
            "winemakerCards": [list(card) for card in dulore.WINEMAKER_CARDS],
            "ring": list(dulore.RING), "soloScale": [list(step) for step in dulore.SOLO_SCALE],
            "endOrders": {str(k): v for k, v in dulore.END_ORDERS.items()}}


def export() -> str:
    data = {"frogriders": frogriders_data(), "czech-pub": czech_pub_data(), "froccs": froccs_data(),
            "fritanga": fritanga_data(), "dulore-jutunk": dulore_data()}
    return json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def main() -> int:
    text = export()
    if "--check" in sys.argv[1:]:
        if not OUT.exists() or OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT.relative_to(ROOT)} is stale: run python scripts/export_web_data.py", file=sys.stderr)
            return 1
        return 0
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
