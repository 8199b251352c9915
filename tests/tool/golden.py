#!/usr/bin/env python3
"""Golden tests of the satcd command-line tool.

Runs the tool on fixed inputs and checks the parsed JSON against geometry
computed by hand here (never against the tool's own earlier output), checks
that its SVG pictures parse as XML with one group per candidate axis and per
contact, and that bad input gives the documented message and exit status 2.

usage: golden.py OUTDIR TOOL [TOOL ARGS...]
(the tool may be prefixed by an emulator when cross-compiling)
"""
import json
import math
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

OUT = sys.argv[1]
TOOL = sys.argv[2:]
os.makedirs(OUT, exist_ok=True)
TOL = 1e-5
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def close(x, y, what):
    check(abs(x - y) <= TOL * max(1.0, abs(y)), "%s: got %r, expected %r" % (what, x, y))


def close_vec(v, w, what):
    check(len(v) == 2, "%s: not a 2-vector: %r" % (what, v))
    close(v[0], w[0], what + ".x")
    close(v[1], w[1], what + ".y")


def run(*args):
    p = subprocess.run(TOOL + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    return p.returncode, p.stdout, p.stderr


def collide_json(*args):
    rc, out, err = run("collide", *args, "--json")
    check(rc == 0, "collide %r exited %d: %s" % (args, rc, err))
    return json.loads(out)


def same_points(got, expected, what):
    """Same point set, any order, any starting vertex."""
    check(len(got) == len(expected), "%s: %d points, expected %d" % (what, len(got), len(expected)))
    for e in expected:
        check(any(abs(g[0] - e[0]) <= TOL and abs(g[1] - e[1]) <= TOL for g in got),
              "%s: missing point %r in %r" % (what, e, got))


UNIT = "0,0 1,0 1,1 0,1"


def overlapping_boxes():
    # Unit boxes, B moved by 0.75 along x: overlap 0.25 along +x.
    r = collide_json(UNIT, UNIT, "--move-b", "0.75,0")
    check(r["relation"] == "overlapping", "boxes: relation %r" % r["relation"])
    check(r["overlap"] is True, "boxes: overlap")
    close(r["separation"], -0.25, "boxes: separation")
    check(r["mtv"]["hit"] is True, "boxes: mtv.hit")
    close(r["mtv"]["depth"], 0.25, "boxes: mtv.depth")
    close_vec(r["mtv"]["normal"], (1.0, 0.0), "boxes: mtv.normal")
    check(not r["mtv"]["a_in_b"] and not r["mtv"]["b_in_a"], "boxes: no containment")
    same_points(r["b"]["vertices"], [(0.75, 0), (1.75, 0), (1.75, 1), (0.75, 1)], "boxes: B placed")
    # Reference face: A's right edge x = 1; incident: B's left edge x = 0.75, both ends kept.
    contacts = r["manifold"]["contacts"]
    check(len(contacts) == 2, "boxes: 2 contacts, got %d" % len(contacts))
    close_vec(r["manifold"]["normal"], (1.0, 0.0), "boxes: manifold.normal")
    same_points([c["point"] for c in contacts], [(0.75, 0.0), (0.75, 1.0)], "boxes: contact points")
    for c in contacts:
        close(c["depth"], 0.25, "boxes: contact depth")
    check(len({c["id"] for c in contacts}) == 2, "boxes: distinct contact ids")
    check(r["reference"]["shape"] == "A", "boxes: reference on A")
    same_points([r["reference"]["v1"], r["reference"]["v2"]], [(1, 0), (1, 1)], "boxes: reference edge")
    same_points([r["incident"]["v1"], r["incident"]["v2"]], [(0.75, 0), (0.75, 1)], "boxes: incident edge")
    # Axes: 4 of A then 4 of B; each interval is the true projection.
    axes = r["axes"]
    check(len(axes) == 8, "boxes: 8 axes, got %d" % len(axes))
    check([a["shape"] for a in axes] == ["A"] * 4 + ["B"] * 4, "boxes: axis order")
    for a in axes:
        n = a["axis"]
        pa = [n[0] * x + n[1] * y for x, y in r["a"]["vertices"]]
        pb = [n[0] * x + n[1] * y for x, y in r["b"]["vertices"]]
        close(a["a"][0], min(pa), "boxes: A interval min")
        close(a["a"][1], max(pa), "boxes: A interval max")
        close(a["b"][0], min(pb), "boxes: B interval min")
        close(a["b"][1], max(pb), "boxes: B interval max")
    chosen = axes[r["chosen_axis"]]
    check(chosen["shape"] == "A", "boxes: chosen axis on A")
    close_vec(chosen["axis"], (1.0, 0.0), "boxes: chosen axis")
    close(chosen["separation"], -0.25, "boxes: chosen separation")
    close(max(a["separation"] for a in axes), -0.25, "boxes: largest separation")
    return r


def separated_triangles():
    # Triangle (0,0) (2,0) (1,2) and a copy moved by 3 along x: the facing
    # edges have normals (2,1)/sqrt5 and (-2,1)/sqrt5 and a gap of 2/sqrt5.
    r = collide_json("0,0 2,0 1,2", "0,0 2,0 1,2", "--move-b", "3,0")
    gap = 2.0 / math.sqrt(5.0)
    check(r["relation"] == "separated", "triangles: relation")
    check(r["overlap"] is False and r["mtv"]["hit"] is False, "triangles: no overlap")
    close(r["separation"], gap, "triangles: separation")
    check(r["manifold"]["contacts"] == [], "triangles: no contacts")
    check(r["reference"] is None, "triangles: no reference face")
    chosen = r["axes"][r["chosen_axis"]]
    check(chosen["shape"] == "A", "triangles: A wins the tie")
    close_vec(chosen["axis"], (2 / math.sqrt(5), 1 / math.sqrt(5)), "triangles: chosen axis")
    check(sum(1 for a in r["axes"] if abs(a["separation"] - gap) <= TOL) == 2, "triangles: two axes at the gap")


def touching_boxes():
    r = collide_json(UNIT, UNIT, "--move-b", "1,0")
    check(r["relation"] == "touching", "touching: relation %r" % r["relation"])
    check(r["overlap"] is False and r["mtv"]["hit"] is False, "touching: no overlap")
    close(r["separation"], 0.0, "touching: separation")
    contacts = r["manifold"]["contacts"]
    check(len(contacts) == 2, "touching: 2 contacts at margin 0")
    same_points([c["point"] for c in contacts], [(1, 0), (1, 1)], "touching: contact points")
    for c in contacts:
        close(c["depth"], 0.0, "touching: contact depth")
    # Apart by 0.1: separated, but within a tolerance of 0.2 it is touching and within a margin of 0.2 speculative.
    r = collide_json(UNIT, UNIT, "--move-b", "1.1,0", "--tolerance", "0.2", "--margin", "0.2")
    check(r["relation"] == "touching", "tolerance 0.2: relation")
    close(r["separation"], 0.1, "apart: separation")
    check(len(r["manifold"]["contacts"]) == 2, "margin 0.2: 2 contacts")
    for c in r["manifold"]["contacts"]:
        close(c["depth"], -0.1, "margin: speculative depth")


def contained_square():
    # Square [0.25, 0.75]^2 inside the unit box: the push-out is 0.75, not the overlap 0.5.
    r = collide_json(UNIT, "0.25,0.25 0.75,0.25 0.75,0.75 0.25,0.75")
    check(r["mtv"]["b_in_a"] is True and r["mtv"]["a_in_b"] is False, "contained: flags")
    close(r["mtv"]["depth"], 0.75, "contained: depth")
    close(r["separation"], -0.75, "contained: separation")
    n = r["mtv"]["normal"]
    check(sorted([abs(n[0]), abs(n[1])]) == [0.0, 1.0], "contained: axis-aligned normal %r" % n)


def rotated_b():
    # A 2x1 box turned by 90 degrees about its centroid (1, 0.5).
    r = collide_json(UNIT, "0,0 2,0 2,1 0,1", "--rotate-b", "90", "--move-b", "5,0")
    same_points(r["b"]["vertices"], [(6.5, -0.5), (6.5, 1.5), (5.5, 1.5), (5.5, -0.5)], "rotated: B placed")
    close(r["separation"], 4.5, "rotated: separation")


def circle():
    # Unit box and a circle of radius 0.75 at (1.5, 0.5): overlap 0.25 along +x.
    r = collide_json(UNIT, "--circle-b", "1.5,0.5,0.75")
    check(r["b"]["type"] == "circle", "circle: B is a circle")
    close(r["separation"], -0.25, "circle: separation")
    close(r["mtv"]["depth"], 0.25, "circle: depth")
    close_vec(r["mtv"]["normal"], (1.0, 0.0), "circle: normal")
    contacts = r["manifold"]["contacts"]
    check(len(contacts) == 1, "circle: one contact")
    close_vec(contacts[0]["point"], (0.75, 0.5), "circle: contact on the circle")
    close(contacts[0]["depth"], 0.25, "circle: contact depth")
    check(len(r["axes"]) == 5, "circle: 4 edge axes and 1 vertex axis")
    # Circle near the corner (1, 1), outside both edge regions: distance sqrt(0.5) - 0.5.
    r = collide_json(UNIT, "--circle-b", "1.5,1.5,0.5")
    close(r["separation"], math.sqrt(0.5) - 0.5, "corner circle: separation")


def sweep_json(*args):
    rc, out, err = run("sweep", *args, "--json")
    check(rc == 0, "sweep %r exited %d: %s" % (args, rc, err))
    return json.loads(out)


def sweeps():
    # Unit boxes 2 apart (B at x = 3), B moving at -4 per unit t: the gap closes at t = 0.5,
    # where B's left edge x = 1 meets A's right edge; the contact region is x = 1, y in [0, 1].
    r = sweep_json(UNIT, UNIT, "--move-b", "3,0", "--velocity-b", "-4,0")
    check(r["hit"] is True, "sweep: hit")
    close(r["t"], 0.5, "sweep: t")
    close_vec(r["normal"], (1.0, 0.0), "sweep: normal")
    close_vec(r["point"], (1.0, 0.5), "sweep: point")
    # Both moving: relative speed 4 again, and the contact is where A has moved by 0.5 * 2.
    r = sweep_json(UNIT, UNIT, "--move-b", "3,0", "--velocity-a", "2,0", "--velocity-b", "-2,0")
    close(r["t"], 0.5, "sweep both: t")
    close_vec(r["point"], (2.0, 0.5), "sweep both: point")
    # Moving past: no contact for t in [0, 1].
    r = sweep_json(UNIT, UNIT, "--move-b", "3,0", "--velocity-b", "0,4")
    check(r["hit"] is False, "sweep past: no hit")
    # Tunnelling: B jumps from x = -3 to x = +3 through A within one step; the sweep catches it
    # when B's right edge (x = -2 + 6t) reaches x = 0: t = 1/3.
    r = sweep_json(UNIT, UNIT, "--move-b", "-3,0", "--velocity-b", "6,0")
    close(r["t"], 1.0 / 3.0, "sweep tunnel: t")
    close_vec(r["normal"], (-1.0, 0.0), "sweep tunnel: normal")
    # Starting in contact: t = 0.
    r = sweep_json(UNIT, UNIT, "--move-b", "0.5,0", "--velocity-b", "1,0")
    check(r["hit"] is True, "sweep overlapping: hit")
    close(r["t"], 0.0, "sweep overlapping: t")
    path = os.path.join(OUT, "sweep.svg")
    rc, out, err = run("sweep", UNIT, UNIT, "--move-b", "3,0", "--velocity-b", "-4,0", "--svg", path)
    check(rc == 0, "sweep svg: exit %d" % rc)
    root = ET.parse(path).getroot()
    toi = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "toi"]
    check(len(toi) == 1 and toi[0].get("data-hit") == "true", "sweep svg: one toi group with a hit")
    close(float(toi[0].get("data-t")), 0.5, "sweep svg: t")


