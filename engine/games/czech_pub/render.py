"""A terminal picture of a Czech Pub view (used by ``boardbot play``).

``render(view) -> str`` takes the view dict one seat receives (or the
spectator's), never more, and draws what a player needs to decide: the
table, every player's public state, the own hand, the cards in front of the
active player with what they would score now, and whose decision it is and
why (an X-card window, a card aimed at you, a round of shots, a brawl).
The view may come back from protobuf, so every key is read defensively.
"""

from __future__ import annotations

from . import data as D
from .data import ORIGIN_BY_NAME, OWN, POPCOUNT
from .rules import delivered_items, own_orders, score_items

ORDINAL = ("", "1st", "2nd", "3rd", "4th", "5th", "6th")


def _name(card: str) -> str:
    c = D.CARD_BY_ID.get(card)
    return D.CARD_NAME[c] if c is not None else str(card)


def _short(card: str) -> str:
    """The Czech title without the English gloss."""
    return _name(card).split(" (")[0]


def _shot(kind: str) -> str:
    k = D.SHOT_BY_ID.get(kind)
    return D.SHOT_NAME[k] if k is not None else str(kind)


def _grouped(cards: list, name=_name) -> str:
    counts: dict = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return ", ".join(name(c) + (f" x{n}" if n > 1 else "") for c, n in counts.items())


def _seats(seats) -> str:
    seats = list(seats)
    if not seats:
        return "nobody"
    return ("seat " if len(seats) == 1 else "seats ") + ", ".join(str(q) for q in seats)


def _who(q: int, me: int) -> str:
    return "you" if q == me and q >= 0 else f"seat {q}"


def _track(p: dict) -> str:
    stage = max(1, min(D.STAGES, int(p.get("stage", 1) or 1)))
    cell = int(p.get("cell", 0) or 0)
    row = D.TRACK[stage - 1]
    cells = [f"[{v}]" if i == cell else str(v) for i, v in enumerate(row)]
    return f"stage {stage}: " + " ".join(cells)


def _player_line(q: int, p: dict, view: dict, me: int) -> str:
    active = view.get("active", -1)
    mark = ">" if q == active and view.get("phase") != "game_over" else " "
    label = f"seat {q}" + (" (you)" if q == me else "")
    points = int(p.get("points", 0) or 0)
    kinds = [_shot(k) for k in p.get("shot_tokens", []) or []]
    bonus = D.KIND_BONUS[min(len(kinds), D.SHOT_KINDS)]
    parts = [f"{mark} {label:<13}{points:>4} pts"]
    out = p.get("out_reason", "")
    if out:
        parts.append("OUT (" + ("drunk" if out == "drunk" else "thrown out") + ")")
    else:
        parts.append(_track(p))
        parts.append(f"hand {p.get('hand_card_count', 0)}/{p.get('hand_limit', D.HAND_SIZE[0])}")
    parts.append("shots: " + (", ".join(kinds) + f" (bonus {bonus})" if kinds else "none"))
    flags = []
    if p.get("paused"):
        flags.append("PAUSED (misses the next turn; no card affects them)")
    abst = int(p.get("abstinence", 0) or 0)
    if abst and not out:
        flags.append(f"abstained {abst}x in a row" + (" (a 3rd throws them out)" if abst >= 2 else ""))
    if p.get("insults"):
        flags.append(f"Urážka vrchního x{p['insults']} (no orders next turn)")
    copying = p.get("copying", -1)
    if copying is not None and copying >= 0:
        flags.append(f"Dám si to co ty: drinks what seat {copying} orders next turn")
    if p.get("titles"):
        flags.append("titles " + ", ".join(str(t) for t in p["titles"]))
    if p.get("known_cards") and q != me:
        flags.append("known in hand: " + _grouped(p["known_cards"], _short))
    if (view.get("config") or {}).get("real_drinking"):
        flags.append(f"real shots {p.get('real_drinks', 0)}")
    line = " | ".join(parts)
    if flags:
        line += " | " + "; ".join(flags)
    return line


def _entry_text(e: dict) -> str:
    text = _name(e.get("card", ""))
    if e.get("shot"):
        text += f" as {_shot(e['shot'])}"
    origin = e.get("origin", "own")
    poured = e.get("poured_by", -1)
    if origin == "slipped_in":
        text += "  (slipped in by an opponent's Spletená objednávka)"
    elif origin == "supplied":
        text += f"  (supplied by seat {poured}, poured into the beer: drunkenness only, no points)"
    elif origin == "opponent_card":
        text += f"  (seat {poured}'s card)"
    elif poured is not None and poured >= 0:
        text += f"  (poured into the beer by seat {poured}: drunkenness only, no points)"
    return text


