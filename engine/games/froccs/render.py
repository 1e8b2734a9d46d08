"""A terminal picture of a Fröccs view (used by ``boardbot play``).

``render(view) -> str`` draws the view dict one seat receives (never more):
the table, every player's public side, the own hand and secrets, the
mischief card being resolved with its bargaining, and whose decision it is
and why. The view may come back from protobuf, so missing keys are
tolerated.
"""

from __future__ import annotations

from . import data as D
from . import glasses as G

TITLE = dict(zip(D.CARD_NAMES, D.CARD_TITLES))
HERO_TITLE = dict(D.HEROES)
HERO_TEXT = {name: D.HERO_TEXT[i] for i, (name, _) in enumerate(D.HEROES)}
DRINK_INDEX = {D.CARD_NAMES[c]: c for c in D.DRINKS}
MENU = "drinks menu, wine:soda = price with Zöld Veltelini/Szürkebarát/Sárgamuskotály:\n  " + "; ".join(
    f"{size} dl {wine}:{size - wine} {'/'.join(map(str, D.PRICES[(size, wine)]))}" for size, wine in D.MIXES)


def _title(name: str) -> str:
    return TITLE.get(name, name or "?")


def _cards(names) -> str:
    """['soda', 'soda', 'szurkebarat'] -> '2 soda, 1 Szürkebarát' (in card order)."""
    counts: dict[str, int] = {}
    for name in names or []:
        counts[name] = counts.get(name, 0) + 1
    order = {n: i for i, n in enumerate(D.CARD_NAMES)}
    return ", ".join(f"{k} {_title(n)}" for n, k in sorted(counts.items(), key=lambda x: order.get(x[0], 99)))


def _glass_tuple(gv: dict):
    counts = [0, 0, 0, 0]
    for name in gv.get("cards", []):
        if name in DRINK_INDEX:
            counts[DRINK_INDEX[name]] += 1
    return (gv.get("size", 0), *counts)


def _glass(gv: dict, hero: str) -> str:
    size = gv.get("size", 0)
    cards = gv.get("cards", [])
    inside = _cards(cards) if cards else "empty"
    text = f"{size} dl: {inside}"
    g = _glass_tuple(gv)
    if gv.get("finished") and (size, G.wine_count(g)) in D.PRICES:
        text += f" = finished, sells for {G.sale_price(g)}"
    elif cards:
        text += f", {size - len(cards)} dl to go"
    return text


def _end_value(pv: dict) -> int:
    """Money plus what the glasses would score if the game ended now."""
    value = pv.get("money", 0)
    for gv in pv.get("glasses", []):
        if gv.get("finished"):
            value += D.END_FINISHED
        elif gv.get("cards"):
            value += D.END_PARTIAL
    return value


def _who(q: int, seat: int) -> str:
    return "you" if q == seat and q >= 0 else f"seat {q}"


def _whose(q: int, seat: int) -> str:
    return "your" if q == seat and q >= 0 else f"seat {q}'s"


def _component(comp: dict, seat: int) -> str:
    if comp.get("kind") == "money":
        payer = comp.get("from_seat", -1)
        verb = "pay" if payer == seat else "pays"
        return f"{_who(payer, seat)} {verb} {comp.get('amount', 0)} forints"
    fs, fg = comp.get("from_seat", -1), comp.get("from_glass", -1)
    ts, tg = comp.get("to_seat", -1), comp.get("to_glass", -1)
    src = f"{_whose(fs, seat)} hand" if fg < 0 else f"{_whose(fs, seat)} glass {fg + 1}"
    dst = f"{_whose(ts, seat)} hand" if tg < 0 else f"{_whose(ts, seat)} glass {tg + 1}"
    return f"{_title(comp.get('card', ''))} from {src} to {dst}"


