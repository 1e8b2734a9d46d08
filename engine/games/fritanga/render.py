"""A terminal picture of a Fritanga view (used by ``boardbot play``).

``render(view) -> str`` draws the view dict one seat (or a spectator)
receives, and nothing more: the table as a grid with the cards and pieces,
then whose decision it is and why, the hands, peeks, the chef's skills and
the piles. The view may come back from protobuf, so every key is read with a
default.

Grid tokens (5 characters with the leading space, one per table space, columns lettered and rows
numbered as in the move texts, e.g. ``c4``):

    [  ]   a face-down card nobody has told you about
    [ba]   a face-down card you know (your F-Rays peek, or a Breadcrumbs basket)
    [ *]   a face-down card someone else peeked at
     ba    a face-up card (two-letter code, see LEGEND)
    1:ba   seat 1's piece on a face-up card
     ~1    seat 1's piece fallen into the oil (a bridge in Teams and Chef modes)
      .    an empty space (the oil)
"""

from __future__ import annotations

from . import data as D

CODE = {
    "basket": "ba", "fritos": "fr", "a_little_break": "lb", "breadcrumbs": "bc", "f_rays": "xr",
    "trampoline": "tr", "maintenance": "mt", "cold_water_geyser": "cg", "no_frying_way": "nf",
    "unbattered": "ub", "switch": "sw", "boom": "bm", "fissure": "fi", "oil_geyser": "og",
    "splatter": "sp",
}
NAME = dict(zip(D.CARD_KEY, D.CARD_NAME))
SKILL = dict(zip(D.SKILL_KEY, D.SKILL_NAME))
LETTERS = "abcdefghijklmnopqrstuvwxyz"
EFFECTS = ("a push", "a switch", "a steal", "a taste test", "a card removal")

PHASE_TEXT = {
    "choose_start": "choose the space of its start Fritos card",
    "play_cards": "play hand cards, or end card play and move",
    "movement": "move 1 or 2 cards orthogonally",
    "last_chance": "last chance: turn over a face-down card (a basket saves it) or play a Fritos",
    "fallen": "fell into the oil: play a Fritos now, or stay in the oil",
    "fritos_target": "Fritos: choose where to come back",
    "trampoline_target": "Trampoline: choose a face-down card to land on",
    "breadcrumbs_place": "Breadcrumbs: place a basket face down",
    "f_rays_peek": "F-Rays: look at a face-down card",
    "f_rays_eliminate": "F-Rays: eliminate an unoccupied card",
    "maintenance_take": "Maintenance: take a face-down card",
    "maintenance_place": "Maintenance: put the card down next to another card",
    "unbattered_target": "Unbattered: choose whom to steal from",
    "switch_target": "Switch: choose a piece to swap places with",
    "fissure_target": "Fissure: remove a card next to a rival",
    "cold_water_geyser": "Cold water geyser: move along its row or column, or stay",
    "chef_turn": "the chef plays a golden skill",
    "splatter_direction": "Splatter: the chef pushes the food",
    "skim_remove": "Skimmer: remove an unoccupied card",
    "spatula_target": "Spatula: choose a food to push",
    "spatula_direction": "Spatula: choose the direction",
    "knife_remove": "Knife: remove a card next to a food",
    "lid_reveal": "Lift the lid: turn a face-down card face up",
    "stir_swap": "Stir: pick two unoccupied cards to swap",
    "shake_direction": "Shake the pan: choose the direction",
    "trim_edge": "Trim the edge: choose the side",
    "taste_target": "Taste test: choose a food's hand",
}


def _cell_name(cell: int, width: int) -> str:
    if width <= 0 or cell < 0:
        return "?"
    row, col = divmod(cell, width)
    return f"{LETTERS[col % 26]}{row + 1}"


def _seat_name(q: int, me: int) -> str:
    return "you" if q == me else f"seat {q}"


def _card(key: str) -> str:
    return NAME.get(key, key or "?")


def _effect_text(effect: int, a: int, b: int, me: int, width: int) -> str:
    if effect == 0:
        d = D.DIRECTIONS[b] if 0 <= b < 4 else "?"
        return f"a push of {_seat_name(a, me)} {d}"
    if effect == 1:
        return f"a switch of {_seat_name(a, me)} with {_seat_name(b, me)}"
    if effect == 2:
        return f"a steal by {_seat_name(a, me)} from {_seat_name(b, me)}"
    if effect == 3:
        return f"a taste test of {_seat_name(a, me)}'s hand"
    if effect == 4:
        return f"the removal of the card at {_cell_name(a, width)}"
    return "an effect"


