// The table's clocks and seats line: each seat's time left, counting down from the server's
// time reference (clocks.ts), what a timeout did, and who the game waits for. One component the
// table draws under its header.
import { GameStatus, SeatKind, SeatState, type Game, type SeatView } from "@boardbot/client";
import { useEffect, useState } from "preact/hooks";
import { client } from "./api.js";
import { clockRule, ms, seatClocks, ServerClock, timeText, timeoutText } from "./clocks.js";
import { appLink, SeatActions } from "./lobby_seats.js";
import { findSaved } from "./store.js";

const serverClock = new ServerClock();
let lastAsOf = -1;

const SEAT_STATES: Partial<Record<SeatState, string>> = {
  [SeatState.OPEN]: "open: waiting for a player",
  [SeatState.RESERVED]: "a player is joining",
  [SeatState.LEFT]: "its player left",
  [SeatState.REPLACED]: "a bot plays it: its player failed too often in a row",
};

export function SeatClocks({ game: opened, sv, names }: { game: Game; sv: SeatView; names: string[] }) {
  // the seats' states change with the game's seat events: read again at each version of a lobby's game
  const [game, setGame] = useState(opened);
  const [round, setRound] = useState(0); // read again after the seat's own action (leave, come back)
  useEffect(() => {
    if ((opened.lobby && sv.version !== game.version) || round) void client.getGame(opened.gameId).then(setGame, () => undefined);
  }, [sv.version, round]);
  const clocks = sv.clocks ?? (sv.version === game.version ? game.clocks : undefined);
  const asOf = clocks ? ms(clocks.asOf) : -1;
  if (clocks && asOf !== lastAsOf) { // a new reference: received now
    lastAsOf = asOf;
    serverClock.observe(asOf, Date.now());
  }
  const [, tick] = useState(0);
  const running = clocks?.runningSeat !== undefined && sv.status !== GameStatus.FINISHED;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => tick((n) => n + 1), 200);
    return () => clearInterval(timer);
  }, [running, asOf]);
  const states = game.seats.map((s) => SEAT_STATES[s.state] ?? "");
  const waiting = sv.status === GameStatus.WAITING;
  const saved = sv.seat === undefined ? undefined : findSaved(game.gameId, sv.seat);
  const over = sv.status === GameStatus.FINISHED;
  if (!clocks && !waiting && !states.some(Boolean) && !(over && saved)) return null;
  const invite = appLink(`#/open/${game.gameId}`);
  const times = clocks ? seatClocks(clocks, serverClock.now(Date.now())) : [];
  return <section class="seat-clocks" aria-label="Clocks and seats">
    {waiting ? <p class="waiting-note">{"The game starts when every open seat is taken. Invitation link for a friend: "}
      <a href={invite} class="invite-link">{invite}</a></p> : null}
    {clocks ? <p class="help">{`Clock: ${clockRule(clocks.options)}.`}</p> : null}
    {clocks || states.some(Boolean) ? <ul>{game.seats.map((seat, i) => {
      const time = times[i];
      const out = clocks ? timeoutText(clocks, i) : "";
      return <li key={i} class={time?.running ? "clock running" : "clock"} data-seat={String(i)}>
        <span class="name">{names[i] ?? `Seat ${i}`}</span>{" "}
        {time && seat.kind !== SeatKind.BOT ? <span class="time" data-ms={String(Math.round(time.left))}>
          {`${timeText(time.left)} left${time.running ? " (running)" : ""}`}</span> : null}
        {states[i] ? <span class="tag">{states[i]}</span> : null}
        {out ? <span class="timeout">{out}</span> : null}
      </li>;
    })}</ul> : null}
    {saved ? <p class="seat-actions"><SeatActions saved={saved} game={game} done={() => setRound(round + 1)} /></p> : null}
  </section>;
}