def svg_groups(path):
    root = ET.parse(path).getroot()
    check(root.tag == "{http://www.w3.org/2000/svg}svg", "%s: root is svg" % path)
    groups = [g for g in root.iter("{http://www.w3.org/2000/svg}g")]
    axes = [g for g in groups if g.get("class", "").split()[:1] == ["axis"]]
    contacts = [g for g in groups if g.get("class") == "contact"]
    return axes, contacts


def pictures():
    os.makedirs(OUT, exist_ok=True)
    path = os.path.join(OUT, "boxes.svg")
    rc, out, err = run("collide", UNIT, UNIT, "--move-b", "0.75,0", "--svg", path, "--title", "boxes & <more>")
    check(rc == 0, "svg: exit %d %s" % (rc, err))
    axes, contacts = svg_groups(path)
    check(len(axes) == 8, "svg: 8 axis groups, got %d" % len(axes))
    check(len(contacts) == 2, "svg: 2 contact groups")
    chosen = [g for g in axes if "chosen" in g.get("class").split()]
    check(len(chosen) == 1 and abs(float(chosen[0].get("data-separation")) + 0.25) <= TOL, "svg: chosen axis")
    for g in contacts:
        close(float(g.get("data-depth")), 0.25, "svg: contact depth")
    path = os.path.join(OUT, "circle.svg")
    rc, out, err = run("collide", UNIT, "--circle-b", "1.5,0.5,0.75", "--svg", path)
    check(rc == 0, "circle svg: exit %d" % rc)
    axes, contacts = svg_groups(path)
    check(len(axes) == 5 and len(contacts) == 1, "circle svg: 5 axes, 1 contact")
    demo = os.path.join(OUT, "demo")
    rc, out, err = run("demo", demo)
    check(rc == 0, "demo: exit %d %s" % (rc, err))
    files = sorted(f for f in os.listdir(demo) if f.endswith(".svg"))
    check(len(files) >= 7, "demo: pictures written: %r" % files)
    for f in files:
        svg_groups(os.path.join(demo, f))


