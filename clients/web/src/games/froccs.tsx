// Fröccs: each tavern-goer's hero, money and glasses (SVG), your hand, the counter and the mischief under way.
import { FroccsCard, FroccsCardSchema, FroccsHeroSchema, FroccsOfferKind, FroccsPhase, type FroccsGlass, type FroccsView,
  type SeatView } from "@boardbot/client";
import type { ComponentChildren } from "preact";
import "./froccs.css";
import { aboutThem, byNumber, card, facts, plural, scored, seatPanel } from "./common.js";
import { componentsOf, moveOf, viewOf } from "./index.js";
import type { GameUI, TableContext } from "./types.js";

type Mix = { name: string; size: number; wine: number; prices: number[] };
const INFO = componentsOf<{ cards: unknown; heroes: unknown; menu: Mix[] }>("froccs");
const CARDS = byNumber<{ name: string; kind: string; text: string }>(FroccsCardSchema, INFO.cards);
const HEROES = byNumber<{ name: string; text: string }>(FroccsHeroSchema, INFO.heroes);

const PROMPTS: Partial<Record<FroccsPhase, string>> = {
  [FroccsPhase.ACTION]: "take an action (sell, draw, buy glasses, play cards) or end the turn",
  [FroccsPhase.SELL]: "sell finished spritzers, or stop selling",
  [FroccsPhase.BUY]: "buy glasses from the counter",
  [FroccsPhase.PLAY]: "pour drinks into glasses or play mischief cards, or stop",
  [FroccsPhase.DISCARD_DRAWN]: "discard one of the drawn cards",
  [FroccsPhase.RECYCLE]: "take a wine from the discard pile",
  [FroccsPhase.REACT]: "a mischief card is played on you: defend or let it happen",
  [FroccsPhase.LAST_CHANCE]: "the bargain failed: defend now or let it happen",
  [FroccsPhase.SIDE_OFFERS]: "offer money to one of the bargainers, or make no offer",
  [FroccsPhase.PROPOSE]: "build an offer for the bargain and propose it",
  [FroccsPhase.RESPOND]: "accept or refuse the offer",
  [FroccsPhase.ONE_MORE_ROUND]: "One More Round!: pledge forints or pass",
  [FroccsPhase.CHOOSE_HERO]: "choose your tavern hero",
  [FroccsPhase.GAME_OVER]: "the game is over",
};

function cardName(c: number): string {
  return CARDS[c]?.name ?? "card";
}

function spritzerCard(c: number, extra: ComponentChildren = null) {
  const info = CARDS[c];
  return card(info?.name ?? "?", info?.text ?? "", `froccs ${info?.kind ?? ""} f${c}`, "", extra);
}

// FroccsCardCounts' fields, in card order (FroccsCard 1-9).
const DISCARD_FIELDS = ["zoldVeltelini", "szurkebarat", "sargamuskotaly", "soda", "thisIsForYou", "zsirosKenyer",
  "kilottyintes", "borravalo", "pohartores"] as const;

const LAYER: Record<number, string> = { 1: "zv", 2: "sz", 3: "sm", 4: "soda" };

/** A glass drawn to scale: one band per dl, wines and soda in their colours. */
function glassSvg(glass: Pick<FroccsGlass, "size" | "cards" | "finished">, label: string) {
  const dl = 14;
  const height = glass.size * dl;
  const top = 5 * dl - height + 12; // room above the tallest glass for its label
  return <svg viewBox={`0 0 44 ${5 * dl + 16}`} class={`glass${glass.finished ? " finished" : ""}`} role="img" aria-label={label}>
    <title>{label}</title>
    {glass.cards.map((c, i) => <rect x={7} y={top + height - (i + 1) * dl} width={30} height={dl - 1} class={`layer ${LAYER[c] ?? ""}`} />)}
    <path d={`M5 ${top} L9 ${top + height + 2} L35 ${top + height + 2} L39 ${top}`} class="glass-outline" />
    <text x={22} y={top - 3} text-anchor="middle" class="glass-size">{`${glass.size} dl`}</text>
  </svg>;
}

function glassLabel(glass: FroccsGlass, owner: string, index: number): string {
  const content = glass.cards.length ? glass.cards.map(cardName).join(", ") : "empty";
  return `${owner}'s glass ${index + 1} (${glass.size} dl: ${content}${glass.finished ? ", a finished spritzer" : ""})`;
}