def _table_entries(view: dict) -> list:
    out = []
    for e in view.get("table", []) or []:
        c = D.CARD_BY_ID.get(e.get("card", ""))
        if c is None:
            continue
        k = D.SHOT_BY_ID.get(e.get("shot") or "", -1)
        out.append((c, k, ORIGIN_BY_NAME.get(e.get("origin", "own"), OWN), e.get("poured_by", -1)))
    return out


def _limits(entries: list) -> str:
    actions, beers, smalls, shots, self_pour = own_orders(entries)
    return (f"actions {actions}/{D.ACTIONS_PER_TURN}, beers {beers}/{D.MAX_BEERS} (small {smalls}/"
            f"{D.MAX_SMALL_BEERS}), shots {shots}/{D.MAX_SHOTS + self_pour}")


def _roll_outcomes(total: int, p: dict) -> str:
    stage = max(1, min(D.STAGES, int(p.get("stage", 1) or 1))) - 1
    room = D.ROW_LEN[stage] - int(p.get("cell", 0) or 0)
    groups: list = []
    for roll in range(6, 0, -1):
        moved = D.cells_moved(total, roll)
        if groups and groups[-1][1] == moved:
            groups[-1][0].append(roll)
        else:
            groups.append(([roll], moved))
    texts = []
    for rolls, moved in groups:
        lo, hi = min(rolls), max(rolls)
        r = f"roll {lo}" if lo == hi else f"rolls {lo}-{hi}"
        what = f"{moved} cell{'s' if moved > 1 else ''}"
        if moved >= room:
            what += ", off the row: OUT" if stage == D.STAGES - 1 else ", off the row: next stage + a pause"
        texts.append(f"{r}: {what}")
    return "; ".join(texts)


def _preview(view: dict, entries: list) -> str:
    """What the active player would score if the cards in front were evaluated now."""
    players = view.get("players", []) or []
    a = view.get("active", -1)
    if not 0 <= a < len(players) or view.get("copy_turn"):
        return ""
    p = players[a]
    tokens = sum(1 << D.SHOT_BY_ID[k] for k in p.get("shot_tokens", []) or [] if k in D.SHOT_BY_ID)
    items = delivered_items(entries)
    alcohol, nealko, points, drunk, after = score_items(tokens, items)
    if not alcohol:
        level = int(p.get("abstinence", 0) or 0)
        if level >= 2 and not p.get("insults"):
            return "if evaluated now: no alcohol, a 3rd abstinence in a row: OUT (thrown out)"
        pts = D.ABSTINENCE_POINTS[min(level, 1)]
        return (f"if evaluated now: no alcohol, an abstinence ({ORDINAL[min(level, 2) + 1]} in a row): "
                f"{pts} point{'s' if abs(pts) != 1 else ''}, {1 + nealko} cell{'s' if nealko else ''} back")
    cell_value = int(p.get("cell_value", 0) or 0)
    total = drunk + cell_value
    text = f"if evaluated now: {points:+d} points"
    new = POPCOUNT[after] - POPCOUNT[tokens]
    if new:
        text += f", {new} new shot kind{'s' if new > 1 else ''}"
    text += f"; drunkenness {drunk} + cell value {cell_value} = {total}: "
    if total <= 1:
        return text + "no roll needed, 1 cell"
    return text + _roll_outcomes(total, p)


CARD_EFFECT = {
    "dam_si_to_co_ty": "{a} will drink whatever {t} {order} in {their} next turn",
    "urazka_vrchniho": "{t} may order nothing in {their} next turn",
    "to_je_moje_objednavka": "{a} takes a random card from {tpos} hand",
    "pojd_na_panaka": "{t} must discard a shot (its token if new), or a Pivo and lose 2, or a Malé pivo "
                      "and lose 3, or lose 5",
}
PAY_HELP = "discard a shot (you get its token if new), or a Pivo and lose 2, or a Malé pivo and lose 3, or lose 5"