def _mischief_lines(view: dict, seat: int) -> list[str]:
    mv = view.get("mischief") or {}
    if not mv.get("active"):
        return []
    attacker = view.get("active_player", -1)
    target = mv.get("target", -1)
    effect = mv.get("effect", "")
    text = f"{_title(mv.get('card', ''))}"
    if effect and effect != mv.get("card"):
        text += f" as {_title(effect)}"
    where = ""
    if mv.get("glass", -1) >= 0:
        where = f", glass {mv['glass'] + 1}"
    if mv.get("wine"):
        where += f", taking a {_title(mv['wine'])}"
    eff = D.MISCHIEF_TEXT.get(D.CARD_ID.get(effect, -1), "")
    lines = ["", f"MISCHIEF: {_who(attacker, seat)} played {text} on {_who(target, seat)}{where} ({eff})"]
    offer = mv.get("offer") or []
    if offer:
        lines.append("  offer " + ("being built" if view.get("phase") == "propose" else "on the table")
                     + f" by {_who(mv.get('proposer', -1), seat)}:")
        lines.extend(f"    - {_component(c, seat)}" for c in offer)
    if view.get("phase") in ("propose", "respond"):
        lines.append(f"  bargaining: proposal turns left {mv.get('turns_left', 0)} "
                     "(the target proposes first, then the attacker, then the target)")
    for so in mv.get("side_offers") or []:
        if so.get("hidden"):
            lines.append(f"  side offer by {_who(so.get('seat', -1), seat)} (content hidden from you)")
        else:
            cond = "if the card is carried out" if so.get("if_carried_out") else "if it is not carried out"
            lines.append(f"  side offer by {_who(so.get('seat', -1), seat)}: {so.get('amount', 0)} forints "
                         f"to {_who(so.get('recipient', -1), seat)} {cond}")
    return lines


def _can_carry_out(view: dict, seat: int) -> bool:
    """Whether the offer on the table asks only for cards and money ``seat`` has."""
    mv = view.get("mischief") or {}
    asked: dict[str, int] = {}
    for comp in mv.get("offer") or []:
        if comp.get("from_seat") != seat:
            continue
        if comp.get("kind") == "money":
            players = view.get("players") or []
            if seat < len(players) and players[seat].get("money", 0) < comp.get("amount", 0):
                return False
        elif comp.get("from_glass", -1) < 0:
            asked[comp.get("card", "")] = asked.get(comp.get("card", ""), 0) + 1
    hand = view.get("hand") or []
    return all(hand.count(card) >= k for card, k in asked.items())


def _decision(view: dict, seat: int) -> str:
    """Whose decision it is and why."""
    phase = view.get("phase", "")
    d = view.get("decider", -1)
    a = view.get("active_player", -1)
    mv = view.get("mischief") or {}
    t = mv.get("target", -1)
    me = d == seat and seat >= 0
    who = "you" if me else f"seat {d}"
    if phase == "game_over":
        return "the game is over"
    if phase == "choose_hero":
        return f"{who}: choose a hero (kept secret until everyone has chosen)"
    if phase == "action":
        used = view.get("actions_used", 0)
        limit = view.get("action_limit", 2)
        if used >= limit:
            return f"{who}: actions used up; use an ability or end the turn"
        return f"{who}: choose action {used + 1} of {limit} (or an ability{', or end the turn' if used else ''})"
    if phase == "sell":
        return f"{who}: sell finished spritzers one at a time, then stop selling"
    if phase == "buy":
        return f"{who}: buy glasses (1 for {D.GLASS_PRICE_ONE}, 2 for {D.GLASS_PRICE_TWO})"
    if phase == "play":
        return (f"{who}: play cards ({view.get('cards_played', 0)} played, "
                f"up to {view.get('cards_left_to_play', 0)} more)")
    if phase == "discard_drawn":
        return f"{who}: keep two of the drawn cards, discard one face up"
    if phase == "recycle":
        return f"{who}: take a wine from the discard pile (Recycle Béla)"
    if phase == "react":
        return (f"{who} (the target, out of turn): defend now with \"This is for you!\" / Böske, or not "
                "(if you do not, you may bargain, and defend again if the bargain fails)")
    if phase == "last_chance":
        return f"{who} (the target): the bargain failed; last chance to defend before the card hits"
    if phase == "side_offers":
        return (f"{who} (a third party, out of turn): offer money to seat {a} or seat {t} on condition "
                "that the card is carried out or not, or make no side offer")
    if phase == "propose":
        if mv.get("offer"):
            return f"{who}: add more to the offer, or make it"
        if d == t:
            first = " (no offer now lets the attacker propose)" if mv.get("first_turn") else \
                " (no offer ends the bargaining)"
            return (f"{who} (the target): build an offer step by step (money first, then cards; at most "
                    f"2 cards into a hand, 1 into glasses), then make it; or make no offer{first}")
        return (f"{who} (the attacker): build an offer step by step and make it, or carry out the card "
                "(ends the bargaining)")
    if phase == "respond":
        text = f"{who}: accept the offer (the card is discarded without effect) or refuse it"
        if me and not _can_carry_out(view, seat):
            text += "; you cannot accept: you lack the cards or money it asks of you"
        return text
    if phase == "one_more_round":
        return f"{who}: chip in towards one more round (40 forints needed) or pass for good"
    return f"{who}: {phase}"