def capsules():
    # A capsule of radius 0.5 around y = 0.3 from x = -1 to 1 on the ground box [-2, 2] x [-1, 0]:
    # its lowest points y = -0.2 lie 0.2 below the top face, so the push is 0.2 up, with a contact
    # at each end of the core, (-1, -0.2) and (1, -0.2), both 0.2 deep.
    ground = "-2,-1 2,-1 2,0 -2,0"
    r = collide_json(ground, "--capsule-b", "-1,0.3 1,0.3 0.5")
    check(r["b"]["type"] == "capsule", "capsule: b is a capsule")
    close_vec(r["b"]["p1"], (-1, 0.3), "capsule: p1")
    close(r["b"]["radius"], 0.5, "capsule: radius")
    check(r["relation"] == "overlapping" and r["overlap"], "capsule: overlapping")
    close(r["separation"], -0.2, "capsule: separation")
    close(r["mtv"]["depth"], 0.2, "capsule: depth")
    close_vec(r["mtv"]["normal"], (0, 1), "capsule: normal")
    close(r["distance"]["distance"], 0.0, "capsule: distance when overlapping")
    contacts = r["manifold"]["contacts"]
    check(len(contacts) == 2, "capsule: 2 contacts")
    same_points([c["point"] for c in contacts], [(-1, -0.2), (1, -0.2)], "capsule: contacts")
    for c in contacts:
        close(c["depth"], 0.2, "capsule: contact depth")
    # 4 edge normals, the segment's 2 faces and one axis from the nearest box vertex to each end;
    # the top face's normal and the segment's face toward the box both show the push.
    check(len(r["axes"]) == 8, "capsule: 8 axes, got %d" % len(r["axes"]))
    check(sum(1 for a in r["axes"] if a["shape"] == "B") == 2, "capsule: 2 axes from the segment")
    check(sum(1 for a in r["axes"] if "vertex" in a) == 2, "capsule: 2 vertex axes")
    close(r["axes"][r["chosen_axis"]]["separation"], -0.2, "capsule: chosen axis")

    # Apart: the square [0, 2]^2 and a capsule of radius 0.25 from (3, 1) to (4, 3): the end (3, 1)
    # is 1 from the face x = 2, so the gap is 0.75 along +x, closest points (2, 1) and (2.75, 1).
    r = collide_json("0,0 2,0 2,2 0,2", "--capsule-b", "3,1 4,3 0.25")
    check(r["relation"] == "separated" and not r["mtv"]["hit"], "capsule apart: separated")
    close(r["separation"], 0.75, "capsule apart: separation")
    close(r["distance"]["distance"], 0.75, "capsule apart: distance")
    close_vec(r["distance"]["point_a"], (2, 1), "capsule apart: point on A")
    close_vec(r["distance"]["point_b"], (2.75, 1), "capsule apart: point on B")
    close_vec(r["distance"]["normal"], (1, 0), "capsule apart: normal")
    check(r["manifold"]["contacts"] == [], "capsule apart: no contacts")

    # The capsule (-1, 0)-(1, 0), radius 0.25, turned 90 degrees about its midpoint and moved to x = 3:
    # the core runs from (3, -1) to (3, 1) and its side is 0.75 from the square's face x = 2.
    r = collide_json("0,0 2,0 2,2 0,2", "--capsule-b", "-1,0 1,0 0.25", "--rotate-b", "90", "--move-b", "3,0")
    close_vec(r["b"]["p1"], (3, -1), "capsule turned: p1")
    close_vec(r["b"]["p2"], (3, 1), "capsule turned: p2")
    close(r["distance"]["distance"], 0.75, "capsule turned: distance")

    # A segment (radius 0) across the unit square at y = 0.5: it overlaps what it crosses and
    # leaves by the nearer of the top and bottom faces, 0.5 away either way.
    r = collide_json(UNIT, "--capsule-b", "-1,0.5 2,0.5 0")
    check(r["relation"] == "overlapping", "segment: overlapping")
    close(r["mtv"]["depth"], 0.5, "segment: depth")
    close(abs(r["mtv"]["normal"][1]), 1.0, "segment: pushed along y")

    rc, out, err = run("collide", UNIT, "--capsule-b", "-1,0.5 2,0.5 0")
    check(rc == 0 and "distance:    0" in out and "B side" in out, "capsule text: %r" % out)

    # Text, JSON and picture of a sweep: the capsule's right end (-1.5, 0.4) + 0.2 reaches the
    # wall's face x = 0 when -1.3 + 5 t = 0, t = 0.26, with the normal from the wall toward B (-1, 0).
    wall = "0,-1.5 0.25,-1.5 0.25,1.5 0,1.5"
    rc, out, err = run("sweep", wall, "--capsule-b", "-2,0 -1.5,0.4 0.2", "--velocity-b", "5,0", "--json")
    check(rc == 0, "capsule sweep: exit %d %s" % (rc, err))
    r = json.loads(out)
    check(r["hit"] and r["b"]["type"] == "capsule", "capsule sweep: hit")
    close(r["t"], 0.26, "capsule sweep: t")
    close_vec(r["normal"], (-1, 0), "capsule sweep: normal")
    path = os.path.join(OUT, "capsule-sweep.svg")
    rc, out, err = run("sweep", wall, "--capsule-b", "-2,0 -1.5,0.4 0.2", "--velocity-b", "5,0", "--svg", path)
    check(rc == 0 and "impact:      t = 0.2599999" in out, "capsule sweep text: %r" % out)
    root = ET.parse(path).getroot()
    toi = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "toi"]
    check(len(toi) == 1 and toi[0].get("data-hit") == "true", "capsule sweep svg: a toi group with a hit")
    close(float(toi[0].get("data-t")), 0.26, "capsule sweep svg: t")

    # Pictures: B's group says it is a capsule; contacts and axes as the JSON has them.
    path = os.path.join(OUT, "capsule.svg")
    rc, out, err = run("collide", ground, "--capsule-b", "-1,0.3 1,0.3 0.5", "--svg", path)
    check(rc == 0, "capsule svg: exit %d %s" % (rc, err))
    axes, contacts = svg_groups(path)
    check(len(axes) == 8 and len(contacts) == 2, "capsule svg: 8 axes, 2 contacts")
    shapes = [g for g in ET.parse(path).getroot().iter("{http://www.w3.org/2000/svg}g")
              if g.get("class") == "shape" and g.get("data-shape") == "B"]
    check(len(shapes) == 1 and shapes[0].get("data-kind") == "capsule", "capsule svg: B drawn as a capsule")
    path = os.path.join(OUT, "capsule-apart.svg")
    rc, out, err = run("collide", "0,0 2,0 2,2 0,2", "--capsule-b", "3,1 4,3 0.25", "--svg", path)
    gaps = [g for g in ET.parse(path).getroot().iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "distance"]
    check(rc == 0 and len(gaps) == 1, "capsule apart svg: one distance group")
    close(float(gaps[0].get("data-distance")), 0.75, "capsule apart svg: distance")