def _situation(view: dict, me: int) -> list:
    phase = view.get("phase", "")
    a = view.get("active", -1)
    dec = view.get("decider", -1)
    players = view.get("players", []) or []
    mine = dec == me and me >= 0
    actor = _who(a, me)
    Actor = "You" if a == me and me >= 0 else f"Seat {a}"
    queue = list(view.get("queue", []) or [])
    pos = int(view.get("queue_position", 0) or 0)
    later = [q for q in queue[pos + 1:] if q != me] if queue else []
    then = f" Then {_seats(later)}." if later else ""
    pend = view.get("pending_card", "")
    dodgers = list(view.get("dodgers", []) or [])
    hand = list(players[me].get("hand", []) or []) if 0 <= me < len(players) else []
    x_cards = sorted({c for c in hand if D.CARD_BY_ID.get(c) in D.X_CARDS}, key=D.CARD_BY_ID.get)
    can_dodge = "musim_si_odskocit" in hand
    dodge = (" or pass it on to a neighbour (cancel it where none can take it) with Musím si odskočit"
             if can_dodge else "")
    lines = []
    if phase == "game_over":
        lines.append("GAME OVER. Final totals (points + shot-kinds bonus):")
        for q, p in enumerate(players):
            kinds = len(p.get("shot_tokens", []) or [])
            bonus = D.KIND_BONUS[min(kinds, D.SHOT_KINDS)]
            pts = int(p.get("points", 0) or 0)
            lines.append(f"  {_who(q, me)}: {pts} + {bonus} ({kinds} kinds) = {pts + bonus}")
        return lines
    if phase == "play":
        if view.get("copy_turn"):
            lines.append(f"{actor.capitalize()} played Dám si to co ty: the turn ends without an evaluation.")
        elif mine:
            p = players[me] if 0 <= me < len(players) else {}
            lines.append("YOUR TURN: play cards one at a time (Pivo costs no action, every other card 1; at most "
                         "3 beers of which 1 small, 1 shot), then 'done'.")
            if not view.get("played_this_turn"):
                lines.append("Or discard cards instead of playing (an abstinence turn).")
            if p.get("insults"):
                lines.append("You are insulted (Urážka vrchního): no orders this turn, pub cards only.")
            if p.get("abstinence"):
                lines.append(f"Careful: you abstained {p['abstinence']}x in a row; drink alcohol or lose more"
                             + (" (a 3rd abstinence throws you out)." if p["abstinence"] >= 2 else "."))
        else:
            lines.append(f"Seat {a} is playing cards.")
    elif phase == "abstinence_discard":
        if mine:
            lines.append("YOUR ABSTINENCE TURN: discard more cards, or 'done'.")
        else:
            lines.append(f"Seat {a} is discarding cards instead of playing (an abstinence turn).")
    elif phase == "reaction_window":
        orders = [_entry_text(e) for e in view.get("table", []) or []
                  if D.CARD_BY_ID.get(e.get("card", ""), D.POSLEDNI) <= D.DEJTE]
        head = f"{Actor} {'are' if Actor == 'You' else 'is'} done ordering: " + ("; ".join(orders) if orders else "nothing") + "."
        if view.get("window_reacted"):
            head += f" Somebody has reacted, so {actor} may play on afterwards."
        lines.append(head)
        if mine:
            held = ", ".join(_short(c) for c in x_cards if c != "musim_si_odskocit") or "none"
            lines.append("X-CARD WINDOW: you may play an X card now or pass (Zvrhnutá sklenice / Blažková cancel "
                         "an order, To pivo je teplý cancels a beer, Spletená objednávka swaps an order for one "
                         f"of yours, Panák do piva pours a shot into their beer). Your X cards: {held}." + then)
        else:
            lines.append(f"Waiting for seat {dec} to play an X card or pass.{then}")
    elif phase == "target_response":
        t = view.get("pending_target", -1)
        tt = _who(t, me)
        effect = CARD_EFFECT.get(pend, "it takes effect on {t}").format(
            a=actor, t=tt, their="your" if t == me else "their", tpos="your" if t == me else f"seat {t}'s",
            order="order" if t == me else "orders")
        dodged = f" (already dodged by {_seats(dodgers)})" if dodgers else ""
        lines.append(f"{Actor} played {_name(pend)} on {tt}{dodged}: {effect}.")
        if mine:
            if pend == "pojd_na_panaka":
                lines.append(f"YOUR ANSWER: {PAY_HELP}{';' + dodge if dodge else ''}.")
            else:
                lines.append(f"YOUR ANSWER: accept it{',' + dodge if dodge else ''}.")
        else:
            lines.append(f"Waiting for seat {dec} to answer.")
    elif phase == "round_response":
        lines.append(f"{Actor} played Runda dokola: everyone else pays ({PAY_HELP}) unless they dodge with "
                     "Musím si odskočit.")
        if mine:
            lines.append("YOUR PAYMENT: choose how to pay" + (", or stay out with Musím si odskočit" if can_dodge
                                                             else "") + "." + then)
        else:
            lines.append(f"Waiting for seat {dec} to pay.{then}")
    elif phase == "brawl_response":
        lines.append(f"{Actor} started Rvačka (a brawl): each participant, fewest cards first, takes a random "
                     "card from every other participant."
                     + (f" Staying out: {_seats(dodgers)}." if dodgers else ""))
        if mine:
            lines.append("YOUR CHOICE: join the brawl" + (", or stay out with Musím si odskočit" if can_dodge
                                                           else "") + "." + then)
        else:
            lines.append(f"Waiting for seat {dec} to join or dodge.{then}")
    elif dec is not None and dec >= 0:
        lines.append(f"Seat {dec} to decide ({phase}).")
    return lines