function mischiefPanel(ctx: TableContext, v: FroccsView) {
  const m = v.mischief;
  if (!m?.active) return null;
  const target = m.target !== undefined ? ctx.names[m.target] : "?";
  const offer = m.offer.map((o) => o.kind === FroccsOfferKind.MONEY ? `${ctx.names[o.fromSeat]} pays ${o.amount} forints`
    : `${cardName(o.card)} from ${ctx.names[o.fromSeat]}'s ${o.fromGlass !== undefined ? `glass ${o.fromGlass + 1}` : "hand"} to ${
      o.toSeat !== undefined ? ctx.names[o.toSeat] : "?"}'s ${o.toGlass !== undefined ? `glass ${o.toGlass + 1}` : "hand"}`);
  return <section class="mischief" aria-label="Mischief under way">
    <h3>{`Mischief: ${ctx.names[v.activePlayer]} plays ${cardName(m.card)}`}{m.effect !== m.card ? ` as ${cardName(m.effect)}` : ""}
      {` on ${target}`}{m.glass !== undefined ? `'s glass ${m.glass + 1}` : ""}</h3>
    <p>{CARDS[m.effect]?.text ?? ""}</p>
    {m.proposer !== undefined ? <p>{`Bargaining: ${ctx.names[m.proposer]} proposes (${m.turnsLeft} proposal turns left)`}</p> : null}
    {offer.length ? <ul>{offer.map((o) => <li>{o}</li>)}</ul> : null}
    {m.sideOffers.length ? <ul>{m.sideOffers.map((o) => <li>{o.hidden ? `${ctx.names[o.seat]} made a secret side offer`
      : `${ctx.names[o.seat]} offers ${o.amount} forints to ${ctx.names[o.recipient ?? 0]} if the effect is ${o.ifCarriedOut ? "" : "not "}carried out`}</li>)}</ul>
      : null}
  </section>;
}

function render(ctx: TableContext) {
  const v = viewOf(ctx.sv, "froccs");
  if (!v) return <div>no view</div>;
  const seats = v.players.map((p, seat) => {
    const hero = HEROES[p.hero];
    const panel = seatPanel(ctx, seat, [
      hero ? card(hero.name, hero.text, "hero") : <p class="muted">{p.heroChosen ? "hero chosen (secret)" : "no hero yet"}</p>,
      facts([["forints", p.money], ["hand", plural(p.handSize, "card")],
        ["glasses sold or broken", (p.glassDiscard?.dl2 ?? 0) + (p.glassDiscard?.dl3 ?? 0) + (p.glassDiscard?.dl5 ?? 0)]]),
      <div class="glasses">{p.glasses.map((g, i) => ctx.point(<div class="glass-wrap">
        {glassSvg(g, glassLabel(g, ctx.names[seat], i))}<span>{`glass ${i + 1}`}</span></div>,
      glassLabel(g, ctx.names[seat], i), `glass:${seat}:${i}`))}</div>,
      p.knownCards.length && seat !== ctx.me ? <p class="muted">{`Known in hand: ${p.knownCards.map(cardName).join(", ")}`}</p> : null]);
    return ctx.point(panel, ctx.names[seat], `seat:${seat}`);
  });
  const counter = <section class="counter" aria-label="Tavern counter">
    <h3>{`Tavern counter (${v.glassDeckSize} glasses in the deck)`}</h3>
    <div class="glasses">{v.counter.map((size) => ctx.point(<div class="glass-wrap">
      {glassSvg({ size, cards: [], finished: false }, `a ${size} dl glass`)}</div>, `buy a ${size} dl glass`, `counter:${size}`))}</div>
  </section>;
  const deck = ctx.point(<div class="deck"><div class="card back"><div class="card-name">Deck</div></div>
    <span>{plural(v.deckSize, "card")}</span></div>, "draw cards", "deck");
  const counts = v.discard;
  const discard = counts ? DISCARD_FIELDS.map((field, i) => [i + 1, counts[field]] as const).filter(([, n]) => n > 0)
    .map(([c, n]) => `${cardName(c)} ×${n}`).join(", ") : "";
  const turn = <section class="turn-info" aria-label="This turn">
    {facts([["turn", v.turn + 1], ["actions", `${v.actionsUsed} of ${v.actionLimit}`],
      ["cards to play", v.cardsLeftToPlay], ["discard pile", discard || "empty"],
      ...(v.end?.triggered ? [["end", v.end.finalTurns !== undefined ? `${v.end.finalTurns} more turns` : "last round"] as [string, string]] : [])])}
    <div class="deck-row">{deck}{counter}</div>
  </section>;
  const hand = ctx.me !== undefined ? <section class="hand" aria-label="Your hand">
    <h3>{`Your hand (${v.hand.length})`}</h3>
    <div class="cards">{[...new Set(v.hand)].map((c) => {
      const copies = v.hand.filter((x) => x === c).length;
      return ctx.point(spritzerCard(c, copies > 1 ? <div class="card-foot count">{`×${copies}`}</div> : null), cardName(c), `hand:${c}`);
    })}</div>
  </section> : null;
  const drawn = v.drawn.length ? <section class="drawn" aria-label="Drawn cards"><h3>Drawn: discard one</h3>
    <div class="cards">{v.drawn.map((c) => ctx.point(spritzerCard(c), `discard ${cardName(c)}`, `drawn:${c}`))}</div>
  </section> : null;
  const heroes = v.dealtHeroes.length ? <section class="dealt" aria-label="Your dealt heroes"><h3>Choose your hero</h3>
    <div class="cards">{v.dealtHeroes.map((k) => ctx.point(card(HEROES[k]?.name ?? "", HEROES[k]?.text ?? "", "hero"),
      `choose ${HEROES[k]?.name}`, `hero:${k}`))}</div>
  </section> : null;
  const menu = <details class="menu">
    <summary>Drinks menu (price by wine: Zöld Veltelini / Szürkebarát / Sárgamuskotály)</summary>
    <table><tbody>{INFO.menu.map((mix) => <tr><td>{mix.name}</td>
      <td>{`${mix.size} dl: ${mix.wine} wine + ${mix.size - mix.wine} soda`}</td><td>{mix.prices.join(" / ")}</td></tr>)}</tbody></table>
  </details>;
  return <div class="froccs">{heroes}{drawn}{mischiefPanel(ctx, v)}{turn}{hand}<div class="seat-panels">{seats}</div>{menu}</div>;
}

