// The lobby: pick a game, set its parameters and seats, start it; resume the games kept here.
import { GameStatus, gameConfig, type BotOffer, type GameType, type SeatChoice } from "@boardbot/client";
import { botName, client, describeError, listBots, listGameTypes, titleOf, type Wire } from "./api.js";
import { h, mount } from "./dom.js";
import { paramFields, settle } from "./form.js";
import { forgetGame, saveGame, saveSettings, savedGames, settings, type SavedGame } from "./store.js";

const HUMAN = "human";

const NUMBERS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

// A game, or its one-player mode against its automaton (GameType.solo), as the lobby offers them.
interface Choice {
  game: string;
  solo: boolean;
}

interface LobbyState {
  types: GameType[];
  bots: BotOffer[]; // the bots the server offers (ListBots), weakest first
  choice: Choice;
  chosen: Record<string, Wire>; // values the player set
  seats: string[]; // per seat after yours: a bot spec or "human"
  message: string;
  busy: boolean;
}

export async function showLobby(root: HTMLElement, signal: AbortSignal): Promise<void> {
  mount(root, h("p", { class: "loading" }, "Loading the games…"));
  let types: GameType[];
  let bots: BotOffer[];
  try {
    [types, bots] = await Promise.all([listGameTypes(), listBots()]);
  } catch (err) {
    mount(root, h("p", { class: "error", role: "alert" }, `Cannot reach the server: ${describeError(err)}`));
    return;
  }
  const state: LobbyState = { types, bots, choice: { game: types[0]?.name ?? "", solo: false }, chosen: {}, seats: [],
    message: "", busy: false };
  const draw = () => { if (!signal.aborted) renderLobby(root, state, draw); };
  draw();
  void refreshStatuses(root, signal);
}

function typeOf(state: LobbyState): GameType | undefined {
  return state.types.find((t) => t.name === state.choice.game);
}

function renderLobby(root: HTMLElement, state: LobbyState, draw: () => void): void {
  const type = typeOf(state);
  const choices: [GameType, Choice][] = state.types.flatMap((t) => t.solo
    ? [[t, { game: t.name, solo: false }], [t, { game: t.name, solo: true }]] : [[t, { game: t.name, solo: false }]]);
  const picker = h("fieldset", { class: "game-picker" }, h("legend", {}, "1. Pick a game"),
    choices.map(([t, c]) => {
      const id = `game-${c.game}${c.solo ? "-solo" : ""}`;
      const checked = state.choice.game === c.game && state.choice.solo === c.solo;
      return h("label", { class: `game-choice${checked ? " checked" : ""}`, for: id },
        h("input", { type: "radio", name: "game", id, value: id, checked, onchange: () => {
          state.choice = c;
          state.chosen = c.solo ? { players: 1 } : {};
          state.seats = [];
          draw();
        } }),
        h("span", { class: "game-title" }, titleOf(t, c.solo)),
        h("span", { class: "game-blurb" }, c.solo ? t.solo?.blurb ?? "" : t.blurb));
    }));
  const parts: HTMLElement[] = [picker];
  if (type) {
    const values = settle(type, state.chosen);
    const players = typeof values.players === "number" ? values.players : 2;
    while (state.seats.length < players - 1) state.seats.push(state.seats.length ? state.seats[state.seats.length - 1] : "greedy");
    state.seats.length = Math.max(0, players - 1);
    const change = (name: string, value: Wire) => {
      state.chosen = { ...state.chosen, [name]: value };
      if (name === "players") state.choice = { ...state.choice, solo: value === 1 && type.solo !== undefined };
      draw();
    };
    parts.push(h("fieldset", { class: "params" }, h("legend", {}, `2. Rules of ${type.title}`),
      paramFields(type, values, change)));
    const seatRows = [h("li", {}, h("span", { class: "seat-label" }, "Seat 0"), h("strong", {}, "You"))];
    state.seats.forEach((spec, i) => {
      const id = `seat-${i + 1}`;
      seatRows.push(h("li", {}, h("label", { class: "seat-label", for: id }, `Seat ${i + 1}`),
        h("select", { id, onchange: (e: Event) => { state.seats[i] = (e.target as HTMLSelectElement).value; draw(); } },
          state.bots.map((b) => h("option", { value: b.bot, selected: spec === b.bot }, `Bot: ${b.title} — ${b.description}`)),
          h("option", { value: HUMAN, selected: spec === HUMAN }, "Another person (you get a join link)"))));
    });
    parts.push(h("fieldset", { class: "seat-form" }, h("legend", {}, "3. Seats"),
      h("ol", { class: "seat-list" }, seatRows), strength(state.bots, type.name, players),
      players === 1 && type.solo?.note ? h("p", { class: "help" }, type.solo.note) : null));
    parts.push(h("div", { class: "actions" },
      h("button", { type: "submit", class: "primary", id: "create-game", disabled: state.busy }, state.busy ? "Starting…" : "Start the game"),
      state.message ? h("p", { class: "error", role: "alert" }, state.message) : null));
  }
  const form = h("form", { class: "new-game", "aria-label": "New game", onsubmit: (e: Event) => {
    e.preventDefault();
    if (type) void create(state, type, draw);
  } }, h("h2", {}, "New game"), parts);
  mount(root,
    h("header", { class: "lobby-head" }, h("h1", {}, "boardbot"),
      h("p", {}, `Play ${state.types.length === 1 ? "a tabletop game" : `${NUMBERS[state.types.length] ?? state.types.length} tabletop games`} `
        + "against the AI, and see what the AI thinks of every move.")),
    h("div", { class: "lobby" }, form, yourGames(draw), settingsPanel(state.bots)));
}