def long_outlines():
    # A hexagon outlined by 601 points: 100 along each edge, the closing vertex repeated.
    corners = [(math.cos(math.pi * i / 3) * 10, math.sin(math.pi * i / 3) * 10) for i in range(6)]
    pts = []
    for i in range(6):
        (x0, y0), (x1, y1) = corners[i], corners[(i + 1) % 6]
        pts += [(x0 + (x1 - x0) * j / 100, y0 + (y1 - y0) * j / 100) for j in range(100)]
    pts.append(pts[0])
    text = " ".join("%.9g,%.9g" % p for p in pts)
    r = collide_json(text, UNIT)
    same_points(r["a"]["vertices"], corners, "long outline: hexagon")
    # 17 true corners, each edge drawn by 10 points: refused as more vertices than a polygon holds.
    ring = [(math.cos(2 * math.pi * i / 170) * 10, math.sin(2 * math.pi * i / 170) * 10) for i in range(170)]
    ring17 = []
    for i in range(17):
        (x0, y0), (x1, y1) = ring[10 * i], ring[(10 * i + 10) % 170]
        ring17 += [(x0 + (x1 - x0) * j / 10, y0 + (y1 - y0) * j / 10) for j in range(10)]
    rc, out, err = run("collide", " ".join("%.9g,%.9g" % p for p in ring17), UNIT)
    check(rc == 2 and "polygon A is invalid: more" in err and "(170 points given)" in err,
          "long 17-gon: exit %d %r" % (rc, err))