def decision_text(view: dict) -> str:
    """Whose decision it is and why, in one line."""
    me = view.get("seat", -1)
    phase = view.get("phase", "")
    decider = view.get("decider", -1)
    width = view.get("width", 0)
    stack = view.get("stack") or []
    top = stack[-1] if stack else {}
    args = list(top.get("args") or [])
    if phase == "game_over" or decider < 0:
        return "the game is over"
    who = _seat_name(decider, me)
    if view.get("chef_seat", -1) == decider and decider != me:
        who = f"the chef (seat {decider})"
    elif view.get("chef_seat", -1) == decider:
        who = "you (the chef)"
    if phase == "no_frying_way_window" and len(args) >= 5:
        return (f"{who} to react out of turn: No frying way! against "
                f"{_effect_text(args[2], args[3], args[4], me, width)}?")
    if phase == "chef_reaction_window" and len(args) >= 2:
        card = NAME.get(D.CARD_KEY[args[1]] if 0 <= args[1] < len(D.CARD_KEY) else "", "a card")
        return f"{who} to react out of turn: cancel {_seat_name(args[0], me)}'s {card} with Not so fast! (the ninth card)?"
    if phase == "chef_reaction_window_no_frying_way" and len(args) >= 1:
        return f"{who} to react out of turn: cancel {_seat_name(args[0], me)}'s No frying way! with Not so fast!?"
    if phase == "cold_water_geyser" and len(args) >= 2:
        return f"{who}: Cold water geyser at {_cell_name(args[1], width)}: move along its row or column, or stay"
    if phase == "splatter_direction" and args:
        return f"{who}: Splatter: push {_seat_name(args[0], me)} in a direction"
    if phase == "knife_remove" and args:
        return f"{who}: Knife: remove a card next to {_seat_name(args[0], me)}"
    if phase == "f_rays_peek" and len(args) >= 2:
        return f"{who}: F-Rays: look at a face-down card ({args[1]} left)"
    if phase in ("maintenance_take", "breadcrumbs_place", "skim_remove", "lid_reveal") and len(args) >= 1:
        left = args[1] if phase in ("maintenance_take", "breadcrumbs_place") and len(args) > 1 else args[0]
        return f"{who}: {PHASE_TEXT[phase]} ({left} left)"
    if phase in ("spatula_target", "taste_target") and len(args) >= 1 and args[0] > 1:
        return f"{who}: {PHASE_TEXT[phase]} ({args[0]} foods left)"
    if phase == "maintenance_place" and len(args) >= 3:
        return f"{who}: Maintenance: put the card from {_cell_name(args[2], width)} next to another card"
    return f"{who}: {PHASE_TEXT.get(phase, phase)}"