async function create(state: LobbyState, type: GameType, draw: () => void): Promise<void> {
  state.busy = true;
  state.message = "";
  draw();
  const values = settle(type, state.chosen);
  const seats: SeatChoice[] = ["human", ...state.seats.map((spec) => spec === HUMAN ? "human" as const : { bot: spec })];
  try {
    const made = await client.createGame(type.name, { config: gameConfig(type.name, values as Record<string, string | number | boolean>), seats });
    const gameId = made.game.gameId;
    saveGame({ gameId, game: type.name, title: type.title + (values.players === 1 ? " (solo)" : ""), seat: 0,
      token: made.seatTokens[0], ownerToken: made.ownerToken, created: Date.now(),
      opponents: state.seats.map((s) => s === HUMAN ? "a person" : botName(s)).join(", ") || type.solo?.opponent || "nobody",
      invites: made.seatTokens.map((token, seat) => ({ seat, token })).filter((t) => t.seat > 0 && t.token) });
    location.hash = `#/play/${gameId}/0`;
  } catch (err) {
    state.busy = false;
    state.message = `The server refused the game: ${describeError(err)}`;
    draw();
  }
}

function yourGames(draw: () => void): HTMLElement {
  const games = savedGames();
  return h("section", { class: "your-games", "aria-label": "Your games" }, h("h2", {}, "Your games"),
    games.length === 0 ? h("p", { class: "muted" }, "Games you start or join appear here, to resume later.")
      : h("ul", {}, games.map((g) => gameRow(g, draw))));
}

function gameRow(g: SavedGame, draw: () => void): HTMLElement {
  const open = g.seat === undefined ? `#/watch/${g.gameId}` : `#/play/${g.gameId}/${g.seat}`;
  return h("li", { class: "saved-game", "data-game": g.gameId },
    h("a", { href: open }, `${g.title}`),
    h("span", { class: "muted" }, ` ${g.seat === undefined ? "watching" : `seat ${g.seat}`} vs ${g.opponents} · ${new Date(g.created).toLocaleString()}`),
    h("span", { class: "status", "data-status": g.gameId }, ""),
    " ",
    g.seat !== undefined ? h("a", { href: `#/review/${g.gameId}/${g.seat}`, class: "review-link", hidden: true }, "review") : null,
    " ",
    h("button", { type: "button", class: "link", onclick: () => { forgetGame(g.gameId, g.seat); draw(); } }, "forget"));
}

/** Each saved game's status from GetGame (a game the server no longer has says so). */
async function refreshStatuses(root: HTMLElement, signal: AbortSignal): Promise<void> {
  for (const g of savedGames()) {
    if (signal.aborted) return;
    let text: string;
    let finished = false;
    try {
      const game = await client.getGame(g.gameId);
      finished = game.status === GameStatus.FINISHED;
      text = finished ? " · finished" : game.decider === g.seat ? " · your turn" : " · running";
    } catch {
      text = " · not on this server";
    }
    const cell = root.querySelector(`[data-status="${CSS.escape(g.gameId)}"]`);
    if (cell) cell.textContent = text;
    if (finished) root.querySelector<HTMLElement>(`[data-game="${CSS.escape(g.gameId)}"] .review-link`)?.removeAttribute("hidden");
  }
}

/** How strong each bot played at this table on the difficulty ladder, where the server's ladder rated it. */
function strength(bots: BotOffer[], game: string, players: number): HTMLElement | null {
  const rated = bots.flatMap((b) => {
    const rating = b.tables.find((t) => t.game === game && t.players === players)?.rating;
    return rating ? [`${b.title} ${rating.elo}`] : [];
  });
  if (rated.length === 0) return null;
  return h("p", { class: "help bot-strength" }, `Strength at this table, in rating points above the random bot `
    + `(400 points: 10 to 1 odds): ${rated.join(", ")}.`);
}

function settingsPanel(bots: BotOffer[]): HTMLElement {
  const now = settings();
  return h("details", { class: "settings" }, h("summary", {}, "Settings"),
    h("div", { class: "field" }, h("label", { for: "bot-delay" }, "Pause after each move of another seat"),
      h("select", { id: "bot-delay", onchange: (e: Event) => saveSettings({ botDelayMs: Number((e.target as HTMLSelectElement).value) }) },
        [0, 200, 400, 800, 1500].map((ms) => h("option", { value: String(ms), selected: now.botDelayMs === ms }, `${ms} ms`)))),
    h("div", { class: "field" }, h("label", { for: "ai-bot" }, "The AI for hints and reviews"),
      h("select", { id: "ai-bot", onchange: (e: Event) => saveSettings({ aiBot: (e.target as HTMLSelectElement).value }) },
        bots.filter((b) => b.botSpec?.bot.case === "ismcts").map((b) =>
          h("option", { value: b.bot, selected: now.aiBot === b.bot }, `${b.title} — ${b.description}`)))));
}
