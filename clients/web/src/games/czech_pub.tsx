// Czech Pub: your hand, the orders in front of the active player, and each drinker's track.
import { CzechPubCard, CzechPubCardSchema, CzechPubLastOrder, CzechPubOrigin, CzechPubOutReason, CzechPubPhase, CzechPubShotSchema,
  type SeatView } from "@boardbot/client";
import type { ComponentChildren } from "preact";
import "./czech_pub.css";
import { aboutThem, byNumber, card, facts, plural, scored, seatPanel } from "./common.js";
import { componentsOf, moveOf, viewOf } from "./index.js";
import type { GameUI, TableContext } from "./types.js";

const INFO = componentsOf<{ cards: unknown; shots: unknown; track: number[][]; titlePoints: number[]; actionsPerTurn: number }>(
  "czech-pub");
type CardInfo = { name: string; gloss: string; kind: string; text: string; cost: number };
const CARDS = byNumber<CardInfo>(CzechPubCardSchema, INFO.cards);
const SHOTS = byNumber<string>(CzechPubShotSchema, INFO.shots);

const PROMPTS: Record<number, string> = {
  [CzechPubPhase.PLAY]: "order drinks and play pub cards, then say done",
  [CzechPubPhase.ABSTINENCE_DISCARD]: "an abstinence turn: discard cards, then say done",
  [CzechPubPhase.REACTION_WINDOW]: "react to the orders on the table with an X card, or pass",
  [CzechPubPhase.TARGET_RESPONSE]: "a card is aimed at you: dodge it, accept it or pay",
  [CzechPubPhase.ROUND_RESPONSE]: "Runda dokola: pay for the round or dodge",
  [CzechPubPhase.BRAWL_RESPONSE]: "Rvačka: join the brawl or dodge",
  [CzechPubPhase.GAME_OVER]: "the game is over",
};

function cardName(c: number): string {
  const info = CARDS[c];
  return info ? (info.gloss ? `${info.name} (${info.gloss})` : info.name) : "card";
}

function pubCard(c: number, extra: ComponentChildren = null) {
  const info = CARDS[c];
  return card(info?.name ?? "?", info?.text ?? "", `pub ${info?.kind ?? ""}`, info?.gloss ?? "", extra);
}

function track(stage: number, cell: number) {
  return <div class="track" role="group" aria-label={`drunkenness: stage ${stage}, cell ${cell + 1}`}>
    <div class="track-title">{`Drunkenness track: stage ${stage} of 4 (rows), the marker in red; a cell's number is added to the roll`}</div>
    {INFO.track.map((row, i) => <div class="track-row"><span class="track-stage">{`${i + 1}`}</span>
      {row.map((value, j) => <span class={`track-cell${i + 1 === stage && j === cell ? " here" : ""}`}>
        {value > 0 ? `+${value}` : String(value)}</span>)}
    </div>)}
  </div>;
}