def _last_order(view: dict) -> str:
    state = view.get("last_order", "set_aside")
    n = (view.get("config") or {}).get("players", len(view.get("players", []) or []))
    if state == "set_aside":
        at, first = D.LAST_ORDER_AT.get(n, (1, True))
        return (f"Last Order: set aside, shuffled into the {'first' if first else 'second'} half of the deck at "
                f"the {ORDINAL[at]} reshuffle")
    if state == "in_deck":
        lo, hi = (list(view.get("last_order_positions", []) or []) + [0, 0])[:2]
        return f"Last Order: in the deck, among draws {lo} to {hi} from the top"
    return f"Last Order: drawn by seat {view.get('last_order_holder', -1)}"


def render(view: dict) -> str:
    me = view.get("seat", -1)
    me = -1 if me is None else me
    players = view.get("players", []) or []
    a = view.get("active", -1)
    who = f"you are seat {me}" if me >= 0 else "spectator"
    whose = "your turn" if a == me else f"seat {a}'s turn"
    if view.get("phase") == "game_over":
        whose = "game over"
    lines = [f"Czech Pub - turn {view.get('turn', 0)}, {whose} ({who})"]
    pile = list(view.get("discard_pile", []) or [])
    top = f" (top: {_short(pile[-1])})" if pile else ""
    lines.append(f"deck {view.get('deck_size', 0)} cards, discard pile {len(pile)}{top}, reshuffles "
                 f"{view.get('reshuffles', 0)}; {_last_order(view)}")
    if view.get("last_round"):
        owed = list(view.get("final_turns_owed", []) or [])
        lines.append("LAST ROUND of orders: " + (f"final turns still owed to {_seats(owed)}" if owed
                                                  else "this is the last turn"))
    lone = view.get("lone_player", -1)
    if lone is not None and lone >= 0:
        lines.append(f"Everybody else is out: {_who(lone, me)} {'has' if lone != me else 'have'} one last turn")
    tokens = list(view.get("title_tokens_left", []) or [])
    if tokens:
        lines.append("title tokens left: " + ", ".join(f"{pts} pts: {n}" for pts, n in zip(D.TITLE_POINTS, tokens)))
    lines.append("")
    for q, p in enumerate(players):
        lines.append(_player_line(q, p, view, me))
    entries = _table_entries(view)
    if view.get("table"):
        lines.append("")
        lines.append(f"In front of {_who(a, me)} ({_limits(entries)}):")
        for slot, e in enumerate(view.get("table", [])):
            lines.append(f"  [{slot}] {_entry_text(e)}")
        preview = _preview(view, entries)
        if preview:
            lines.append("  " + preview)
    if 0 <= me < len(players):
        hand = list(players[me].get("hand", []) or [])
        lines.append("")
        lines.append(f"Your hand ({len(hand)}): " + (_grouped(hand) if hand else "empty"))
    if view.get("phase") != "game_over" and pile:
        lines.append("discard pile, newest first: " + ", ".join(_short(c) for c in reversed(pile[-8:]))
                     + (", ..." if len(pile) > 8 else ""))
    lines.append("")
    lines.extend(_situation(view, me))
    return "\n".join(lines)
