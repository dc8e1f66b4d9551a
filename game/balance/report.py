"""The balance report: report.json (every figure), one PNG per comparison
(matplotlib, Agg backend: no window) and index.html that gathers them for a
browser. Also the short text printed on the terminal."""
from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from .explain import pct
from .stats import PAIRED_TEST

BASE_COLOR = "#4c72b0"
VARIANT_COLOR = "#dd8452"
SIDE_COLORS = ("#c44e52", "#4c72b0", "#55a868", "#8172b2")


def _plt() -> Any:
    import matplotlib
    matplotlib.use("Agg")  # files only, never a window
    import matplotlib.pyplot as plt
    return plt


def _slug(label: str) -> str:
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in label) or "variant"


def plot_comparison(summary: dict[str, Any], k: int, path: Path) -> Path:
    """One figure for base vs variant k: win rates with 95% intervals, game length,
    income per round, units bought and lost per game."""
    plt = _plt()
    base, var = summary["rules"][0], summary["rules"][k]
    comp = summary["comparisons"][k - 1]
    names = _labels(summary)
    sides = list(names)
    fig, axes = plt.subplots(2, 3, figsize=(15, 8.5))
    fig.suptitle(f"{summary['scenario']['title']}: published rules vs {var['title']}\n"
                 f"{comp['headline']}", fontsize=12)
    # win rates per side (and draws) with Wilson 95% intervals
    ax = axes[0][0]
    cats = sides + ["draw"]
    labels = [names[a] for a in sides] + ["draw"]
    for j, (rules, color, name) in enumerate(((base, BASE_COLOR, "published"),
                                              (var, VARIANT_COLOR, var["title"]))):
        rates = [rules["wins"][a] for a in sides] + [rules["draws"]]
        xs = [i + (j - 0.5) * 0.38 for i in range(len(cats))]
        ps = [r["p"] * 100 for r in rates]
        err = [[max(0.0, r["p"] - r["ci95"][0]) * 100 for r in rates],
               [max(0.0, r["ci95"][1] - r["p"]) * 100 for r in rates]]
        ax.bar(xs, ps, 0.38, yerr=err, capsize=4, color=color, label=name)
    ax.set_xticks(range(len(cats)), labels)
    ax.set_ylabel("games won (%)")
    ax.set_ylim(0, 100)
    ax.set_title("Win rate per side (95% interval)")
    ax.legend(fontsize=8)
    # game length
    ax = axes[0][1]
    rounds = sorted({int(r) for r in base["length_hist"]} | {int(r) for r in var["length_hist"]})
    for j, (rules, color, name) in enumerate(((base, BASE_COLOR, "published"),
                                              (var, VARIANT_COLOR, var["title"]))):
        hist = {int(r): n for r, n in rules["length_hist"].items()}
        ax.bar([r + (j - 0.5) * 0.38 for r in rounds], [hist.get(r, 0) for r in rounds], 0.38,
               color=color, label=f"{name}: mean {rules['length']['mean']:.1f}")
    ax.set_xlabel("rounds played")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    ax.legend(fontsize=8)
    # income per round
    ax = axes[0][2]
    for i, a in enumerate(sides):
        c = SIDE_COLORS[i % len(SIDE_COLORS)]
        ax.plot(range(1, len(base["income"][a]) + 1), base["income"][a], color=c, marker="o", ms=3,
                label=f"{names[a]} (published)")
        ax.plot(range(1, len(var["income"][a]) + 1), var["income"][a], color=c, ls="--", marker="s",
                ms=3, label=f"{names[a]} ({var['title']})")
    ax.set_xlabel("round")
    ax.set_ylabel("income (mean over games still running)")
    ax.set_title("Production over time")
    ax.legend(fontsize=7)
    _unit_bars(axes[1][0], base["bought"], var["bought"], names, var["title"], "Units bought per game")
    _unit_bars(axes[1][1], base["lost"], var["lost"], names, var["title"], "Units lost per game")
    # difference of win rates (paired, same seeds)
    ax = axes[1][2]
    diffs = [comp["sides"][a] for a in sides]
    ys = range(len(sides))
    ax.errorbar([d["difference"] * 100 for d in diffs], list(ys),
                xerr=[[max(0.0, d["difference"] - d["difference_ci95"][0]) * 100 for d in diffs],
                      [max(0.0, d["difference_ci95"][1] - d["difference"]) * 100 for d in diffs]],
                fmt="o", color=VARIANT_COLOR, capsize=5)
    ax.axvline(0, color="#555555", lw=1)
    ax.set_yticks(list(ys), [names[a] for a in sides])
    ax.set_ylim(-0.6, len(sides) - 0.4)
    ax.set_xlabel("change of win rate (points; paired 95% interval)")
    ax.set_title("What the variant changes")
    lim = max(10.0, *(abs(v) * 100 + 5 for d in diffs for v in d["difference_ci95"]))
    ax.set_xlim(-lim, lim)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return path