COMB = [(0, 0), (6, 0), (6, 1), (5, 1), (5, 4), (4, 4), (4, 1), (3, 1), (3, 3.5), (2, 3.5), (2, 1), (1, 1),
        (1, 4.5), (0, 4.5)]


def shoelace(pts):
    return 0.5 * sum(pts[i][0] * pts[(i + 1) % len(pts)][1] - pts[(i + 1) % len(pts)][0] * pts[i][1]
                     for i in range(len(pts)))


def decompose():
    # A comb of three teeth on a base, area 6 + 3.5 + 2.5 + 3 = 15, with 5 reflex corners at
    # the feet of the teeth: no split needs fewer than ceil(5 / 2) + 1 = 4 pieces, and 4 exist
    # (one per tooth, the leftmost with the base's corner, and the base).
    for outline, what in ((COMB, "ccw"), (COMB[::-1], "cw")):
        text = " ".join("%g,%g" % p for p in outline)
        path = os.path.join(OUT, "comb-%s.svg" % what)
        rc, out, err = run("decompose", text, "--json", "--svg", path, "--title", "a comb")
        check(rc == 0, "decompose %s: exit %d %s" % (what, rc, err))
        r = json.loads(out)
        check(r["points"] == 14, "decompose %s: 14 points" % what)
        pieces = [p["vertices"] for p in r["pieces"]]
        check(len(pieces) == 4, "decompose %s: 4 pieces, got %d" % (what, len(pieces)))
        for v in pieces:
            n = len(v)
            turns = [(v[(i + 1) % n][0] - v[i][0]) * (v[(i + 2) % n][1] - v[(i + 1) % n][1]) -
                     (v[(i + 1) % n][1] - v[i][1]) * (v[(i + 2) % n][0] - v[(i + 1) % n][0]) for i in range(n)]
            check(all(t > 0 for t in turns), "decompose %s: piece %r convex, counter-clockwise" % (what, v))
            check(all(tuple(p) in outline for p in v), "decompose %s: corners of %r are outline points" % (what, v))
        close(sum(shoelace(v) for v in pieces), 15.0, "decompose %s: areas add up" % what)
        close(abs(shoelace(outline)), 15.0, "decompose %s: outline area" % what)
        groups = [g for g in ET.parse(path).getroot().iter("{http://www.w3.org/2000/svg}g")
                  if g.get("class") == "piece"]
        check([int(g.get("data-vertices")) for g in groups] == [len(v) for v in pieces],
              "decompose %s: one picture group per piece" % what)
    rc, out, err = run("decompose", " ".join("%g,%g" % p for p in COMB))
    check(rc == 0 and "pieces:  4 convex" in out and out.count("  piece ") == 4, "decompose text: %r" % out)


L_OUTLINE = "0,0 2,0 2,1 1,1 1,2 0,2"


