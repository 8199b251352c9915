#!/usr/bin/env python3
"""Milliseconds per frame against bodies, log-log: satcd and Box2D 2.4.

Reads the JSON of a satcd_bench run that has the pipeline/N/IMPL benchmarks
(--benchmark_out=FILE --benchmark_out_format=json), writes an SVG chart of
CPU ms per frame against N on log-log axes (satcd and Box2D on the pipeline's
scene, broad phase alone and whole pipeline, the scene step in both), and
prints a Markdown table of the same figures with the ratios and each series'
growth exponent (the slope of a least-squares line through log ms against
log N).

usage: pipeline_chart.py RUN.json --svg OUT.svg [--table]
Python 3 standard library only.
"""
import argparse
import json
import math
import sys

TIME_SCALE = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}
# (kind, impl, label, colour, dashed)
SERIES = [
    ("pipeline", "satcd", "satcd, whole pipeline", "#1f6feb", False),
    ("pipeline", "box2d", "Box2D 2.4.1, whole pipeline", "#cf222e", False),
    ("pipeline", "satcd_broad", "satcd, broad phase", "#1f6feb", True),
    ("pipeline", "box2d_broad", "Box2D 2.4.1, broad phase", "#cf222e", True),
]
RANK = {"min": 0, "median": 1, "": 2}


def load(path):
    """{(kind, n, impl): ms per frame}, preferring the min aggregate, else the median, else the mean of plain runs."""
    with open(path) as f:
        data = json.load(f)
    best, plain = {}, {}
    for b in data.get("benchmarks", []):
        agg = b.get("aggregate_name", "") if b.get("run_type") == "aggregate" else ""
        parts = b.get("run_name", b["name"]).split("/")
        if agg not in RANK or len(parts) != 3 or parts[0] != "pipeline":
            continue
        key = (parts[0], int(parts[1]), parts[2])
        ms = float(b["cpu_time"]) * TIME_SCALE.get(b.get("time_unit", "ns"), 1e-6)
        if agg == "":
            plain.setdefault(key, []).append(ms)
        elif key not in best or RANK[agg] < best[key][0]:
            best[key] = (RANK[agg], ms)
    out = {k: sum(v) / len(v) for k, v in plain.items()}
    out.update({k: ms for k, (_, ms) in best.items()})
    if not out:
        raise SystemExit(f"{path}: no pipeline results")
    return out, data.get("context", {}).get("satcd_backend", "?")


def exponent(points):
    """Least-squares slope of log(ms) against log(N); None with fewer than two points."""
    if len(points) < 2:
        return None
    xs = [math.log(n) for n, _ in points]
    ys = [math.log(ms) for _, ms in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx if sxx > 0 else None


def series_points(ms, kind, impl):
    return sorted((n, v) for (k, n, i), v in ms.items() if k == kind and i == impl and v > 0)


def get(ms, n, impl):
    return ms.get(("pipeline", n, impl))


def decades(lo, hi):
    return list(range(math.floor(math.log10(lo)), math.ceil(math.log10(hi)) + 1))


def svg(ms, backend):
    lines = [(label, colour, dashed, series_points(ms, kind, impl)) for kind, impl, label, colour, dashed in SERIES]
    pts = [p for *_, ps in lines for p in ps]
    nx, ny = decades(min(n for n, _ in pts), max(n for n, _ in pts)), decades(min(v for _, v in pts), max(v for _, v in pts))
    left, top, w, h = 70, 48, 460, 300

    def px(n):
        return left + w * (math.log10(n) - nx[0]) / max(1, nx[-1] - nx[0])

    def py(v):
        return top + h - h * (math.log10(v) - ny[0]) / max(1, ny[-1] - ny[0])

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + w + 270}" height="{top + h + 50}" '
           f'font-family="sans-serif" font-size="11">',
           '<rect width="100%" height="100%" fill="white"/>',
           f'<text x="10" y="20" font-size="14" font-weight="bold">CPU ms per frame against bodies '
           f'(log-log, lower is better)</text>',
           f'<text x="10" y="34" fill="#444">satcd {backend} backend; the scene step (every body moved and '
           f'boxed) in every figure</text>']
    for d in nx:
        x = px(10 ** d)
        out.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{top + h}" stroke="#ddd"/>')
        out.append(f'<text x="{x:.1f}" y="{top + h + 16}" text-anchor="middle">{10 ** d:,}</text>')
    for d in ny:
        y = py(10 ** d)
        out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{left + w}" y2="{y:.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{10.0 ** d:g}</text>')
    out.append(f'<text x="{left + w / 2}" y="{top + h + 36}" text-anchor="middle">bodies</text>')
    out.append(f'<text x="14" y="{top + h / 2}" transform="rotate(-90 14 {top + h / 2})" '
               f'text-anchor="middle">ms per frame</text>')
    out.append(f'<rect x="{left}" y="{top}" width="{w}" height="{h}" fill="none" stroke="#444"/>')
    for i, (label, colour, dashed, ps) in enumerate(lines):
        dash = ' stroke-dasharray="6 4"' if dashed else ""
        path = " ".join(f"{px(n):.1f},{py(v):.1f}" for n, v in ps)
        out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"{dash}/>')
        out += [f'<circle cx="{px(n):.1f}" cy="{py(v):.1f}" r="3" fill="{colour}"/>' for n, v in ps]
        ly = top + 10 + 20 * i
        out.append(f'<line x1="{left + w + 14}" y1="{ly}" x2="{left + w + 40}" y2="{ly}" stroke="{colour}" '
                   f'stroke-width="2"{dash}/>')
        slope = exponent(ps)
        growth = f" (N^{slope:.2f})" if slope is not None else ""
        out.append(f'<text x="{left + w + 46}" y="{ly + 4}">{label}{growth}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def fmt(v):
    return "-" if v is None else f"{v:.3g}" if v < 100 else f"{v:.0f}"


def table(ms):
    sizes = sorted({n for _, n, _ in ms})
    head = ("| bodies | satcd broad phase | Box2D broad phase | speed-up | satcd pipeline | Box2D pipeline | speed-up |\n"
            "|---:|---:|---:|---:|---:|---:|---:|")
    rows = [head]
    for n in sizes:
        row = [f"{n:,}"]
        for suffix in ("_broad", ""):
            ours, theirs = get(ms, n, "satcd" + suffix), get(ms, n, "box2d" + suffix)
            row += [fmt(ours), fmt(theirs), f"{theirs / ours:.1f}x" if ours and theirs else "-"]
        rows.append("| " + " | ".join(row) + " |")
    growth = []
    for kind, impl, label, _, _ in SERIES:
        slope = exponent(series_points(ms, kind, impl))
        if slope is not None:
            growth.append(f"{label} N^{slope:.2f}")
    return "\n".join(rows) + "\n\nGrowth per frame (log-log fit): " + ", ".join(growth) + ".\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("run", help="satcd_bench JSON output")
    ap.add_argument("--svg", required=True, help="chart to write")
    ap.add_argument("--table", action="store_true", help="print the Markdown table on stdout")
    args = ap.parse_args()
    ms, backend = load(args.run)
    with open(args.svg, "w") as f:
        f.write(svg(ms, backend))
    if args.table:
        sys.stdout.write(table(ms))


if __name__ == "__main__":
    main()