def plot_rules(summary: dict[str, Any], path: Path) -> Path:
    """Every set of rules on its own (also when no variant is compared): win rate per side
    with its 95% interval, and game length."""
    plt = _plt()
    names = _labels(summary)
    sides = list(names)
    rules = summary["rules"]
    fig, (ax, ax2) = plt.subplots(1, 2, figsize=(12, 4.5))
    fig.suptitle(f"{summary['scenario']['title']}: {summary['games']} games per set of rules",
                 fontsize=12)
    cats = sides + ["draw"]
    width = 0.8 / max(1, len(rules))
    colors = [BASE_COLOR, VARIANT_COLOR] + list(SIDE_COLORS)
    for j, r in enumerate(rules):
        rates = [r["wins"][a] for a in sides] + [r["draws"]]
        xs = [i - 0.4 + (j + 0.5) * width for i in range(len(cats))]
        err = [[max(0.0, x["p"] - x["ci95"][0]) * 100 for x in rates],
               [max(0.0, x["ci95"][1] - x["p"]) * 100 for x in rates]]
        ax.bar(xs, [x["p"] * 100 for x in rates], width, yerr=err, capsize=3,
               color=colors[j % len(colors)], label=r["title"])
    ax.set_xticks(range(len(cats)), [names[a] for a in sides] + ["draw"])
    ax.set_ylabel("games won (%)")
    ax.set_ylim(0, 100)
    ax.set_title("Win rate per side (95% interval)")
    ax.legend(fontsize=8)
    rounds = sorted({int(x) for r in rules for x in r["length_hist"]})
    for j, r in enumerate(rules):
        hist = {int(x): n for x, n in r["length_hist"].items()}
        ax2.bar([x - 0.4 + (j + 0.5) * width for x in rounds], [hist.get(x, 0) for x in rounds], width,
                color=colors[j % len(colors)], label=f"{r['title']}: mean {r['length']['mean']:.1f}")
    ax2.set_xlabel("rounds played")
    ax2.set_ylabel("games")
    ax2.set_title("Game length")
    ax2.legend(fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return path


def _unit_bars(ax: Any, base: dict[str, dict[str, float]], var: dict[str, dict[str, float]],
               names: dict[str, str], title: str, heading: str, top: int = 10) -> None:
    keys = {(a, u) for d in (base, var) for a, units in d.items() for u in units}
    total = {k: base.get(k[0], {}).get(k[1], 0.0) + var.get(k[0], {}).get(k[1], 0.0) for k in keys}
    rows = sorted(keys, key=lambda k: (-total[k], k))[:top]
    rows.reverse()
    ys = range(len(rows))
    ax.barh([y + 0.2 for y in ys], [base.get(a, {}).get(u, 0.0) for a, u in rows], 0.4,
            color=BASE_COLOR, label="published")
    ax.barh([y - 0.2 for y in ys], [var.get(a, {}).get(u, 0.0) for a, u in rows], 0.4,
            color=VARIANT_COLOR, label=title)
    ax.set_yticks(list(ys), [f"{names.get(a, a)}: {u.replace('_', ' ')}" for a, u in rows], fontsize=8)
    ax.set_title(heading)
    ax.legend(fontsize=8)
    if not rows:
        ax.text(0.5, 0.5, "none", ha="center", va="center", transform=ax.transAxes)


# --- HTML ------------------------------------------------------------------------------
CSS = """
body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1200px;color:#222;padding:0 1em}
h1{margin-bottom:.2em} .sub{color:#666} .headline{font-size:1.3em;font-weight:600;margin:.6em 0}
.verdict{margin:.2em 0 .8em} .yes{color:#1a7f37} .no{color:#8a6d00}
table{border-collapse:collapse;margin:.5em 0 1.2em} td,th{border:1px solid #ccc;padding:3px 8px;
text-align:right} th{background:#f3f3f3} td:first-child,th:first-child{text-align:left}
img{max-width:100%;border:1px solid #ddd} section{margin-bottom:2.5em} code{background:#f3f3f3;padding:1px 4px}
"""


def _e(x: Any) -> str:
    return html.escape(str(x))


def _rate(r: dict[str, Any]) -> str:
    return f"{pct(r['p'])} ({pct(r['ci95'][0])}–{pct(r['ci95'][1])})"


def _units_table(rules: list[dict[str, Any]], key: str, names: dict[str, str]) -> str:
    rows = sorted({(a, u) for r in rules for a, units in r[key].items() for u in units})
    if not rows:
        return "<p>none</p>"
    head = "".join(f"<th>{_e(r['title'])}</th>" for r in rules)
    body = "".join(
        f"<tr><td>{_e(names.get(a, a))}: {_e(u.replace('_', ' '))}</td>"
        + "".join(f"<td>{r[key].get(a, {}).get(u, 0.0):.2f}</td>" for r in rules) + "</tr>"
        for a, u in rows)
    return f"<table><tr><th>side: unit (per game)</th>{head}</tr>{body}</table>"


def _decisive_table(rules: dict[str, Any], names: dict[str, str]) -> str:
    rows = rules["decisive"][:6]
    if not rows:
        return "<p>No battle decided a game (draws, or wins without a battle gain).</p>"
    body = "".join(
        f"<tr><td>{_e(d['space'])}</td><td>{_e(names.get(d['attacker'], d['attacker']))}</td>"
        f"<td>{d['games']}</td><td>{d['winner_attacked']}</td><td>{d['usual_round']}</td>"
        f"<td>{d['mean_gain']:.1f}</td><td>{_e(', '.join(map(str, d['seeds'])))}</td></tr>"
        for d in rows)
    return ("<table><tr><th>battle at</th><th>attacked by</th><th>games it decided</th>"
            "<th>won by the attacker</th><th>usual round</th><th>mean value swing</th>"
            f"<th>seeds (to replay)</th></tr>{body}</table>")


def _labels(summary: dict[str, Any]) -> dict[str, str]:
    """Side names for table cells and chart labels: 'Axis', 'Germany' (no article)."""
    return {a: n[4:] if n.startswith("the ") else n for a, n in summary["scenario"]["alliances"].items()}


def write_html(summary: dict[str, Any], plots: list[Path], out: Path, command: str = "") -> Path:
    names = _labels(summary)
    rules = summary["rules"]
    parts = [f"<!doctype html><html><head><meta charset='utf-8'><title>Balance: "
             f"{_e(summary['scenario']['title'])}</title><style>{CSS}</style></head><body>",
             f"<h1>Balance report: {_e(summary['scenario']['title'])}</h1>",
             f"<p class='sub'>{summary['games']} games per set of rules, computer level "
             f"<b>{_e(summary['level'])}</b> for every side, seeds {summary['seed']}–"
             f"{summary['seed'] + summary['games'] - 1} (game i of every set of rules uses the same "
             f"seed: common random numbers); {summary['seconds']:.0f} s on {_e(summary['where'])}."
             + (f"<br>Command: <code>{_e(command)}</code>" if command else "") + "</p>"]
    for k, comp in enumerate(summary["comparisons"], start=1):
        cls = "yes" if any(s["significant"] for s in comp["sides"].values()) else "no"
        parts.append(f"<section><h2>{_e(rules[k]['title'])}</h2>"
                     f"<p>Changes: {_e('; '.join(comp['changes']) or 'none')}</p>"
                     f"<p class='headline'>{_e(comp['headline'])}</p>"
                     f"<p class='verdict {cls}'>{_e(comp['verdict'])} "
                     f"{comp['games_changed']} of {summary['games']} games ended differently.</p>")
        parts.append("<table><tr><th>side</th><th>published: wins (95%)</th>"
                     f"<th>{_e(rules[k]['title'])}: wins (95%)</th><th>change (95%, paired)</th>"
                     "<th>games won only with: new / published rules</th><th>p</th></tr>")
        for a, s in comp["sides"].items():
            lo, hi = s["difference_ci95"]
            dis = s["discordant"]
            parts.append(f"<tr><td>{_e(names[a])}</td><td>{_rate(s['base'])}</td>"
                         f"<td>{_rate(s['variant'])}</td><td>{s['difference'] * 100:+.0f} "
                         f"({lo * 100:+.0f} to {hi * 100:+.0f})</td>"
                         f"<td>{dis['variant_only']} / {dis['base_only']}</td><td>{s['p_value']:.2g}</td></tr>")
        parts.append(f"<tr><td>draw</td><td>{_rate(rules[0]['draws'])}</td>"
                     f"<td>{_rate(rules[k]['draws'])}</td><td></td><td></td><td></td></tr></table>"
                     f"<p class='sub'>Verdict: {PAIRED_TEST}, more than chance when p &lt; 0.05; "
                     "the interval is the paired difference's normal approximation.</p>")
        parts.append(f"<p>{_e(comp['length_sentence'])}</p>")
        if k - 1 < len(plots):
            parts.append(f"<img src='{_e(plots[k - 1].name)}' alt='charts for {_e(rules[k]['title'])}'>")
        parts.append("<h3>Battles that decided games</h3><p>Per game, the battle that swung the "
                     "most unit value (plus the territory's value when taken) toward the side that "
                     "won.</p>")
        for r in (rules[0], rules[k]):
            parts.append(f"<h4>{_e(r['title'])}</h4>{_decisive_table(r, names)}")
        parts.append("</section>")
    parts.append("<section><h2>Every set of rules</h2><table><tr><th>rules</th>"
                 + "".join(f"<th>{_e(names[a])}: wins</th>" for a in names)
                 + "<th>draws</th><th>rounds (mean)</th><th>battles per game</th></tr>")
    for r in rules:
        parts.append(f"<tr><td>{_e(r['title'])}</td>"
                     + "".join(f"<td>{_rate(r['wins'][a])}</td>" for a in names)
                     + f"<td>{_rate(r['draws'])}</td><td>{r['length']['mean']:.2f}</td>"
                       f"<td>{r['battles_per_game']:.1f}</td></tr>")
    parts.append("</table><img src='rules.png' alt='win rates and game length of every set of rules'>"
                 "<h3>Units bought</h3>" + _units_table(rules, "bought", names)
                 + "<h3>Losses by unit type</h3>" + _units_table(rules, "lost", names))
    if not summary["comparisons"]:
        parts.append(f"<h3>Battles that decided games</h3>{_decisive_table(rules[0], names)}")
    parts.append("<p class='sub'>All figures: report.json beside this page.</p></section></body></html>")
    path = out / "index.html"
    path.write_text("\n".join(parts), encoding="utf-8")
    return path


def write_report(summary: dict[str, Any], out: str | Path, command: str = "") -> Path:
    """report.json, comparison PNGs and index.html under `out`; returns the HTML page."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "report.json").write_text(json.dumps(summary, indent=1), encoding="utf-8")
    plot_rules(summary, out / "rules.png")   # every set of rules, a variant or not
    plots = [plot_comparison(summary, k, out / f"compare_{_slug(summary['rules'][k]['label'])}.png")
             for k in range(1, len(summary["rules"]))]
    return write_html(summary, plots, out, command)


def text_summary(summary: dict[str, Any]) -> str:
    """What the terminal shows after a study."""
    names = summary["scenario"]["alliances"]
    lines = []
    for r in summary["rules"]:
        wins = ", ".join(f"{names[a]} {_rate(w)}" for a, w in r["wins"].items())
        lines.append(f"{r['title']}: {wins}, draws {_rate(r['draws'])}; "
                     f"{r['length']['mean']:.1f} rounds")
    for c in summary["comparisons"]:
        lines += ["", c["headline"], c["verdict"]]
    return "\n".join(lines)
