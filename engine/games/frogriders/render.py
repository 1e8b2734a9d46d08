"""A terminal picture of a Frogriders view (used by ``boardbot play``).

Optional per-game renderer: ``render(view) -> str`` takes the view dict a
seat receives (never more) and draws it.
"""

from __future__ import annotations

from . import data as D

LETTER = {"yellow": "Y", "red": "R", "blue": "B", "brown": "N", "": "."}


def render(view: dict) -> str:
    seat = view["seat"]
    by_cell = {c["cell"]: c for c in view["cells"]}
    lines = [f"Frogriders, turn {view['turn']}, phase {view['phase']}, seat {view['current_player']} to play",
             "", "     " + " ".join("abcdefghi")]
    for row in range(D.SIZE):
        marks = []
        for col in range(D.SIZE):
            cell = by_cell.get(row * D.SIZE + col)
            if cell is None:
                marks.append(" ")
            elif cell["off_limits"]:
                marks.append("#")
            elif cell["unit"]:
                letter = LETTER[cell["unit"]]
                marks.append(letter.lower() if cell["flower"] else letter)
            else:
                marks.append("*" if cell["flower"] else ".")
        lines.append((f"  {row + 1:>2} " + " ".join(marks)).rstrip())
    lines.append("  units: Y yellow, R red, B blue, N brown (lower case: on a flower);")
    lines.append("  . empty space, * empty flower, # off limits")
    lines.append("")
    village = ", ".join(f"{n} {colour}" for colour, n in view["village"].items())
    lines.append(f"village: {village}")
    display = ", ".join(f"{i + 1}: {D.PRIVILEGE_TEXT.get(k, '(empty)')}" for i, k in enumerate(view["display"]))
    lines.append(f"privilege display: {display}; stack {view['stack_size']}")
    for pc in view["public_cards"]:
        lines.append(f"public score card ({pc['side']}): {pc['text']}")
    lines.append("")
    for q, p in enumerate(view["players"]):
        units = ", ".join(f"{n} {c}" for c, n in p["units"].items() if n) or "no units"
        privileges = ", ".join(D.PRIVILEGE_TEXT.get(k, k) for k in p["privileges"]) or "none"
        if p["set_card"] >= 0:
            card = f"set card {p['set_card']} ({D.set_text(D.PRIVATE_SET_CARDS[p['set_card']])})"
        else:
            card = "set card hidden" if p["chose_set_card"] else "no set card yet"
        you = " (you)" if q == seat else ""
        lines.append(f"seat {q}{you}: {units}; privileges: {privileges}; trophies {p['trophies']}; {card}")
    if view["dealt_set_cards"] and view["players"][seat]["set_card"] < 0:
        dealt = "; ".join(f"{c}: {D.set_text(D.PRIVATE_SET_CARDS[c])}" for c in view["dealt_set_cards"])
        lines.append(f"your dealt set cards (hidden from the others): {dealt}")
    return "\n".join(lines)
