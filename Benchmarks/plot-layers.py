"""Draws Results/layers.svg: median time per send at the root of cellx's layers of diamonds,
against the depth, for SimpleSubject (glitch-free: linear) and OpenCombine pushing (exponential),
from the markdown export of one run.

usage: python3 plot-layers.py Results/full-run.md Results/layers.svg
Prints the numbers it plotted, so that a note can quote them.
"""
import re
import sys

import matplotlib

matplotlib.use("svg")
matplotlib.rcParams["svg.hashsalt"] = "simplesubject"  # the same numbers give the same file
import matplotlib.pyplot as plt  # noqa: E402 (after choosing the backend)

from importlib import import_module  # noqa: E402

medians = import_module("plot-sends").medians

SERIES = [
    ("simple", "SimpleSubject combineLatest (glitch-free)", "-o"),
    ("opencombine-push", "OpenCombine, pushing (as Combine's CombineLatest)", "-s"),
]


def main(export, output):
    times = medians(export)
    depths = sorted({int(m.group(1)) for name in times if (m := re.match(r"^layers(\d+)\.", name))})
    figure, axes = plt.subplots(figsize=(7, 4.5))
    print("µs per root send (median)" + "".join(f"{depth:>10}" for depth in depths))
    for key, label, style in SERIES:
        points = [times.get(f"layers{depth}.{key}") for depth in depths]
        print(f"{label:<52}" + "".join(f"{point / 1e3:>10.1f}" if point else f"{'—':>10}" for point in points))
        present = [(depth, point / 1e3) for depth, point in zip(depths, points) if point]
        axes.plot([depth for depth, _ in present], [point for _, point in present], style, label=label)
    axes.set_yscale("log")
    axes.set_xlabel("layers (4 cells each, each from two cells of the layer before)")
    axes.set_ylabel("µs per send at the root (median, log scale)")
    axes.set_title("One send through layers of diamonds")
    axes.legend()
    figure.tight_layout()
    figure.savefig(output, metadata={"Date": None})  # no date: the file changes only with the numbers


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
