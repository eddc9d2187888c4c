#!/usr/bin/env python3
"""A small module for the vim screen of the compact output tests."""
import json
from dataclasses import dataclass


@dataclass
class Point:
    x: int = 0
    y: int = 0  # a comment

    def scaled(self, factor: float) -> "Point":
        return Point(int(self.x * factor), int(self.y * factor))


def main() -> None:
    points = [Point(i, i * 2) for i in range(10)]
    print(json.dumps([p.__dict__ for p in points], indent=2))
    if len(points) > 3 and points[0].x == 0:
        raise SystemExit("done: %d points" % len(points))


if __name__ == "__main__":
    main()