const froccs: GameUI = {
  render,
  marks: ["glass", "counter", "seat"],
  points(move, sv) {
    const me = sv.seat ?? -1;
    const m = moveOf(move, "froccs")?.kind;
    switch (m?.case) {
      case "chooseHero": return [`hero:${m.value.hero}`];
      case "sell": return [`glass:${me}:${m.value.glass}`];
      case "draw": return m.value.recycle ? [] : ["deck"];
      case "discardDrawn": return [`drawn:${m.value.card}`];
      case "buy": return [`counter:${m.value.size}`];
      case "buyTwo": return [`counter:${m.value.sizeA}`, `counter:${m.value.sizeB}`];
      case "pour": return [`hand:${m.value.card}`, `glass:${m.value.owner}:${m.value.glass}`];
      case "mischief": return [`hand:${m.value.card}`,
        m.value.glass !== undefined ? `glass:${m.value.target}:${m.value.glass}` : `seat:${m.value.target}`];
      case "splash": return [`glass:${me}:${m.value.fromGlass}`, `glass:${me}:${m.value.toGlass}`];
      case "extraAction": return [`hand:${m.value.wine}`];
      case "icukaSell": return [`hand:${m.value.card}`];
      case "thisIsForYou": return [`hand:${FroccsCard.THIS_IS_FOR_YOU}`];
      case "offerCard": { // a bargain's card: where it comes from (a glass, your hand, their hand), then where it goes
        const o = m.value;
        const from = o.fromGlass !== undefined ? `glass:${o.fromSeat}:${o.fromGlass}` : o.fromSeat === me ? `hand:${o.card}` : `seat:${o.fromSeat}`;
        const to = o.toGlass !== undefined ? `glass:${o.toSeat}:${o.toGlass}` : `seat:${o.toSeat}`;
        return to === from ? [from] : [from, to];
      }
      default: return [];
    }
  },
  turnSeat(sv: SeatView) {
    const v = viewOf(sv, "froccs");
    if (!v || v.gameOver) return undefined;
    return v.phase === FroccsPhase.CHOOSE_HERO ? v.heroSeat : v.activePlayer;
  },
  scoreText: (score: number) => plural(score, "forint"),
  scores(sv) {
    return viewOf(sv, "froccs")?.players.map((p) => `${p.money} forints`) ?? [];
  },
  prompt(sv, you) {
    const v = viewOf(sv, "froccs");
    const text = v ? PROMPTS[v.phase] ?? "" : "";
    return you ? text : aboutThem(text);
  },
  details(b) {
    return scored([["money", b.money, "forints"], ["finished spritzers", b.finished_spritzers],
      ["unfinished glasses", b.unfinished_glasses]]);
  },
};

export default froccs;
