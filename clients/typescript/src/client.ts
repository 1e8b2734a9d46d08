// A thin typed helper over the generated boardbot.v1 services, for any Connect transport
// (Node: ./node.js, browsers: ./web.js). Everything it returns is a generated message type.
import { create, fromJson, toJsonString, type JsonValue, type MessageInitShape } from "@bufbuild/protobuf";
import { createClient, type CallOptions, type Client, type Transport } from "@connectrpc/connect";
import { durationFromMs } from "@bufbuild/protobuf/wkt";
import { Code, errorDetails } from "./errors.js";
import { BotService, type BotOffer, type SearchStats } from "./gen/boardbot/v1/bot_service_pb.js";
import {
  BotSpecSchema,
  ClockOptionsSchema,
  LobbyOptionsSchema,
  type ClockKind,
  GameConfigSchema,
  MoveSchema,
  SeatKind,
  SeatSpecSchema,
  type DealCommitment,
  type Event,
  type Game,
  type GameConfig,
  type GameType,
  type LegalMove,
  type SeatView,
} from "./gen/boardbot/v1/common_pb.js";
import { GameRecordSchema, type GameRecord } from "./gen/boardbot/v1/game_record_pb.js";
import type { RatingEntry } from "./gen/boardbot/v1/ratings_pb.js";
import {
  BotEventKind,
  type ConnectBotResponse,
  GameService,
  type MatchQueue,
  PlayEventKind,
  type PlayGameResponse,
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
const PLAY_ENDS = new Set([PlayEventKind.GAME_OVER, PlayEventKind.SEAT_OUT, PlayEventKind.SEAT_REPLACED]);

/** A stream that failed with `err` after `failures` reopenings in a row: wait, and the count with this one; throws
 *  `err` when the stream may not be opened again (aborted, not resumable, RESUME_ATTEMPTS in a row). */
async function waitToResume(err: unknown, failures: number, signal?: AbortSignal): Promise<number> {
  if (signal?.aborted || !resumable(err) || failures >= RESUME_ATTEMPTS) throw err;
  await new Promise((done) => setTimeout(done, Math.min(RESUME_BACKOFF_MS * 2 ** failures, 2000)));
  return failures + 1;
}

function resumable(err: unknown): boolean {
  const details = errorDetails(err);
  return details.code === Code.Unavailable
    || (details.code === Code.ResourceExhausted && details.reason === "STREAM_NOT_READ");
}

export type GameConfigInit = MessageInitShape<typeof GameConfigSchema>;
export type MoveInit = MessageInitShape<typeof MoveSchema>;
export type SeatSpecInit = MessageInitShape<typeof SeatSpecSchema>;
export type BotSpecInit = MessageInitShape<typeof BotSpecSchema>;
export type ClockOptionsInit = MessageInitShape<typeof ClockOptionsSchema>;
export type LobbyOptionsInit = MessageInitShape<typeof LobbyOptionsSchema>;

/** A seat of a new game: a human (you, or someone you give the token to) or a bot, by its spec string
 *  ("random", "greedy", "ismcts:hard") or typed (`{ botSpec: { bot: { case: "ismcts", value: { preset: BotPreset.HARD } } } }`);
 *  listBots() lists both forms of every bot the server offers. */
export type SeatChoice = "human" | "open" | { bot: string } | { botSpec: BotSpecInit };

export interface NewGameOptions {
  config?: GameConfigInit;
  /** One per seat; "open" leaves a human seat for joinGame (the game waits until every seat is taken). */
  seats?: SeatChoice[];
  seed?: bigint | number;
  /** Per-seat clocks, e.g. `{ kind: ClockKind.INCREMENT, initialTime: durationFromMs(300_000), increment: durationFromMs(5_000) }`. */
  clock?: ClockOptionsInit;
  /** Reservations, and who stands in for a seat whose player left or ran out of time. */
  lobby?: LobbyOptionsInit;
  rated?: boolean;
  playerNames?: string[];
}

/** A seat reserved by joinGame: act with `seat` (its first call takes the seat up) before `expiresAt`. */
export interface JoinedSeat {
  seat: SeatHandle;
  game: Game;
  /** When the reservation lapses (undefined when a left seat was reclaimed). */
  expiresAt?: Date;
}

export interface QueueOptions {
  config?: GameConfigInit;
  /** Seconds the first player waits before bots fill the empty seats (default 20). */
  backfillAfterSeconds?: number;
  /** The bot that fills them: a preset's spec string (default "ismcts:easy"), or `backfillBotSpec`, typed. */
  backfillBot?: string;
  backfillBotSpec?: BotSpecInit;
  clock?: ClockOptionsInit;
  lobby?: LobbyOptionsInit;
}

export interface OpenGameFilter {
  game?: string;
  players?: number;
  /** Only games with this clock kind (ClockKind.UNSPECIFIED: without a clock). */
  clock?: ClockKind;
  pageSize?: number;
}

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

/** A game record as a file: the protobuf JSON of boardbot.v1.GameRecord, which `boardbot records replay FILE`
 *  replays and checks (docs/api-contract.md, "Game records"). */
export function recordToJson(record: GameRecord): string {
  return toJsonString(GameRecordSchema, record);
}

/** A record file's text as a GameRecord: the JSON of one record, or of a GetGameRecordResponse; of JSON lines
 *  (`boardbot records export`), the first. */
export function recordFromJson(text: string): GameRecord {
  const first = text.trim().split("\n")[0] ?? "";
  const value = JSON.parse(first) as { gameRecord?: JsonValue } & Record<string, JsonValue>;
  const inner = value.gameRecord !== undefined && value.gameRecord !== null ? value.gameRecord : value;
  return fromJson(GameRecordSchema, inner as JsonValue, { ignoreUnknownFields: true });
}

function bearer(token: string | undefined): CallOptions {
  return token ? { headers: { authorization: `Bearer ${token}` } } : {};
}

function seatSpec(choice: SeatChoice): SeatSpecInit {
  if (choice === "human") return { kind: SeatKind.HUMAN };
  if (choice === "open") return { kind: SeatKind.HUMAN, open: true };
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

  /** Start a game; `seats` default to the game's default table of humans. `rated`: its players' and bots' ratings
   *  are updated when it ends (leaderboard); `playerNames`: per seat, the name a human seat is rated under. */
  async createGame(game: string, options: NewGameOptions = {}): Promise<NewGame> {
    const response = await this.games.createGame({
      game,
      config: options.config,
      seats: (options.seats ?? []).map((choice, i) => ({ ...seatSpec(choice), playerName: options.playerNames?.[i] ?? "" })),
      seed: options.seed === undefined ? undefined : BigInt(options.seed),
      clock: options.clock,
      lobby: options.lobby,
      rated: options.rated ?? false,
    });
    const created = response.game;
    if (created === undefined) throw new Error("CreateGame answered without a game");
    const seatTokens = created.seats.map(() => "");
    for (const t of response.seatTokens) seatTokens[t.seat] = t.token;
    return { game: created, seatTokens, ownerToken: response.ownerToken };
  }

  /** Reserve an open seat (`seat`, or the first open one) under the player's `name`. */
  async joinGame(gameId: string, options: { seat?: number; name?: string } = {}): Promise<JoinedSeat> {
    const response = await this.games.joinGame({ gameId, seat: options.seat, playerName: options.name ?? "" });
    if (response.game === undefined || response.seatToken === undefined) throw new Error("JoinGame answered without a seat");
    const expires = response.reservationExpireTime;
    return {
      seat: this.seat(gameId, response.seatToken.seat, response.seatToken.token),
      game: response.game,
      expiresAt: expires === undefined ? undefined : new Date(Number(expires.seconds) * 1000 + expires.nanos / 1e6),
    };
  }

  /** A matchmaking queue for one game configuration, with bot backfill after the wait. */
  async createQueue(game: string, options: QueueOptions = {}): Promise<MatchQueue> {
    const response = await this.games.createQueue({ game, config: options.config, backfillBot: options.backfillBot ?? "",
      backfillBotSpec: options.backfillBotSpec, clock: options.clock, lobby: options.lobby,
      backfillAfter: options.backfillAfterSeconds === undefined ? undefined
        : durationFromMs(options.backfillAfterSeconds * 1000) });
    if (response.queue === undefined) throw new Error("CreateQueue answered without a queue");
    return response.queue;
  }

  /** Ask to play in a queue: a ticket to wait on (`ticket.seat()`). */
  async joinQueue(queueId: string, name = ""): Promise<Ticket> {
    const response = await this.games.joinQueue({ queueId, playerName: name });
    return new Ticket(this, queueId, response.ticketId, response.ticketToken);
  }

  /** Games with an open seat, in creation order, page after page (a page may be short while more follow). */
  async *listOpenGames(filter: OpenGameFilter = {}): AsyncGenerator<Game> {
    let pageToken = "";
    do {
      const page = await this.games.listOpenGames({ game: filter.game ?? "", players: filter.players,
        clock: filter.clock, pageSize: filter.pageSize ?? 0, pageToken });
      yield* page.games;
      pageToken = page.nextPageToken;
    } while (pageToken !== "");
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

  /** A bot account: `name` (unique, shown to other players) and its secret `botToken` (shown once). */
  async createBotAccount(name: string): Promise<{ name: string; botToken: string }> {
    const response = await this.games.createBotAccount({ name });
    return { name: response.name, botToken: response.botToken };
  }

  /** Offer the open `seat` of a game to the bot account `botName` (the owner token acts): its botDecisions() takes it. */
  async inviteBot(gameId: string, seat: number, botName: string, ownerToken: string, withdraw = false): Promise<Game> {
    const game = (await this.games.inviteBot({ gameId, seat, botName, withdraw }, bearer(ownerToken))).game;
    if (game === undefined) throw new Error("InviteBot answered without a game");
    return game;
  }

  /** Withdraw the offer of `seat` to `botName` before the bot took it up: an ordinary open seat again
   *  (FAILED_PRECONDITION BOT_NOT_OFFERED otherwise). */
  async withdrawBot(gameId: string, seat: number, botName: string, ownerToken: string): Promise<Game> {
    return this.inviteBot(gameId, seat, botName, ownerToken, true);
  }

  /** A bot account's one stream (GameService.ConnectBot): GAME_START for each game it sits in (`seatToken`: play it
   *  with seat(gameId, seat, seatToken)), then that game's PlayGame messages as PLAY (`play`), until `signal` aborts.
   *  A stream the server ends early is opened again naming each game's last version seen, as decisions() does. */
  async *botDecisions(botToken: string, signal?: AbortSignal): AsyncGenerator<ConnectBotResponse> {
    const versions = new Map<string, bigint>();
    let failures = 0;
    for (;;) {
      try {
        const resume = [...versions].slice(-32).map(([gameId, version]) => ({ gameId, version }));
        for await (const item of this.games.connectBot({ resume }, { ...bearer(botToken), signal })) {
          if (item.kind === BotEventKind.PLAY && item.play?.view !== undefined) {
            if (PLAY_ENDS.has(item.play.kind)) versions.delete(item.gameId);
            else versions.set(item.gameId, item.play.view.version);
          }
          failures = 0;
          yield item;
        }
        return;
      } catch (err) {
        failures = await waitToResume(err, failures, signal);
      }
    }
  }

  async deleteGame(gameId: string, ownerToken: string): Promise<void> {
    await this.games.deleteGame({ gameId }, bearer(ownerToken));
  }

  /** One game configuration's ratings, best first (every page): named players and the server's bot presets. */
  async leaderboard(game: string, config?: GameConfigInit): Promise<RatingEntry[]> {
    const out: RatingEntry[] = [];
    let pageToken = "";
    do {
      const page = await this.games.getLeaderboard({ game, config, pageToken });
      out.push(...page.entries);
      pageToken = page.nextPageToken;
    } while (pageToken !== "");
    return out;
  }

  /** The game's record (GetGameRecord): a finished game's is complete (every move in full, the seed revealed:
   *  checkDeal verifies it) and the same for anyone; a running game's is what `seat` (with its `token`) or a
   *  spectator may see. Its JSON form: `toJson(GameRecordSchema, record)` (docs/api-contract.md, "Game records"). */
  async gameRecord(gameId: string, seat?: number, token?: string): Promise<GameRecord> {
    const record = (await this.games.getGameRecord({ gameId, seat }, bearer(token))).gameRecord;
    if (record === undefined) throw new Error("GetGameRecord answered without a record");
    return record;
  }
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether a finished game's revealed seed and salt give the deal's commitment, as every seat saw it from the
 *  start (`Game.deal.seedSha256`): SHA-256 of the salt's 16 bytes then the seed as 8 bytes big-endian. undefined
 *  when there is nothing to check (the game is running, or was stored before commitments). Uses Web Crypto
 *  (Node 20+, and browsers on https or localhost). */
export async function checkDeal(deal: DealCommitment | undefined): Promise<boolean | undefined> {
  if (deal === undefined || deal.seed === undefined || deal.seedSha256 === "") return undefined;
  if (!/^[0-9a-f]{32}$/i.test(deal.salt)) return false;
  const data = new Uint8Array(24);
  for (let i = 0; i < 16; i++) data[i] = parseInt(deal.salt.slice(2 * i, 2 * i + 2), 16);
  new DataView(data.buffer).setBigUint64(16, BigInt.asUintN(64, deal.seed), false);
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest("SHA-256", data));
  return hex(digest) === deal.seedSha256.toLowerCase();
}

function budget(options: SuggestOptions) {
  if (options.timeMs === undefined && options.iterations === undefined) return undefined;
  return { time: options.timeMs === undefined ? undefined : durationFromMs(options.timeMs),
           iterations: options.iterations };
}

/** A matchmaking ticket: its token becomes its seat's token once matched. */
export class Ticket {
  constructor(readonly client: BoardbotClient, readonly queueId: string, readonly ticketId: string,
              readonly token: string) {}

  /** One WaitForMatch (the server waits up to 20 s): the seat once matched, else undefined. */
  async wait(): Promise<SeatHandle | undefined> {
    const response = await this.client.games.waitForMatch({ queueId: this.queueId, ticketId: this.ticketId },
      { ...bearer(this.token), timeoutMs: 25_000 });
    if (response.gameId === undefined) return undefined;
    return this.client.seat(response.gameId, response.seat, this.token);
  }

  /** Wait until matched (at most `seconds`). */
  async seat(seconds = 120): Promise<SeatHandle> {
    const until = Date.now() + seconds * 1000;
    for (;;) {
      const seat = await this.wait();
      if (seat !== undefined) return seat;
      if (Date.now() >= until) throw new Error(`no match within ${seconds} s`);
    }
  }

  async leave(): Promise<void> {
    await this.client.games.leaveQueue({ queueId: this.queueId, ticketId: this.ticketId }, bearer(this.token));
  }
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

  /** The game's record as this seat (or the spectator) may see it; complete once the game is over. */
  async record(): Promise<GameRecord> {
    return this.client.gameRecord(this.gameId, this.seat, this.token);
  }

  async resign(): Promise<Game | undefined> {
    if (this.seat === undefined) throw new Error("the spectator cannot resign");
    return (await this.client.games.resign({ gameId: this.gameId, seat: this.seat }, bearer(this.token))).game;
  }

  /** Take this seat's last move back, in an unrated game without clocks against bots only: the game goes back to
   *  the seat's last decision, as a new version (EventKind.TAKE_BACK). `expectedVersion`: refused (ABORTED) unless
   *  the game is still at it, so a retried call takes no second move back. */
  async takeBack(expectedVersion?: bigint | number): Promise<{ event?: Event; view?: SeatView }> {
    if (this.seat === undefined) throw new Error("the spectator holds no seat");
    const response = await this.client.games.takeBack({ gameId: this.gameId, seat: this.seat,
      expectedVersion: expectedVersion === undefined ? undefined : BigInt(expectedVersion) }, bearer(this.token));
    return { event: response.gameEvent, view: response.view };
  }

  /** Leave the seat without resigning: the stand-in bot plays it or the game waits (Game.lobby); comeBack() reclaims it. */
  async leave(): Promise<Game | undefined> {
    if (this.seat === undefined) throw new Error("the spectator holds no seat");
    return (await this.client.games.leaveGame({ gameId: this.gameId, seat: this.seat }, bearer(this.token))).game;
  }

  async comeBack(): Promise<Game | undefined> {
    if (this.seat === undefined) throw new Error("the spectator holds no seat");
    return (await this.client.games.joinGame({ gameId: this.gameId, seat: this.seat }, bearer(this.token))).game;
  }

  /** This seat in the finished game's rematch: the same token holds it (its first call takes it up). */
  async rematch(): Promise<SeatHandle> {
    if (this.seat === undefined) throw new Error("the spectator holds no seat");
    const response = await this.client.games.rematch({ gameId: this.gameId, seat: this.seat }, bearer(this.token));
    if (response.game === undefined) throw new Error("Rematch answered without a game");
    return new SeatHandle(this.client, response.game.gameId, this.seat, this.token);
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

  /** Play this seat from here, as an external bot (GameService.PlayGame): one message per decision of the seat
   *  (kind DECISION: its view with the legal moves, and the clock's deadline and time left), WAIT messages
   *  while others decide, then GAME_OVER, SEAT_OUT or SEAT_REPLACED, the last. Answer each decision with play() before its
   *  deadline. A stream the server ends early is opened again from the last version seen (its first message
   *  brings the events missed), up to RESUME_ATTEMPTS times in a row, as watch() does. */
  async *decisions(signal?: AbortSignal): AsyncGenerator<PlayGameResponse> {
    if (this.seat === undefined) throw new Error("the spectator has no decisions");
    let last: bigint | undefined;
    let failures = 0;
    for (;;) {
      try {
        for await (const item of this.client.games.playGame({ gameId: this.gameId, seat: this.seat, fromVersion: last },
          { ...bearer(this.token), signal })) {
          if (item.view !== undefined) last = item.view.version;
          failures = 0;
          yield item;
        }
        return;
      } catch (err) {
        failures = await waitToResume(err, failures, signal);
      }
    }
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
