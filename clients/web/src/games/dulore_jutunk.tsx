// Dűlőre jutunk: the vineyard tiles (SVG), the orders, each winery's press house, cellar and
// storeroom, the honours board, and in the solo game the Winemaker and the project card.
import { DuloreJutunkAbilitySchema, DuloreJutunkBonusSchema, DuloreJutunkProject, DuloreJutunkVineyardSide,
  DuloreJutunkWine, type DuloreJutunkOrder, type DuloreJutunkView, type SeatView } from "@boardbot/client";
import type { ComponentChildren } from "preact";
import "./dulore_jutunk.css";
import { aboutThem, byNumber, facts, plural, scored, seatPanel } from "./common.js";
import { componentsOf, moveOf, viewOf } from "./index.js";
import type { GameUI, TableContext } from "./types.js";

const INFO = componentsOf<{ bonuses: unknown; abilities: unknown; cellarBonus: Record<string, string[]>; ring: string[] }>(
  "dulore-jutunk");
const BONUS = byNumber<string>(DuloreJutunkBonusSchema, INFO.bonuses);
const ABILITY = byNumber<string>(DuloreJutunkAbilitySchema, INFO.abilities);
const RING = INFO.ring;
const TILE_W = 150;
const TILE_H = 120;
// Ring index -> (column, row) of the 3 x 3 layout; the winter vineyard (8) is the centre.
const PLACE = [[0, 0], [1, 0], [2, 0], [2, 1], [2, 2], [1, 2], [0, 2], [0, 1], [1, 1]];
const WINES: [DuloreJutunkWine, "white" | "red" | "rose", string][] = [
  [DuloreJutunkWine.WHITE, "white", "white"], [DuloreJutunkWine.RED, "red", "red"], [DuloreJutunkWine.ROSE, "rose", "rosé"]];

function vineyardName(index: number): string {
  return index === 8 ? "winter" : RING[index] ?? String(index);
}

function ownerName(ctx: TableContext, owner: number): string {
  return owner === 4 ? "the Winemaker (black)" : ctx.names[owner] ?? `seat ${owner}`;
}