def capsule_as_a():
    # Capsule A of radius 0.5 around y = 0 from x = -1 to 1; box B [-0.5, 0.5] x [0.3, 1.3]: the capsule's
    # top y = 0.5 runs under B's bottom face y = 0.3, so B goes up by 0.2, touching along x in [-0.5, 0.5].
    box = "-0.5,0.3 0.5,0.3 0.5,1.3 -0.5,1.3"
    r = collide_json("--capsule-a", "-1,0 1,0 0.5", box)
    check(r["a"]["type"] == "capsule" and r["b"]["type"] == "polygon", "capsule A: kinds")
    close_vec(r["a"]["p2"], (1, 0), "capsule A: p2")
    check(r["relation"] == "overlapping", "capsule A: relation %r" % r["relation"])
    close(r["mtv"]["depth"], 0.2, "capsule A: depth")
    close_vec(r["mtv"]["normal"], (0, 1), "capsule A: normal A to B")
    contacts = r["manifold"]["contacts"]
    check(len(contacts) == 2, "capsule A: 2 contacts, got %d" % len(contacts))
    check(all(abs(abs(c["point"][0]) - 0.5) <= TOL for c in contacts), "capsule A: contacts at B's corners x = +-0.5")
    for c in contacts:
        close(c["depth"], 0.2, "capsule A: contact depth")
    check(r["axes"] == [] and r["chosen_axis"] == -1, "capsule A: no axis table")
    # Two parallel capsules 3 apart along y, radii 0.5 and 0.25: distance 2.25 between (x, 0.5) and (x, 2.75).
    r = collide_json("--capsule-a", "0,0 2,0 0.5", "--capsule-b", "0,3 2,3 0.25")
    check(r["relation"] == "separated" and not r["mtv"]["hit"], "capsules: separated")
    close(r["distance"]["distance"], 2.25, "capsules: distance")
    close(r["distance"]["point_b"][1] - r["distance"]["point_a"][1], 2.25, "capsules: closest points 2.25 apart in y")
    close_vec(r["distance"]["normal"], (0, 1), "capsules: distance normal A to B")
    # The same capsule A on its side against polygon A's picture: the picture draws both shapes.
    path = os.path.join(OUT, "capsule-a.svg")
    rc, out, err = run("collide", "--capsule-a", "-1,0 1,0 0.5", box, "--svg", path)
    check(rc == 0, "capsule A svg: exit %d %s" % (rc, err))
    axes, contacts = svg_groups(path)
    check(len(axes) == 0 and len(contacts) == 2, "capsule A svg: no axes, 2 contacts")


def compound_b():
    # The L of three unit squares as B against the box [0.8, 1.8]^2 in its inner corner: the box overlaps
    # each arm by 0.2, so B goes out diagonally by 0.2 * sqrt(2) toward (-1, -1) (moving it by 0.2 along
    # one axis leaves the other arm overlapping).
    box = "0.8,0.8 1.8,0.8 1.8,1.8 0.8,1.8"
    r = collide_json(box, "--compound-b", L_OUTLINE)
    check(r["b"]["type"] == "compound", "compound: b is a compound")
    pieces = r["b"]["pieces"]
    check(len(pieces) == 2, "compound: the L in 2 pieces, got %d" % len(pieces))
    close(sum(abs(shoelace(p["vertices"])) for p in pieces), 3.0, "compound: pieces' area")
    check(r["relation"] == "overlapping", "compound: relation %r" % r["relation"])
    close(r["mtv"]["depth"], 0.2 * math.sqrt(2.0), "compound: depth")
    close_vec(r["mtv"]["normal"], (-math.sqrt(0.5), -math.sqrt(0.5)), "compound: normal")
    manifolds = r["manifolds"]
    check(len(manifolds) == 2, "compound: 2 piece pairs in contact, got %d" % len(manifolds))
    normals = sorted(tuple(round(x + 0.0, 6) for x in m["normal"]) for m in manifolds)
    check(normals == [(-1.0, 0.0), (0.0, -1.0)], "compound: piece normals %r" % normals)
    for m in manifolds:
        for c in m["contacts"]:
            close(c["depth"], 0.2, "compound: contact depth")
    # Moved by (3, 0), the L (x >= 3) is apart from the box (x <= 1.8), their y ranges overlapping:
    # distance 1.2.
    r = collide_json(box, "--compound-b", L_OUTLINE, "--move-b", "3,0")
    check(r["relation"] == "separated" and r["manifolds"] == [], "compound apart: no contacts")
    close(r["distance"]["distance"], 1.2, "compound apart: distance")
    path = os.path.join(OUT, "compound.svg")
    rc, out, err = run("collide", box, "--compound-b", L_OUTLINE, "--svg", path)
    check(rc == 0, "compound svg: exit %d %s" % (rc, err))
    root = ET.parse(path).getroot()
    shapes = [g.get("data-shape") for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "shape"]
    check(shapes == ["A", "B0", "B1"], "compound svg: shapes %r" % shapes)
    axes, contacts = svg_groups(path)
    check(len(axes) == 0 and len(contacts) == 4, "compound svg: no axes, 4 contacts, got %d" % len(contacts))
    rc, out, err = run("collide", box, "--compound-b", L_OUTLINE)
    check(rc == 0 and "B is 2 convex pieces; 2 piece pairs in contact" in out, "compound text: %r" % out)


