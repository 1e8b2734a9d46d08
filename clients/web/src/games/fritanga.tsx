// Fritanga: the grid of food cards over the oil (SVG), the pieces, the hands and the chef's skills.
import { FritangaCard, FritangaCardSchema, FritangaDirection, FritangaPhase, FritangaReaction, FritangaRole, FritangaStatus,
  FritangaSkill, FritangaSkillSchema, type FritangaView, type SeatView } from "@boardbot/client";
import type { ComponentChildren, VNode } from "preact";
import "./fritanga.css";
import { aboutThem, byNumber, card, cardBack, facts, plural, seatPanel } from "./common.js";
import { componentsOf, moveOf, viewOf } from "./index.js";
import type { GameUI, TableContext } from "./types.js";

const INFO = componentsOf<{ cards: unknown; skills: unknown }>("fritanga");
const CARDS = byNumber<{ name: string; text: string; hand: boolean }>(FritangaCardSchema, INFO.cards);
const SKILLS = byNumber<{ name: string; text: string; byFoods: Record<string, string> }>(FritangaSkillSchema, INFO.skills);
const CELL = 56; // big enough for a card name in two lines of 9 px
const DIRECTIONS = [FritangaDirection.NORTH, FritangaDirection.EAST, FritangaDirection.SOUTH, FritangaDirection.WEST];
const ARROWS: Record<number, string> = { 1: "↑ N", 2: "E →", 3: "↓ S", 4: "← W" };
const DIRECTION_NAME: Record<number, string> = { 1: "north", 2: "east", 3: "south", 4: "west" };

const PROMPTS: Partial<Record<FritangaPhase, string>> = {
  [FritangaPhase.CHOOSE_START]: "choose the empty space your piece starts on",
  [FritangaPhase.PLAY_CARDS]: "play cards from your hand, or go to movement",
  [FritangaPhase.MOVEMENT]: "move 1 or 2 cards straight onto an unoccupied card",
  [FritangaPhase.LAST_CHANCE]: "you are in the oil: turn over a card to get out",
  [FritangaPhase.FALLEN]: "you fell into the oil: play Fritos or stay",
  [FritangaPhase.NO_FRYING_WAY_WINDOW]: "an effect targets you: cancel it with No frying way! or let it happen",
  [FritangaPhase.CHEF_TURN]: "play a chef skill",
  [FritangaPhase.CHEF_REACTION_WINDOW]: "a food played a card: cancel it with Not so fast! or let it happen",
  [FritangaPhase.GAME_OVER]: "the game is over",
};

function cellName(v: FritangaView, cell: number): string {
  return `${String.fromCharCode(97 + (cell % v.width))}${Math.floor(cell / v.width) + 1}`;
}

function shortName(name: string): string[] {
  const words = name.replace(/[!()]/g, "").split(" ");
  return words.length > 2 ? [words.slice(0, 2).join(" "), words.slice(2).join(" ")] : words.length === 2 ? words : [name];
}

