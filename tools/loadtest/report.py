"""The load test's report: a JSON document and a self-contained HTML page.

The HTML draws its charts as inline SVG with matplotlib (the ``loadtest`` extra): a latency
histogram per call (log-spaced bins, log latency axis), latency over time
(p50 and p99 per time bucket, log axis), calls per second over time, and
the CPU use of the server and of the generator over time.
"""

from __future__ import annotations

import datetime as _dt
import html
import io
import json
import math
import os

import numpy as np

from . import stats
from .driver import Options, RunResult

RPCS = ("CreateGame", "GetView", "SubmitMove", "SuggestMove", "DeleteGame")
ORDER = ("GetView", "WatchGame view", "SubmitMove", "SubmitMove from intended send", "SubmitMove send lag",
         "SuggestMove", "SuggestMove over budget", "bot move", "bot move over budget", "CreateGame", "DeleteGame",
         "SuggestMove search (server stats)", "CreateGame from intended start", "arrival lag", "game")
FORMAT = 1


def _ordered(names) -> list[str]:
    names = list(names)
    known = [n for n in ORDER if n in names]
    return known + sorted(n for n in names if n not in ORDER)


def _rate(n: int, seconds: float) -> float:
    return round(n / seconds, 3) if seconds > 0 else 0.0


def build_run(opts: Options, result: RunResult, server_pids: list[int] | None, label: str,
              notes: list[str] | None = None) -> dict:
    """Everything one run measured, for the JSON report."""
    merged = stats.Merged(result.exports)
    start = min(opts.warmup, result.wall_end)
    end = result.wall_end if opts.duration is None else min(opts.duration, result.wall_end)
    seconds = max(end - start, 1e-9)
    win = merged.window(start, end)

    calls = {}
    for name in _ordered(win.lats):
        lat = win.lats[name]
        if name == "game":  # whole games: count those that ended inside the window
            ends = merged.times[name] + merged.lats[name]
            lat = merged.lats[name][(ends >= start) & (ends < end)]
        entry = {"count": int(lat.size), "per_s": _rate(int(lat.size), seconds)}
        entry.update({k: v for k, v in stats.percentiles(lat).items() if k != "count"})
        calls[name] = entry
    errors = win.errors()
    for name, codes in errors.items():
        calls.setdefault(name, {"count": 0, "per_s": 0.0})["errors"] = dict(codes)
    by_code: dict[str, int] = {}
    for codes in errors.values():
        for code, n in codes.items():
            by_code[code] = by_code.get(code, 0) + n
    rpc_count = sum(calls[n]["count"] for n in RPCS if n in calls)

    ai = {}
    if "SuggestMove" in win.lats or "SuggestMove" in errors:
        lat = win.lats.get("SuggestMove", np.zeros(0))
        entry = {"bot": opts.suggest_bot, "budget_ms": None if opts.budget is None else opts.budget * 1000,
                 "budget_iterations": opts.budget_iterations, "latency": stats.percentiles(lat)}
        if opts.budget is not None and lat.size:
            over = lat - opts.budget
            entry["over_budget"] = _over(over, 0.0)
            entry["over_budget_plus_margin"] = dict(_over(over, opts.margin), margin_ms=opts.margin * 1000)
        searched = win.lats.get("SuggestMove search (server stats)")
        if searched is not None and searched.size:
            entry["search_seconds_reported"] = stats.percentiles(searched)
        ai["suggest"] = entry
    if "bot move" in win.lats:
        how = ("the server's own bot seats: WatchGame event time minus the previous event's time "
               "(server clock, commit to commit)")
        lat = win.lats["bot move"]
        ai["bot_moves"] = {"measured": how, "latency": stats.percentiles(lat), "budget_ms": None}
        if opts.bot_budget is not None and lat.size:
            ai["bot_moves"]["budget_ms"] = opts.bot_budget * 1000
            ai["bot_moves"]["over_budget"] = _over(lat - opts.bot_budget, 0.0)
            ai["bot_moves"]["over_budget_plus_margin"] = dict(_over(lat - opts.bot_budget, opts.margin),
                                                             margin_ms=opts.margin * 1000)

    counters = dict(win.counters)
    stream_messages = int(win.marks.get("WatchGame messages", np.zeros(0)).size)
    human = counters.get("human moves in finished games", 0)
    bots = counters.get("bot moves in finished games", 0)
    throughput = {
        "moves_per_s": calls.get("SubmitMove", {}).get("per_s", 0.0),
        "games_per_s": calls.get("game", {}).get("per_s", 0.0),
        "rpcs_per_s": _rate(rpc_count, seconds),
        "stream_messages_per_s": _rate(stream_messages, seconds),
        "bot_moves_per_human_move": round(bots / human, 3) if human else None,
    }
    if "bot move" in calls:
        throughput["bot_moves_per_s"] = calls["bot move"]["per_s"]

    cpu = {"machine_cores": os.cpu_count()}
    sampler = result.cpu
    gen_cores = sampler.generator.cores_between(start, end) if sampler else None
    if gen_cores is None:
        gen_cores = result.generator_cpu_s / max(result.wall_end, 1e-9)
    gen_entry = {"processes": result.processes, "cores": round(gen_cores, 3),
                 "percent_of_machine": round(100 * gen_cores / (os.cpu_count() or 1), 1)}
    # what the generator handled: unary calls and stream messages
    calls_done = rpc_count + stream_messages
    if calls_done:
        gen_entry["cpu_us_per_call"] = round(gen_cores * seconds / calls_done * 1e6, 1)
    cpu["generator"] = gen_entry
    if opts.in_process:
        cpu["server"] = {"note": "none (in process: the generator runs the game master, its bots and searches)"}
    elif sampler and sampler.server is not None:
        cores = sampler.server.cores_between(start, end)
        cpu["server"] = {"pids": server_pids, "cores": None if cores is None else round(cores, 3),
                         "percent_of_machine": None if cores is None else
                         round(100 * cores / (os.cpu_count() or 1), 1)}
        if cores is not None and calls_done:
            cpu["server"]["cpu_us_per_call"] = round(cores * seconds / calls_done * 1e6, 1)
    else:
        cpu["server"] = {"note": "not measured: give --server-pid, or run the server on this machine "
                                 "(found by its listening port)"}

    width = stats.bucket_width(end - start)
    timeline = {"bucket_s": width, "start_s": round(start, 3),
                "t_s": [round(start + (i + 0.5) * width, 3)
                        for i in range(max(1, int(math.ceil((end - start) / width - 1e-9))))],
                "calls": {}, "errors": {}}
    for name in _ordered(merged.times):
        if name in ("game",):
            continue
        timeline["calls"][name] = stats.timeline(merged.times[name], merged.lats[name], start, end, width)
    for (name, code), t in merged.error_times.items():
        series = stats.error_timeline(t, start, end, width)
        if any(series):
            timeline["errors"][f"{name} {code}"] = series
    if sampler:
        def inside(series):  # the sampling intervals that overlap the window
            return [p for p in series.timeline() if p[1] > start and p[0] < end]

        timeline["cpu_cores"] = {"generator": inside(sampler.generator)}
        if sampler.server is not None:
            timeline["cpu_cores"]["server"] = inside(sampler.server)

    load = {"model": opts.model}
    if opts.model == "closed":
        load["clients"] = opts.clients
        if opts.move_rate:
            load["move_rate_per_s"] = opts.move_rate
    else:
        load.update(rate_games_per_s=opts.rate, arrivals=opts.arrivals, max_in_flight=opts.max_in_flight)
    load.update(duration_s=opts.duration, games=opts.games, warmup_s=opts.warmup, processes=opts.processes,
                moves=opts.moves, wait=opts.wait, views=opts.views, submit_view=opts.submit_view)
    if opts.moves == "suggest":
        load.update(suggest_bot=opts.suggest_bot, suggest_fraction=opts.suggest_fraction,
                    budget_s=opts.budget, budget_iterations=opts.budget_iterations)

    return {
        "label": label,
        "mode": "in-process" if opts.in_process else "grpc",
        "target": opts.target,
        "load": load,
        "scenarios": [s.to_dict() for s in opts.scenarios],
        "window": {"start_s": round(start, 3), "end_s": round(end, 3), "seconds": round(seconds, 3)},
        "throughput": throughput,
        "games": {"finished": calls.get("game", {}).get("count", 0),
                  "failed": counters.get("games failed", 0)},
        "calls": calls,
        "ai": ai,
        "errors": {"total": sum(by_code.values()), "by_code": by_code, "by_call": errors},
        "cpu": cpu,
        "counters": counters,
        "histograms": {name: stats.histogram(win.lats[name]) for name in _ordered(win.lats)},
        "timeline": timeline,
        "notes": list(notes or []) + list(result.notes) + _generator_note(cpu),
    }