def render(view: dict) -> str:
    seat = view.get("seat", -1)
    players = view.get("players") or []
    active = view.get("active_player", -1)
    decider = view.get("decider", -1)
    cfg = view.get("config") or {}
    variants = [name for key, name in (("everyones_my_guest", "Everyone's My Guest!"),
                                       ("one_more_round", "One More Round!")) if cfg.get(key)]
    you = f"you are seat {seat}" if seat >= 0 else "spectator"
    phase = view.get("phase", "")
    if phase == "choose_hero":
        head = f"Fröccs, the players choose their heroes ({you})"
    elif phase == "game_over":
        head = f"Fröccs, game over after {view.get('turn', 0) + 1} turns ({you})"
    else:
        head = f"Fröccs, turn {view.get('turn', 0) + 1}, seat {active}'s turn ({you})"
    if variants:
        head += "; variants: " + ", ".join(variants)
    lines = [head]
    used = view.get("action_types_used") or []
    if view.get("phase") not in ("choose_hero", "game_over", "one_more_round"):
        lines.append(f"actions this turn: {view.get('actions_used', 0)} of {view.get('action_limit', 2)}"
                     + (f" (taken: {', '.join(used)})" if used else ""))
    counter = ", ".join(f"{s} dl" for s in view.get("counter") or []) or "empty"
    lines.append(f"spritzer deck {view.get('deck_size', 0)} cards; glass deck {view.get('glass_deck_size', 0)}; "
                 f"tavern counter: {counter}")
    discard = view.get("discard") or {}
    pile = ", ".join(f"{k} {_title(n)}" for n, k in discard.items() if k)
    lines.append(f"discard pile: {pile or 'empty'}")
    end = view.get("end") or {}
    if end.get("triggered") and end.get("final_turns", -1) >= 0:
        lines.append(f"THE END IS NEAR: {end['final_turns']} more turn(s) after this one")
    lines.append("")
    for q, pv in enumerate(players):
        marks = "> " if q == active and phase not in ("game_over", "choose_hero") else "  "
        hero = pv.get("hero", "")
        if hero:
            hero_text = HERO_TITLE.get(hero, hero)
        else:
            hero_text = "hero chosen (secret)" if pv.get("hero_chosen") else "no hero yet"
        line = (f"{marks}seat {q}{' (you)' if q == seat else ''}: {hero_text}; {pv.get('money', 0)} forints; {pv.get('hand_size', 0)} cards in hand"
                f"; worth {_end_value(pv)} now")
        if decider == q:
            line += "   <- to decide"
        lines.append(line)
        known = pv.get("known_cards") or []
        if known and q != seat:
            lines.append(f"      known to hold: {_cards(known)}")
        gl = pv.get("glasses") or []
        for i, gv in enumerate(gl):
            lines.append(f"      glass {i + 1}: {_glass(gv, hero)}")
        if not gl:
            lines.append("      no glasses")
    if seat >= 0 and seat < len(players):
        lines.append("")
        hero = players[seat].get("hero", "")
        if hero:
            lines.append(f"your hero {HERO_TITLE.get(hero, hero)}: {HERO_TEXT.get(hero, '')}")
        dealt = view.get("dealt_heroes") or []
        if dealt:
            lines.append("heroes dealt to you (secret):")
            lines.extend(f"  {HERO_TITLE.get(h, h)}: {HERO_TEXT.get(h, '')}" for h in dealt)
        lines.append(f"your hand: {_cards(view.get('hand')) or 'empty'}")
    drawn = view.get("drawn") or []
    if drawn and seat >= 0:
        lines.append(f"you drew: {_cards(drawn)} (discard one, keep the others)")
    elif view.get("drawn_card_count"):
        lines.append(f"seat {active} drew {view['drawn_card_count']} cards (hidden) and discards one")
    lines.extend(_mischief_lines(view, seat))
    if view.get("phase") == "one_more_round":
        pledges = ", ".join(f"seat {q}: {'passed' if p else x}" for q, (x, p) in
                            enumerate(zip(end.get("pledges") or [], end.get("passed") or [])))
        lines.append(f"One More Round! pledges (40 needed): {pledges}")
    if view.get("phase") == "play" and decider == seat and seat >= 0:
        lines.append("")
        lines.append(MENU)
    lines.append("")
    lines.append(_decision(view, seat))
    return "\n".join(lines)
