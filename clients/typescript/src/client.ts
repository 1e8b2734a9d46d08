// A thin typed helper over the generated boardbot.v1 services, for any Connect transport
// (Node: ./node.js, browsers: ./web.js). Everything it returns is a generated message type.
import { create, fromJson, type JsonValue, type MessageInitShape } from "@bufbuild/protobuf";
import { createClient, type CallOptions, type Client, type Transport } from "@connectrpc/connect";
import { durationFromMs } from "@bufbuild/protobuf/wkt";
import { Code, errorDetails } from "./errors.js";
import { BotService, type BotOffer, type SearchStats } from "./gen/boardbot/v1/bot_service_pb.js";
import {
  BotSpecSchema,
  GameConfigSchema,
  MoveSchema,
  SeatKind,
  SeatSpecSchema,
  type Game,
  type GameConfig,
  type GameType,
  type LegalMove,
  type SeatView,
} from "./gen/boardbot/v1/common_pb.js";
import {
  GameService,
  ResponseView,
  type SubmitMoveResponse,
  type WatchGameResponse,
} from "./gen/boardbot/v1/game_service_pb.js";

/** A random request id (crypto.randomUUID is missing outside secure browser contexts). */
function newRequestId(): string {
  const random = globalThis.crypto?.randomUUID;
  if (random !== undefined) return random.call(globalThis.crypto).replaceAll("-", "");
  return Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join("");
}

/** SeatHandle.watch: how many times in a row a stream is opened again, and the first wait before it. */
export const RESUME_ATTEMPTS = 5;
const RESUME_BACKOFF_MS = 100;

/** Whether a watch stream that ended with `err` can be opened again from its last version. */
function resumable(err: unknown): boolean {
  const details = errorDetails(err);
  return details.code === Code.Unavailable
    || (details.code === Code.ResourceExhausted && details.reason === "STREAM_NOT_READ");
}

export type GameConfigInit = MessageInitShape<typeof GameConfigSchema>;
export type MoveInit = MessageInitShape<typeof MoveSchema>;
export type SeatSpecInit = MessageInitShape<typeof SeatSpecSchema>;
export type BotSpecInit = MessageInitShape<typeof BotSpecSchema>;

/** A seat of a new game: a human (you, or someone you give the token to) or a bot, by its spec string
 *  ("random", "greedy", "ismcts:hard") or typed (`{ botSpec: { bot: { case: "ismcts", value: { preset: BotPreset.HARD } } } }`);
 *  listBots() lists both forms of every bot the server offers. */
export type SeatChoice = "human" | { bot: string } | { botSpec: BotSpecInit };

export interface NewGame {
  game: Game;
  /** Each seat's token, by seat index ("" for a bot seat). */
  seatTokens: string[];
  /** The owner's token: DeleteGame. */
  ownerToken: string;
}

export interface PlayOptions {
  /** Refuse the move (ABORTED) unless the game is still at this version. */
  expectedVersion?: bigint | number;
  /** Makes a retried move safe: the server applies one request id once. */
  requestId?: string;
  /** Which view comes back: after the move (default) or at this seat's next decision. */
  responseView?: ResponseView;
}

export interface SuggestOptions {
  /** The bot's spec string (default "ismcts:medium"); or `botSpec`, typed. */
  bot?: string;
  botSpec?: BotSpecInit;
  timeMs?: number;
  iterations?: number;
  seed?: bigint | number;
}

function bearer(token: string | undefined): CallOptions {
  return token ? { headers: { authorization: `Bearer ${token}` } } : {};
}

function seatSpec(choice: SeatChoice): SeatSpecInit {
  if (choice === "human") return { kind: SeatKind.HUMAN };
  return "bot" in choice ? { kind: SeatKind.BOT, bot: choice.bot } : { kind: SeatKind.BOT, botSpec: choice.botSpec };
}

/** A request's bot fields from SuggestOptions. */
function botFields(options: SuggestOptions): { bot: string; botSpec?: BotSpecInit } {
  return { bot: options.bot ?? "", botSpec: options.botSpec };
}

/** The legal move of `view` whose text is `text` (exactly), or an Error listing what is legal. */
export function findMove(view: SeatView, text: string): LegalMove {
  const found = view.legalMoves.find((m) => m.text === text);
  if (found === undefined) {
    throw new Error(`no legal move "${text}"; legal: ${view.legalMoves.map((m) => m.text).join(" | ")}`);
  }
  return found;
}

/** A game's config from parameter values in wire form, as ListGameTypes writes them (numbers,
 *  booleans, enum value names): the form a lobby builds from GameType.parameters. */
export function gameConfig(game: string, values: Record<string, JsonValue>): GameConfig {
  return fromJson(GameConfigSchema, { [game.replaceAll("-", "_")]: values });
}

/** Is it this view's seat to decide? */
export function myTurn(view: SeatView): boolean {
  return view.seat !== undefined && view.decider === view.seat;
}

export class BoardbotClient {
  readonly games: Client<typeof GameService>;
  readonly bots: Client<typeof BotService>;

  constructor(transport: Transport) {
    this.games = createClient(GameService, transport);
    this.bots = createClient(BotService, transport);
  }

  async gameTypes(): Promise<GameType[]> {
    return (await this.games.listGameTypes({})).gameTypes;
  }

  /** The bots the server offers, weakest first: each one's spec (string and typed), its name and meaning in plain
   *  words, and per table size of `game` (every game's when undefined) the search it runs and its ladder rating. */
  async listBots(game?: string): Promise<BotOffer[]> {
    return (await this.bots.listBots({ game: game ?? "" })).bots;
  }