GENERATOR_SHARE_NOTE = 0.25  # of the machine's cores: past it the generator is a noticeable load


def _generator_note(cpu: dict) -> list[str]:
    """A word when the generator took a good share of a machine it shares with the server."""
    gen, srv, cores = cpu["generator"], cpu.get("server", {}), cpu.get("machine_cores") or 1
    if srv.get("cores") is None or gen["cores"] < GENERATOR_SHARE_NOTE * cores:
        return []
    return [f"the load generator used {gen['cores']:.2f} of this machine's {cores} cores beside the server: "
            "for throughput and tail-latency figures, drive the server from another machine or with the "
            "native generator (bench/native_submit.py; docs/loadtest.md)"]


def _over(excess: np.ndarray, margin: float) -> dict:
    over = excess[excess > margin]
    return {"count": int(over.size), "fraction": round(over.size / excess.size, 6),
            "max_excess_ms": round(float(excess.max()) * 1000, 3)}


def document(runs: list[dict], argv: list[str] | None = None) -> dict:
    return {
        "tool": "boardbot loadtest",
        "format": FORMAT,
        "created": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
        "command": argv,
        "percentiles": (f"exact order statistics of every sample in the window (boardbot.ai.stats.percentile: "
                        f"numpy.percentile, method={stats.METHOD!r}, the smallest observed latency with at least p% of the "
                        f"samples at or below it); histograms: {stats.BINS_PER_DECADE} log-spaced bins "
                        f"per decade"),
        "runs": runs,
    }