def capsule_a_sweep():
    # Capsule A of radius 0.5 around x in [-1, 1] on y = 0 reaches x = 1.5; box B is [3, 4] x [-0.5, 0.5].
    # A moving at +3 closes the gap of 1.5 at t = 0.5, its end touching B's left face at (3, 0).
    box = "3,-0.5 4,-0.5 4,0.5 3,0.5"
    r = sweep_json("--capsule-a", "-1,0 1,0 0.5", box, "--velocity-a", "3,0")
    check(r["a"]["type"] == "capsule" and r["b"]["type"] == "polygon", "capsule A sweep: kinds")
    check(r["hit"] is True, "capsule A sweep: hit")
    close(r["t"], 0.5, "capsule A sweep: t")
    close_vec(r["normal"], (1, 0), "capsule A sweep: normal A to B")
    close_vec(r["point"], (3, 0), "capsule A sweep: point")
    # B coming at -3 instead: the same t, the contact where B's face has got to, x = 3 - 1.5.
    r = sweep_json("--capsule-a", "-1,0 1,0 0.5", box, "--velocity-b", "-3,0")
    close(r["t"], 0.5, "capsule A sweep, B moving: t")
    close_vec(r["point"], (1.5, 0), "capsule A sweep, B moving: point")
    # Capsule B of radius 0.25 on x = 3 reaches left to 2.75: a gap of 1.25 closed at 3 per unit t.
    r = sweep_json("--capsule-a", "-1,0 1,0 0.5", "--capsule-b", "3,-1 3,1 0.25", "--velocity-b", "-3,0")
    check(r["a"]["type"] == "capsule" and r["b"]["type"] == "capsule", "two capsules sweep: kinds")
    close(r["t"], 1.25 / 3.0, "two capsules sweep: t")
    close_vec(r["normal"], (1, 0), "two capsules sweep: normal")
    # Moving straight down, A stays left of B (x <= 1.5 < 3): no contact.
    r = sweep_json("--capsule-a", "-1,0 1,0 0.5", box, "--velocity-a", "0,-2")
    check(r["hit"] is False, "capsule A sweep past: no hit")
    path = os.path.join(OUT, "capsule-a-sweep.svg")
    rc, out, err = run("sweep", "--capsule-a", "-1,0 1,0 0.5", box, "--velocity-a", "3,0", "--svg", path)
    check(rc == 0 and "impact:      t = 0.5\n" in out, "capsule A sweep text: %r" % out)
    groups = list(ET.parse(path).getroot().iter("{http://www.w3.org/2000/svg}g"))
    toi = [g for g in groups if g.get("class") == "toi"]
    check(len(toi) == 1 and toi[0].get("data-hit") == "true", "capsule A sweep svg: a toi group with a hit")
    close(float(toi[0].get("data-t")), 0.5, "capsule A sweep svg: t")
    shapes = [(g.get("data-shape"), g.get("data-kind")) for g in groups if g.get("class") == "shape"]
    check(shapes == [("A", "capsule"), ("B", None)], "capsule A sweep svg: shapes %r" % (shapes,))


def large_compound():
    # A star of 100 spikes: tips at radius 10, the 100 reflex corners between them at radius 7. No split
    # of an outline with r reflex corners has fewer than r / 2 + 1 pieces: at least 51 here.
    star = [((10 if i % 2 == 0 else 7) * math.cos(math.pi * i / 100),
             (10 if i % 2 == 0 else 7) * math.sin(math.pi * i / 100)) for i in range(200)]
    text = " ".join("%.9g,%.9g" % p for p in star)
    box = "-1,-1 1,-1 1,1 -1,1"
    # Moved by (20, 0) the star's leftmost tip is (10, 0), 9 from the box's right face; the tips beside it
    # lie further right (x = 20 - 10 cos(pi / 50) > 10) and the reflex corners beyond x = 13.
    r = collide_json(box, "--compound-b", text, "--move-b", "20,0")
    pieces = r["b"]["pieces"]
    check(len(pieces) >= 51, "large compound: at least 51 pieces, got %d" % len(pieces))
    close(sum(abs(shoelace(p["vertices"])) for p in pieces), abs(shoelace(star)), "large compound: pieces' area")
    check(r["relation"] == "separated" and r["manifolds"] == [], "large compound apart: no contacts")
    close(r["distance"]["distance"], 9.0, "large compound apart: distance")
    close_vec(r["distance"]["point_b"], (10, 0), "large compound apart: the tip is closest")
    # Moved by (10.5, 0) the tip is 0.5 into the box (and its neighbours, at y = +-0.627, 0.48 into it);
    # pushing B by 0.5 along +x clears all three, sideways they span 1.25 of the box's height of 2.
    r = collide_json(box, "--compound-b", text, "--move-b", "10.5,0")
    check(r["relation"] == "overlapping", "large compound: relation %r" % r["relation"])
    close(r["mtv"]["depth"], 0.5, "large compound: depth")
    close_vec(r["mtv"]["normal"], (1, 0), "large compound: normal")
    path = os.path.join(OUT, "large-compound.svg")
    rc, out, err = run("collide", box, "--compound-b", text, "--move-b", "10.5,0", "--svg", path)
    check(rc == 0, "large compound svg: exit %d %s" % (rc, err))
    check("B is %d convex pieces" % len(pieces) in out, "large compound text: %r" % out[:400])
    shapes = [g.get("data-shape") for g in ET.parse(path).getroot().iter("{http://www.w3.org/2000/svg}g")
              if g.get("class") == "shape"]
    check(shapes == ["A"] + ["B%d" % k for k in range(len(pieces))],
          "large compound svg: one group per piece, %d groups for %d pieces" % (len(shapes) - 1, len(pieces)))