/** Split a text into lines of about `width` characters for SVG. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && (line + " " + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function vineyards(ctx: TableContext, v: DuloreJutunkView) {
  const tiles = v.vineyards.map((t) => {
    const [col, row] = PLACE[t.index] ?? [1, 1];
    const side = t.side === DuloreJutunkVineyardSide.SPRING ? "spring" : t.side === DuloreJutunkVineyardSide.AUTUMN ? "autumn" : "winter";
    const marker = t.marker !== undefined ? ` ${ownerName(ctx, t.marker)}'s farmer marker${t.markerBonus ? ` (${BONUS[t.markerBonus]})` : ""}.` : "";
    const label = `vineyard ${vineyardName(t.index)} (${side}): ${t.red} red and ${t.yellow} yellow grapes; ${t.abilities}.${marker}`;
    const grapes = [...Array(t.red).fill("red"), ...Array(t.yellow).fill("yellow")];
    return ctx.point(<g class={`tile ${side}`} transform={`translate(${col * TILE_W} ${row * TILE_H})`}>
      <title>{label}</title>
      <rect x={3} y={3} width={TILE_W - 6} height={TILE_H - 6} rx={10} class="tile-bg" />
      <text x={12} y={21} class="tile-name">{`${vineyardName(t.index)} · ${side}`}</text>
      {grapes.map((colour, i) => <circle cx={18 + i * 16} cy={36} r={6.5} class={`grape ${colour}`} />)}
      {wrap(t.abilities, 24).slice(0, 4).map((line, i) => <text x={12} y={62 + i * 13} class="tile-text">{line}</text>)}
      {t.marker !== undefined ? <g class={`marker c${t.marker}`}>
        <circle cx={TILE_W - 22} cy={26} r={10} />
        <text x={TILE_W - 22} y={30} text-anchor="middle">{t.marker === 4 ? "W" : String(t.marker)}</text>
      </g> : null}
    </g>, label, `vineyard:${t.index}`);
  });
  return <svg viewBox={`0 0 ${3 * TILE_W} ${3 * TILE_H}`} class="vineyards" role="group" aria-label="The vineyards">{tiles}</svg>;
}

function orderCard(o: DuloreJutunkOrder, extra: ComponentChildren = null) {
  const bottles = WINES.flatMap(([, key, text]) => Array.from({ length: o[key] }, () =>
    <span class={`bottle ${key}`} title={`${text} bottle`} />));
  const corks = o.corkscrews ? o.corkscrews.split(",") : [];
  const need = WINES.filter(([, key]) => o[key]).map(([, key, text]) => `${o[key]} ${text}`).join(" + ");
  return <div class="card order">
    <div class="card-name">{`Order #${o.card}`}</div>
    <div class="bottles" aria-label={need}>{bottles}</div>
    <div class="card-text">{`${need}: ${o.stars} ★`}</div>
    {corks.length ? <div class="corks">{corks.map((c) => <span class={`cork ${c}`} title={`corkscrew ${c}`} />)}</div> : null}
    {extra}
  </div>;
}

function playerBoard(ctx: TableContext, v: DuloreJutunkView, seat: number) {
  const p = v.players[seat];
  const mine = seat === ctx.me;
  const cellar = <div class="cellar" role="group" aria-label="Cellar">
    <div class="cellar-legend">Cellar: a track per wine, its barrels age to the right; <span class="barrel-icon small" /> a barrel,
      • a space with a bonus (point at it to read it)</div>
    {WINES.map(([wine, key, text]) => {
    const spaces = p.cellar?.[key] ?? [];
    const bonuses = INFO.cellarBonus[key] ?? [];
    return <div class={`cellar-track ${key}`}><span class="track-name">{text}</span>
      {spaces.map((barrel, space) => {
        const label = `${text} cellar space ${space + 1}${barrel ? ": a barrel" : ": empty"}${bonuses[space] ? ` (bonus: ${bonuses[space]})` : ""}`;
        const box = <span class={`cellar-space${barrel ? " barrel" : ""}`} title={label}>
          {barrel ? <span class="barrel-icon" /> : bonuses[space] ? "•" : ""}</span>;
        return ctx.point(box, mine ? `age the ${text} barrel on space ${space + 1}` : label, `barrel:${seat}:${wine}:${space}`);
      })}</div>;
    })}</div>;
  const storeroom = <div class="storeroom"><span class="track-name">{`storeroom (holds ${p.storeroomCapacity})`}</span>
    {WINES.map(([wine, key, text]) => {
      const chip = <span class={`chip bottle-chip ${key}`}><span class={`bottle ${key}`} />{`${p.bottles?.[key] ?? 0} ${text}`}</span>;
      return ctx.point(chip, `a ${text} bottle`, `bottle:${seat}:${wine}`);
    })}</div>;
  const bonuses = p.supplyBonuses.length ? p.supplyBonuses : p.knownSupplyBonuses;
  return seatPanel(ctx, seat, [
    facts([["score", p.score], ["board", `${["", "A", "B1", "B2", "B3", "B4"][p.board] ?? ""}`],
      ["press house", `${p.grapes?.red ?? 0} red, ${p.grapes?.yellow ?? 0} yellow (holds ${p.pressCapacity})`],
      ["farmer markers", `${p.markersInSupply} in supply${bonuses.length ? `: ${bonuses.map((b) => BONUS[b]).join(", ")}` : ""}`]]),
    <div class="press">{[...Array(p.grapes?.red ?? 0).fill("red"), ...Array(p.grapes?.yellow ?? 0).fill("yellow")]
      .map((c) => <span class={`grape-dot ${c}`} title={`${c} grape`} />)}</div>,
    cellar, storeroom,
    p.abilities.length ? <ul class="abilities">{p.abilities.map((a) => <li>{ABILITY[a]}</li>)}</ul> : null,
    p.reserved.length ? <div><p class="muted">Orders taken (below the board):</p>
      <div class="cards small">{p.reserved.map((o) => ctx.point(orderCard(o), `fulfil order #${o.card}`, `order:${o.card}`))}</div>
    </div> : null,
    p.fulfilled.length ? <div><p class="muted">Fulfilled orders, left to right:</p>
      <div class="cards small fulfilled">{p.fulfilled.map((o) => orderCard(o))}</div></div> : null]);
}

function soloPanel(ctx: TableContext, v: DuloreJutunkView) {
  const solo = v.solo;
  if (!solo || solo.project === DuloreJutunkProject.UNSPECIFIED) return null;
  const project = DuloreJutunkProject[solo.project].toLowerCase();
  const turns = solo.recentTurns.map((t) => `card ${t.card}: harvested ${vineyardName(t.harvested)}` +
    (t.markerPlaced !== undefined ? `, black marker on ${vineyardName(t.markerPlaced)}` : "") +
    (t.discarded.length ? `, discarded order${t.discarded.length > 1 ? "s" : ""} #${t.discarded.join(", #")}` : ""));
  return <section class="solo" aria-label="The Winemaker">
    <h3>{`The Winemaker · project card: ${project}`}</h3>
    {facts([["Winemaker cards left", solo.winemakerDeckSize], ["black markers left", solo.blackMarkersInSupply],
      ["extra Winemaker turns due", solo.extraTurns]])}
    {turns.length ? <div><p class="muted">The Winemaker's last turns:</p><ul>{turns.map((t) => <li>{t}</li>)}</ul></div> : null}
    <ol class="project">{solo.projectSpaces.map((sp) => <li class={sp.filled ? "filled" : ""}>
      {ctx.point(<div><strong>{`${sp.space}. `}</strong>{sp.text}{sp.filled ? " (done)" : ""}</div>,
        `project space ${sp.space}: ${sp.text}`, `project:${sp.space}`)}</li>)}</ol>
  </section>;
}

function render(ctx: TableContext) {
  const v = viewOf(ctx.sv, "duloreJutunk");
  if (!v) return <div>no view</div>;
  const display = <section class="orders" aria-label="Face-up orders">
    <h3>{`Orders (${v.orderDeckSize} in the deck)`}</h3>
    <div class="cards">{v.display.map((o, slot) => o.card === undefined
      ? <div class="card empty">{`slot ${slot + 1}: empty`}</div>
      : ctx.point(orderCard(o, <div class="card-foot">{`slot ${slot + 1}`}</div>), `order #${o.card} in slot ${slot + 1}`,
        `slot:${slot}`, `order:${o.card}`))}</div>
  </section>;
  const supply = <section class="supply" aria-label="Supply">
    {facts([["turn", v.turn], ["grapes in the bag", `${v.bag?.red ?? 0} red, ${v.bag?.yellow ?? 0} yellow`],
      ["basket", `${v.basket?.red ?? 0} red, ${v.basket?.yellow ?? 0} yellow`],
      ["bottles in supply", `${v.bottleSupply?.white ?? 0} white, ${v.bottleSupply?.red ?? 0} red, ${v.bottleSupply?.rose ?? 0} rosé`],
      ...(v.endTriggered ? [["end", "triggered: the round is finished, then the game ends"] as [string, string]] : [])])}
  </section>;
  const honours = v.honours.length ? <section class="honours" aria-label="Honours board"><h3>Honours</h3>
    <ol>{v.honours.map((row) => <li>{ctx.point(<div>{`${row.text} (needs ${plural(row.checks, "fulfilled order")}): `}
      {row.values.map((value, i) => `${value} pts ${row.occupants[i] >= 0 ? `[${ctx.names[row.occupants[i]]}]` : "[free]"}`).join(", ")}</div>,
    `honours row ${row.row + 1}: ${row.text}`, `honour:${row.row}`)}</li>)}</ol>
  </section> : null;
  return <div class="dulore">
    <div class="board-row"><div class="vineyards-wrap">{vineyards(ctx, v)}</div>
      <div class="board-side">{supply}{soloPanel(ctx, v)}{honours}</div></div>
    {display}
    <div class="seat-panels">{v.players.map((_, seat) => playerBoard(ctx, v, seat))}</div>
  </div>;
}

const dulore: GameUI = {
  render,
  marks: ["vineyard", "slot", "order", "barrel", "bottle", "honour", "project"],
  points(move, sv) {
    const m = moveOf(move, "duloreJutunk")?.kind;
    switch (m?.case) {
      case "harvest": return [`vineyard:${m.value.vineyard}`];
      case "fulfil": return [`order:${m.value.card}`];
      case "age": return [`barrel:${sv.seat}:${m.value.colour}:${m.value.space}`];
      case "takeOrder": return [`slot:${m.value.slot}`];
      case "farmer": return [`vineyard:${m.value.vineyard}`];
      case "honour": return [`honour:${m.value.row}`];
      case "projectSpace": return [`project:${m.value.space}`];
      case "discardBottle":
      case "passBottle": return [`bottle:${sv.seat}:${m.value.colour}`];
      default: return [];
    }
  },
  turnSeat(sv: SeatView) {
    const v = viewOf(sv, "duloreJutunk");
    return v && !v.gameOver ? v.currentPlayer : undefined;
  },
  scoreText: (score: number) => plural(score, "point"),
  scores(sv) {
    return viewOf(sv, "duloreJutunk")?.players.map((p) => `${p.score} points`) ?? [];
  },
  prompt(sv, you) {
    const text = viewOf(sv, "duloreJutunk")?.prompt ?? "";
    return you ? text : aboutThem(text);
  },
  details(b) {
    return scored([["stars", b.stars, "points"], ["connections", b.connections, "points"], ["honours", b.honours, "points"]]);
  },
};

export default dulore;