def write_json(doc: dict, path: str) -> None:
    with open(path, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


# --- text summary ---------------------------------------------------------------------
def text_summary(run: dict) -> str:
    lines = [f"{run['label']}: {run['window']['seconds']:.1f} s window, "
             f"{run['throughput']['moves_per_s']:,.0f} moves/s (SubmitMove), "
             f"{run['throughput']['games_per_s']:,.1f} games/s, {run['throughput']['rpcs_per_s']:,.0f} calls/s"]
    lines.append(f"  {'call':<34}{'count':>9}{'/s':>9}{'p50':>9}{'p90':>9}{'p95':>9}{'p99':>9}{'max':>9}  ms")
    for name, c in run["calls"].items():
        if not c.get("count"):
            continue
        lines.append(f"  {name:<34}{c['count']:>9}{c['per_s']:>9.0f}" +
                     "".join(f"{c.get(k, float('nan')):>9.2f}" for k in ("p50_ms", "p90_ms", "p95_ms", "p99_ms",
                                                                          "max_ms")))
    sug = run["ai"].get("suggest")
    if sug and "over_budget" in sug:
        ob, om = sug["over_budget"], sug["over_budget_plus_margin"]
        lines.append(f"  SuggestMove over the {sug['budget_ms']:.0f} ms budget: {ob['fraction'] * 100:.1f}%, "
                     f"over budget + {om['margin_ms']:.0f} ms: {om['fraction'] * 100:.1f}%")
    bm = run["ai"].get("bot_moves")
    if bm and "over_budget" in bm:
        lines.append(f"  bot moves over the {bm['budget_ms']:.0f} ms budget: {bm['over_budget']['fraction'] * 100:.1f}%, "
                     f"over budget + {bm['over_budget_plus_margin']['margin_ms']:.0f} ms: "
                     f"{bm['over_budget_plus_margin']['fraction'] * 100:.1f}%")
    err = run["errors"]
    lines.append(f"  errors: {err['total']}" + (f" {err['by_code']}" if err["total"] else ""))
    cpu = run["cpu"]
    srv = cpu.get("server", {})
    srv_text = (f"{srv['cores']:.2f} cores" + (f", {srv['cpu_us_per_call']:.0f} us per call" if "cpu_us_per_call" in srv
                                              else "")
                if srv.get("cores") is not None else srv.get("note", "n/a"))
    gen = cpu["generator"]
    lines.append(f"  cpu: server {srv_text}; generator {gen['cores']:.2f} cores in {gen['processes']} process(es)"
                 + (f", {gen['cpu_us_per_call']:.0f} us per call" if "cpu_us_per_call" in gen else ""))
    lines += [f"  note: {note}" for note in run.get("notes") or []]
    return "\n".join(lines)


# --- charts -----------------------------------------------------------------------------
def _chart(draw, x_label: str, y_label: str, log_x: bool = False, log_y: bool = False, height: int = 300) -> str:
    """A chart drawn by matplotlib as inline SVG (text kept as text, no date: the same data gives
    the same page); ``draw(ax)`` draws its lines (None for no value: a gap)."""
    import matplotlib
    from matplotlib.figure import Figure
    from matplotlib.ticker import FuncFormatter

    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "boardbot", "font.size": 9}):
        fig = Figure(figsize=(760 / 96, height / 96), dpi=96, layout="constrained")
        ax = fig.add_subplot(xscale="log" if log_x else "linear", yscale="log" if log_y else "linear")
        draw(ax)
        if not ax.has_data():
            return f'<p class="empty">no data for {html.escape(y_label)}</p>'
        for axis, log in ((ax.xaxis, log_x), (ax.yaxis, log_y)):
            if log:
                axis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
        if not log_y:
            ax.set_ylim(bottom=0)
        ax.grid(color="#eee")
        ax.set(xlabel=x_label, ylabel=y_label)
        rows = math.ceil(len(ax.get_legend_handles_labels()[0]) / 4)
        fig.set_size_inches(760 / 96, (height + 16 * rows) / 96)
        fig.legend(loc="outside lower center", ncols=4, frameon=False)
        out = io.StringIO()
        fig.savefig(out, format="svg", metadata={"Date": None})
    text = out.getvalue()
    return text[text.index("<svg"):]