def bad_input():
    cases = [
        (("collide", "0,0 1,1 2,2", UNIT), "polygon A is invalid: all points collinear"),
        (("collide", UNIT, "0,0 2,0 1,0.5 2,2 0,2"), "polygon B is invalid: the polygon is not convex"),
        (("collide", UNIT, "0,0 1,0"), "polygon B is invalid: fewer than 3 distinct points"),
        (("collide", UNIT, "0,0 1,0 x,1"), "polygon B: vertex 3 \"x,1\" is not a point x,y"),
        (("collide", "0,0 1,0 1,nan", UNIT), "polygon A: vertex 3 \"1,nan\" is not a point x,y"),
        (("collide", "0,0 2,0 2,2 0,2 1,3 3,1", UNIT), "polygon A is invalid"),
        (("collide", UNIT, "--circle-b", "0,0,-1"), "circle B is invalid: a radius"),
        (("collide", UNIT, "--circle-b", "0,0"), "circle B: \"0,0\" is not X,Y,R"),
        (("collide", UNIT, UNIT, "--move-b", "1"), "--move-b: \"1\" is not DX,DY"),
        (("collide", UNIT, UNIT, "--frobnicate"), "unknown option --frobnicate"),
        (("collide", UNIT), "collide needs polygon B, --circle-b X,Y,R, --capsule-b \"X1,Y1 X2,Y2 R\" or --compound-b"),
        (("collide", UNIT, "--capsule-b", "0,0 1,1"), "capsule B: radius \"1,1\" is not a number"),
        (("collide", UNIT, "--capsule-b", "0,0 1,1 -1"), "capsule B is invalid: a radius"),
        (("collide", UNIT, "--capsule-b", "0,0 0,0 0"), "capsule B is invalid: all points collinear or zero area"),
        (("collide", UNIT, "--capsule-b", "0,0 1,1 2,2 0.5"), "capsule B: more than 2 points given"),
        (("collide", UNIT, "--capsule-b", "0,nan 1,1 0.5"), "capsule B: vertex 1 \"0,nan\" is not a point x,y"),
        (("collide", UNIT, "--capsule-b", "0.5"), "capsule B: \"0.5\" is not \"X1,Y1 X2,Y2 R\""),
        (("collide", UNIT, UNIT, "--capsule-b", "0,0 1,1 1"), "give one of polygon B, --circle-b, --capsule-b and --compound-b"),
        (("collide", UNIT, "--compound-b", L_OUTLINE, "--capsule-b", "0,0 1,1 1"), "give one of polygon B"),
        (("collide", UNIT, "--compound-b", "0,0 2,2 2,0 0,2"), "outline is invalid: edges cross or a vertex repeats"),
        (("collide", "--capsule-a", "0,0 1,1 -1", UNIT), "capsule A is invalid: a radius"),
        (("collide", "--capsule-a", "0,0 1,1 0.5", UNIT, UNIT), "collide --capsule-a takes one polygon, B"),
        (("collide", "--capsule-a", "0,0 1,1 0.5"), "collide needs polygon B"),
        (("sweep", "--capsule-a", "0,0 1,1 0.5", UNIT, UNIT, "--velocity-b", "1,0"), "sweep --capsule-a takes one polygon, B"),
        (("sweep", "--capsule-a", "0,0 1,1 -1", UNIT, "--velocity-b", "1,0"), "capsule A is invalid: a radius"),
        (("sweep", "--capsule-a", "0,0 1,1 0.5", "--velocity-b", "1,0"), "sweep needs polygon B or --capsule-b"),
        (("sweep", UNIT, "--compound-b", L_OUTLINE), "unknown option --compound-b for sweep"),
        (("collide", UNIT, UNIT, "--svg"), "option --svg needs a value"),
        (("explode",), "unknown command \"explode\""),
        (("sweep", UNIT, UNIT, "--velocity-b", "1"), "--velocity-b: \"1\" is not DX,DY"),
        (("sweep", UNIT, "--circle-b", "0,0,1"), "unknown option --circle-b for sweep"),
        (("sweep", UNIT), "sweep needs polygon B or --capsule-b"),
        (("decompose", "0,0 2,2 2,0 0,2"), "outline is invalid: edges cross or a vertex repeats"),
        (("decompose", "0,0 1,1 2,2"), "outline is invalid: all points collinear"),
        (("decompose", "0,0 1,0 1,nan"), "outline: vertex 3 \"1,nan\" is not a point x,y"),
        (("decompose",), "decompose needs an outline"),
        (("decompose", UNIT, UNIT), "decompose takes one outline"),
        (("decompose", UNIT, "--move-b", "1,1"), "unknown option --move-b for decompose"),
    ]
    for args, message in cases:
        rc, out, err = run(*args)
        check(rc == 2, "%r: exit %d, expected 2" % (args, rc))
        check(err.startswith("satcd: "), "%r: message %r" % (args, err))
        check(message in err, "%r: expected %r in %r" % (args, message, err))
        check(out == "", "%r: nothing on stdout, got %r" % (args, out))
    rc, out, err = run("collide", UNIT, UNIT, "--svg", os.path.join(OUT, "no-such-dir", "x.svg"))
    check(rc == 1 and "cannot write" in err, "unwritable svg: exit %d %r" % (rc, err))


for test in (overlapping_boxes, separated_triangles, touching_boxes, contained_square, rotated_b, circle,
             capsules, capsule_as_a, compound_b, large_compound, sweeps, capsule_a_sweep, pictures, long_outlines,
             decompose, bad_input):
    before = len(failures)
    test()
    print("%-20s %s" % (test.__name__, "ok" if len(failures) == before else "FAILED"))
sys.exit(1 if failures else 0)