function grid(ctx: TableContext, v: FritangaView) {
  const known = new Map(v.cards.map((c) => [c.cell, c]));
  const faceDown = new Set(v.faceDown);
  const pieces = new Map<number, number>();
  const fallen = new Map<number, number[]>();
  for (const p of v.players) {
    if (p.position !== undefined) pieces.set(p.position, p.seat);
    if (p.fallenAt !== undefined) fallen.set(p.fallenAt, [...(fallen.get(p.fallenAt) ?? []), p.seat]);
  }
  // Draw the part of the table with cards, and one ring of oil around it (where cards may be put).
  const used = [...known.keys(), ...faceDown, ...pieces.keys(), ...fallen.keys()];
  const cols = used.map((c) => c % v.width);
  const rows = used.map((c) => Math.floor(c / v.width));
  const left = Math.max(0, Math.min(...cols, v.width) - 1);
  const right = Math.min(v.width - 1, Math.max(...cols, -1) + 1);
  const top = Math.max(0, Math.min(...rows, v.height) - 1);
  const bottom = Math.min(v.height - 1, Math.max(...rows, -1) + 1);
  const cells: VNode[] = [];
  for (let cell = 0; cell < v.width * v.height; cell++) {
    const x = (cell % v.width - left) * CELL;
    const y = (Math.floor(cell / v.width) - top) * CELL;
    if (x < 0 || y < 0 || cell % v.width > right || Math.floor(cell / v.width) > bottom) continue;
    const face = known.get(cell);
    const down = faceDown.has(cell);
    const name = face ? CARDS[face.card]?.name ?? "card" : "";
    const seat = pieces.get(cell);
    const what = face ? `${name}${face.faceUp ? "" : " (face down, known to you)"}` : down ? "a face-down card" : "oil";
    const label = `${cellName(v, cell)}: ${what}${seat !== undefined ? `, ${ctx.names[seat]}'s piece` : ""}`;
    const kind = face ? (face.faceUp ? "face" : "peeked") : down ? "down" : "oil";
    cells.push(ctx.point(<g class={`fcell ${kind} k${face?.card ?? 0}`} transform={`translate(${x} ${y})`}>
      <title>{label}</title>
      {kind === "oil" ? <rect width={CELL} height={CELL} class="oil" />
        : <rect x={2} y={2} width={CELL - 4} height={CELL - 4} rx={5} class="food" />}
      {face ? shortName(name).map((line, i) => <text x={CELL / 2} y={15 + i * 10} text-anchor="middle" class="fname">{line}</text>)
        : null}
      <text x={4} y={CELL - 4} class="coord">{cellName(v, cell)}</text>
      {(fallen.get(cell) ?? []).map((q) => <text x={CELL / 2} y={CELL / 2 + 5} text-anchor="middle" class={`fallen c${q}`}>{`✕${q}`}</text>)}
      {seat !== undefined ? <g class={`piece c${seat}`}><circle cx={CELL / 2} cy={CELL - 12} r={9} />
        <text x={CELL / 2} y={CELL - 8} text-anchor="middle">{String(seat)}</text></g> : null}
    </g>, label, `cell:${cell}`));
  }
  if (right < left || bottom < top) return <svg class="fritanga-grid" role="img" aria-label="an empty pan" />;
  return <svg viewBox={`0 0 ${(right - left + 1) * CELL} ${(bottom - top + 1) * CELL}`} class="fritanga-grid" role="group"
    aria-label="The pan: food cards over the oil">{cells}</svg>;
}

function compass(ctx: TableContext) {
  return <div class="compass" role="group" aria-label="Directions">{DIRECTIONS.map((d) =>
    ctx.point(<span class={`dir d${d}`}>{ARROWS[d] ?? ""}</span>, `direction ${DIRECTION_NAME[d]}`, `dir:${d}`))}</div>;
}

function foodCard(c: number, extra: ComponentChildren = null) {
  const info = CARDS[c];
  return card(info?.name ?? "?", info?.text ?? "", `fritanga k${c}`, info?.hand ? "hand card" : "when revealed", extra);
}