def _gaps(values: list) -> list[float]:
    return [np.nan if v is None else v for v in values]


def _histogram_chart(run: dict, names: list[str], budget_ms: float | None) -> str:
    def draw(ax):
        for i, name in enumerate(names):
            h = run["histograms"].get(name)
            if h and h["counts"]:  # the share of the calls in each bin
                total = sum(h["counts"])
                ax.stairs([c / total * 100 for c in h["counts"]], h["edges_ms"], color=f"C{i % 10}",
                          linewidth=1.5, label=f"{name} ({total:,})")
        if budget_ms and ax.has_data():
            ax.axvline(budget_ms, color="black", linestyle=(0, (4, 3)), linewidth=1, label="budget")

    return _chart(draw, "latency (ms, log scale; 20 bins per decade)", "% of calls per bin", log_x=True)


def _over_time_chart(run: dict, names: list[str]) -> str:
    tl = run["timeline"]

    def draw(ax):
        for i, name in enumerate(n for n in names if n in tl["calls"]):
            c, color = tl["calls"][name], f"C{i % 10}"
            ax.plot(tl["t_s"], _gaps(c["p99_ms"]), color=color, linewidth=2, marker=".", label=f"{name} p99")
            ax.plot(tl["t_s"], _gaps(c["p50_ms"]), color=color, linewidth=1, linestyle=(0, (3, 3)), marker=".",
                    label=f"{name} p50")

    return _chart(draw, f"time (s; {tl['bucket_s']:g} s buckets)", "latency (ms, log scale)", log_y=True)


def _rate_chart(run: dict, names: list[str]) -> str:
    tl = run["timeline"]

    def draw(ax):
        shown = [n for n in names if n in tl["calls"]]
        for i, name in enumerate(shown):
            ax.plot(tl["t_s"], tl["calls"][name]["per_s"], color=f"C{i % 10}", label=f"{name} /s")
        for j, (key, counts) in enumerate(tl["errors"].items()):
            ax.plot(tl["t_s"], [c / tl["bucket_s"] for c in counts], color=f"C{(len(shown) + j) % 10}",
                    linestyle=(0, (2, 2)), label=f"errors: {key} /s")

    return _chart(draw, "time (s)", "calls per second")