  /** Start a game; `seats` default to the game's default table of humans. */
  async createGame(game: string, options: { config?: GameConfigInit; seats?: SeatChoice[]; seed?: bigint | number } = {}):
    Promise<NewGame> {
    const response = await this.games.createGame({
      game,
      config: options.config,
      seats: (options.seats ?? []).map(seatSpec),
      seed: options.seed === undefined ? undefined : BigInt(options.seed),
    });
    const created = response.game;
    if (created === undefined) throw new Error("CreateGame answered without a game");
    const seatTokens = created.seats.map(() => "");
    for (const t of response.seatTokens) seatTokens[t.seat] = t.token;
    return { game: created, seatTokens, ownerToken: response.ownerToken };
  }

  async getGame(gameId: string): Promise<Game> {
    const game = (await this.games.getGame({ gameId })).game;
    if (game === undefined) throw new Error("GetGame answered without a game");
    return game;
  }

  /** A seat of a game, acting with its token; `seat` undefined is the spectator. */
  seat(gameId: string, seat: number | undefined, token?: string): SeatHandle {
    return new SeatHandle(this, gameId, seat, token);
  }

  /** The AI's move for a view your frontend holds (stateless: your table, our bot). */
  async chooseMove(game: string, view: SeatView["view"], options: SuggestOptions = {}):
    Promise<{ move: LegalMove; stats?: SearchStats }> {
    const response = await this.bots.chooseMove({ game, view, ...botFields(options), budget: budget(options),
      seed: options.seed === undefined ? undefined : BigInt(options.seed) });
    if (response.move === undefined) throw new Error("ChooseMove answered without a move");
    return { move: response.move, stats: response.stats };
  }

  async deleteGame(gameId: string, ownerToken: string): Promise<void> {
    await this.games.deleteGame({ gameId }, bearer(ownerToken));
  }
}

function budget(options: SuggestOptions) {
  if (options.timeMs === undefined && options.iterations === undefined) return undefined;
  return { time: options.timeMs === undefined ? undefined : durationFromMs(options.timeMs),
           iterations: options.iterations };
}

export class SeatHandle {
  constructor(readonly client: BoardbotClient, readonly gameId: string, readonly seat: number | undefined,
              readonly token?: string) {}

  /** What this seat may see now (the spectator's view for seat undefined). */
  async view(): Promise<SeatView> {
    const view = (await this.client.games.getView({ gameId: this.gameId, seat: this.seat }, bearer(this.token))).view;
    if (view === undefined) throw new Error("GetView answered without a view");
    return view;
  }

  /** Play a legal move by its id (a number), its text (a string), or a move message. */
  async play(move: number | string | MoveInit, options: PlayOptions = {}): Promise<SubmitMoveResponse> {
    if (this.seat === undefined) throw new Error("the spectator cannot move");
    const choice = typeof move === "number" ? { case: "moveId" as const, value: move }
      : typeof move === "string" ? { case: "moveText" as const, value: move }
      : { case: "move" as const, value: create(MoveSchema, move) };
    return this.client.games.submitMove({
      gameId: this.gameId,
      seat: this.seat,
      choice,
      expectedVersion: options.expectedVersion === undefined ? undefined : BigInt(options.expectedVersion),
      requestId: options.requestId ?? newRequestId(),  // a retried move is then applied once
      responseView: options.responseView ?? ResponseView.UNSPECIFIED,
    }, bearer(this.token));
  }

  async resign(): Promise<Game | undefined> {
    if (this.seat === undefined) throw new Error("the spectator cannot resign");
    return (await this.client.games.resign({ gameId: this.gameId, seat: this.seat }, bearer(this.token))).game;
  }

  /** The AI's advice for this seat (hosted game): the move and, for searching bots, each candidate's statistics. */
  async suggest(options: SuggestOptions = {}): Promise<{ move: LegalMove; version: bigint; stats?: SearchStats }> {
    if (this.seat === undefined) throw new Error("the spectator has no move to suggest");
    const response = await this.client.bots.suggestMove({ gameId: this.gameId, seat: this.seat, ...botFields(options),
      budget: budget(options), seed: options.seed === undefined ? undefined : BigInt(options.seed) },
      bearer(this.token));
    if (response.move === undefined) throw new Error("SuggestMove answered without a move");
    return { move: response.move, version: response.version, stats: response.stats };
  }

  /** This seat's view at `fromVersion` (default: now), then every later version in order until the game ends.
   *  Abort `signal` to stop. A stream the server ends before the game does (an aged connection, a restart,
   *  a stream left unread: UNAVAILABLE or STREAM_NOT_READ) is opened again from the last version seen, up to
   *  RESUME_ATTEMPTS times in a row, so every version comes once; with `resume` false the error is thrown. */
  async *watch(fromVersion?: bigint | number, signal?: AbortSignal, resume = true): AsyncGenerator<WatchGameResponse> {
    let last: bigint | undefined;
    let failures = 0;
    for (;;) {
      const from = last ?? (fromVersion === undefined ? undefined : BigInt(fromVersion));
      try {
        for await (const item of this.client.games.watchGame({ gameId: this.gameId, seat: this.seat, fromVersion: from },
          { ...bearer(this.token), signal })) {
          const version = item.view?.version;
          if (last !== undefined && version !== undefined && version <= last) continue;  // already seen
          if (version !== undefined) last = version;
          failures = 0;
          yield item;
        }
        return;
      } catch (err) {
        if (!resume || signal?.aborted || !resumable(err) || failures >= RESUME_ATTEMPTS) throw err;
        failures += 1;
        await new Promise((done) => setTimeout(done, Math.min(RESUME_BACKOFF_MS * 2 ** (failures - 1), 2000)));
      }
    }
  }
}