function render(ctx: TableContext) {
  const v = viewOf(ctx.sv, "czechPub");
  if (!v) return <div>no view</div>;
  const me = ctx.me;
  const active = v.active;
  const lastOrder = v.lastOrder === CzechPubLastOrder.SET_ASIDE ? "set aside"
    : v.lastOrder === CzechPubLastOrder.IN_DECK ? `in the deck, between draws ${v.lastOrderPositions.join(" and ")}`
      : `drawn${v.lastOrderHolder !== undefined ? ` by ${ctx.names[v.lastOrderHolder]}` : ""}`;
  const top = v.discardPile[v.discardPile.length - 1];
  const pub = <section class="pub" aria-label="The pub">
    <h3>{`Turn ${v.turn}${v.lastRound ? " · last round of orders" : ""}`}</h3>
    {facts([["deck", plural(v.deckSize, "card")], ["discard pile", plural(v.discardPile.length, "card")],
      ["Poslední objednávka (Last order)", lastOrder], ["title tokens left", v.titleTokensLeft.join(" / ")]])}
    {top ? ctx.point(<div class="discard-top"><span>Top of the discard pile:</span>{pubCard(top)}</div>,
      `top of the discard pile: ${cardName(top)}`, "discard") : null}
  </section>;
  const origin = (c: (typeof v.table)[number]) => c.origin === CzechPubOrigin.SLIPPED_IN ? "slipped in by an opponent"
    : c.origin === CzechPubOrigin.SUPPLIED ? `poured by ${ctx.names[c.pouredBy ?? 0]}`
      : c.origin === CzechPubOrigin.OPPONENT_CARD ? `${ctx.names[c.pouredBy ?? 0]}'s card` : "";
  const tableCards = <section class="pub-table" aria-label="Cards in front of the active player">
    <h3>{`In front of ${ctx.names[active]}`}</h3>
    {v.table.length ? <div class="cards">{v.table.map((c, slot) => ctx.point(pubCard(c.card, [
      c.shot ? <div class="card-foot">{`as ${SHOTS[c.shot]}`}</div> : null,
      origin(c) ? <div class="card-foot">{origin(c)}</div> : null,
      <div class="card-foot">{`slot ${slot + 1}`}</div>]), `slot ${slot + 1}: ${cardName(c.card)}`, `slot:${slot}`))}</div>
      : <p class="muted">nothing yet</p>}
    {v.pendingCard ? <p class="pending">{`Being resolved: ${cardName(v.pendingCard)}`}
      {v.pendingTarget !== undefined ? ` on ${ctx.names[v.pendingTarget]}` : ""}</p> : null}
    {v.queue.length ? <p class="pending">{`Asked in turn: ${v.queue.map((q) => ctx.names[q]).join(", ")}`}</p> : null}
  </section>;
  const seats = v.players.map((p, seat) => {
    const panel = seatPanel(ctx, seat, [
      facts([["points", p.points], ["hand", plural(p.handCardCount, "card")], ["abstinence in a row", p.abstinence]]),
      track(p.stage, p.cell),
      p.shotTokens.length ? <p class="tokens">Shot kinds: {p.shotTokens.map((t) => <span class="token">{SHOTS[t]}</span>)}</p>
        : null,
      p.paused ? <p class="tag">on a pause</p> : null,
      p.outReason !== CzechPubOutReason.UNSPECIFIED ? <p class="tag">
        {p.outReason === CzechPubOutReason.DRUNK ? "out: too drunk" : "out: thrown out"}</p> : null,
      p.insults ? <p>{`Urážka vrchního (Insulted bartender) ×${p.insults}: no orders next turn`}</p> : null,
      p.copying !== undefined ? <p>{`drinks what ${ctx.names[p.copying]} orders next turn`}</p> : null,
      p.titles.length ? <p>{`Titles: ${p.titles.map((t) => INFO.titlePoints[t - 1]).join(", ")} points`}</p> : null,
      p.knownCards.length ? <div><p class="muted">Cards you know they hold:</p>
        <div class="cards small">{p.knownCards.map((c) => pubCard(c))}</div></div> : null]);
    return ctx.point(panel, `${ctx.names[seat]}`, `seat:${seat}`);
  });
  const mine = me !== undefined ? v.players[me] : undefined;
  // the actions the active player's own orders used this turn, of the turn's 3
  const used = v.table.reduce((sum, c) => sum + (c.origin === CzechPubOrigin.OWN ? CARDS[c.card]?.cost ?? 0 : 0), 0);
  const left = Math.max(0, INFO.actionsPerTurn - used);
  const myTurn = me === active && v.phase === CzechPubPhase.PLAY;
  const playable = new Set(ctx.sv.legalMoves.map((m) => moveOf(m, "czechPub")?.kind).flatMap((k) =>
    k?.case === "play" ? [k.value.card] : []));
  const why = (c: number) => {
    if (!myTurn || ctx.sv.decider !== me || playable.has(c)) return null;
    const cost = CARDS[c]?.cost ?? 0;
    return <div class="card-foot why-not">{cost > left ? `not now: costs ${plural(cost, "action")}, ${left} left`
      : CARDS[c]?.kind === "x" ? "not now: played on another's turn" : "not playable now"}</div>;
  };
  const hand = mine ? <section class="hand" aria-label="Your hand">
    <h3>{`Your hand (${mine.hand.length}; draw up to ${mine.handLimit})`}</h3>
    {myTurn ? <p class="actions-left">{`Actions this turn: ${used} used, ${left} left of ${INFO.actionsPerTurn}`}</p> : null}
    <div class="cards">{mine.hand.map((c) => ctx.point(pubCard(c, why(c)), cardName(c), `hand:${c}`))}</div>
  </section> : null;
  return <div class="czech-pub"><div class="board-row">{pub}{tableCards}</div>{hand}
    <div class="seat-panels">{seats}</div></div>;
}

const czechPub: GameUI = {
  render,
  marks: ["slot", "discard", "seat"],
  points(move) {
    const m = moveOf(move, "czechPub")?.kind;
    switch (m?.case) {
      case "play": return [`hand:${m.value.card}`, ...(m.value.target !== undefined ? [`seat:${m.value.target}`] : [])];
      case "discard": return [`hand:${m.value.card}`];
      case "react": return [`hand:${m.value.card}`, ...(m.value.slot !== undefined ? [`slot:${m.value.slot}`] : [])];
      case "dodge": return [`hand:${CzechPubCard.MUSIM_SI_ODSKOCIT}`, ...(m.value.toSeat !== undefined ? [`seat:${m.value.toSeat}`] : [])];
      case "pay": return m.value.discard ? [`hand:${m.value.discard}`] : [];
      default: return [];
    }
  },
  turnSeat(sv: SeatView) {
    const v = viewOf(sv, "czechPub");
    return v && v.phase !== CzechPubPhase.GAME_OVER ? v.active : undefined;
  },
  scoreText: (score: number) => plural(score, "point"),
  scores(sv) {
    return viewOf(sv, "czechPub")?.players.map((p) => `${p.points} points`) ?? [];
  },
  prompt(sv, you) {
    const v = viewOf(sv, "czechPub");
    const text = v ? PROMPTS[v.phase] ?? "" : "";
    return you ? text : aboutThem(text);
  },
  details(b) {
    return scored([["drinks", b.points, "points"], [`${plural(Number(b.shot_kinds ?? 0), "kind")} of shot`, b.kinds_bonus, "points"],
      ["out", typeof b.out === "string" ? b.out.replaceAll("_", " ") : ""]]);
  },
};

export default czechPub;
