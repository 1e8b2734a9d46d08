"""A terminal picture of a Dűlőre jutunk view (used by ``boardbot play``).

Optional per-game renderer: ``render(view) -> str`` takes the view dict a
seat receives (never more; also the dict converted back from protobuf) and
draws it: whose decision it is and why, the Winemaker's last turns (solo),
the vineyards, the face-up orders, the seat's own board with its private
farmer-marker bonuses, the other players' public boards, the project card
or the honours board. Missing keys are treated as empty.
"""

from __future__ import annotations

from . import data as D

WINE_SHORT = {"white": "W", "red": "R", "rose": "P"}  # P: rosé (pink)
TASK_WHY = {
    "turn": "choose the turn's action",
    "keep_grapes": "keep grapes",
    "abilities": "use the vineyard's abilities",
    "age": "age a barrel",
    "farmer": "place a farmer marker",
    "draw": "draw grapes",
    "press": "press grapes",
    "take_order": "take an order",
    "black_marker": "move the black marker to a project space",
    "discard_grapes": "discard grapes (project effect)",
    "discard_bottle": "discard a bottle (project effect)",
    "honours": "claim honours",
    "pass_bottles": "pass bottles",
}


def _who(seat: int, me: int) -> str:
    if seat == me and me >= 0:
        return "you"
    if seat < 0:
        return "the Winemaker"
    return f"seat {seat}"


def _card(c: dict) -> str:
    """#18 2W+2R 4* (L:b R:tb)"""
    if not c or c.get("card", -1) < 0:
        return "(empty)"
    need = "+".join(f"{c.get(k, 0)}{WINE_SHORT[k]}" for k in ("white", "red", "rose") if c.get(k, 0))
    halves = c.get("corkscrews", "").split(",") if c.get("corkscrews") else []
    left = "".join(h[5] for h in halves if h.startswith("left-"))
    right = "".join(h[6] for h in halves if h.startswith("right-"))
    return f"#{c['card']} {need} {c.get('stars', 0)}* (L:{left or '-'} R:{right or '-'})"


def _card_no(card: int) -> str:
    if not 0 <= card < D.NUM_ORDERS:
        return f"#{card}"
    w, r, ro, stars, mask = D.ORDER_CARDS[card]
    return _card({"card": card, "white": w, "red": r, "rose": ro, "stars": stars,
                  "corkscrews": D.corkscrew_text(mask)})


def _vineyard_name(v: int) -> str:
    return D.VINEYARD_NAME[v] if 0 <= v < D.NUM_VINEYARDS else f"vineyard {v}"


def _marker(vv: dict, me: int) -> str:
    owner = vv.get("marker", -1)
    if owner is None or owner < 0:
        return ""
    if owner == D.BLACK:
        return "black marker"
    bonus = vv.get("marker_bonus", "")
    who = "your" if owner == me else f"seat {owner}'s"
    return f"{who} marker" + (f" ({bonus})" if bonus else " (hidden)")


def _cellar(cel: dict) -> str:
    def track(name: str) -> str:
        spaces = cel.get(name, [])
        return "[" + "".join("o" if x else "." for x in spaces) + "]"
    return f"white {track('white')} red {track('red')} rose {track('rose')}"


def _player(p: dict, me: int, over: bool) -> list[str]:
    q = p.get("seat", -1)
    own = q == me
    g = p.get("grapes", {})
    b = p.get("bottles", {})
    title = f"You (seat {q})" if own else f"Seat {q}"
    specials = ", ".join(p.get("abilities", []))
    out = [f"{title}: board {p.get('board', '?')}{' (' + specials + ')' if specials else ''}, score {p.get('score', 0)}"]
    out.append(f"  press house {g.get('red', 0)}R {g.get('yellow', 0)}Y (of {p.get('press_capacity', '?')})"
               f" | storeroom {b.get('white', 0)}W {b.get('red', 0)}R {b.get('rose', 0)}P"
               f" (of {p.get('storeroom_capacity', '?')}) | cellar {_cellar(p.get('cellar', {}))}")
    reserved = p.get("reserved", [])
    out.append("  reserved orders: " + ("; ".join(_card(c) for c in reserved) if reserved else "none"))
    row = p.get("fulfilled", [])
    out.append("  fulfilled row (left to right): " + (" | ".join(_card(c) for c in row) if row else "none"))
    n = p.get("markers_in_supply", 0)
    if own or over:
        bonuses = ", ".join(p.get("supply_bonuses", [])) or "none"
        line = f"  farmer markers in supply: {bonuses}"
    else:
        known = p.get("known_supply_bonuses", [])
        line = f"  farmer markers in supply: {n}" + (f" (known: {', '.join(known)})" if known else "")
    if p.get("markers_on_honours", 0):
        hb = p.get("honours_bonuses", [])
        line += f"; on the honours board: {p['markers_on_honours']}" + (f" ({', '.join(hb)})" if hb else "")
    out.append(line)
    return out