def _cpu_chart(run: dict) -> str:
    def draw(ax):  # flat over each sampling interval
        for i, (label, pts) in enumerate(sorted((run["timeline"].get("cpu_cores") or {}).items())):
            if pts:
                ax.stairs([cores for _, _, cores in pts], [pts[0][0]] + [t for _, t, _ in pts],
                          color=f"C{(i + 4) % 10}", linewidth=1.5, label=f"{label} (cores)")

    return _chart(draw, "time (s)", "CPU cores used", height=220)


CSS = """
body{font-family:sans-serif;margin:24px;max-width:1100px;color:#222}
table{border-collapse:collapse;margin:8px 0 16px}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}
th:first-child,td:first-child{text-align:left}th{background:#f3f3f3}
.bad{color:#b00;font-weight:bold}.note{color:#555;font-size:90%}code{background:#f5f5f5}
"""


def _cell(v, digits: int = 2) -> str:
    if v is None:
        return "–"
    if isinstance(v, float):
        return f"{v:,.{digits}f}"
    return f"{v:,}" if isinstance(v, int) else html.escape(str(v))


def _summary_table(runs: list[dict]) -> str:
    head = "".join(f"<th>{html.escape(r['label'])}</th>" for r in runs)
    rows = []

    def row(label, values, digits=2):
        rows.append(f"<tr><td>{html.escape(label)}</td>" + "".join(f"<td>{_cell(v, digits)}</td>" for v in values)
                    + "</tr>")

    row("moves/s (SubmitMove)", [r["throughput"]["moves_per_s"] for r in runs], 0)
    row("games/s", [r["throughput"]["games_per_s"] for r in runs])
    row("calls/s (all RPCs)", [r["throughput"]["rpcs_per_s"] for r in runs], 0)
    names = []
    for r in runs:
        for n in r["calls"]:
            if n not in names and n != "game":
                names.append(n)
    for n in _ordered(names):
        for key, label in (("p50_ms", "p50"), ("p99_ms", "p99"), ("max_ms", "max")):
            row(f"{n} {label} (ms)", [r["calls"].get(n, {}).get(key) for r in runs], 3)
    row("game p50 (ms)", [r["calls"].get("game", {}).get("p50_ms") for r in runs], 1)
    row("errors", [r["errors"]["total"] for r in runs])
    row("server CPU (cores)", [r["cpu"].get("server", {}).get("cores") for r in runs])
    row("generator CPU (cores)", [r["cpu"]["generator"]["cores"] for r in runs])
    row("generator CPU per call (µs)", [r["cpu"]["generator"].get("cpu_us_per_call") for r in runs], 0)
    return f"<table><tr><th></th>{head}</tr>{''.join(rows)}</table>"


def _calls_table(run: dict) -> str:
    keys = ("count", "per_s", "min_ms", "p50_ms", "p90_ms", "p95_ms", "p99_ms", "p99_9_ms", "max_ms")
    head = "".join(f"<th>{k.replace('_ms', '').replace('_', '.') if k != 'per_s' else '/s'}</th>" for k in keys)
    rows = []
    for name, c in run["calls"].items():
        cells = "".join(f"<td>{_cell(c.get(k), 0 if k in ('per_s',) else 3)}</td>" for k in keys)
        errs = c.get("errors")
        err = ", ".join(f"{code} {n}" for code, n in errs.items()) if errs else ""
        rows.append(f"<tr><td>{html.escape(name)}</td>{cells}<td class=\"{'bad' if err else ''}\">"
                    f"{html.escape(err)}</td></tr>")
    return f"<table><tr><th>call</th>{head}<th>errors</th></tr>{''.join(rows)}</table>"


