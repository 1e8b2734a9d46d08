"""Terminal play (``boardbot play``) with bargaining, through a real server.

A scripted "human" reads what the terminal prints (the rendered view and the
numbered move list) and answers by move number, as a person would: it plays
mischief cards, builds offers step by step as attacker and as target,
accepts and refuses, makes side offers, and plays "This is for you!" out of
turn, both right after an attack and after a failed bargain.
"""

from __future__ import annotations

import io
import re

from boardbot.tools.play import play

NEEDED = {
    "mischief", "attacker_money", "attacker_card", "target_money", "offer_card", "propose",
    "accept_as_attacker", "refuse_as_attacker", "refuse_as_target", "side_offer", "no_defence",
    "tify_react", "tify_last",
}


class Human:
    def __init__(self, out: io.StringIO, seat: int, reacts: int = 0):
        self.out = out
        self.seat = seat
        self.done: dict[str, int] = {}
        self.reacts = reacts  # carried over between games: every second attack is answered at once
        self.answers = 0
        self.holding_out = False  # declined to defend: let the bargain fail, then defend

    def readline(self) -> str:
        text = self.out.getvalue()
        listing = text[text.rfind("your moves:"):]
        moves = re.findall(r"^\s+(\d+)\. (.*)$", listing, re.M)
        shown = text[text.rfind("Fröccs, "):text.rfind("your moves:")].strip()
        why = shown.splitlines()[-1]
        attacker = "MISCHIEF: you played" in shown
        me = self.seat

        def pick(key, test):
            for number, move in moves:
                if test(move):
                    self.done[key] = self.done.get(key, 0) + 1
                    return number + "\n"
            return None

        if "defend now" in why:  # out of turn, right after the attack
            self.reacts += 1
            if self.reacts % 2 == 0:
                return pick("tify_react", lambda m: m == 'play "This is for you!"') or "1\n"
            self.holding_out = True
            return pick("no_defence", lambda m: m == "do not defend") or "1\n"
        if "last chance to defend" in why:
            self.holding_out = False
            return pick("tify_last", lambda m: m == 'play "This is for you!"') or "1\n"
        if self.holding_out and ("(the target): build an offer" in why or "accept the offer" in why):
            return pick("hold_out", lambda m: m in ("make no offer", "refuse the offer"))
        if "(a third party, out of turn)" in why:
            return pick("side_offer", lambda m: m.startswith("side offer: pay") and "10 forints" in m) or "1\n"
        if why.startswith("you: add more to the offer"):
            if not self.done.get("offer_card"):
                card = pick("offer_card", lambda m: m.startswith("offer:") and "'s hand to seat" in m)
                if card:
                    return card
            return pick("propose", lambda m: m == "make this offer")
        if "(the target): build an offer" in why:
            return (pick("target_money", lambda m: m == f"offer: seat {me} pays 10 forints")
                    or pick("no_offer", lambda m: m == "make no offer"))
        if "(the attacker): build an offer" in why:
            return (pick("attacker_money", lambda m: re.fullmatch(r"offer: seat \d pays 10 forints", m)
                         and f"seat {me} pays" not in m)
                    or pick("attacker_card", lambda m: m.startswith("offer:") and f"to seat {me}'s hand" in m)
                    or pick("carry_out", lambda m: m == "carry out the mischief card"))
        if "accept the offer" in why:
            self.answers += 1
            role = "attacker" if attacker else "target"
            if self.answers % 2:
                yes = pick(f"accept_as_{role}", lambda m: m == "accept the offer")
                if yes:
                    return yes
            return pick(f"refuse_as_{role}", lambda m: m == "refuse the offer")
        return (pick("mischief", lambda m: m.startswith("play ") and " on seat " in m)
                or pick("sell", lambda m: m.startswith("sell glass") or m == "action: sell spritzers")
                or pick("play", lambda m: m == "action: play cards" or m.startswith("pour "))
                or "1\n")


def test_bargaining_and_this_is_for_you_in_the_terminal(server):
    done: dict[str, int] = {}
    texts = []
    reacts = 0  # carried between games: every second attack is answered with "This is for you!" at once
    # the random bots' choices decide which situations come up: play seeds until all have
    for seed in range(1, 41):
        out = io.StringIO()
        human = Human(out, 0, reacts)
        code = play(server.address, "froccs", ["random"] * 3, seat=0, config={"players": 4}, seed=seed,
                    inp=human, out=out)
        text = out.getvalue()
        assert code == 0 and "game over" in text, text[-2000:]
        texts.append(text)
        reacts = human.reacts
        for key, n in human.done.items():
            done[key] = done.get(key, 0) + n
        if NEEDED <= set(done):
            break
    assert NEEDED <= set(done), f"not exercised: {NEEDED - set(done)}"
    everything = "\n".join(texts)
    assert "the bargain is accepted: the mischief card is discarded without effect" in everything
    assert 'you: play "This is for you!"' in everything
    assert "offer being built by you:" in everything and "offer on the table by seat" in everything


def test_hero_choice_and_one_more_round_in_the_terminal(server):
    """The setup decision (choose a hero) and the end-game pledges, at a seat other than 0."""
    out = io.StringIO()
    code = play(server.address, "froccs", ["greedy"] * 2, seat=1,
                config={"players": 3, "heroes": "choose", "one_more_round": True}, seed=1,
                inp=Human(out, 1), out=out)
    text = out.getvalue()
    assert code == 0 and "game over" in text, text[-2000:]
    assert "heroes dealt to you (secret):" in text and "you: choose a hero" in text
    assert "you: chip in towards one more round" in text
    assert "you: pay 10 forints towards one more round" in text
