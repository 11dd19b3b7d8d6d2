"""Imports every variant's greedy policy so that each registers itself."""

from __future__ import annotations

from zank.agents import spite as spite
from zank.family import greedy as greedy
from zank.family import greedy104 as greedy104
from zank.family import greedy_classic as greedy_classic