def _ai_section(run: dict) -> str:
    ai = run["ai"]
    parts = []
    for key, what in (("suggest", "SuggestMove"), ("bot_moves", "Bot seats' moves")):
        entry = ai.get(key)
        if not entry:
            continue
        lat = entry["latency"]
        how = (f" with <code>{html.escape(entry['bot'])}</code>" + (f", {entry['budget_iterations']:,} iterations"
               if entry["budget_iterations"] else "") if key == "suggest" else f" ({html.escape(entry['measured'])})")
        text = (f"{what}{how}: {lat.get('count', 0):,}, p50 {_cell(lat.get('p50_ms'))} ms, "
                f"p99 {_cell(lat.get('p99_ms'))} ms, max {_cell(lat.get('max_ms'))} ms.")
        if "over_budget" in entry:
            ob, om = entry["over_budget"], entry["over_budget_plus_margin"]
            text += (f" Over the {entry['budget_ms']:.0f} ms budget: {ob['count']:,} ({ob['fraction'] * 100:.2f}%); "
                     f"over budget + {om['margin_ms']:.0f} ms: {om['count']:,} ({om['fraction'] * 100:.2f}%); "
                     f"largest excess {ob['max_excess_ms']:.1f} ms.")
        parts.append(f"<p>{text}</p>")
    return "".join(parts) or "<p class=\"note\">No AI latency in this run (random moves; <code>--wait poll</code> " \
                             "does not see the server's bot moves).</p>"


def write_html(doc: dict, path: str) -> None:
    runs = doc["runs"]
    body = [f"<h1>boardbot load test</h1><p class=\"note\">{html.escape(doc['created'])} — "
            f"<code>{html.escape(' '.join(doc.get('command') or []))}</code></p>",
            "<h2>Summary</h2>", _summary_table(runs),
            f"<p class=\"note\">Percentiles: {html.escape(doc['percentiles'])}. Latency is measured by the "
            "client from sending a call to its answer; the in-process column makes the same calls on the game "
            "master itself (the server's own logic, without gRPC): the transport's cost is the difference.</p>"]
    for run in runs:
        budget = run["ai"].get("suggest", {}).get("budget_ms")
        main = [n for n in ("GetView", "WatchGame view", "SubmitMove", "SuggestMove", "bot move", "CreateGame",
                            "DeleteGame")
                if n in run["calls"]]
        load = ", ".join(f"{k}={v}" for k, v in run["load"].items() if v is not None)
        scen = "; ".join(f"{s['game']} {json.dumps(s['config']) if s['config'] else ''} vs {','.join(s['bots'])}"
                         for s in run["scenarios"])
        cpu = run["cpu"]
        srv = cpu.get("server", {})
        body += [f"<h2>{html.escape(run['label'])}</h2>",
                 f"<p>{html.escape(run['mode'])}{' → ' + html.escape(run['target']) if run['target'] else ''}; "
                 f"{html.escape(load)}<br>games: {html.escape(scen)}<br>window {run['window']['start_s']}–"
                 f"{run['window']['end_s']} s; {run['games']['finished']:,} games finished, "
                 f"{run['games']['failed']:,} failed; errors {run['errors']['total']:,} "
                 f"{html.escape(json.dumps(run['errors']['by_code'])) if run['errors']['total'] else ''}<br>"
                 f"CPU ({cpu['machine_cores']} cores): server "
                 f"{_cell(srv.get('cores')) if srv.get('cores') is not None else html.escape(srv.get('note', 'n/a'))}"
                 f"; generator {_cell(cpu['generator']['cores'])} in {cpu['generator']['processes']} process(es)</p>",
                 _calls_table(run), "<h3>AI move latency</h3>", _ai_section(run),
                 "<h3>Latency histogram</h3>", _histogram_chart(run, main, budget),
                 "<h3>Latency over time (p99 solid, p50 dashed)</h3>", _over_time_chart(run, main),
                 "<h3>Throughput over time</h3>", _rate_chart(run, main)]
        if run["timeline"].get("cpu_cores"):
            body += ["<h3>CPU over time</h3>", _cpu_chart(run)]
        for note in run.get("notes") or []:
            body.append(f"<p class=\"note\">{html.escape(note)}</p>")
    page = (f"<!doctype html><html><head><meta charset=\"utf-8\"><title>boardbot load test</title>"
            f"<style>{CSS}</style></head><body>{''.join(body)}</body></html>\n")
    with open(path, "w") as f:
        f.write(page)