def _decision(view: dict, me: int) -> list[str]:
    if view.get("game_over"):
        players = view.get("players", [])
        if len(players) == 1:
            score = players[0].get("score", 0)
            return [f"Game over: {score} points, {D.solo_label(score)}"]
        return ["Game over: " + ", ".join(f"{_who(p.get('seat', -1), me)} {p.get('score', 0)}" for p in players)]
    decider = view.get("decider", -1)
    current = view.get("current_player", -1)
    pending = view.get("pending", [])
    top = pending[-1] if pending else {}
    task = top.get("task", "")
    why = view.get("prompt", "") or TASK_WHY.get(task, task)
    lines = [f"To decide: {_who(decider, me)} — {why}"]
    detail = []
    if current != decider:
        detail.append(f"during {_who(current, me)}'s turn" if current >= 0 else "during the Winemaker's turn")
    c = top.get("c", 0)
    if task in ("age", "farmer", "draw", "press", "take_order") and c:
        name = D.MARKER_BONUS_NAME[c - 1] if 0 < c <= len(D.MARKER_BONUS_NAME) else "?"
        owner = top.get("seat", -1)
        whose = "your" if owner == me else f"seat {owner}'s"
        detail.append(f"the bonus of {whose} farmer marker '{name}', revealed on the harvested vineyard")
    elif task == "keep_grapes":
        grapes = f"{top.get('a', 0)} red and {top.get('b', 0)} yellow grapes"
        if top.get("c", -1) == decider:
            detail.append(f"you harvested {grapes}; not all fit")
        else:
            detail.append(f"{grapes} arrive (harvested by {_who(top.get('c', -1), me)})")
    elif task == "pass_bottles":
        extra = "" if top.get("b", -1) == decider else f" (bottled by {_who(top.get('b', -1), me)})"
        detail.append(f"{top.get('a', 0)} bottle(s) too many{extra}")
    elif task == "black_marker":
        detail.append("you harvested a vineyard with a black farmer marker")
    elif task == "abilities":
        code = top.get("a", 0)
        if 0 <= code <= D.WINTER_CODE:
            used = top.get("b", 0)
            slots = D.TILE_SLOTS[code]
            left = [" / ".join(D.ABILITY_TEXT[a] for a in slot) for i, slot in enumerate(slots)
                    if not used >> i & 1]
            where = "winter" if code == D.WINTER_CODE else D.RING[code // 2]
            detail.append(f"vineyard {where}, abilities left: {' & '.join(left) or 'none'}")
    if detail:
        lines.append("  (" + "; ".join(detail) + ")")
    return lines


def _winemaker_turns(view: dict) -> list[str]:
    solo = view.get("solo", {})
    turns = solo.get("recent_turns", [])
    if not turns:
        return []
    out = ["The Winemaker since your last turn:"]
    for t in turns:
        h = t.get("harvested", -1)
        harvest = ("took the winter vineyard (every empty vineyard refilled)" if h == D.WINTER
                   else f"harvested {_vineyard_name(h)} (grapes discarded)")
        m = t.get("marker_placed", -1)
        marker = f"black marker on {_vineyard_name(m)}" if m >= 0 else "no black marker placed"
        gone = t.get("discarded", [])
        disc = ("discarded " + ", ".join(_card_no(c) for c in gone)) if gone else "discarded no order"
        card = (f"card {t.get('card', '?')} (harvest {_vineyard_name(t.get('harvest_position', -1))}, marker "
                f"{_vineyard_name(t.get('marker_position', -1))}, discard {t.get('discard_slots', 0)})")
        out.append(f"  {card}: {harvest}; {marker}; {disc}")
    return out


def render(view: dict) -> str:
    me = view.get("seat", -1)
    cfg = view.get("config", {})
    n = cfg.get("players", len(view.get("players", [])))
    over = view.get("game_over", False)
    solo = view.get("solo", {})
    if n == 1:
        head = (f"Dűlőre jutunk, solo against the Winemaker (project {solo.get('project', '?')}), turn "
                f"{view.get('turn', 0)}; Winemaker deck {solo.get('winemaker_deck_size', 0)} cards, "
                f"{solo.get('black_markers_in_supply', 0)} black markers left")
        if solo.get("extra_turns"):
            head += f"; {solo['extra_turns']} extra Winemaker turn(s) due"
    else:
        variants = [v for v, on in (("honours " + cfg.get("honours_side", "a"), cfg.get("honours")),
                                    ("B boards", cfg.get("advanced_boards"))) if on]
        head = (f"Dűlőre jutunk, {n} players{' (' + ', '.join(variants) + ')' if variants else ''}, turn "
                f"{view.get('turn', 0)}, {_who(view.get('current_player', -1), me)} to play")
        if view.get("end_triggered"):
            head += "; LAST ROUND (the game ends after the last seat's turn)"
    lines = [head]
    lines.extend(_decision(view, me))
    wm = _winemaker_turns(view)
    if wm:
        lines.append("")
        lines.extend(wm)
    lines.append("")
    lines.append("Vineyards (clockwise from TL; grapes red/yellow; abilities: & all, / one of):")
    for vv in view.get("vineyards", []):
        name = vv.get("name", "?")
        side = vv.get("side", "")
        grapes = "" if side == "winter" else f"{vv.get('red', 0)}R {vv.get('yellow', 0)}Y"
        if side != "winter" and not (vv.get("red", 0) or vv.get("yellow", 0)):
            grapes = "empty"
        marker = _marker(vv, me)
        lines.append(f"  {name:<6} {side:<6} {grapes:<6} {vv.get('abilities', '')}"
                     + (f"   <- {marker}" if marker else ""))
    lines.append("")
    slot_note = " (slot 1 is the rightmost; the Winemaker discards from slot 1)" if n == 1 else ""
    lines.append(f"Face-up orders{slot_note}; order deck {view.get('order_deck_size', 0)}:")
    for i, c in enumerate(view.get("display", [])):
        lines.append(f"  slot {i + 1}: {_card(c)}")
    bag, basket, bs = view.get("bag", {}), view.get("basket", {}), view.get("bottle_supply", {})
    lines.append(f"Bag {bag.get('red', 0)}R {bag.get('yellow', 0)}Y, basket {basket.get('red', 0)}R "
                 f"{basket.get('yellow', 0)}Y; bottle supply {bs.get('white', 0)}W {bs.get('red', 0)}R "
                 f"{bs.get('rose', 0)}P")
    lines.append("  (orders: W white, R red, P rosé bottles; * stars; L/R: corkscrew halves on the left/right"
                 " edge, t top, b bottom: a right half meeting the same left half of the next card scores 1)")
    lines.append("  (cellar: o a barrel; bonuses: white space 2 draw a grape; red space 2 place a farmer marker,"
                 " space 3 draw a grape; rose: age a red barrel; bottling from the last space)")
    spaces = solo.get("project_spaces", [])
    if spaces:
        lines.append("")
        lines.append("Project card (a black marker on a space applies its effect to you):")
        for sp in spaces:
            mark = "X" if sp.get("filled") else " "
            lines.append(f"  [{mark}] {sp.get('space', '?')}: {sp.get('text', sp.get('effect', ''))}")
    honours = view.get("honours", [])
    if honours:
        lines.append("")
        lines.append("Honours (claim at the end of your turn; checks = fulfilled orders needed):")
        for h in honours:
            occ = ", ".join(f"{v}pt " + ("free" if o < 0 else _who(o, me))
                            for v, o in zip(h.get("values", []), h.get("occupants", [])))
            lines.append(f"  row {h.get('row', '?')}: {h.get('text', h.get('condition', ''))}"
                         f" [{h.get('checks', 0)} checks] {occ}")
    players = view.get("players", [])
    ordered = [p for p in players if p.get("seat") == me] + [p for p in players if p.get("seat") != me]
    for p in ordered:
        lines.append("")
        lines.extend(_player(p, me, over))
    return "\n".join(lines)