function render(ctx: TableContext) {
  const v = viewOf(ctx.sv, "fritanga");
  if (!v) return <div>no view</div>;
  const seats = v.players.map((p) => {
    const mine = p.seat === ctx.me;
    const status = p.status === FritangaStatus.CHEF ? "the chef" : p.status === FritangaStatus.ALIVE
      ? `on ${p.positionName || "—"}` : p.status === FritangaStatus.OUT ? "in the oil (last chance next turn)"
        : p.status === FritangaStatus.FRIED ? `fried (turn ${p.friedTurn ?? "?"})` : "not placed yet";
    const panel = seatPanel(ctx, p.seat, [
      facts([["role", p.role === FritangaRole.CHEF ? "chef" : "food"], ["team", p.team], ["piece", status],
        ["hand", plural(p.handCardCount, "card")]]),
      <div class="cards small">{p.hand.map((c) => c.card
        ? (mine ? ctx.point(foodCard(c.card, c.fresh ? <div class="card-foot">new: playable next turn</div> : null),
          `play ${CARDS[c.card]?.name}`, `hand:${c.card}`) : foodCard(c.card))
        : cardBack("a card you do not know"))}</div>]);
    return ctx.point(panel, ctx.names[p.seat], `seat:${p.seat}`);
  });
  const chef = v.chefSeat !== undefined ? <section class="chef" aria-label="Chef skills">
    <h3>{`The chef's skills (${v.chefCardsPlayed} of 8 golden skills played${v.finalRound ? ", final round" : ""})`}</h3>
    <div class="cards small">{v.chefHand.map((k) => ctx.point(card(SKILLS[k]?.name ?? "skill",
      SKILLS[k]?.byFoods[v.players.length - 1] ?? SKILLS[k]?.text ?? "", "skill"),
    `chef skill ${SKILLS[k]?.name}`, `skill:${k}`))}</div>
  </section> : null;
  const pile = (list: FritangaView["discard"]) => list.length
    ? list.map((c) => `${CARDS[c.card]?.name} ×${c.count}`).join(", ") : "none";
  const info = <section class="pan-info" aria-label="The pan">
    {facts([["turn", v.turn + 1], ["face-down cards", v.faceDownCards], ["discard pile", pile(v.discard)],
      ["eliminated", pile(v.removed)]])}
    {v.skipMove ? <p class="tag">A Little Break: no movement this turn</p> : null}
    {compass(ctx)}
  </section>;
  return <div class="fritanga">
    <div class="board-row"><div class="grid-wrap">{grid(ctx, v)}</div><div class="board-side">{info}{chef}</div></div>
    <div class="seat-panels">{seats}</div>
  </div>;
}

const fritanga: GameUI = {
  render,
  marks: ["cell", "seat"], // the cells a move changed; the seat panel whose hand or piece did
  points(move) {
    const m = moveOf(move, "fritanga")?.kind;
    switch (m?.case) {
      case "play": return [`hand:${m.value.card}`];
      case "move":
      case "chooseCard":
      case "chooseSpace": return [`cell:${m.value.cell}`];
      case "chooseSeat": return [`seat:${m.value.seat}`];
      case "chooseDirection": return [`dir:${m.value.direction}`];
      case "skill": return [`skill:${m.value.skill}`];
      case "react": return [m.value.card === FritangaReaction.NO_FRYING_WAY ? `hand:${FritangaCard.NO_FRYING_WAY}`
        : `skill:${FritangaSkill.NOT_SO_FAST}`];
      default: return [];
    }
  },
  turnSeat(sv: SeatView) {
    const v = viewOf(sv, "fritanga");
    return v && v.phase !== FritangaPhase.GAME_OVER ? v.turnSeat : undefined;
  },
  scores(sv) {
    return viewOf(sv, "fritanga")?.players.map((p) => ({ [FritangaStatus.ALIVE]: "in the pan", [FritangaStatus.OUT]: "in the oil",
      [FritangaStatus.FRIED]: "fried", [FritangaStatus.CHEF]: "chef" } as Record<number, string>)[p.status] ?? "") ?? [];
  },
  prompt(sv, you) {
    const v = viewOf(sv, "fritanga");
    if (!v) return "";
    const text = PROMPTS[v.phase] ?? FritangaPhase[v.phase].toLowerCase().replaceAll("_", " ");
    return you ? text : aboutThem(text);
  },
  details(b) {
    if (b.role === "chef") return "the chef";
    const fried = Number(b.fried_turn ?? -1);
    return fried >= 0 ? `fried on turn ${fried}` : "still in the pan at the end";
  },
};

export default fritanga;