def _grid(view: dict) -> list[str]:
    width, height = view.get("width", 0), view.get("height", 0)
    if width <= 0 or height <= 0:
        return []
    me = view.get("seat", -1)
    known = {c.get("cell", -1): c for c in view.get("cards") or []}
    face_down = set(view.get("face_down") or [])
    peeked = {p.get("cell", -1) for p in view.get("peeks") or []}
    pieces, fallen = {}, {}
    for p in view.get("players") or []:
        if p.get("position", -1) >= 0:
            pieces[p["position"]] = p.get("seat", 0)
        if p.get("fallen_at", -1) >= 0:
            fallen[p["fallen_at"]] = p.get("seat", 0)
    busy = set(known) | face_down | set(fallen)
    if not busy:
        return []
    rows = [c // width for c in busy]
    cols = [c % width for c in busy]
    r0, r1 = max(0, min(rows) - 1), min(height - 1, max(rows) + 1)
    c0, c1 = max(0, min(cols) - 1), min(width - 1, max(cols) + 1)
    lines = ["    " + "".join(f"   {LETTERS[c % 26]} " for c in range(c0, c1 + 1)).rstrip()]
    for r in range(r0, r1 + 1):
        tokens = []
        for c in range(c0, c1 + 1):
            cell = r * width + c
            card = known.get(cell)
            if cell in pieces:
                code = CODE.get(card.get("card", ""), "??") if card else "??"
                tokens.append(f" {pieces[cell]}:{code}")
            elif cell in face_down:
                if card is not None:
                    tokens.append(f" [{CODE.get(card.get('card', ''), '??')}]")
                else:
                    tokens.append(" [ *]" if cell in peeked else " [  ]")
            elif card is not None:
                tokens.append(f"  {CODE.get(card.get('card', ''), '??')} ")
            elif cell in fallen:
                tokens.append(f"  ~{fallen[cell]} ")
            else:
                tokens.append("   . ")
        lines.append(f"{r + 1:>3} " + "".join(tokens).rstrip())
    used = sorted({(k["card"]) for k in known.values() if k.get("card")}, key=lambda k: D.CARD_KEY.index(k)
                  if k in D.CARD_KEY else 99)
    legend = ", ".join(f"{CODE.get(k, '??')} {_card(k)}" for k in used)
    lines.append("    [  ] face down, [xx] face down and known to you, [ *] peeked by another seat,")
    lines.append("    1:xx seat 1's piece, ~1 seat 1's piece in the oil, . empty space")
    if legend:
        lines.append(f"    cards: {legend}")
    return lines


def _hand(p: dict) -> str:
    cards = p.get("hand") or []
    if not cards:
        return "no cards"
    parts = []
    for h in cards:
        name = _card(h.get("card", "")) if h.get("card") else "?"
        if h.get("fresh"):
            name += " (new)"
        parts.append(name)
    return ", ".join(parts)


def _player_line(view: dict, p: dict) -> str:
    me = view.get("seat", -1)
    q = p.get("seat", 0)
    width = view.get("width", 0)
    mode = view.get("mode", "versus")
    label = f"seat {q}" + (" (you)" if q == me else "")
    if p.get("role") == "chef":
        return f"{label}: the chef"
    if mode == "teams":
        label += f", team {p.get('team', 0)}"
    status = p.get("status", "alive")
    if status == "alive" and p.get("position", -1) < 0:
        where = "not on the table yet (no start card)"
    elif status == "alive":
        where = f"on {p.get('position_name') or _cell_name(p.get('position', -1), width)}"
    elif status == "out":
        spot = p.get("fallen_at", -1)
        where = "in the oil" + (f" at {_cell_name(spot, width)}" if spot >= 0 else "") + \
            " (last chance on its next turn)"
    else:
        where = f"fried (turn {p.get('fried_turn', -1)})"
    return f"{label}: {where}; hand {p.get('hand_card_count', len(p.get('hand') or []))}: {_hand(p)}"


def render(view: dict) -> str:
    me = view.get("seat", -1)
    mode = view.get("mode", "versus")
    title = {"versus": "Versus", "teams": "Versus Teams", "chef": "Everyone Against the Chef"}.get(mode, mode)
    players = view.get("players") or []
    width = view.get("width", 0)
    you = "spectator" if me < 0 else f"you are seat {me}"
    if me >= 0 and view.get("chef_seat", -1) == me:
        you += " (the chef)"
    elif me >= 0 and mode == "teams":
        you += f" (team {me % 2})"
    lines = [f"Fritanga, {title}, {len(players)} players; {you}",
             f"turn {view.get('turn', 0)}: seat {view.get('turn_seat', -1)}'s turn; "
             f"{view.get('face_down_cards', 0)} cards face down"]
    if mode == "chef":
        played = view.get("chef_cards_played", 0)
        line = f"chef: {played}/8 golden skills played"
        if view.get("final_round"):
            line += "; the final round: every food has one more turn"
        lines.append(line)
    lines.append("")
    lines.extend(_grid(view))
    lines.append("")
    for p in players:
        lines.append(_player_line(view, p))
    if mode == "chef":
        hand = view.get("chef_hand") or []
        golden = [SKILL.get(k, k) for k in hand if k != "not_so_fast"]
        lines.append("chef's skills left: " + (", ".join(golden) or "none"))
        lines.append("Not so fast! (the ninth card, a reaction at any time): "
                     + ("still in the chef's hand" if "not_so_fast" in hand else "used"))
    peeks = []
    for pk in view.get("peeks") or []:
        if pk.get("known_to_all"):
            continue
        seats = ", ".join(_seat_name(q, me) for q in pk.get("seats") or [])
        peeks.append(f"{_cell_name(pk.get('cell', -1), width)} ({seats})")
    if peeks:
        lines.append("peeked face-down cards: " + "; ".join(peeks))
    mine = [c for c in view.get("cards") or [] if not c.get("face_up")]
    if mine:
        lines.append("face-down cards you know: " + ", ".join(
            f"{_cell_name(c.get('cell', -1), width)} {_card(c.get('card', ''))}" for c in mine))
    for key, label in (("discard", "discard pile"), ("removed", "out of the game")):
        pile = view.get(key) or []
        if pile:
            lines.append(f"{label}: " + ", ".join(f"{e.get('count', 0)} {_card(e.get('card', ''))}" for e in pile))
    if view.get("skip_move"):
        lines.append("A Little Break: no movement this turn")
    lines.append("")
    lines.append("decision: " + decision_text(view))
    return "\n".join(lines)
